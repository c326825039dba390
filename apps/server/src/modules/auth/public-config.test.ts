/**
 * GET /config publishes the amount the operator has committed to the PX buyback
 * (PX_BUYBACK_COMMITTED), and null when it is unset: /px/buyback states only what is configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';

describe('the buyback commitment in the public config', () => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ PX_BUYBACK_COMMITTED: '10000000' }));
  }, 120_000);
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('is the configured amount in US dollars', async () => {
    const r = await api(run.baseUrl, 'GET', '/api/v1/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pxBuybackCommittedUsd: 10_000_000 });
  });

  it('is null when unset, so no amount is claimed', () => {
    expect(testConfig().pxBuybackCommittedUsd).toBeNull();
    expect(loadConfig({ PX_BUYBACK_COMMITTED: '250000' }).pxBuybackCommittedUsd).toBe(250_000);
  });

  it('refuses an amount that is not a positive whole number, naming the variable', () => {
    for (const bad of ['0', '-5', '1.5', 'ten million', '1e13']) {
      expect(() => loadConfig({ PX_BUYBACK_COMMITTED: bad }), bad).toThrow(/PX_BUYBACK_COMMITTED/);
    }
  });
});
