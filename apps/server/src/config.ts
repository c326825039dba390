/**
 * Environment → typed config. The only reader of process.env: everything else takes `Config`.
 * A bad value stops the start with a message naming the variable.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { normalizeTonAddress } from './integrations/ton/address.ts';
import { tonAddress } from './lib/env-schemas.ts';
import { type MarketConfig, marketConfigFrom, marketEnvShape } from './modules/market/config.ts';
import { type ShopConfig, shopConfigFrom, shopEnvShape } from './modules/shop/config.ts';
import { type TonConfig, tonConfigFrom, tonEnvShape } from './modules/ton/config.ts';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An IPv4 or IPv6 address, or one with a /prefix length (a CIDR range). */
function isAddressOrCidr(v: string): boolean {
  const [address = '', prefix, extra] = v.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** true / false as before, or the proxies' own addresses: only a peer among them is believed. */
const trustProxy = z.string().transform((v, ctx): boolean | string[] => {
  const flag = bool.safeParse(v);
  if (flag.success) return flag.data;
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((s) => !isAddressOrCidr(s));
  if (bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false or comma-separated proxy addresses or CIDR ranges (not "${bad.slice(0, 64)}")`,
    });
    return z.NEVER;
  }
  return list;
});

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL with scheme ${protocols.join(' or ')}` },
  );

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DB_VACUUM_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  DB_WASM_TIER_UP: z.enum(['auto', 'on', 'off']).default('auto'),
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  HISTORY_KEYFRAME_PAINTS: z.coerce.number().int().min(1000).max(10_000_000).default(250_000),
  HISTORY_KEYFRAME_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'must be 1–64 letters, digits, ":", "_" or "-"')
    .default('pw:'),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'must look like 123456:ABC-DEF… (a Telegram bot token)')
    .optional(),
  TELEGRAM_API_URL: url(['http:', 'https:']).default('https://api.telegram.org'),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,256}$/, 'must be 1–256 letters, digits, "_" or "-"')
    .optional(),
  /** on: the leader makes Telegram's webhook, menu button and commands match this server */
  TELEGRAM_BOT_SETUP: z.enum(['on', 'off']).default('on'),
  SECRET_WORD: z.string().min(1).max(128).optional(),
  PAINT_REWARD_ONE_IN: z.coerce.number().int().min(0).max(1_000_000).default(500),
  /** PX mined per second and the most seconds that accrue between claims */
  MINING_PX_PER_SECOND: z.coerce.number().min(0).max(1000).default(0.0042),
  MINING_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(28_800),
  ORDER_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(1800),
  ...tonEnvShape,
  /** a file holding TON_PAYOUT_MNEMONIC (a mounted secret), instead of the variable itself */
  TON_PAYOUT_MNEMONIC_FILE: z.string().min(1).max(4096).optional(),
  /** the TON NFT collection approved drawings are minted into; unset: minting is off */
  NFT_COLLECTION_ADDRESS: tonAddress.optional(),
  ...marketEnvShape,
  ...shopEnvShape,
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,64}$/)
    .optional(),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  ADMIN_IDS: z
    .string()
    .regex(/^\s*(\d{1,16}\s*(,\s*\d{1,16}\s*)*)?$/, 'must be comma-separated numeric user ids')
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(Number),
    ),
  /** when set, GET /metrics answers only to `Authorization: Bearer <METRICS_TOKEN>` */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16–256 printable characters without spaces')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  INIT_DATA_MAX_AGE_SECONDS: positiveInt.default(86_400),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(3_600),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt.default(30 * 86_400),
  // The operator's contact address for the legal pages, /pay-support, /px/get and the bot's
  // /paysupport. Unset: none is shown (never a made-up one).
  CONTACT_EMAIL: z.email().optional(),
  // US dollars the operator has committed to buying PX back, which /px/buyback states. Unset: no
  // amount is claimed.
  PX_BUYBACK_COMMITTED: positiveInt.max(1_000_000_000_000).optional(),
  /** read only from a peer TRUST_PROXY trusts; unset: no country is read */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]{1,64}$/, 'must be a lower-case header name')
    .optional(),
  TRUST_PROXY: trustProxy.default(false),
  /** the longest a request (headers and body) may take to arrive */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  TICK_MS: z.coerce.number().int().min(10).max(100).default(100),
  COMMIT_WINDOW_MS: z.coerce.number().int().min(0).max(100).default(4),
  EARLY_PLAYERS: z.coerce.number().int().min(0).max(100_000_000).default(10_000),
  START_CHARGES: z.coerce.number().int().min(1).max(1000).default(5),
  RECHARGE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  RATE_LIMIT_IP_PER_MINUTE: positiveInt.default(1200),
  RATE_LIMIT_PAINTS_PER_SECOND: positiveInt.default(20),
  RATE_LIMIT_SIGNIN_PER_MINUTE: positiveInt.default(30),
  SNAPSHOT_MAX_AGE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** default: 5000 with REDIS_URL (a load balancer must see /readyz fail before the listener closes), else 0 */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  TEMPLATE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(4 * 1024 * 1024),
  TEMPLATE_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  UPLOAD_BUDGET_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(4 * 1024 * 1024 * 1024)
    .default(64 * 1024 * 1024),
  /** an upload (or webhook) body slower than this over a window is cut off */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 * 1024 * 1024)
    .default(4096),
  UPLOAD_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  TOURNAMENT_START: z
    .string()
    .refine((v) => Number.isFinite(Date.parse(v)), 'must be a date and time, e.g. 2025-01-06T00:00:00Z')
    .default('2025-01-06T00:00:00Z')
    .transform((v) => Date.parse(v)),
  TOURNAMENT_ROUND_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(366 * 1440)
    .default(6 * 1440),
  TOURNAMENT_BREAK_MINUTES: z.coerce
    .number()
    .min(0)
    .max(366 * 1440)
    .default(1440),
  TOURNAMENT_ROUNDS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  TOURNAMENT_SCORE_INTERVAL_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
});

export type Env = z.input<typeof envSchema>;

/** Every variable the configuration reads (.env.example and the README's table list the same). */
export const ENV_NAMES: readonly string[] = Object.keys(envSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** embedded database only: milliseconds between two VACUUM (ANALYZE); 0 = never */
  dbVacuumMs: number;
  /** embedded database only: let V8 optimise postgres's WebAssembly (db/pglite-durable.ts); `auto`
   * resolves at start from the memory limit (lib/memory-limit.ts) */
  dbWasmTierUp: 'auto' | 'on' | 'off';
  /** the paint log: a keyframe every `keyframePaints` paints or `keyframeMs` (0: by paints only);
   * log rows older than `retentionMs` dropped (0: kept), the daily keyframes stay */
  history: { keyframePaints: number; keyframeMs: number; retentionMs: number };
  databaseUrl: string | null;
  redisUrl: string | null;
  /** namespace of every Redis key, so several walls can share one Redis */
  redisPrefix: string;
  telegram: {
    botToken: string | null;
    botUsername: string | null;
    initDataMaxAgeSeconds: number;
    apiUrl: string;
    webhookSecret: string | null;
    /** TELEGRAM_BOT_SETUP: set the webhook, menu button and commands at start (leader only) */
    botSetup: boolean;
  };
  economy: {
    secretWord: string | null;
    paintRewardOneIn: number;
    orderTtlSeconds: number;
    mining: { pxPerSecond: number; maxSeconds: number };
  };
  /** sale and event marks, the PX default-currency flag */
  shop: ShopConfig;
  ton: TonConfig;
  /** NFT drawings: the collection they are minted into (raw address), or null */
  nft: { collection: string | null };
  /** PX market data and the buyback, burn and fund wallets */
  market: MarketConfig;
  publicUrl: string | null;
  adminIds: ReadonlySet<number>;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** the bearer token /metrics requires, or null: /metrics is open */
  metricsToken: string | null;
  sessionSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** CONTACT_EMAIL, or null: the apps show no contact address */
  contactEmail: string | null;
  /** PX_BUYBACK_COMMITTED (US dollars), or null: /px/buyback claims no amount */
  pxBuybackCommittedUsd: number | null;
  /** the header a trusted proxy puts the player's country in; null: none is read */
  countryHeader: string | null;
  /** Fastify's trustProxy: every peer (true), none (false) or these addresses and CIDR ranges */
  trustProxy: boolean | readonly string[];
  /** the longest a request, headers and body, may take to arrive (Fastify's requestTimeout) */
  requestTimeoutMs: number;
  tickMs: number;
  commitWindowMs: number;
  charges: { start: number; rechargeMs: number };
  /** the first this many players earn Beta Pixel */
  earlyPlayers: number;
  rateLimits: { ipPerMinute: number; paintsPerSecond: number; signInPerMinute: number };
  snapshotMaxAgeMs: number;
  webDist: string | null;
  shutdownGraceMs: number;
  /** after SIGTERM, how long /readyz answers 503 while everything else still serves */
  shutdownDrainMs: number;
  templates: { maxBytes: number; uploadsPerHour: number };
  /** upload bodies (templates, tournament entries, NFT drawings) held in memory at once, bytes */
  uploadBudgetBytes: number;
  /** the slowest an upload body may arrive, averaged over each window, before it is cut off */
  uploadMinRate: { bytesPerSecond: number; windowMs: number };
  /** the tournament calendar (rounds and breaks from startMs; rounds 0 = endless) and scoring */
  tournament: { startMs: number; roundMs: number; breakMs: number; rounds: number; scoreIntervalMs: number };
  /** The dev sign-in exists only without a bot token and on a loopback address. */
  devSignIn: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A secret's file, whitespace at its ends trimmed; unreadable or empty stops the start. */
function readSecretFile(variable: string, file: string): string {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ConfigError(`Invalid configuration:\n  ${variable}: cannot read ${file} (${reason})`);
  }
  const trimmed = text.trim();
  if (trimmed === '') throw new ConfigError(`Invalid configuration:\n  ${variable}: ${file} is empty`);
  return trimmed;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as they do in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const mnemonicFile = cleaned.TON_PAYOUT_MNEMONIC_FILE;
  if (mnemonicFile !== undefined) {
    if (cleaned.TON_PAYOUT_MNEMONIC !== undefined) {
      throw new ConfigError(
        'Invalid configuration:\n  TON_PAYOUT_MNEMONIC_FILE: set either TON_PAYOUT_MNEMONIC or TON_PAYOUT_MNEMONIC_FILE, not both',
      );
    }
    cleaned.TON_PAYOUT_MNEMONIC = readSecretFile('TON_PAYOUT_MNEMONIC_FILE', mnemonicFile);
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0] ?? '?');
      // A bad mnemonic read from the file is reported under the variable that named the file.
      return `${name === 'TON_PAYOUT_MNEMONIC' && mnemonicFile !== undefined ? 'TON_PAYOUT_MNEMONIC_FILE' : name}: ${i.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.UPLOAD_BUDGET_BYTES < e.TEMPLATE_MAX_BYTES) {
    throw new ConfigError(
      `Invalid configuration:\n  UPLOAD_BUDGET_BYTES: must be at least TEMPLATE_MAX_BYTES (${e.TEMPLATE_MAX_BYTES})`,
    );
  }
  if (e.COUNTRY_HEADER !== undefined && e.TRUST_PROXY === false) {
    throw new ConfigError(
      'Invalid configuration:\n  COUNTRY_HEADER: is read from a trusted proxy only; set TRUST_PROXY to its address',
    );
  }
  const botToken = e.TELEGRAM_BOT_TOKEN ?? null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    dbVacuumMs: e.DB_VACUUM_MINUTES * 60_000,
    dbWasmTierUp: e.DB_WASM_TIER_UP,
    history: {
      keyframePaints: e.HISTORY_KEYFRAME_PAINTS,
      keyframeMs: e.HISTORY_KEYFRAME_MINUTES * 60_000,
      retentionMs: e.HISTORY_RETENTION_DAYS * 86_400_000,
    },
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    redisPrefix: e.REDIS_PREFIX,
    telegram: {
      botToken,
      botUsername: e.TELEGRAM_BOT_USERNAME ?? null,
      initDataMaxAgeSeconds: e.INIT_DATA_MAX_AGE_SECONDS,
      apiUrl: e.TELEGRAM_API_URL,
      webhookSecret: e.TELEGRAM_WEBHOOK_SECRET ?? null,
      botSetup: e.TELEGRAM_BOT_SETUP === 'on',
    },
    economy: {
      secretWord: e.SECRET_WORD ?? null,
      paintRewardOneIn: e.PAINT_REWARD_ONE_IN,
      orderTtlSeconds: e.ORDER_TTL_SECONDS,
      mining: { pxPerSecond: e.MINING_PX_PER_SECOND, maxSeconds: e.MINING_MAX_SECONDS },
    },
    shop: shopConfigFrom(e),
    ton: tonConfigFrom(e, e.PUBLIC_URL ?? null, e.PORT),
    nft: { collection: e.NFT_COLLECTION_ADDRESS ? normalizeTonAddress(e.NFT_COLLECTION_ADDRESS) : null },
    market: marketConfigFrom(e),
    publicUrl: e.PUBLIC_URL ?? null,
    adminIds: new Set(e.ADMIN_IDS),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    sessionSecret: e.SESSION_SECRET ?? null,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    contactEmail: e.CONTACT_EMAIL ?? null,
    pxBuybackCommittedUsd: e.PX_BUYBACK_COMMITTED ?? null,
    countryHeader: e.COUNTRY_HEADER ?? null,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    tickMs: e.TICK_MS,
    commitWindowMs: e.COMMIT_WINDOW_MS,
    charges: { start: e.START_CHARGES, rechargeMs: e.RECHARGE_SECONDS * 1000 },
    earlyPlayers: e.EARLY_PLAYERS,
    rateLimits: {
      ipPerMinute: e.RATE_LIMIT_IP_PER_MINUTE,
      paintsPerSecond: e.RATE_LIMIT_PAINTS_PER_SECOND,
      signInPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE,
    },
    snapshotMaxAgeMs: e.SNAPSHOT_MAX_AGE_MS,
    webDist: e.WEB_DIST ?? null,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.REDIS_URL ? 5000 : 0),
    templates: { maxBytes: e.TEMPLATE_MAX_BYTES, uploadsPerHour: e.TEMPLATE_UPLOADS_PER_HOUR },
    uploadBudgetBytes: e.UPLOAD_BUDGET_BYTES,
    uploadMinRate: { bytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND, windowMs: e.UPLOAD_RATE_WINDOW_MS },
    tournament: {
      startMs: e.TOURNAMENT_START,
      roundMs: Math.round(e.TOURNAMENT_ROUND_MINUTES * 60_000),
      breakMs: Math.round(e.TOURNAMENT_BREAK_MINUTES * 60_000),
      rounds: e.TOURNAMENT_ROUNDS,
      scoreIntervalMs: e.TOURNAMENT_SCORE_INTERVAL_MS,
    },
    // Dev sign-in only for a server that is not reachable from outside: no bot token, a loopback
    // listen address, and no public URL (a reverse proxy in front makes loopback meaningless).
    devSignIn:
      botToken === null &&
      isLoopback(e.HOST) &&
      (e.PUBLIC_URL === undefined || isLoopback(new URL(e.PUBLIC_URL).hostname)),
  };
}
