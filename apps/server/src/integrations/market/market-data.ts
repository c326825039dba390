/**
 * Market data for the PX token from a CoinGecko-style HTTP API:
 * `GET {base}/api/v3/coins/markets?vs_currency=usd&ids={tokenId}` answers a JSON array with one
 * entry per coin (current_price, market_cap, total_volume, total_supply, circulating_supply,
 * last_updated). The answer is validated; a coin the provider does not list, or one without a
 * price, is an error rather than a zero.
 */
import type { TokenStats } from '@pixel-wall/shared';
import { z } from 'zod';
import { getJson, UpstreamError } from './http.ts';

export interface MarketDataProvider {
  tokenStats(): Promise<TokenStats>;
}

export interface CoinGeckoOptions {
  /** e.g. https://api.coingecko.com (a trailing /api/v3 is accepted) */
  baseUrl: string;
  /** the provider's id of the coin */
  tokenId: string;
  /** sent as `x-cg-demo-api-key` (or `x-cg-pro-api-key` for the pro host) */
  apiKey?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof fetch;
}

export const MARKET_MAX_RESPONSE_BYTES = 256 * 1024;

const figure = z.number().finite().min(0).max(1e15).nullish();

const coinSchema = z
  .object({
    id: z.string().max(128),
    current_price: figure,
    market_cap: figure,
    total_volume: figure,
    total_supply: figure,
    circulating_supply: figure,
    last_updated: z.string().max(40).nullish(),
  })
  .loose();

const marketsSchema = z.array(z.unknown()).max(250);

export function createCoinGeckoProvider(opts: CoinGeckoOptions): MarketDataProvider {
  const base = opts.baseUrl.replace(/\/+$/, '').replace(/\/api\/v3$/, '');
  const headers: Record<string, string> = {};
  if (opts.apiKey) {
    headers[new URL(base).hostname.startsWith('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] =
      opts.apiKey;
  }
  const request = {
    name: 'market data provider',
    timeoutMs: opts.timeoutMs ?? 5_000,
    maxBytes: opts.maxBytes ?? MARKET_MAX_RESPONSE_BYTES,
    headers,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  };

  return {
    async tokenStats() {
      const url = new URL(`${base}/api/v3/coins/markets`);
      url.searchParams.set('vs_currency', 'usd');
      url.searchParams.set('ids', opts.tokenId);
      const body = marketsSchema.safeParse(await getJson(url, request));
      if (!body.success)
        throw new UpstreamError('market data provider sent an unexpected shape (not a list)');
      const entry = body.data.find(
        (row) => typeof row === 'object' && row !== null && (row as { id?: unknown }).id === opts.tokenId,
      );
      if (entry === undefined)
        throw new UpstreamError(`market data provider does not list '${opts.tokenId}'`);
      const coin = coinSchema.safeParse(entry);
      if (!coin.success) {
        const field = String(coin.error.issues[0]?.path[0] ?? '?');
        throw new UpstreamError(`market data provider sent a bad '${field}' for '${opts.tokenId}'`);
      }
      const c = coin.data;
      if (c.current_price == null)
        throw new UpstreamError(`market data provider has no price for '${opts.tokenId}'`);
      const updated = c.last_updated ? new Date(c.last_updated) : null;
      return {
        price: c.current_price,
        market_cap: c.market_cap ?? null,
        volume: c.total_volume ?? null,
        supply: c.total_supply ?? c.circulating_supply ?? null,
        updatedAt: (updated && !Number.isNaN(updated.getTime()) ? updated : new Date()).toISOString(),
      };
    },
  };
}
