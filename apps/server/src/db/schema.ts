/** Drizzle mirror of the SQL migrations (a test keeps the two in step). */
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const squads = pgTable('squads', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  templateX: integer('template_x'),
  templateY: integer('template_y'),
  scoredRepaints: bigint('scored_repaints', { mode: 'number' }).notNull().default(0),
  totalRepaints: bigint('total_repaints', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name'),
  username: text('username'),
  photoUrl: text('photo_url'),
  languageCode: text('language_code'),
  locale: text('locale'),
  isPremium: boolean('is_premium').notNull().default(false),
  country: text('country'),
  referrerId: bigint('referrer_id', { mode: 'number' }),
  squadId: integer('squad_id').references(() => squads.id, { onDelete: 'set null' }),
  repaints: bigint('repaints', { mode: 'number' }).notNull().default(0),
  charges: integer('charges').notNull(),
  chargesUpdatedAt: bigint('charges_updated_at', { mode: 'number' }).notNull(),
  bannedAt: timestamp('banned_at', { withTimezone: true }),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  /** 0005_moderation.sql */
  role: text('role', { enum: ['player', 'moderator', 'admin'] })
    .notNull()
    .default('player'),
});

export const sessionFamilies = pgTable('session_families', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** started by dev sign-in: never staff (0010) */
  dev: boolean('dev').notNull().default(false),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: text('family_id')
    .notNull()
    .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
});

export const pixels = pgTable('pixels', {
  id: integer('id').primaryKey(),
  color: smallint('color').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  paintedAt: timestamp('painted_at', { withTimezone: true }).notNull(),
});

export const userPeriodRepaints = pgTable(
  'user_period_repaints',
  {
    period: text('period').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    repaints: bigint('repaints', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.period, t.userId] })],
);

export const counters = pgTable('counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
});

// ---------- economy (0002_economy.sql) ----------

export const inventory = pgTable(
  'inventory',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: smallint('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const orders = pgTable('orders', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  productId: smallint('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  currencyId: smallint('currency_id').notNull(),
  amount: text('amount').notNull(),
  amountUnits: numeric('amount_units', { precision: 78, scale: 0 }).notNull(),
  channel: text('channel').notNull(),
  memo: text('memo').unique(),
  pixanosColor: smallint('pixanos_color'),
  daily: boolean('daily').notNull().default(false),
  status: text('status').notNull().default('pending'),
  createdAt: createdAt(),
  fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
});

export const payments = pgTable(
  'payments',
  {
    provider: text('provider').notNull(),
    paymentId: text('payment_id').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    amountUnits: numeric('amount_units', { precision: 78, scale: 0 }).notNull(),
    currencyId: smallint('currency_id').notNull(),
    outcome: text('outcome').notNull(),
    raw: jsonb('raw').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.paymentId] })],
);

export const balances = pgTable('balances', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pxMilli: bigint('px_milli', { mode: 'number' }).notNull().default(0),
  balanceSharePercent: smallint('balance_share_percent').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mining = pgTable('mining', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastClaimAt: bigint('last_claim_at', { mode: 'number' }).notNull(),
  claimedMilli: bigint('claimed_milli', { mode: 'number' }).notNull().default(0),
  energyLimitLevel: smallint('energy_limit_level').notNull().default(0),
  rechargeSpeedLevel: smallint('recharge_speed_level').notNull().default(0),
  rewardLevel: smallint('reward_level').notNull().default(0),
});

export const rewards = pgTable('rewards', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  token: text('token'),
  amount: numeric('amount', { precision: 38, scale: 9 }).notNull(),
  currencyId: smallint('currency_id'),
  goodId: smallint('good_id'),
  status: text('status'),
  action: text('action'),
  hash: text('hash'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  imageUrl: text('image_url'),
  source: text('source').notNull().default('paint'),
  createdAt: createdAt(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
});

export const achievements = pgTable(
  'achievements',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    achievementId: smallint('achievement_id').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

export const dailyClaims = pgTable(
  'daily_claims',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    productId: smallint('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// ---------- TON (0003_ton.sql) ----------

const userRef = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const tonProofPayloads = pgTable('ton_proof_payloads', {
  payload: text('payload').primaryKey(),
  userId: userRef(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const tonVerifiedWallets = pgTable(
  'ton_verified_wallets',
  {
    userId: userRef(),
    address: text('address').notNull(),
    network: text('network').notNull(),
    publicKey: text('public_key').notNull(),
    walletVersion: text('wallet_version').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

export const tonUserWallets = pgTable('ton_user_wallets', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tonProofGuard = pgTable('ton_proof_guard', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  captchaPassedAt: timestamp('captcha_passed_at', { withTimezone: true }),
  captchaWallet: text('captcha_wallet'),
});

export const tonCaptchas = pgTable('ton_captchas', {
  id: text('id').primaryKey(),
  userId: userRef(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  solved: boolean('solved').notNull().default(false),
});

export const tonOrders = pgTable('ton_orders', {
  memo: text('memo').primaryKey(),
  orderId: text('order_id').notNull().unique(),
  userId: userRef(),
  currencyId: smallint('currency_id').notNull(),
  amountUnits: numeric('amount_units', { precision: 40, scale: 0 }).notNull(),
  buyerWallet: text('buyer_wallet').notNull(),
  payTo: text('pay_to').notNull(),
  jettonMaster: text('jetton_master'),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  status: text('status').notNull().default('pending'),
  paymentHash: text('payment_hash'),
  createdAt: createdAt(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

export const tonPayments = pgTable('ton_payments', {
  txHash: text('tx_hash').primaryKey(),
  kind: text('kind').notNull(),
  lt: bigint('lt', { mode: 'bigint' }).notNull(),
  utime: bigint('utime', { mode: 'number' }).notNull(),
  sender: text('sender').notNull(),
  jettonMaster: text('jetton_master'),
  amountUnits: numeric('amount_units', { precision: 40, scale: 0 }).notNull(),
  memo: text('memo'),
  orderId: text('order_id'),
  outcome: text('outcome').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tonWatchCursors = pgTable('ton_watch_cursors', {
  stream: text('stream').primaryKey(),
  lt: bigint('lt', { mode: 'bigint' }).notNull(),
  utime: bigint('utime', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- players (0004_players.sql) ----------

export const pixelOverwrites = pgTable(
  'pixel_overwrites',
  {
    previousUserId: bigint('previous_user_id', { mode: 'number' }).notNull(),
    pixelId: integer('pixel_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    overwrittenAt: timestamp('overwritten_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.previousUserId, t.pixelId] })],
);

// ---------- moderation (0005_moderation.sql) ----------

export const moderationLog = pgTable('moderation_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: bigint('actor_id', { mode: 'number' }).notNull(),
  targetId: bigint('target_id', { mode: 'number' }).notNull(),
  action: text('action', { enum: ['ban', 'unban', 'role'] }).notNull(),
  role: text('role', { enum: ['player', 'moderator', 'admin'] }),
  reason: text('reason'),
  createdAt: createdAt(),
});

export const boostUpgrades = pgTable(
  'boost_upgrades',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    boost: text('boost').notNull(),
    level: smallint('level').notNull(),
    priceMilli: bigint('price_milli', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.boost, t.level] })],
);

export const rewardPayouts = pgTable('reward_payouts', {
  rewardId: bigint('reward_id', { mode: 'number' })
    .primaryKey()
    .references(() => rewards.id, { onDelete: 'cascade' }),
  toAddress: text('to_address'),
  destination: text('destination'),
  seqno: bigint('seqno', { mode: 'number' }),
  messageHash: text('message_hash'),
  rawHash: text('raw_hash'),
  validUntil: bigint('valid_until', { mode: 'number' }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  retryAt: bigint('retry_at', { mode: 'number' }),
  txHash: text('tx_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  batchId: bigint('batch_id', { mode: 'number' }).references(() => payoutBatches.id),
  bodyHash: text('body_hash'),
});

export const payoutBatches = pgTable('payout_batches', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  wallet: text('wallet').notNull(),
  queryId: integer('query_id').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  timeout: integer('timeout').notNull(),
  boc: text('boc').notNull(),
  messageHash: text('message_hash').notNull(),
  rawHash: text('raw_hash').notNull(),
  state: text('state').notNull().default('recorded'),
  sends: integer('sends').notNull().default(0),
  lastSentAt: bigint('last_sent_at', { mode: 'number' }),
  txHash: text('tx_hash'),
  lastError: text('last_error'),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------- hidden-template game and NFT drawings (0008) ----------

export const hiddenRounds = pgTable('hidden_rounds', {
  id: serial('id').primaryKey(),
  x: smallint('x').notNull(),
  y: smallint('y').notNull(),
  source: text('source').notNull(),
  poolPx: bigint('pool_px', { mode: 'number' }).notNull(),
  awards: integer('awards').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: createdAt(),
});

export const hiddenPixels = pgTable(
  'hidden_pixels',
  {
    roundId: integer('round_id')
      .notNull()
      .references(() => hiddenRounds.id, { onDelete: 'cascade' }),
    pixelId: integer('pixel_id').notNull(),
    color: smallint('color').notNull(),
    winnerId: bigint('winner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    rewardId: bigint('reward_id', { mode: 'number' }).references(() => rewards.id, { onDelete: 'set null' }),
    wonAt: timestamp('won_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.pixelId] })],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const nfts = pgTable('nfts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  pixels: bytea('pixels').notNull(),
  status: text('status').notNull().default('pending'),
  approvalNo: integer('approval_no').unique(),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  mintOwner: text('mint_owner'),
  mintHash: text('mint_hash'),
  mintedAt: timestamp('minted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------- Pixanos' Snap (0009_pixanos.sql) ----------

export const pixanosEvents = pgTable('pixanos_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  seed: bigint('seed', { mode: 'number' }).notNull(),
  percentage: smallint('percentage').notNull(),
  color: smallint('color').notNull(),
  pixels: integer('pixels').notNull(),
  paintedMs: doublePrecision('painted_ms').notNull(),
  materializedPixels: integer('materialized_pixels').notNull().default(0),
  materializedAt: timestamp('materialized_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---------- templates and tournaments (0007_templates.sql) ----------

export const templates = pgTable('templates', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ownerId: bigint('owner_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['personal', 'tournament'] }).notNull(),
  roundId: integer('round_id'),
  x: smallint('x').notNull(),
  y: smallint('y').notNull(),
  width: smallint('width').notNull(),
  height: smallint('height').notNull(),
  pixels: bytea('pixels').notNull(),
  png: bytea('png').notNull(),
  opaque: integer('opaque').notNull(),
  version: integer('version').notNull().default(1),
  subscribers: integer('subscribers').notNull().default(0),
  isWorld: boolean('is_world').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const templateSubscriptions = pgTable(
  'template_subscriptions',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['personal', 'tournament'] }).notNull(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const tournamentRounds = pgTable('tournament_rounds', {
  roundId: integer('round_id').primaryKey(),
  scoredAt: timestamp('scored_at', { withTimezone: true }).notNull(),
  scoredBy: text('scored_by').notNull(),
  final: boolean('final').notNull().default(false),
  templates: integer('templates').notNull().default(0),
});

export const tournamentScores = pgTable(
  'tournament_scores',
  {
    roundId: integer('round_id').notNull(),
    templateId: bigint('template_id', { mode: 'number' })
      .notNull()
      .references(() => templates.id, { onDelete: 'cascade' }),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    matched: integer('matched').notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.templateId] })],
);

export const schema = {
  appSecrets,
  squads,
  users,
  sessionFamilies,
  refreshTokens,
  pixels,
  userPeriodRepaints,
  counters,
  inventory,
  orders,
  payments,
  balances,
  mining,
  rewards,
  achievements,
  dailyClaims,
  tonProofPayloads,
  tonVerifiedWallets,
  tonUserWallets,
  tonProofGuard,
  tonCaptchas,
  tonOrders,
  tonPayments,
  tonWatchCursors,
  pixelOverwrites,
  moderationLog,
  boostUpgrades,
  rewardPayouts,
  payoutBatches,
  hiddenRounds,
  hiddenPixels,
  nfts,
  pixanosEvents,
  templates,
  templateSubscriptions,
  tournamentRounds,
  tournamentScores,
};
