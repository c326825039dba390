/**
 * The shop's operator settings through the real app: GET /config publishes the PX default-currency
 * flag and whether market data is configured; GET /buy/list and /daily/list carry the sale and
 * event marks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';

interface Listed {
  id: number;
  sale?: boolean;
  event?: boolean;
  prices: { currency_id: number; price: string; regular_price?: string }[];
}

describe('shop settings in the public API', () => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(
      store,
      testConfig({
        SHOP_PX_DEFAULT_CURRENCY: 'on',
        SHOP_SALE: '2:50',
        SHOP_EVENT: '13',
        MARKET_DATA_TOKEN_ID: 'not-pixel',
        // never asked in this test: the flag only says it is configured
        MARKET_DATA_URL: 'http://127.0.0.1:9',
      }),
    );
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('publishes the PX default currency and the market flag', async () => {
    const r = await api(run.baseUrl, 'GET', '/api/v1/config');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pxDefaultCurrency: true, marketData: true });
  });

  it('lists the sale and event marks to guests and players alike', async () => {
    const r = await api<{ products: Listed[] }>(run.baseUrl, 'GET', '/api/v1/buy/list');
    expect(r.status).toBe(200);
    const dynamite = r.body.products.find((p) => p.id === 2)!;
    expect(dynamite).toMatchObject({ sale: true, event: false });
    expect(dynamite.prices.find((p) => p.currency_id === 1)).toMatchObject({
      price: '8',
      regular_price: '16',
    });
    expect(r.body.products.find((p) => p.id === 13)).toMatchObject({ sale: false, event: true });
    expect(r.body.products.find((p) => p.id === 1)).toMatchObject({ sale: false, event: false });
  });

  it('marks the daily offers the same way', async () => {
    const r = await api<{ offers: Listed[] }>(run.baseUrl, 'GET', '/api/v1/daily/list');
    expect(r.status).toBe(200);
    for (const offer of r.body.offers) expect(offer.sale).toBe(offer.id === 2);
  });
});

describe('shop settings unset', () => {
  it('publishes both flags off', async () => {
    const store = await createTestStore('pglite');
    const run = await startApp(store, testConfig());
    try {
      const r = await api(run.baseUrl, 'GET', '/api/v1/config');
      expect(r.body).toMatchObject({ pxDefaultCurrency: false, marketData: false });
    } finally {
      await run.stop();
      await store.dispose();
    }
  });
});
