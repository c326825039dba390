/**
 * What the /px pages show: PX market figures from the market-data provider, and the buyback, burn
 * and fund wallets' PX transfers from the TON indexer. Each is cached in memory; a provider that
 * is not configured or fails is reported as UNAVAILABLE, never as numbers we do not have (not
 * configured: with `details.configured` false, and not logged per request).
 */
import { ledgerTotal, type PxLedger, type PxLedgerKind, type TokenStats } from '@pixel-wall/shared';
import { AppError, notConfigured } from '../../errors.ts';
import type { JettonLedgerSource } from '../../integrations/market/jetton-ledger.ts';
import type { MarketDataProvider } from '../../integrations/market/market-data.ts';
import { expiring } from './cache.ts';

/** The most transfers a ledger lists. */
export const LEDGER_LIMIT = 100;

export interface MarketServiceDeps {
  /** null when no token id is configured */
  provider: MarketDataProvider | null;
  ledger: JettonLedgerSource;
  /** the PX jetton master; null turns the ledgers off */
  pxMaster: string | null;
  pxDecimals: number;
  wallets: Readonly<Record<PxLedgerKind, string | null>>;
  explorer: {
    transaction(hashHex: string): string;
    account(address: string): string;
    friendly(address: string): string;
  };
  cacheMs: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

function toUnits(amount: bigint, decimals: number): number {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const frac = amount % scale;
  return Number(whole) + Number(frac) / Number(scale);
}

export function createMarketService(deps: MarketServiceDeps) {
  const now = deps.now ?? Date.now;
  const cacheOpts = { ttlMs: deps.cacheMs, failureTtlMs: Math.min(deps.cacheMs, 10_000), now };

  const stats = deps.provider
    ? expiring(async () => {
        try {
          return await deps.provider!.tokenStats();
        } catch (err) {
          deps.log?.warn({ err: (err as Error).message }, 'market data unavailable');
          throw new AppError('UNAVAILABLE', 'PX market data is unavailable right now.');
        }
      }, cacheOpts)
    : null;

  const ledgers = new Map<PxLedgerKind, () => Promise<PxLedger>>();
  for (const kind of Object.keys(deps.wallets) as PxLedgerKind[]) {
    const wallet = deps.wallets[kind];
    const master = deps.pxMaster;
    if (!wallet || !master) continue;
    ledgers.set(
      kind,
      expiring(async () => {
        let entries: Awaited<ReturnType<JettonLedgerSource['transfers']>>;
        try {
          entries = await deps.ledger.transfers(wallet, master, LEDGER_LIMIT);
        } catch (err) {
          deps.log?.warn({ err: (err as Error).message, kind }, 'PX ledger unavailable');
          throw new AppError('UNAVAILABLE', `The ${kind} history is unavailable right now.`);
        }
        const items = entries.map((e) => ({
          amount: (e.amount < 0n ? -1 : 1) * toUnits(e.amount < 0n ? -e.amount : e.amount, deps.pxDecimals),
          date: new Date(e.utime * 1000).toISOString(),
          url: deps.explorer.transaction(e.hash),
          name: e.comment,
        }));
        return {
          kind,
          wallet: deps.explorer.friendly(wallet),
          walletUrl: deps.explorer.account(wallet),
          total: ledgerTotal(items),
          items,
        };
      }, cacheOpts),
    );
  }

  return {
    tokenStats(): Promise<TokenStats> {
      if (!stats) {
        return Promise.reject(
          notConfigured('UNAVAILABLE', 'PX market data is not configured on this server.'),
        );
      }
      return stats();
    },
    ledger(kind: PxLedgerKind): Promise<PxLedger> {
      const load = ledgers.get(kind);
      if (!load) {
        return Promise.reject(
          notConfigured('UNAVAILABLE', `The ${kind} wallet is not configured on this server.`),
        );
      }
      return load();
    },
  };
}

export type MarketService = ReturnType<typeof createMarketService>;
