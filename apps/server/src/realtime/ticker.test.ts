import { decodeServerFrame, FrameType } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from './bus.ts';
import { createTicker } from './ticker.ts';

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('ticker', () => {
  it('holds ticks while the fan-out is busy and sends the held changes as one frame', async () => {
    const bus = createMemoryBus();
    const frames: Uint8Array[] = [];
    bus.subscribe({ frame: (f) => frames.push(f) });
    let busy = true;
    // A long tick interval: only explicit runs below tick.
    const ticker = createTicker({ bus, tickMs: 3_600_000, hold: () => busy });
    try {
      await bus.publishPixels([{ pixelId: 5, color: 1 }]);
      await ticker.tick();
      expect(frames).toHaveLength(0);
      await bus.publishPixels([{ pixelId: 6, color: 2 }]);
      busy = false;
      await ticker.tick();
      expect(frames).toHaveLength(1);
      const f = decodeServerFrame(frames[0]!);
      expect(f?.type === FrameType.Pixels && Array.from(f.body)).toEqual([5, 0, 0, 1, 6, 0, 0, 2]);
      // Shutdown's flush publishes even while held.
      busy = true;
      await bus.publishPixels([{ pixelId: 7, color: 3 }]);
      await ticker.flush();
      expect(frames).toHaveLength(2);
    } finally {
      await ticker.close();
      await bus.close();
    }
  });
});

describe('ticker timing', () => {
  const frameCount = (frames: Uint8Array[]) => frames.length;
  const turn = () => new Promise((r) => setImmediate(r));

  it('publishes a change on a quiet wall at once, without waiting for the tick', async () => {
    const bus = createMemoryBus();
    const frames: Uint8Array[] = [];
    bus.subscribe({ frame: (f) => frames.push(f) });
    // An hour-long tick: anything published here was not waiting for the interval.
    const ticker = createTicker({ bus, tickMs: 3_600_000 });
    try {
      await bus.publishPixels([{ pixelId: 9, color: 4 }]);
      await until(() => frameCount(frames) === 1, 'the quiet paint is published');
      const f = decodeServerFrame(frames[0]!);
      expect(f?.type === FrameType.Pixels && Array.from(f.body)).toEqual([9, 0, 0, 4]);
    } finally {
      await ticker.close();
      await bus.close();
    }
  });

  it('sends up to burstFrames frames back to back after a quiet spell, then one per interval', async () => {
    const bus = createMemoryBus();
    const frames: Uint8Array[] = [];
    bus.subscribe({ frame: (f) => frames.push(f) });
    // An hour-long tick: a frame that leaves here came out of the burst, not the interval.
    const ticker = createTicker({ bus, tickMs: 3_600_000, burstFrames: 3 });
    try {
      for (let i = 1; i <= 3; i++) {
        await bus.publishPixels([{ pixelId: i, color: i }]);
        await until(() => frames.length === i, `paint ${i} of the burst goes out at once`);
      }
      await bus.publishPixels([{ pixelId: 4, color: 4 }]);
      await bus.publishPixels([{ pixelId: 5, color: 5 }]);
      for (let i = 0; i < 5; i++) await turn();
      // The burst is spent: the next changes wait for the interval (or shutdown's flush), together.
      expect(frames).toHaveLength(3);
      await ticker.flush();
      expect(frames).toHaveLength(4);
      const f = decodeServerFrame(frames[3]!);
      expect(f?.type === FrameType.Pixels && Array.from(f.body)).toEqual([4, 0, 0, 4, 5, 0, 0, 5]);
    } finally {
      await ticker.close();
      await bus.close();
    }
  });

  it('batches changes that arrive within one interval of the last frame into the next frame', async () => {
    const bus = createMemoryBus();
    const frames: { at: number; f: Uint8Array }[] = [];
    bus.subscribe({ frame: (f) => frames.push({ at: performance.now(), f }) });
    const tickMs = 150;
    // No burst: the second frame may leave only one interval after the first.
    const ticker = createTicker({ bus, tickMs, burstFrames: 1 });
    try {
      const t0 = performance.now();
      await bus.publishPixels([{ pixelId: 1, color: 1 }]);
      await until(() => frames.length === 1, 'the first paint goes out at once');
      await bus.publishPixels([{ pixelId: 2, color: 2 }]);
      await bus.publishPixels([{ pixelId: 3, color: 3 }]);
      for (let i = 0; i < 5; i++) await turn();
      // Still inside the interval: held for the next frame.
      expect(frames).toHaveLength(1);
      await until(() => frames.length === 2, 'the batch goes out when the interval is over');
      expect(frames[1]!.at - t0).toBeGreaterThanOrEqual(tickMs - 5);
      const f = decodeServerFrame(frames[1]!.f);
      expect(f?.type === FrameType.Pixels && Array.from(f.body)).toEqual([2, 0, 0, 2, 3, 0, 0, 3]);
      // Sequence numbers stay consecutive across the instant and the batched path.
      const seqs = frames.map(({ f }) => {
        const d = decodeServerFrame(f);
        return d?.type === FrameType.Pixels ? d.seq : -1;
      });
      expect(seqs[1]).toBe(seqs[0]! + 1);
    } finally {
      await ticker.close();
      await bus.close();
    }
  });

  it('spaces frames by twice their write time when that is longer than the interval, up to two intervals', async () => {
    const bus = createMemoryBus();
    const frames: { at: number; f: Uint8Array }[] = [];
    bus.subscribe({ frame: (f) => frames.push({ at: performance.now(), f }) });
    const tickMs = 50;
    // Frames that take 40 ms of the thread to write: the next one waits 80 ms, not 50.
    let writeMs = 40;
    const ticker = createTicker({ bus, tickMs, burstFrames: 1, writeMs: () => writeMs });
    try {
      await bus.publishPixels([{ pixelId: 1, color: 1 }]);
      await until(() => frames.length === 1, 'the first paint goes out at once');
      await bus.publishPixels([{ pixelId: 2, color: 2 }]);
      // A second of writing a frame: spaced by two intervals, not two seconds.
      writeMs = 1000;
      await until(() => frames.length === 2, 'the second frame');
      expect(frames[1]!.at - frames[0]!.at).toBeGreaterThanOrEqual(75);
      await bus.publishPixels([{ pixelId: 3, color: 3 }]);
      await until(() => frames.length === 3, 'the third frame');
      expect(frames[2]!.at - frames[1]!.at).toBeGreaterThanOrEqual(95);
      expect(frames[2]!.at - frames[1]!.at).toBeLessThan(1000);
    } finally {
      await ticker.close();
      await bus.close();
    }
  });

  it('an inactive ticker publishes nothing, and skips one sequence when it becomes active', async () => {
    const bus = createMemoryBus();
    const frames: Uint8Array[] = [];
    bus.subscribe({ frame: (f) => frames.push(f) });
    const ticker = createTicker({ bus, tickMs: 3_600_000, active: false });
    try {
      const before = await bus.currentSeq();
      await bus.publishPixels([{ pixelId: 1, color: 1 }]);
      for (let i = 0; i < 5; i++) await turn();
      expect(frames).toHaveLength(0);
      ticker.setActive(true);
      await bus.publishPixels([{ pixelId: 2, color: 2 }]);
      await until(() => frames.length === 1, 'the new leader publishes');
      const f = decodeServerFrame(frames[0]!);
      expect(f?.type === FrameType.Pixels && f.seq).toBe(before + 2);
      expect(f?.type === FrameType.Pixels && Array.from(f.body)).toEqual([2, 0, 0, 2]);
    } finally {
      await ticker.close();
      await bus.close();
    }
  });
});
