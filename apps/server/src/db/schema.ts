/** Drizzle mirror of the SQL migrations (a test keeps the two in step). */
import {
  bigint,
  boolean,
  integer,
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
});

export const sessionFamilies = pgTable('session_families', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
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

export const schema = {
  appSecrets,
  squads,
  users,
  sessionFamilies,
  refreshTokens,
  pixels,
  userPeriodRepaints,
  counters,
};
