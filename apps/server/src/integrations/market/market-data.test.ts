import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_PX_COIN,
  type FakeMarketData,
  startFakeMarketData,
} from '../../../../../tools/src/fakes/market-data.ts';
import { UpstreamError } from './http.ts';
import { createCoinGeckoProvider } from './market-data.ts';

describe('CoinGecko-style market data client against the fake provider', () => {
  let fake: FakeMarketData;
  beforeAll(async () => {
    fake = await startFakeMarketData();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const provider = (over: Partial<Parameters<typeof createCoinGeckoProvider>[0]> = {}) =>
    createCoinGeckoProvider({ baseUrl: fake.url, tokenId: DEMO_PX_COIN.id, timeoutMs: 2_000, ...over });

  it('reads price, market cap, volume and supply of the configured coin', async () => {
    fake.setCoin(DEMO_PX_COIN);
    fake.setCoin({ id: 'other', current_price: 99 });
    const stats = await provider().tokenStats();
    expect(stats).toMatchObject({
      price: 0.0734,
      market_cap: 17_983_000,
      volume: 1_254_300,
      supply: 245_000_000,
    });
    expect(Number.isNaN(Date.parse(stats.updatedAt))).toBe(false);
  });

  it('accepts a base URL ending in /api/v3', async () => {
    fake.setCoin(DEMO_PX_COIN);
    await expect(provider({ baseUrl: `${fake.url}/api/v3/` }).tokenStats()).resolves.toMatchObject({
      price: 0.0734,
    });
  });

  it('keeps unknown figures null and falls back to the circulating supply', async () => {
    fake.setCoin({ id: DEMO_PX_COIN.id, current_price: 0.5, circulating_supply: 1000 });
    expect(await provider().tokenStats()).toMatchObject({
      price: 0.5,
      market_cap: null,
      volume: null,
      supply: 1000,
    });
  });

  it('refuses a coin the provider does not list, or one without a price', async () => {
    await expect(provider().tokenStats()).rejects.toThrow(/does not list/);
    fake.setCoin({ id: DEMO_PX_COIN.id, current_price: null });
    await expect(provider().tokenStats()).rejects.toThrow(/no price/);
  });

  it('reports malformed JSON, an HTTP error and an oversized body', async () => {
    fake.setCoin(DEMO_PX_COIN);
    fake.setMode('malformed');
    await expect(provider().tokenStats()).rejects.toThrow(/malformed JSON/);
    fake.setMode('error');
    await expect(provider().tokenStats()).rejects.toMatchObject({ name: 'UpstreamError', status: 500 });
    fake.setMode('huge');
    await expect(provider().tokenStats()).rejects.toThrow(/too large/);
  });

  it('gives up after the timeout', async () => {
    fake.setCoin(DEMO_PX_COIN);
    fake.setMode('slow', 5_000);
    const started = Date.now();
    const err = await provider({ timeoutMs: 300 })
      .tokenStats()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(String(err)).toMatch(/no answer within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('cuts off a body larger than the limit while reading', async () => {
    fake.setCoin(DEMO_PX_COIN);
    await expect(provider({ maxBytes: 50 }).tokenStats()).rejects.toThrow(/too large/);
  });

  it('validates the figures it is given', async () => {
    const stub = (async () =>
      new Response(JSON.stringify([{ id: DEMO_PX_COIN.id, current_price: -3 }]))) as typeof fetch;
    await expect(provider({ fetch: stub }).tokenStats()).rejects.toThrow(/bad 'current_price'/);
    const notList = (async () => new Response('{"id":"x"}')) as typeof fetch;
    await expect(provider({ fetch: notList }).tokenStats()).rejects.toThrow(/not a list/);
  });

  it('sends the API key in the header the host expects', async () => {
    const seen: Record<string, string>[] = [];
    const stub = (async (_url: string | URL | Request, init?: RequestInit) => {
      seen.push(init?.headers as Record<string, string>);
      return new Response('[]');
    }) as typeof fetch;
    await provider({ fetch: stub, apiKey: 'k1' })
      .tokenStats()
      .catch(() => {});
    await provider({ fetch: stub, apiKey: 'k2', baseUrl: 'https://pro-api.coingecko.com' })
      .tokenStats()
      .catch(() => {});
    expect(seen[0]?.['x-cg-demo-api-key']).toBe('k1');
    expect(seen[1]?.['x-cg-pro-api-key']).toBe('k2');
  });
});
