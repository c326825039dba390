import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterBackends, clusterServicesAvailable, createClusterBackends } from '../lib/cluster.ts';
import { runCrashTest } from './crash.ts';

const clusterAvailable = await clusterServicesAvailable();

describe('crash test (short form)', () => {
  it('keeps every acknowledged paint, with its owner and count, across kill -9 (embedded)', async () => {
    const report = await runCrashTest({ players: 20, concurrency: 4, killAfterMs: 2500 });
    expect(report.acknowledged).toBeGreaterThan(100);
    expect(report).toMatchObject({ missing: 0, wrongOwner: 0, undercounted: 0 });
  }, 120_000);

  describe.skipIf(!clusterAvailable)('cluster mode', () => {
    let backends: ClusterBackends;
    beforeAll(async () => {
      backends = await createClusterBackends();
    });
    afterAll(async () => {
      await backends?.dispose();
    });

    it('keeps every acknowledged paint across kill -9 of the instance', async () => {
      const report = await runCrashTest({
        players: 20,
        concurrency: 4,
        killAfterMs: 2500,
        env: backends.env,
      });
      expect(report.acknowledged).toBeGreaterThan(100);
      expect(report).toMatchObject({ missing: 0, wrongOwner: 0, undercounted: 0 });
    }, 120_000);

    it('rebuilds the canvas from SQL when Redis comes back empty', async () => {
      const report = await runCrashTest({
        players: 10,
        concurrency: 4,
        killAfterMs: 2000,
        env: backends.env,
        afterKill: () => backends.wipeRedis(),
      });
      expect(report.acknowledged).toBeGreaterThan(50);
      expect(report).toMatchObject({ missing: 0, wrongOwner: 0, undercounted: 0 });
    }, 120_000);
  });
});
