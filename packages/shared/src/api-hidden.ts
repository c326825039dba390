/**
 * The hidden-template game (SPEC §2 overlays, §7 hidden reward calls, §9): a secret 64×64 template
 * somewhere on the wall. Painting one of its pixels with its colour pays a share of the pool, once
 * per pixel; a wrong colour says so. The colours never leave the server; the area does.
 */
import { z } from 'zod';
import { HIDDEN_RATING_PAGE } from './api-constants.ts';

export const HIDDEN_SIZE = 64;
export const HIDDEN_AWARDS = HIDDEN_SIZE * HIDDEN_SIZE;
export const HIDDEN_POOL_PX = 532_480;
/** PX one right guess pays: the pool shared by the awards (130). */
export const HIDDEN_AWARD_PX = HIDDEN_POOL_PX / HIDDEN_AWARDS;

/** What a paint on the hidden template came to; null on the result for every other paint. */
export const hiddenOutcomeSchema = z.object({
  result: z.enum(['gotcha', 'wrong']),
  /** PX paid ('gotcha'); 0 otherwise */
  amount: z.number().min(0),
  /** the token reward's id ('gotcha') */
  reward_user: z.number().int().nullable(),
});
export type HiddenOutcome = z.infer<typeof hiddenOutcomeSchema>;

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Reward stats of the running round (SPEC §3: total, count, reward_size) and where it is. */
export const hiddenStatsSchema = z.object({
  active: z.boolean(),
  /** the pool, PX */
  total: z.number().min(0),
  /** awards found so far */
  count,
  awards: count,
  /** PX one award pays */
  reward_size: z.number().min(0),
  /** top-left corner and side of the hidden area; null while no round runs */
  area: z.object({ x: count, y: count, size: count }).nullable(),
  /** the caller's own finds and PX in this round (0 for guests) */
  mine: z.object({ count, total: z.number().min(0) }),
});
export type HiddenStats = z.infer<typeof hiddenStatsSchema>;

export const hiddenRatingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(HIDDEN_RATING_PAGE).default(HIDDEN_RATING_PAGE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const hiddenRatingEntrySchema = z.object({
  user: z.object({
    id: z.number().int(),
    firstName: z.string().max(256),
    userName: z.string().max(256).nullable(),
  }),
  /** PX found */
  total: z.number().min(0),
  /** awards found */
  count,
  place: count,
});
export type HiddenRatingEntry = z.infer<typeof hiddenRatingEntrySchema>;

export const hiddenRatingSchema = z.object({
  rating: z.array(hiddenRatingEntrySchema).max(HIDDEN_RATING_PAGE),
  /** players with at least one find */
  total: count,
});
export type HiddenRating = z.infer<typeof hiddenRatingSchema>;

/** Admin: a new round from an operator image (body: 4,096 palette indices, row by row). */
export const hiddenTemplateQuery = z.object({
  x: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 - HIDDEN_SIZE),
  y: z.coerce
    .number()
    .int()
    .min(0)
    .max(1024 - HIDDEN_SIZE),
});

export const hiddenRoundSchema = z.object({ id: z.number().int(), x: count, y: count });
