import { CANVAS_HEIGHT, CANVAS_PIXELS, CANVAS_WIDTH, PALETTE_RGB, PALETTE_SIZE } from '@pixel-wall/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createSnapshotCache, encodeWebp } from './snapshot.ts';

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

describe('encodeWebp', () => {
  // A busy wall as the bench paints it: 39 % of the pixels painted, each with a random palette colour.
  function busyCanvas(seed: number): Uint8Array {
    let s = seed >>> 0;
    const random = () => {
      // mulberry32: a small seeded generator, so the canvas (and its size) is the same every run
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const canvas = new Uint8Array(CANVAS_PIXELS);
    for (let i = 0; i < CANVAS_PIXELS; i++) {
      if (random() < 0.39) canvas[i] = 1 + Math.floor(random() * (PALETTE_SIZE - 1));
    }
    return canvas;
  }

  it('is lossless: every pixel decodes to its palette colour', async () => {
    const canvas = busyCanvas(7);
    const webp = await encodeWebp(canvas);
    const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([CANVAS_WIDTH, CANVAS_HEIGHT, 3]);
    let wrong = 0;
    for (let i = 0; i < CANVAS_PIXELS; i++) {
      const c = canvas[i]! * 3;
      const o = i * 3;
      if (
        data[o] !== PALETTE_RGB[c] ||
        data[o + 1] !== PALETTE_RGB[c + 1] ||
        data[o + 2] !== PALETTE_RGB[c + 2]
      )
        wrong++;
    }
    expect(wrong).toBe(0);
  });

  it('keeps a busy canvas within 400 KB on the wire', async () => {
    const webp = await encodeWebp(busyCanvas(11));
    expect(webp.length).toBeLessThanOrEqual(400_000);
  });
});
