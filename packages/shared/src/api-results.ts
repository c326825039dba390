/**
 * Request and response schemas of four calls of SPEC §7: the player's final mining results
 * (GET /users/game/results), the player's stored language (POST /users/localization?loc=), the
 * winners of rewards (GET /ratings/rewardWinners) and the owned-pixel mask of one price tier
 * (GET /image/mask/{price}). Every string and number is bounded.
 */
import { z } from 'zod';
import { RATINGS_MAX_LIMIT, RATINGS_MAX_OFFSET } from './api-players.ts';
import { SUPPORTED_LANGUAGES } from './game-config.ts';
import { PIXEL_PRICE_TIERS } from './pixel-prices.ts';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// ---------- mining results ----------

/**
 * What a player's mining came to: every PX claimed from mining (the season's total; the balance
 * may hold less once PX was spent), the PX spent on boosts and the levels bought, and the player's
 * place among everyone who claimed anything (most claimed first, equal totals: lower id first;
 * 0 while the player has claimed nothing).
 */
export const miningResultsResponse = z.object({
  /** claimedMilli / 1000 */
  claimed: z.number().min(0),
  claimedMilli: count,
  boostsSpentMilli: count,
  boostLevels: count,
  place: count,
  miners: count,
});
export type MiningResults = z.infer<typeof miningResultsResponse>;

// ---------- language ----------

/** `?loc=` of POST /users/localization: one of the ten language codes. */
export const localizationQuery = z.object({ loc: z.enum(SUPPORTED_LANGUAGES) }).strict();
export type LocalizationQuery = z.infer<typeof localizationQuery>;

export const localizationResponse = z.object({
  success: z.literal(true),
  locale: z.enum(SUPPORTED_LANGUAGES),
});
export type LocalizationResponse = z.infer<typeof localizationResponse>;

// ---------- reward winners ----------

export const REWARD_WINNERS_PAGE_SIZE = 20;

export const rewardWinnersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RATINGS_MAX_LIMIT).default(REWARD_WINNERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(RATINGS_MAX_OFFSET).default(0),
});
export type RewardWinnersQuery = z.infer<typeof rewardWinnersQuery>;

/** One reward a player won (newest first): goods (an item, `amount` of them) or PX tokens. */
export const rewardWinnerSchema = z.object({
  rewardId: id,
  userId: id,
  firstName: z.string().max(256),
  userName: z.string().max(256).nullable(),
  userPic: z.string().max(2048).nullable(),
  type: z.enum(['goods', 'token']),
  amount: z.number().min(0),
  /** the token's name (PX) for a token reward; null for goods */
  token: z.string().max(32).nullable(),
  /** the product of a goods reward; null for tokens */
  productId: z.number().int().min(1).max(1000).nullable(),
  /** where it came from: a paint, the hidden template, a tournament … */
  source: z.string().max(32),
  /** true once a token reward was paid out to the player's wallet */
  paid: z.boolean(),
  date: z.string().max(40),
});
export type RewardWinner = z.infer<typeof rewardWinnerSchema>;

export const rewardWinnersResponse = z.object({
  winners: z.array(rewardWinnerSchema).max(RATINGS_MAX_LIMIT),
  total: count,
});
export type RewardWinners = z.infer<typeof rewardWinnersResponse>;

// ---------- mask of one price ----------

export const PIXEL_PRICES = PIXEL_PRICE_TIERS.map((t) => t.price);

/** `{price}` of GET /image/mask/{price}: one of the wall's pixel prices (PIXEL_PRICE_TIERS). */
export const maskPriceParams = z.object({
  price: z.coerce
    .number()
    .int()
    .refine((p) => (PIXEL_PRICES as readonly number[]).includes(p), {
      message: `price must be one of ${PIXEL_PRICES.join(', ')}`,
    }),
});
export type MaskPriceParams = z.infer<typeof maskPriceParams>;
