import { decodeServerFrame, FrameType, type PixelChange } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/client.ts';
import { createCommitter, type PaintRecord } from '../engine/committer.ts';
import { type Bus, createMemoryBus } from './bus.ts';
import { relayCommits } from './commits.ts';
import { createTicker } from './ticker.ts';

const rec = (pixelId: number, color: number): PaintRecord => ({
  pixelId,
  color,
  userId: 1,
  squadId: null,
  at: Date.UTC(2026, 10, 22, 12),
  charges: 3,
  chargesUpdatedAt: Date.UTC(2026, 10, 22, 12),
});

const noSql = { query: async () => [] } as unknown as Sql;

describe('committed changes onto the bus', () => {
  it('publishes each committed group once, in commit order, and nothing before its commit', async () => {
    const bus = createMemoryBus();
    const published: number[][] = [];
    bus.subscribe({ pixels: (c) => published.push(c.map((x) => x.pixelId)) });
    let failures = 1;
    const publishedAtFailure: number[] = [];
    const committer = createCommitter({
      windowMs: 2,
      overwrites: null,
      transaction: async (fn) => {
        if (failures-- > 0) throw new Error('connection lost');
        return fn(noSql);
      },
      onError: () => publishedAtFailure.push(published.length),
    });
    const relay = relayCommits(committer, bus);
    await committer.submitMany([rec(1, 1), rec(2, 2)]);
    await committer.submit(rec(3, 3));
    await relay.close();
    expect(publishedAtFailure).toEqual([0]);
    expect(published).toEqual([[1, 2], [3]]);
    // Closed: later commits are no longer relayed.
    await committer.submit(rec(4, 4));
    expect(published).toEqual([[1, 2], [3]]);
    await committer.close();
  });

  it('a committed paint reaches a PIXELS frame through the ticker', async () => {
    const bus = createMemoryBus();
    const frames: Uint8Array[] = [];
    bus.subscribe({ frame: (f) => frames.push(f) });
    const ticker = createTicker({ bus, tickMs: 3_600_000 });
    const committer = createCommitter({ windowMs: 2, overwrites: null, transaction: (fn) => fn(noSql) });
    const relay = relayCommits(committer, bus);
    try {
      await committer.submit(rec(9, 4));
      await ticker.flush();
      expect(frames).toHaveLength(1);
      const f = decodeServerFrame(frames[0]!);
      expect(f?.type === FrameType.Pixels && Array.from(f.body)).toEqual([9, 0, 0, 4]);
    } finally {
      await committer.close();
      await relay.close();
      await ticker.close();
      await bus.close();
    }
  });

  it('logs a publish that fails; the commit and the paint stand', async () => {
    const errors: string[] = [];
    const bus: Pick<Bus, 'publishPixels'> = {
      publishPixels: async (_changes: readonly PixelChange[]) => {
        throw new Error('bus down');
      },
    };
    const committer = createCommitter({ windowMs: 0, overwrites: null, transaction: (fn) => fn(noSql) });
    const relay = relayCommits(committer, bus, { error: (_obj, msg) => errors.push(msg) });
    await committer.submit(rec(5, 1));
    await relay.close();
    expect(errors).toEqual(['committed pixels not published']);
    await committer.close();
  });
});
