import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPollLoop } from './poll-loop.ts';

describe('createPollLoop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every interval after the previous run, survives a failure, and stops', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let runs = 0;
    const loop = createPollLoop({
      intervalMs: 100,
      run: async () => {
        runs += 1;
        if (runs === 2) throw new Error('indexer down');
      },
      onError: (err) => errors.push(err),
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(0);
    loop.start();
    loop.start();
    await vi.advanceTimersByTimeAsync(350);
    expect(runs).toBe(3);
    expect(errors).toHaveLength(1);
    await loop.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(3);
  });

  it('stop() waits for the run in progress and none follows it', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let runs = 0;
    const loop = createPollLoop({
      intervalMs: 10,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      onError: () => {},
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(runs).toBe(1);
    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });
});
