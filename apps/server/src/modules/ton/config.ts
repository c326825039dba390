/**
 * The TON settings as environment variables, for config.ts (the only reader of process.env) to
 * merge into its schema: `...tonEnvShape` in the env schema, then `tonConfigFrom(parsed, publicUrl)`.
 */
import { TON_NETWORK, type TonNetwork } from '@pixel-wall/shared';
import { z } from 'zod';
import {
  DEFAULT_PROOF_MAX_AGE_SECONDS,
  HIGHLOAD_DEFAULT_SUBWALLET_ID,
  HIGHLOAD_MAX_MESSAGES,
} from '../../integrations/ton/limits.ts';
import { httpUrl, tonAddress } from '../../lib/env-schemas.ts';
import { tonAllowedDomains } from '../wallet/domains.ts';
import { parseJettonMasterOverrides } from './types.ts';

export const tonEnvShape = {
  /** mainnet | testnet: the proof's network and the address flags we print */
  TON_NETWORK: z.enum(['mainnet', 'testnet']).default('mainnet'),
  /** where players pay (any address spelling); unset turns TON payments and the watcher off */
  TON_PAYMENT_WALLET: tonAddress.optional(),
  /** toncenter v3 base URL; the local demo points it at tools/src/fakes/ton-indexer.ts */
  TON_INDEXER_URL: httpUrl.default('https://toncenter.com'),
  TON_INDEXER_API_KEY: z.string().max(256).optional(),
  TON_INDEXER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** extra domains a ton_proof may name, comma-separated; PUBLIC_URL's host is always allowed */
  TON_ALLOWED_DOMAINS: z
    .string()
    .max(2048)
    .regex(/^[A-Za-z0-9.,:\s-]*$/, 'must be comma-separated host names')
    .default(''),
  TON_WATCH_INTERVAL_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** operator jetton masters by currency id: `3=EQ…,4=EQ…` (testnet has other masters) */
  TON_JETTON_MASTERS: z
    .string()
    .max(4096)
    .refine(
      (v) => {
        try {
          parseJettonMasterOverrides(v);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be id=address pairs, comma-separated' },
    )
    .optional(),
  /** the payout wallet's 24 words; unset: claimed PX rewards stay pending */
  TON_PAYOUT_MNEMONIC: z
    .string()
    .max(1024)
    .refine((v) => v.trim().split(/\s+/).length === 24, { message: 'must be 24 words' })
    .optional(),
  TON_PAYOUT_INTERVAL_MS: z.coerce.number().int().min(1000).max(600_000).default(15_000),
  /** which contract the mnemonic's key runs: highload-v3 sends claims in batches, v4r2 one at a time */
  TON_PAYOUT_WALLET: z.enum(['highload-v3', 'v4r2']).default('highload-v3'),
  /** the highload wallet's subwallet id (part of its address) */
  TON_PAYOUT_SUBWALLET_ID: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(HIGHLOAD_DEFAULT_SUBWALLET_ID),
  /** the highload wallet's timeout (part of its address): how long a signed batch may land */
  TON_PAYOUT_TIMEOUT_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** messages per highload batch */
  TON_PAYOUT_BATCH_SIZE: z.coerce.number().int().min(1).max(HIGHLOAD_MAX_MESSAGES).default(100),
  TON_PROOF_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(86_400)
    .default(DEFAULT_PROOF_MAX_AGE_SECONDS),
};

export type TonEnv = z.infer<z.ZodObject<typeof tonEnvShape>>;

export interface TonConfig {
  network: TonNetwork;
  paymentWallet: string | null;
  indexer: { baseUrl: string; apiKey: string | null; timeoutMs: number };
  allowedDomains: string[];
  watchIntervalMs: number;
  jettonMasters: Record<number, string>;
  proofMaxAgeSeconds: number;
  payout: {
    mnemonic: string | null;
    intervalMs: number;
    wallet: 'highload-v3' | 'v4r2';
    subwalletId: number;
    timeoutSeconds: number;
    batchSize: number;
  };
}

/**
 * Without PUBLIC_URL or a configured domain, the local demo's own host is the one allowed: the
 * manifest then names the origin it was fetched from, such as http://127.0.0.1:8080.
 */
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

export function tonConfigFrom(env: TonEnv, publicUrl: string | null, localPort?: number): TonConfig {
  const extra = env.TON_ALLOWED_DOMAINS.split(',');
  const domains = tonAllowedDomains(publicUrl, extra);
  const LOCAL_DOMAINS = LOCAL_HOSTS.flatMap((h) => (localPort ? [h, `${h}:${localPort}`] : [h]));
  return {
    network: env.TON_NETWORK === 'testnet' ? TON_NETWORK.testnet : TON_NETWORK.mainnet,
    paymentWallet: env.TON_PAYMENT_WALLET ?? null,
    indexer: {
      baseUrl: env.TON_INDEXER_URL,
      apiKey: env.TON_INDEXER_API_KEY ?? null,
      timeoutMs: env.TON_INDEXER_TIMEOUT_MS,
    },
    allowedDomains: domains.length > 0 ? domains : LOCAL_DOMAINS,
    watchIntervalMs: env.TON_WATCH_INTERVAL_MS,
    jettonMasters: parseJettonMasterOverrides(env.TON_JETTON_MASTERS),
    proofMaxAgeSeconds: env.TON_PROOF_MAX_AGE_SECONDS,
    payout: {
      mnemonic: env.TON_PAYOUT_MNEMONIC?.trim() ?? null,
      intervalMs: env.TON_PAYOUT_INTERVAL_MS,
      wallet: env.TON_PAYOUT_WALLET,
      subwalletId: env.TON_PAYOUT_SUBWALLET_ID,
      timeoutSeconds: env.TON_PAYOUT_TIMEOUT_SECONDS,
      batchSize: env.TON_PAYOUT_BATCH_SIZE,
    },
  };
}
