import { API_PREFIX } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import { createTestStore, startApp, testConfig } from '../testing/harness.ts';

describe('shutdown drain', () => {
  it('answers /readyz with 503 (draining) for the drain time while still serving, then closes', async () => {
    const store = await createTestStore('pglite');
    const run = await startApp(store);
    try {
      expect((await fetch(`${run.baseUrl}/readyz`)).status).toBe(200);
      const closing = run.built.close({ drainMs: 2_000 });
      const ready = await fetch(`${run.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ok: false, state: 'draining', checks: { started: false } });
      // everything else is still served: a load balancer's retries land here until it has noticed
      expect((await fetch(`${run.baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${run.baseUrl}${API_PREFIX}/users/stats`)).status).toBe(200);
      await closing;
      await expect(fetch(`${run.baseUrl}/healthz`)).rejects.toThrow();
    } finally {
      await run.built.close();
      await run.db.close();
      await store.dispose();
    }
  });

  it('is on for 5 s by default in cluster mode only, where a load balancer sits in front', () => {
    expect(testConfig().shutdownDrainMs).toBe(0);
    expect(testConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).shutdownDrainMs).toBe(5_000);
    expect(testConfig({ REDIS_URL: 'redis://127.0.0.1:6379', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(
      0,
    );
    expect(() => testConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});
