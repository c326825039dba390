import { describe, expect, it } from 'vitest';
import { createSnapshotCache } from './snapshot.ts';

function setup(maxAgeMs = 1000) {
  let seq = 5;
  let now = 1_000;
  let encodes = 0;
  const cache = createSnapshotCache({
    source: { seq: () => seq, canvas: async () => new Uint8Array([seq]) },
    encode: async (indices) => {
      encodes++;
      await new Promise((r) => setTimeout(r, 5));
      return Buffer.from(indices);
    },
    maxAgeMs,
    now: () => now,
  });
  return {
    cache,
    encodes: () => encodes,
    setSeq: (s: number) => {
      seq = s;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('snapshot cache', () => {
  it('encodes once for a thousand concurrent requests', async () => {
    const t = setup();
    const all = await Promise.all(Array.from({ length: 1000 }, () => t.cache.get(0)));
    expect(t.encodes()).toBe(1);
    expect(new Set(all.map((s) => s.etag)).size).toBe(1);
    expect(all[0]!.seq).toBe(5);
  });

  it('serves the cached snapshot while it is fresh or current, and re-encodes at most once per interval', async () => {
    const t = setup(1000);
    await t.cache.get(0);
    t.setSeq(6);
    t.advance(500);
    expect((await t.cache.get(0)).seq).toBe(5); // fresh enough for a caller with no minimum
    expect(t.encodes()).toBe(1);
    t.advance(600);
    expect((await t.cache.get(0)).seq).toBe(6);
    expect(t.encodes()).toBe(2);
    t.advance(5000);
    await t.cache.get(0); // nothing changed: still current, no encode
    expect(t.encodes()).toBe(2);
  });

  it('re-encodes for a caller that needs a newer sequence, once for all such callers', async () => {
    const t = setup(60_000);
    await t.cache.get(0);
    t.setSeq(9);
    const newer = await Promise.all(Array.from({ length: 100 }, () => t.cache.get(9)));
    expect(newer.every((s) => s.seq === 9)).toBe(true);
    expect(t.encodes()).toBe(2);
  });

  it('never waits for a sequence that does not exist yet', async () => {
    const t = setup();
    const s = await t.cache.get(1_000_000);
    expect(s.seq).toBe(5);
  });
});
