/**
 * Request and response schemas of the HTTP API (`/api/v1`). The server validates with them and the
 * web client takes its types from them. Every string and number is bounded.
 */
import { z } from 'zod';
import { hiddenOutcomeSchema } from './api-hidden.ts';
import { MAX_PIXEL_ID, MIN_PIXEL_ID } from './canvas.ts';
import { ERROR_CODES } from './errors.ts';
import { isPaletteColor } from './palette.ts';

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const shortText = z.string().max(256);

export const errorBodySchema = z.object({
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
  requestId: z.string(),
});

// ---------- auth ----------

export const initDataSignInBody = z.object({ initData: z.string().min(1).max(8192) }).strict();

export const loginWidgetBody = z
  .object({
    id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,16}$/)]),
    first_name: z.string().min(1).max(256),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(1024).optional(),
    auth_date: z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();
export type LoginWidgetBody = z.infer<typeof loginWidgetBody>;

export const devSignInBody = z
  .object({
    id: id.optional(),
    firstName: z.string().trim().min(1).max(64),
    startParam: z.string().max(512).optional(),
  })
  .strict();

export const refreshBody = z.object({ refresh_token: z.string().min(16).max(512) }).strict();

export const tokenResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  refresh_token: z.string(),
  expiresIn: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

export const publicConfigResponse = z.object({
  devSignIn: z.boolean(),
  botUsername: z.string().nullable(),
  appUrl: z.string().nullable(),
  /** the server's CONTACT_EMAIL; null when the operator has set none */
  contactEmail: z.string().nullable(),
  /** SPEC §4: the shop's default currency is PX (10) instead of Stars (1) */
  pxDefaultCurrency: z.boolean().default(false),
  /** PX market data is configured: token stats can be fetched (otherwise they answer 503) */
  marketData: z.boolean().default(false),
  /** PX_BUYBACK_COMMITTED: US dollars committed to the buyback; null: no amount is claimed */
  pxBuybackCommittedUsd: z.number().int().positive().max(1_000_000_000_000).nullable().default(null),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;

// ---------- users ----------

export const squadRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  slug: z.string(),
  templateX: z.number().int().nullable(),
  templateY: z.number().int().nullable(),
});
export type SquadRef = z.infer<typeof squadRefSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  userName: z.string().nullable(),
  userPic: z.string().nullable(),
  league: z.string(),
  rank: z.number().int(),
  squad: squadRefSchema.nullable(),
  friends: z.number().int(),
  repaints: z.number().int(),
  achievements: z.record(z.string(), z.boolean()),
  balance: z.number(),
  balance_share_percent: z.number(),
  locale: z.string().nullable(),
  languageCode: z.string().nullable(),
  country: z.string().nullable(),
  websocketToken: z.string(),
  walletAddress: z.string().nullable(),
  pixelCoins: z.number().int(),
  isPremium: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const miningStatusSchema = z.object({
  charges: z.number().int(),
  maxCharges: z.number().int(),
  /** ms per charge */
  reChargeSpeed: z.number().int(),
  /** ms until the next charge; 0 at max */
  reChargeTimer: z.number().int(),
  /** epoch ms the current recharge counts from */
  reChargeTs: z.number(),
  addedCharges: z.number().int(),
  coins: z.number(),
  speedPerSecond: z.number(),
  fromStart: z.number(),
  fromUpdate: z.number(),
  maxMiningTime: z.number(),
  walletVerification: z.boolean(),
  boosts: z.array(z.object({ id: z.string(), level: z.number().int(), maxLevel: z.number().int() })),
  tasks: z.array(z.object({ id: z.string(), done: z.boolean() })),
});
export type MiningStatus = z.infer<typeof miningStatusSchema>;

// ---------- paint ----------

export const colorString = z
  .string()
  .max(16)
  .refine((c) => isPaletteColor(c), { message: 'colour must be one of the palette colours' });

export const repaintBody = z
  .object({
    pixelId: z.number().int().min(MIN_PIXEL_ID).max(MAX_PIXEL_ID),
    newColor: colorString,
  })
  .strict();
export type RepaintBody = z.infer<typeof repaintBody>;

export const repaintResultSchema = z.object({
  success: z.literal(true),
  charges: z.number().int(),
  maxCharges: z.number().int(),
  reChargeTimer: z.number().int(),
  reChargeSpeed: z.number().int(),
  reward: z.number(),
  reward_type: z.string().nullable(),
  reward_user: z.number().nullable(),
  /** the hidden-template game's verdict on this paint, when the pixel is one of its pixels */
  hidden: hiddenOutcomeSchema.nullable().optional(),
});
export type RepaintResult = z.infer<typeof repaintResultSchema>;

export const pixelIdParams = z.object({ id: z.coerce.number().int().min(MIN_PIXEL_ID).max(MAX_PIXEL_ID) });

export const pixelOwnerSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  userName: z.string().nullable(),
  userPic: z.string().nullable(),
  squad: squadRefSchema.nullable(),
});
export type PixelOwner = z.infer<typeof pixelOwnerSchema>;

export const pixelInfoSchema = z.object({
  pixel: z.object({
    id: z.number().int(),
    x: z.number().int(),
    y: z.number().int(),
    color: z.string(),
    dateObtained: z.string().nullable(),
  }),
  owner: pixelOwnerSchema.nullable(),
});
export type PixelInfo = z.infer<typeof pixelInfoSchema>;

// ---------- stats ----------

export const usersStatsSchema = z.object({
  totalPlayers: z.number().int(),
  totalRepaints: z.number().int(),
  premium_users: z.number().int(),
  active_users: z.number().int(),
  daily_users: z.number().int(),
  daily_repaints: z.number().int(),
  top_countries: z.record(z.string(), z.number().int()),
});
export type UsersStats = z.infer<typeof usersStatsSchema>;

export const historyStatsSchema = z.object({
  totalRepaints: z.number().int(),
  daily_repaints: z.number().int(),
  paintedPixels: z.number().int(),
  seq: z.number().int(),
});
export type HistoryStats = z.infer<typeof historyStatsSchema>;

export const onlineStatsSchema = z.object({ current_visitors: z.number().int() });

export { shortText as boundedText };
