/**
 * Request and response schemas of the player-facing social API: ratings (painters by league and
 * by period, squads), squads, friends, painter profiles, moderation, and a player's own pixels.
 * Every string and number is bounded.
 *
 * Ranks start at 1 and count within the board a page belongs to: a league page's first entry is
 * rank 1 of that league. Equal scores rank the lower id first. A signed-in player who has no
 * place yet (no repaints) gets rank 0, which the client hides (SPEC §2).
 */
import { z } from 'zod';
import { squadRefSchema } from './api.ts';
import { PIXEL_LIST_PAGE_SIZE } from './api-constants.ts';
import { CANVAS_HEIGHT, CANVAS_WIDTH, MAX_PIXEL_ID, MIN_PIXEL_ID } from './canvas.ts';
import { LEAGUES, SQUAD_LEAGUES, SQUADS_SCREEN_LEAGUE } from './leagues.ts';
import { PIXEL_PRICE_CURRENCY, PIXEL_PRICE_TIERS } from './pixel-prices.ts';

/** Ratings page size (SPEC §9); the client assumes 500 entries until the first page says more. */
export const RATINGS_PAGE_SIZE = 20;
export const RATINGS_ASSUMED_TOTAL = 500;
export const RATINGS_MAX_LIMIT = 100;
export const RATINGS_MAX_OFFSET = 1_000_000;
export const FRIENDS_PAGE_SIZE = 20;

export const RATING_PERIODS = ['day', 'week', 'month'] as const;
export type RatingPeriod = (typeof RATING_PERIODS)[number];

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const rank = count;
const name = z.string().max(256);
const url = z.string().max(2048);
const timestamp = z.string().max(40);
const pixelId = z.number().int().min(MIN_PIXEL_ID).max(MAX_PIXEL_ID);

function pageQuery(defaultLimit: number, maxOffset = RATINGS_MAX_OFFSET) {
  return {
    limit: z.coerce.number().int().min(1).max(RATINGS_MAX_LIMIT).default(defaultLimit),
    offset: z.coerce.number().int().min(0).max(maxOffset).default(0),
  };
}

export const userIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
/** Squad ids are SQL `serial`s. */
export const squadIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

// ---------- ratings ----------

export const personalRatingQuery = z
  .object({ league: z.enum(LEAGUES).default('bronze'), ...pageQuery(RATINGS_PAGE_SIZE) })
  .strict();

export const leaderboardQuery = z
  .object({ period: z.enum(RATING_PERIODS).default('day'), ...pageQuery(RATINGS_PAGE_SIZE) })
  .strict();

export const squadsRatingQuery = z
  .object({ league: z.enum(SQUAD_LEAGUES).default(SQUADS_SCREEN_LEAGUE), ...pageQuery(RATINGS_PAGE_SIZE) })
  .strict();

export const squadMembersQuery = z.object(pageQuery(RATINGS_PAGE_SIZE)).strict();

export const playerRatingEntrySchema = z.object({
  rank,
  id,
  firstName: name,
  userPic: url.nullable(),
  /** overall repaints on league pages; repaints in the window on period pages */
  repaints: count,
  league: z.enum(LEAGUES),
});
export type PlayerRatingEntry = z.infer<typeof playerRatingEntrySchema>;

export const myPlaceSchema = z.object({ rank, repaints: count, league: z.enum(LEAGUES) });
export type MyPlace = z.infer<typeof myPlaceSchema>;

/** `/ratings/personal` and `/ratings/leaderboard`; myPlace is null for guests. */
export const personalRatingResponse = z.object({
  top: z.array(playerRatingEntrySchema).max(RATINGS_MAX_LIMIT),
  myPlace: myPlaceSchema.nullable(),
  total: count,
});
export type PersonalRating = z.infer<typeof personalRatingResponse>;

export const squadRatingEntrySchema = z.object({
  rank,
  id,
  name,
  slug: name,
  logo: url.nullable(),
  scoredRepaints: count,
  league: z.enum(SQUAD_LEAGUES),
});
export type SquadRatingEntry = z.infer<typeof squadRatingEntrySchema>;

export const squadsRatingResponse = z.object({
  top: z.array(squadRatingEntrySchema).max(RATINGS_MAX_LIMIT),
  MySquadPlace: z.object({ rank, scoredRepaints: count }).nullable(),
  mySquad: squadRatingEntrySchema.nullable(),
  total: count,
});
export type SquadsRating = z.infer<typeof squadsRatingResponse>;

// ---------- squads ----------

export const squadInfoSchema = z.object({
  id,
  name,
  slug: name,
  logo: url.nullable(),
  players: count,
  /** repaints made by members while they were members */
  scoredRepaints: count,
  /** lifetime repaints of the current members */
  totalRepaints: count,
  league: z.enum(SQUAD_LEAGUES),
  /** place in the squad's league; 0 before its first scored repaint */
  rank,
});
export type SquadInfo = z.infer<typeof squadInfoSchema>;

/** `/ratings/squads/{id}`: the squad and a page of its members by repaints (rank within the squad). */
export const squadRatingDetailsSchema = squadInfoSchema.extend({
  top: z.array(playerRatingEntrySchema).max(RATINGS_MAX_LIMIT),
});
export type SquadRatingDetails = z.infer<typeof squadRatingDetailsSchema>;

export const SQUAD_SLUG = /^[a-z0-9_-]{3,32}$/;

export const createSquadBody = z
  .object({
    name: z.string().trim().min(1).max(64),
    slug: z.string().regex(SQUAD_SLUG, 'slug must be 3–32 of a-z, 0-9, "_" or "-"'),
    logo: z
      .string()
      .max(1024)
      .refine(isHttpsUrl, { message: 'logo must be an https URL' })
      .nullable()
      .optional(),
  })
  .strict();
export type CreateSquadBody = z.infer<typeof createSquadBody>;

/** https://host[:port][/path…], no spaces or credentials (no URL class here: the package has no I/O globals). */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

function isHttpsUrl(value: string): boolean {
  return HTTPS_URL.test(value);
}

// ---------- friends and profiles ----------

export const friendsQuery = z.object(pageQuery(FRIENDS_PAGE_SIZE)).strict();

export const friendSchema = z.object({ id, firstName: name, userPic: url.nullable(), repaints: count });

export const friendsResponse = z.object({
  list: z.array(friendSchema).max(RATINGS_MAX_LIMIT),
  total: count,
});
export type Friends = z.infer<typeof friendsResponse>;

/** The painter popup: public fields only (no wallet, balance or inventory). */
export const playerProfileSchema = z.object({
  id,
  firstName: name,
  userName: name.nullable(),
  userPic: url.nullable(),
  league: z.enum(LEAGUES),
  /** place in the player's league; 0 before the first repaint */
  rank,
  repaints: count,
  squad: squadRefSchema.nullable(),
  friends: count,
  /** achievement id → true, for each one earned */
  achievements: z.record(z.string().max(8), z.boolean()),
  /** lets an admin's popup offer Unban rather than Ban */
  banned: z.boolean(),
});
export type PlayerProfileView = z.infer<typeof playerProfileSchema>;

// ---------- my pixels ----------

export const myPixelsQuery = z.object(pageQuery(PIXEL_LIST_PAGE_SIZE, MAX_PIXEL_ID)).strict();

export const myPixelSchema = z.object({
  id: pixelId,
  x: z
    .number()
    .int()
    .min(0)
    .max(CANVAS_WIDTH - 1),
  y: z
    .number()
    .int()
    .min(0)
    .max(CANVAS_HEIGHT - 1),
  color: z.string().max(16),
  dateObtained: timestamp,
});
export type MyPixel = z.infer<typeof myPixelSchema>;

export const myPixelsResponse = z.object({
  pixels: z.array(myPixelSchema).max(RATINGS_MAX_LIMIT),
  total: count,
  /** the sum of pixelPrice over every pixel in the list (all pages) */
  totalPrice: count,
});
export type MyPixels = z.infer<typeof myPixelsResponse>;

/** A pixel the player painted and someone else has painted over since. */
export const soldPixelSchema = z.object({
  id: pixelId,
  x: z
    .number()
    .int()
    .min(0)
    .max(CANVAS_WIDTH - 1),
  y: z
    .number()
    .int()
    .min(0)
    .max(CANVAS_HEIGHT - 1),
  /** the colour it has now */
  color: z.string().max(16),
  /** when it was last painted over */
  dateSold: timestamp,
  repaintedBy: id,
});
export type SoldPixel = z.infer<typeof soldPixelSchema>;

export const soldPixelsResponse = z.object({
  pixels: z.array(soldPixelSchema).max(RATINGS_MAX_LIMIT),
  total: count,
  totalPrice: count,
});
export type SoldPixels = z.infer<typeof soldPixelsResponse>;

export const myPixelsCountResponse = z.object({ myPixelsCount: count });

// ---------- pixel prices ----------

export const pixelPricesResponse = z.object({
  currency: z.literal(PIXEL_PRICE_CURRENCY),
  tiers: z
    .array(
      z.object({
        price: count,
        fromRing: z.number().int().min(0).max(511),
        toRing: z.number().int().min(0).max(511),
        /** how many pixels of the wall are in this tier */
        pixels: count,
      }),
    )
    .max(16),
});
export type PixelPrices = z.infer<typeof pixelPricesResponse>;

/** Pixels whose ring lies within [fromRing, toRing] on the 1024×1024 wall. */
export function pixelsInRings(fromRing: number, toRing: number): number {
  const side = (r: number) => 2 * (r + 1);
  const inner = fromRing === 0 ? 0 : side(fromRing - 1) ** 2;
  return side(toRing) ** 2 - inner;
}

export function pixelPriceList(): PixelPrices {
  let from = 0;
  const tiers = PIXEL_PRICE_TIERS.map((t) => {
    const tier = {
      price: t.price,
      fromRing: from,
      toRing: t.maxRing,
      pixels: pixelsInRings(from, t.maxRing),
    };
    from = t.maxRing + 1;
    return tier;
  });
  return { currency: PIXEL_PRICE_CURRENCY, tiers };
}

// ---------- moderation ----------

/**
 * Who may moderate. Admins come from ADMIN_IDS (server configuration) or users.role; moderators
 * may ban and unban players; admins may also ban moderators, change roles and read the log.
 */
export const PLAYER_ROLES = ['player', 'moderator', 'admin'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

export const MODERATION_ACTIONS = ['ban', 'unban', 'role', 'refund', 'rollback'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_REASON_MAX = 200;
export const MODERATION_LOG_PAGE_SIZE = 20;

const reason = z.string().trim().max(MODERATION_REASON_MAX);

/** Optional body of `PUT /admin/ban/{id}` and `/admin/unban/{id}` (SPEC §7 sends none: null here). */
export const moderationBody = z.object({ reason: reason.optional() }).strict().nullish();
export type ModerationBody = z.infer<typeof moderationBody>;

/** `PUT /admin/role/{id}`, admins only. */
export const setRoleBody = z.object({ role: z.enum(PLAYER_ROLES), reason: reason.optional() }).strict();
export type SetRoleBody = z.infer<typeof setRoleBody>;

/** `GET /admin/me`: the caller's role, which decides the Ban/Unban buttons. */
export const adminMeResponse = z.object({ role: z.enum(PLAYER_ROLES) });
export type AdminMe = z.infer<typeof adminMeResponse>;

export const moderationLogQuery = z
  .object({
    ...pageQuery(MODERATION_LOG_PAGE_SIZE),
    targetId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type ModerationLogQuery = z.infer<typeof moderationLogQuery>;

const logPlayer = z.object({ id, firstName: name });

export const moderationLogEntrySchema = z.object({
  id,
  actor: logPlayer,
  target: logPlayer,
  action: z.enum(MODERATION_ACTIONS),
  /** the role given, for 'role' entries; null otherwise */
  role: z.enum(PLAYER_ROLES).nullable(),
  reason: z.string().max(MODERATION_REASON_MAX).nullable(),
  createdAt: timestamp,
});
export type ModerationLogEntry = z.infer<typeof moderationLogEntrySchema>;

/** `GET /admin/log`, newest first; admins only. */
export const moderationLogResponse = z.object({
  list: z.array(moderationLogEntrySchema).max(RATINGS_MAX_LIMIT),
  total: count,
});
export type ModerationLog = z.infer<typeof moderationLogResponse>;

// ---------- Stars payments and refunds (admins) ----------

/** A Telegram Stars charge id (telegram_payment_charge_id). */
export const chargeIdParams = z.object({ chargeId: z.string().min(1).max(512) });

/** Per product: how many items a refund took back, or found already used. */
const itemCounts = z.record(z.string().max(8), z.number().int().min(0));

export const paymentRefundSchema = z.object({
  /** 'admin': refunded through the admin route; 'telegram': reported by Telegram's refunded_payment */
  source: z.enum(['admin', 'telegram']),
  actorId: id.nullable(),
  takenBack: itemCounts,
  alreadyUsed: itemCounts,
  createdAt: timestamp,
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

export const starsPaymentSchema = z.object({
  chargeId: z.string().max(512),
  orderId: z.string().max(64).nullable(),
  productId: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  /** whole Stars */
  stars: z.number().int().min(0),
  /** 'fulfilled', or why the payment granted nothing */
  outcome: z.string().max(32),
  createdAt: timestamp,
  refund: paymentRefundSchema.nullable(),
});
export type StarsPayment = z.infer<typeof starsPaymentSchema>;

/** `GET /admin/players/{id}/payments`: a player's Stars payments, newest first. */
export const playerPaymentsResponse = z.object({ list: z.array(starsPaymentSchema) });
export type PlayerPayments = z.infer<typeof playerPaymentsResponse>;

/** `POST /admin/payments/{chargeId}/refund`: the payment after the refund (the same when already refunded). */
export const refundResponse = z.object({ payment: starsPaymentSchema, alreadyRefunded: z.boolean() });
export type RefundResponse = z.infer<typeof refundResponse>;
