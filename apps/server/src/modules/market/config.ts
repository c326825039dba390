/**
 * Market data and PX ledger settings as environment variables, merged into config.ts's schema
 * (`...marketEnvShape`, then `marketConfigFrom(parsed)`), as the TON module does.
 */
import { z } from 'zod';
import { httpUrl, tonAddress } from '../../lib/env-schemas.ts';

export const marketEnvShape = {
  /** CoinGecko-style API; the local demo points it at tools/src/fakes/market-data.ts */
  MARKET_DATA_URL: httpUrl.default('https://api.coingecko.com'),
  /** the provider's id of PX; unset: market figures show as unavailable */
  MARKET_DATA_TOKEN_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'must be a lower-case coin id such as "not-pixel"')
    .optional(),
  MARKET_DATA_API_KEY: z.string().max(256).optional(),
  MARKET_DATA_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(5_000),
  /** how long market figures and ledgers are served from memory */
  MARKET_DATA_CACHE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** wallets whose PX transfers the /px buyback, burn and fund tabs list; unset: unavailable */
  PX_BUYBACK_WALLET: tonAddress.optional(),
  PX_BURN_WALLET: tonAddress.optional(),
  PX_FUND_WALLET: tonAddress.optional(),
};

export type MarketEnv = z.infer<z.ZodObject<typeof marketEnvShape>>;

export interface MarketConfig {
  provider: { baseUrl: string; tokenId: string | null; apiKey: string | null; timeoutMs: number };
  cacheMs: number;
  wallets: { buyback: string | null; burn: string | null; fund: string | null };
}

export function marketConfigFrom(env: MarketEnv): MarketConfig {
  return {
    provider: {
      baseUrl: env.MARKET_DATA_URL,
      tokenId: env.MARKET_DATA_TOKEN_ID ?? null,
      apiKey: env.MARKET_DATA_API_KEY ?? null,
      timeoutMs: env.MARKET_DATA_TIMEOUT_MS,
    },
    cacheMs: env.MARKET_DATA_CACHE_SECONDS * 1000,
    wallets: {
      buyback: env.PX_BUYBACK_WALLET ?? null,
      burn: env.PX_BURN_WALLET ?? null,
      fund: env.PX_FUND_WALLET ?? null,
    },
  };
}
