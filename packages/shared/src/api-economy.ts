/**
 * Request and response schemas of the economy: shop and Stars payments, items and blasts, daily
 * offers, mining, rewards, revenue share. Every string and number is bounded. Prices never travel
 * from the client: the server prices an order from the catalogue.
 */
import { z } from 'zod';
import { colorString } from './api.ts';
import { SECRET_WORD_MAX_LENGTH } from './api-constants.ts';
import { CANVAS_PIXELS, MAX_PIXEL_ID, MIN_PIXEL_ID } from './canvas.ts';
import { BOOST_IDS } from './game-config.ts';
import { BLAST_PRODUCT_IDS, type BlastProductId } from './products.ts';
import { SLIDER_MAX } from './slider.ts';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const productIdField = z.number().int().min(1).max(99);
const currencyIdField = z.number().int().min(1).max(99);
const pixelIdField = z.number().int().min(MIN_PIXEL_ID).max(MAX_PIXEL_ID);
/** An exact non-negative decimal, as text ('0.02', '80000'). */
const decimalText = z
  .string()
  .max(96)
  .regex(/^\d+(\.\d+)?$/);
const name = z.string().max(128);
const text = z.string().max(1024);
const url = z.string().max(2048);
const timestamp = z.string().max(40);

// ---------- catalogue ----------

export const priceEntrySchema = z.object({
  currency_id: currencyIdField,
  currency_name: z.string().max(32),
  price: decimalText,
});

/** SPEC §3 Product, plus the limited-offer fields. */
export const shopProductSchema = z.object({
  id: productIdField,
  name,
  description: text,
  image_url: url,
  prices: z.array(priceEntrySchema).max(16),
  isOnePiece: z.boolean(),
  /** Pipette and Fast mode: kept for good once bought. */
  permanent: z.boolean(),
  limited: z.boolean(),
  /** epoch ms when today's limited offer ends; null when the product is not on offer now. */
  limitedEnd: z.number().int().nullable(),
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

/** Counts the player holds by product id ('2' → 5); empty for guests. */
export const goodsAvailableSchema = z.record(z.string().regex(/^\d{1,2}$/), count);
export type GoodsAvailable = z.infer<typeof goodsAvailableSchema>;

export const buyListResponse = z.object({
  products: z.array(shopProductSchema).max(64),
  goodsAvailable: goodsAvailableSchema,
});
export type BuyListResponse = z.infer<typeof buyListResponse>;

// ---------- buying with Stars ----------

export const buyStarsBody = z
  .object({
    type: productIdField,
    qty: z.number().int().min(1).max(SLIDER_MAX).default(1),
    /** Required for Pixanos' Snap (13): a palette colour. */
    pixanosColor: colorString.optional(),
    /** Buying today's limited offer. */
    daily: z.boolean().optional(),
  })
  .strict();
export type BuyStarsBody = z.infer<typeof buyStarsBody>;

export const buyStarsResponse = z.object({
  ok: z.literal(true),
  /** The invoice link to open in Telegram (WebApp.openInvoice). */
  result: url,
  orderId: z.string().max(64),
});
export type BuyStarsResponse = z.infer<typeof buyStarsResponse>;

// ---------- daily offers ----------

export const dailyFreeItemSchema = z.object({
  good_id: productIdField,
  name,
  image_url: url,
  quantity: z.number().int().min(1).max(SLIDER_MAX),
  /** Whether the caller already took today's free item (false for guests). */
  claimed: z.boolean(),
});

export const dailyListResponse = z.object({
  /** UTC day, 'YYYY-MM-DD' */
  day: z.string().max(10),
  /** epoch ms of the next UTC midnight, when the offers change */
  endsAt: z.number().int(),
  offers: z.array(shopProductSchema).max(16),
  free: dailyFreeItemSchema,
});
export type DailyListResponse = z.infer<typeof dailyListResponse>;

export const dailyFreeResponse = z.object({
  success: z.literal(true),
  good_id: productIdField,
  name,
  image_url: url,
  quantity: z.number().int().min(1).max(SLIDER_MAX),
  /** what the player holds of that product now */
  available: count,
});
export type DailyFreeResponse = z.infer<typeof dailyFreeResponse>;

// ---------- using items ----------

/** The product ids a blast request may name: the catalogue's blasts (2 bomb, 6 paint can, 7 pumpkin). */
export const BLAST_TYPES: readonly BlastProductId[] = BLAST_PRODUCT_IDS;

export const repaintSpecialBody = z
  .object({
    pixelId: pixelIdField,
    /** A blast product: 2 bomb (5×5), 6 paint can (3×3), 7 pumpkin (7×7) */
    type: z.union(BLAST_TYPES.map((id) => z.literal(id))),
    color: colorString,
  })
  .strict();
export type RepaintSpecialBody = z.infer<typeof repaintSpecialBody>;

/** The "use product (productId, pixelId, optional color)" call: 1 refills; 2, 6, 7 blast. */
export const useItemBody = z
  .object({
    productId: productIdField,
    pixelId: pixelIdField.optional(),
    color: colorString.optional(),
  })
  .strict();
export type UseItemBody = z.infer<typeof useItemBody>;

export const useItemResultSchema = z.object({
  success: z.literal(true),
  productId: productIdField,
  /** items of that product left */
  left: count,
  /** pixels painted (0 for a refill; up to the whole wall for Pixanos' Snap) */
  pixels: z.number().int().min(0).max(CANVAS_PIXELS),
  charges: z.number().int(),
  maxCharges: z.number().int(),
  reChargeTimer: z.number().int(),
  reChargeSpeed: z.number().int(),
  reward: z.number(),
  reward_type: z.string().nullable(),
  reward_user: z.number().nullable(),
});
export type UseItemResult = z.infer<typeof useItemResultSchema>;

// ---------- mining ----------

export const miningClaimResponse = z.object({
  success: z.literal(true),
  /** PX added by this claim (3 decimals) */
  claimed: z.number(),
  claimedMilli: count,
  /** the balance after the claim, in milli-PX */
  balanceMilli: count,
  /** balanceMilli / 1000, rounded down */
  pixelCoins: count,
});
export type MiningClaimResponse = z.infer<typeof miningClaimResponse>;

export const secretWordBody = z
  .object({ secret_word: z.string().trim().min(1).max(SECRET_WORD_MAX_LENGTH) })
  .strict();

export const secretWordResponse = z.object({
  success: z.literal(true),
  achievementId: z.number().int(),
  /** false when the player had solved it before */
  granted: z.boolean(),
});

export const questStatsResponse = z.object({
  quests: z
    .array(
      z.object({
        id: z.string().max(32),
        done: z.boolean(),
        completedBy: count,
        /** false when the operator has set no secret word: no guess can succeed */
        open: z.boolean(),
      }),
    )
    .max(16),
});
export type QuestStats = z.infer<typeof questStatsResponse>;

// ---------- rewards ----------

export const rewardSchema = z.object({
  id,
  type: z.enum(['goods', 'token']),
  token: z.string().max(16).nullable(),
  amount: decimalText,
  currency_id: currencyIdField.nullable(),
  good_id: productIdField.nullable(),
  /** null = claimable, 'pending' = claim or burn under way, 'success' = done */
  status: z.enum(['pending', 'success']).nullable(),
  is_claimed: z.boolean(),
  hash: z.string().max(128).nullable(),
  name,
  description: text,
  image_url: url.nullable(),
  /** the reward's id, as the claim calls name it */
  reward_user: id,
  created_at: timestamp,
});
export type Reward = z.infer<typeof rewardSchema>;

export const rewardListResponse = z.object({ list: z.array(rewardSchema).max(1000), total: count });
export type RewardList = z.infer<typeof rewardListResponse>;

export const unclaimedGoodsSchema = z.object({
  id,
  good_id: productIdField,
  name,
  image_url: url.nullable(),
});
export const unclaimedListResponse = z.object({ list: z.array(unclaimedGoodsSchema).max(1000) });
export type UnclaimedList = z.infer<typeof unclaimedListResponse>;

/** SPEC §3 reward stats. */
export const rewardStatsResponse = z.object({
  /** PX of every token reward received */
  total: decimalText,
  count,
  /** PX of the token rewards still claimable */
  reward_size: decimalText,
});
export type RewardStats = z.infer<typeof rewardStatsResponse>;

export const rewardsOfUserParams = z.object({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const rewardClaimBody = z.object({ user_id: id, reward_user_id: id }).strict();
export const txRewardBody = z.object({ reward_id: id }).strict();
export const txRewardResponse = z.object({ success: z.literal(true), status: z.literal('pending') });

// ---------- revenue share ----------

export const revshareRowSchema = z.object({
  currencyId: currencyIdField,
  totalPurchases: count,
  /** exact decimal in the currency */
  totalSpend: decimalText,
});
export type RevshareRow = z.infer<typeof revshareRowSchema>;

export const revshareResponse = z.object({
  list: z.array(revshareRowSchema).max(32),
  friends: count,
  balance_share_percent: z.number().int().min(0).max(100),
});
export type RevshareResponse = z.infer<typeof revshareResponse>;

export const balanceShareBody = z
  .object({ balance_share_percent: z.number().int().min(0).max(100) })
  .strict();
export const balanceShareResponse = z.object({
  success: z.literal(true),
  balance_share_percent: z.number().int().min(0).max(100),
});

/** SPEC §8: HTTP 403 with this text when the player has fewer than 10,000 friends. */
export const REVSHARE_LOCKED_MESSAGE = '10k frens were not invited until December 20th';
/**
 * SPEC §8's number for that refusal. The error's `code` stays the app's named code
 * (`REVSHARE_LOCKED`); the number travels beside it as `error.details.numericCode`.
 */
export const REVSHARE_LOCKED_NUMERIC_CODE = 20;

// ---------- boosts bought with PX ----------

const boostIdField = z.enum(BOOST_IDS);
const boostLevel = z.number().int().min(0).max(64);

export const boostUpgradeParams = z.object({ id: boostIdField });

/**
 * `fromLevel`: the level the player saw when pressing Upgrade. A second press that arrives after
 * the first went through then fails (409 CONFLICT) instead of buying a level nobody asked for.
 */
export const boostUpgradeBody = z.object({ fromLevel: boostLevel.optional() }).strict();
export type BoostUpgradeBody = z.infer<typeof boostUpgradeBody>;

export const boostUpgradeResponse = z.object({
  success: z.literal(true),
  id: boostIdField,
  /** the level now */
  level: boostLevel,
  maxLevel: boostLevel,
  /** milli-PX this upgrade cost */
  paidMilli: count,
  /** the balance after paying, in milli-PX */
  balanceMilli: count,
  /** balanceMilli / 1000, rounded down */
  pixelCoins: count,
  /** whole PX for the next level; null at the top */
  nextPricePx: z.number().int().min(0).max(1_000_000_000).nullable(),
  /** the charge rules and paint-reward multiplier the player has now */
  maxCharges: z.number().int().min(1).max(100_000),
  reChargeSpeed: z.number().int().min(1).max(86_400_000),
  rewardMultiplier: z.number().min(1).max(1000),
});
export type BoostUpgradeResponse = z.infer<typeof boostUpgradeResponse>;

// ---------- token payouts ----------

/** Whether claimed token rewards are being sent (a payout wallet is configured and the job runs). */
export const payoutStatusResponse = z.object({
  enabled: z.boolean(),
  /** the wallet payouts come from, user-friendly; null when payouts are off */
  wallet: z.string().max(128).nullable(),
});
export type PayoutStatus = z.infer<typeof payoutStatusResponse>;
