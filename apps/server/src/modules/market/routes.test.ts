/** The /px data calls through the real app, against the fake market-data provider and toncenter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PX_COIN,
  type FakeMarketData,
  startFakeMarketData,
} from '../../../../../tools/src/fakes/market-data.ts';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';

const BUYBACK = '0:5555555555555555555555555555555555555555555555555555555555555555';
const SELLER = '0:6666666666666666666666666666666666666666666666666666666666666666';
const PX = '0:7777777777777777777777777777777777777777777777777777777777777777';

describe('/px data routes', () => {
  let store: TestStore;
  let run: RunningApp;
  let bare: RunningApp;
  let market: FakeMarketData;
  let indexer: FakeTonIndexer;

  beforeAll(async () => {
    market = await startFakeMarketData({ coins: [DEMO_PX_COIN] });
    indexer = await startFakeTonIndexer();
    store = await createTestStore('pglite');
    run = await startApp(
      store,
      testConfig({
        MARKET_DATA_URL: market.url,
        MARKET_DATA_TOKEN_ID: DEMO_PX_COIN.id,
        MARKET_DATA_CACHE_SECONDS: '60',
        TON_INDEXER_URL: indexer.url,
        TON_JETTON_MASTERS: `10=${PX}`,
        TON_NETWORK: 'testnet',
        PX_BUYBACK_WALLET: BUYBACK,
      }),
    );
    indexer.addJettonTransfer({
      from: SELLER,
      to: BUYBACK,
      jettonMaster: PX,
      amount: 2_000_000_000_000n,
      comment: 'Week 1',
    });
    indexer.addJettonTransfer({ from: BUYBACK, to: SELLER, jettonMaster: PX, amount: 500_000_000_000n });
  });
  afterAll(async () => {
    await run?.stop();
    await bare?.stop();
    await store?.dispose();
    await market?.close();
    await indexer?.close();
  });

  it('GET /history/px/stats answers the provider figures, cached', async () => {
    const first = await api(run.baseUrl, 'GET', '/api/v1/history/px/stats');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      price: 0.0734,
      market_cap: 17_983_000,
      volume: 1_254_300,
      supply: 245_000_000,
    });
    const before = market.requests;
    await api(run.baseUrl, 'GET', '/api/v1/history/px/stats');
    expect(market.requests).toBe(before);
  });

  it('GET /px/ledger/buyback lists the wallet transfers and totals the positive ones', async () => {
    const res = await api<{
      total: number;
      wallet: string;
      walletUrl: string;
      items: { amount: number; url: string; name: string }[];
    }>(run.baseUrl, 'GET', '/api/v1/px/ledger/buyback');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2000);
    expect(res.body.items.map((i) => [i.amount, i.name])).toEqual([
      [-500, ''],
      [2000, 'Week 1'],
    ]);
    expect(res.body.items[0]!.url).toMatch(/^https:\/\/testnet\.tonviewer\.com\/transaction\/[0-9a-f]{64}$/);
    expect(res.body.walletUrl).toBe(`https://testnet.tonviewer.com/${res.body.wallet}`);
  });

  it('answers 503 UNAVAILABLE for an unconfigured wallet, 400 for an unknown ledger', async () => {
    const burn = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/px/ledger/burn');
    expect(burn.status).toBe(503);
    expect(burn.body.error.code).toBe('UNAVAILABLE');
    const odd = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/px/ledger/mint');
    expect(odd.status).toBe(400);
  });

  it('answers 503 UNAVAILABLE when no market data is configured', async () => {
    bare = await startApp(store, testConfig());
    const res = await api<{ error: { code: string; message: string } }>(
      bare.baseUrl,
      'GET',
      '/api/v1/history/px/stats',
    );
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringMatching(/not configured/),
    });
  });
});
