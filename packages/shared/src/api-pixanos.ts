/**
 * Pixanos' Snap API: the rating of snappers (`GET /ratings/pixanos`, SPEC §7: rating, total; 10 a
 * page) and the list of snaps in History (`GET /history/all`).
 */
import { z } from 'zod';
import { PIXANOS_PAGE_SIZE } from './api-constants.ts';

export const PIXANOS_MAX_LIMIT = 50;

export const pixanosPageQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(PIXANOS_MAX_LIMIT).default(PIXANOS_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type PixanosPageQuery = z.infer<typeof pixanosPageQuery>;

const snapper = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  firstName: z.string().max(256),
  userName: z.string().max(256).nullable(),
  userPic: z.string().max(2048).nullable(),
});

/** One snap as History shows it: who, and the event's info {seed, percentage, color} (SPEC §3). */
export const pixanosEventSchema = z.object({
  id: z.number().int().min(1),
  user: snapper,
  info: z.object({
    seed: z.number().int().min(0).max(0xffffffff),
    percentage: z.number().int().min(1).max(100),
    color: z.string().max(7),
  }),
  pixels: z.number().int().min(0),
  date: z.string().max(40),
});
export type PixanosEvent = z.infer<typeof pixanosEventSchema>;

export const historyAllResponse = z.object({
  list: z.array(pixanosEventSchema),
  total: z.number().int().min(0),
});
export type HistoryAllResponse = z.infer<typeof historyAllResponse>;

/** A snapper's place: ranked by pixels repainted with snaps, then by the earlier first snap. */
export const pixanosRatingEntry = z.object({
  rank: z.number().int().min(1),
  user: snapper,
  snaps: z.number().int().min(1),
  pixels: z.number().int().min(0),
  lastColor: z.string().max(7),
  lastAt: z.string().max(40),
});
export type PixanosRatingEntry = z.infer<typeof pixanosRatingEntry>;

export const pixanosRatingResponse = z.object({
  rating: z.array(pixanosRatingEntry),
  total: z.number().int().min(0),
});
export type PixanosRatingResponse = z.infer<typeof pixanosRatingResponse>;
