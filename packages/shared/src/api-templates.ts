/**
 * Request and response schemas of templates and tournaments (SPEC §3 Template and Tournament, §7
 * "Templates and tournaments"). A template is a picture placed on the Wall at (x, y), one image
 * pixel per canvas pixel, every pixel one of the 30 palette colours or transparent. Every string and
 * number is bounded.
 */
import { z } from 'zod';
import {
  FINAL_RESULTS_PAGE_SIZE,
  RANDOM_TEMPLATES,
  TEMPLATE_PAGE_SIZE,
  TOURNAMENT_TEMPLATE_PAGE_SIZE,
} from './api-constants.ts';
import { CANVAS_HEIGHT, CANVAS_WIDTH } from './canvas.ts';

/** Page sizes (SPEC §9). */
export const TEMPLATE_MAX_LIMIT = 50;
export const TEMPLATE_MAX_OFFSET = 1_000_000;

/** Palette index of a transparent template pixel (the palette has 30 colours, 0–29). */
export const TEMPLATE_TRANSPARENT = 255;
/** Upload headers carrying the template's top-left corner (SPEC §5: sent only when non-empty). */
export const TEMPLATE_POS_HEADERS = { x: 'posx', y: 'posy' } as const;

/**
 * What a template is to the player looking at it: the world template everyone sees, the one a
 * referral link brought (`referred`), their own (`my`), one they subscribed to, any other from the
 * public list, or a tournament entry.
 */
export const TEMPLATE_TYPES = ['world', 'referred', 'my', 'subscribed', 'public', 'tournament'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

const id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const coord = z
  .number()
  .int()
  .min(0)
  .max(CANVAS_WIDTH - 1);
const side = z.number().int().min(1).max(CANVAS_WIDTH);
const roundId = z.number().int().min(1).max(1_000_000);
const ms = z.number().int().min(0).max(8.64e15);

export const templateSchema = z.object({
  id,
  x: coord,
  y: coord,
  width: side,
  height: side,
  /** the larger side: what the size limits of SPEC §3 (imageSize) speak of */
  size: side,
  /** immutable URL of the palette PNG (changes with every new upload of this template) */
  url: z.string().max(256),
  version: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  type: z.enum(TEMPLATE_TYPES),
  ownerId: id,
  ownerName: z.string().max(256),
  /** non-transparent pixels */
  pixels: count,
  subscribers: count,
  /** the tournament round a tournament template entered; null for the others */
  roundId: roundId.nullable(),
  updatedAt: z.string().max(40),
});
export type Template = z.infer<typeof templateSchema>;

export const templateListResponse = z.object({
  list: z.array(templateSchema).max(TEMPLATE_MAX_LIMIT),
  total: count,
});
export type TemplateList = z.infer<typeof templateListResponse>;

/** GET /image/template/my: the player's own template and the one they subscribed to. */
export const myTemplatesResponse = z.object({
  template: templateSchema.nullable(),
  subscribed: templateSchema.nullable(),
});
export type MyTemplates = z.infer<typeof myTemplatesResponse>;

/** A single template, or null when there is none (world, referred, my tournament subscription). */
export const maybeTemplateResponse = z.object({ template: templateSchema.nullable() });
export type MaybeTemplate = z.infer<typeof maybeTemplateResponse>;

/** GET /image/template/sizes/{userId}: the square sides a player may upload, by their level. */
export const templateSizesResponse = z.object({
  userId: id,
  level: z.number().int().min(0).max(64),
  sizes: z.array(side).max(16),
  maxSize: side,
});
export type TemplateSizes = z.infer<typeof templateSizesResponse>;

function pageQuery(defaultLimit: number) {
  return z
    .object({
      limit: z.coerce.number().int().min(1).max(TEMPLATE_MAX_LIMIT).default(defaultLimit),
      offset: z.coerce.number().int().min(0).max(TEMPLATE_MAX_OFFSET).default(0),
    })
    .strict();
}

export const templateListQuery = pageQuery(TEMPLATE_PAGE_SIZE);
export const tournamentListQuery = pageQuery(TOURNAMENT_TEMPLATE_PAGE_SIZE);
export const randomTemplatesQuery = z
  .object({ limit: z.coerce.number().int().min(1).max(RANDOM_TEMPLATES).default(RANDOM_TEMPLATES) })
  .strict();
export const tournamentLeaderboardQuery = pageQuery(TOURNAMENT_TEMPLATE_PAGE_SIZE).extend({
  round: z.coerce.number().int().min(1).max(1_000_000).optional(),
});
export const finalResultsQuery = pageQuery(FINAL_RESULTS_PAGE_SIZE).extend({
  round: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export const templateIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
export const templateUserParams = z.object({
  userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
/** `{id}-{version}.png`: the immutable file of one version of a template. */
export const templateFileParams = z.object({ file: z.string().regex(/^[1-9]\d{0,15}-[1-9]\d{0,9}\.png$/) });

export function templateFileName(templateId: number, version: number): string {
  return `${templateId}-${version}.png`;
}

// ---------- tournaments ----------

export const TOURNAMENT_PERIOD_KINDS = ['round', 'break'] as const;
export type TournamentPeriodKind = (typeof TOURNAMENT_PERIOD_KINDS)[number];

export const tournamentPeriodSchema = z.object({
  kind: z.enum(TOURNAMENT_PERIOD_KINDS),
  /** the round this period is, or follows (a break belongs to the round before it) */
  roundId,
  /** epoch ms */
  startsAt: ms,
  endsAt: ms,
});
export type TournamentPeriod = z.infer<typeof tournamentPeriodSchema>;

export const tournamentPeriodsResponse = z.object({
  /** the periods around now: a few before and after */
  periods: z.array(tournamentPeriodSchema).max(32),
  /** the period under way; null before the first round and after the last */
  activePeriod: tournamentPeriodSchema.nullable(),
  /** the round an upload now enters: the active round, or the next one during a break */
  uploadRound: roundId.nullable(),
  /** server time, epoch ms, so a countdown can correct the device clock */
  now: ms,
});
export type TournamentPeriods = z.infer<typeof tournamentPeriodsResponse>;

export const leaderboardEntrySchema = z.object({
  rank: count,
  roundId,
  templateId: id,
  ownerId: id,
  ownerName: z.string().max(256),
  /** template pixels the Wall shows in the template's colour */
  matched: count,
  /** non-transparent template pixels */
  total: count,
  /** matched / total, 0–100 with one decimal */
  percent: z.number().min(0).max(100),
  url: z.string().max(256),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const tournamentLeaderboardResponse = z.object({
  list: z.array(leaderboardEntrySchema).max(TEMPLATE_MAX_LIMIT),
  total: count,
  /** the round shown; null while no round has been scored */
  roundId: roundId.nullable(),
  /** the round is over and these are its final scores */
  final: z.boolean(),
  /** when the scores were computed, epoch ms */
  scoredAt: ms.nullable(),
});
export type TournamentLeaderboard = z.infer<typeof tournamentLeaderboardResponse>;

/** Final results of a finished round (SPEC §3 `{rating, total}`, 15 a page). */
export const finalResultsResponse = z.object({
  rating: z.array(leaderboardEntrySchema).max(TEMPLATE_MAX_LIMIT),
  total: count,
  roundId: roundId.nullable(),
});
export type FinalResults = z.infer<typeof finalResultsResponse>;

export const userRoundResultSchema = z.object({
  round_id: roundId,
  templateId: id,
  rank: count,
  matched: count,
  total: count,
  percent: z.number().min(0).max(100),
  final: z.boolean(),
});
export type UserRoundResult = z.infer<typeof userRoundResultSchema>;

/** GET /tournament/user/results: the player's entries, newest round first. */
export const userResultsResponse = z.object({ results: z.array(userRoundResultSchema).max(100) });
export type UserResults = z.infer<typeof userResultsResponse>;

/** One decimal, as the leaderboard shows it. */
export function matchPercent(matched: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((matched / total) * 1000) / 10;
}

/** Whether a w×h template placed at (x, y) lies wholly on the Wall. */
export function templateFits(x: number, y: number, width: number, height: number): boolean {
  return (
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    x >= 0 &&
    y >= 0 &&
    width >= 1 &&
    height >= 1 &&
    x + width <= CANVAS_WIDTH &&
    y + height <= CANVAS_HEIGHT
  );
}
