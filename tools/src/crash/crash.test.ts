import { describe, expect, it } from 'vitest';
import { runCrashTest } from './crash.ts';

describe('crash test (short form)', () => {
  it('keeps every acknowledged paint, with its owner and count, across kill -9 (embedded)', async () => {
    const report = await runCrashTest({ players: 20, concurrency: 4, killAfterMs: 2500 });
    expect(report.acknowledged).toBeGreaterThan(100);
    expect(report).toMatchObject({ missing: 0, wrongOwner: 0, undercounted: 0 });
  }, 120_000);
});
