import type { TokenStats } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { JettonLedgerSource, LedgerEntry } from '../../integrations/market/jetton-ledger.ts';
import type { MarketDataProvider } from '../../integrations/market/market-data.ts';
import { createMarketService, type MarketServiceDeps } from './service.ts';

const STATS: TokenStats = {
  price: 0.1,
  market_cap: 10,
  volume: 2,
  supply: 245,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function counting(result: () => Promise<TokenStats>): MarketDataProvider & { calls: number } {
  const p = {
    calls: 0,
    tokenStats: () => {
      p.calls++;
      return result();
    },
  };
  return p;
}

function ledgerOf(entries: LedgerEntry[]): JettonLedgerSource & { calls: number } {
  const l = {
    calls: 0,
    transfers: async () => {
      l.calls++;
      return entries;
    },
  };
  return l;
}

function service(over: Partial<MarketServiceDeps> & { clock?: { t: number } } = {}) {
  const clock = over.clock ?? { t: 0 };
  return createMarketService({
    provider: null,
    ledger: ledgerOf([]),
    pxMaster: 'EQB420yQsZobGcy0VYDfSKHpG2QQlw-j1f_tPu1J488I__PX',
    pxDecimals: 9,
    wallets: { buyback: null, burn: null, fund: null },
    explorer: {
      transaction: (h) => `https://x/tx/${h}`,
      account: (a) => `https://x/${a}`,
      friendly: (a) => `F${a}`,
    },
    cacheMs: 60_000,
    now: () => clock.t,
    ...over,
  });
}

describe('market service', () => {
  it('serves market data from memory for the cache period, then asks again', async () => {
    const clock = { t: 0 };
    const provider = counting(async () => STATS);
    const s = service({ provider, clock });
    await Promise.all([s.tokenStats(), s.tokenStats()]);
    expect(provider.calls).toBe(1);
    clock.t = 59_999;
    expect(await s.tokenStats()).toEqual(STATS);
    expect(provider.calls).toBe(1);
    clock.t = 60_000;
    await s.tokenStats();
    expect(provider.calls).toBe(2);
  });

  it('says UNAVAILABLE when the provider is not configured or fails, and retries a failure later', async () => {
    await expect(service().tokenStats()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const clock = { t: 0 };
    let fail = true;
    const provider = counting(async () => {
      if (fail) throw new Error('boom');
      return STATS;
    });
    const s = service({ provider, clock });
    const err = await s.tokenStats().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('UNAVAILABLE');
    fail = false;
    await expect(s.tokenStats()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(provider.calls).toBe(1); // the failure is remembered briefly
    clock.t = 10_000;
    await expect(s.tokenStats()).resolves.toEqual(STATS);
  });

  it('turns a wallet history into PX amounts, dates, links and a total of the positive entries', async () => {
    const ledger = ledgerOf([
      { hash: 'bb', utime: 1_720_000_100, amount: -250_000_000n, comment: '' },
      { hash: 'aa', utime: 1_720_000_000, amount: 1_500_000_000_123n, comment: 'Buyback #1' },
    ]);
    const s = service({ ledger, wallets: { buyback: '0:11', burn: null, fund: null } });
    const result = await s.ledger('buyback');
    expect(result).toEqual({
      kind: 'buyback',
      wallet: 'F0:11',
      walletUrl: 'https://x/0:11',
      total: 1500.000000123,
      items: [
        { amount: -0.25, date: '2024-07-03T09:48:20.000Z', url: 'https://x/tx/bb', name: '' },
        {
          amount: 1500.000000123,
          date: '2024-07-03T09:46:40.000Z',
          url: 'https://x/tx/aa',
          name: 'Buyback #1',
        },
      ],
    });
    await s.ledger('buyback');
    expect(ledger.calls).toBe(1);
  });

  it('says UNAVAILABLE for a wallet that is not configured, or without the PX master', async () => {
    await expect(service().ledger('burn')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const noMaster = service({ pxMaster: null, wallets: { buyback: '0:11', burn: '0:11', fund: '0:11' } });
    await expect(noMaster.ledger('fund')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('says UNAVAILABLE when the indexer fails', async () => {
    const ledger: JettonLedgerSource = {
      transfers: async () => {
        throw new Error('indexer down');
      },
    };
    const s = service({ ledger, wallets: { buyback: null, burn: null, fund: '0:11' } });
    await expect(s.ledger('fund')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});
