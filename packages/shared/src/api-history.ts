/**
 * The wall's history: a pixel's paints (`GET /history/pixels/{id}`), the wall at any moment
 * (`GET /history/canvas`), and the staff's rollback of griefing (`POST /admin/rollback`).
 */
import { z } from 'zod';
import { CANVAS_HEIGHT, CANVAS_WIDTH } from './canvas.ts';

/** What changed a pixel, as the paint log records it (the order is the log's kind code). */
export const LOG_KINDS = ['paint', 'blast', 'rollback', 'staff', 'baseline', 'snap'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

export const PIXEL_HISTORY_PAGE_SIZE = 20;
export const PIXEL_HISTORY_MAX_LIMIT = 100;

/** An instant as ISO-8601 with a zone (`2026-12-03T10:00:00Z`); parsed to epoch ms. */
const instant = z.iso
  .datetime({ offset: true })
  .max(40)
  .transform((s) => Date.parse(s));

export const pixelHistoryQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(PIXEL_HISTORY_MAX_LIMIT).default(PIXEL_HISTORY_PAGE_SIZE),
    /** the `next` of the previous page: entries older than it */
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .strict();
export type PixelHistoryQuery = z.infer<typeof pixelHistoryQuery>;

export const pixelHistoryItem = z.object({
  /** "#rrggbb" */
  color: z.string().max(7),
  /** 0: nobody (a rollback to a pixel never painted) */
  userId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  name: z.string().max(256),
  /** the painter's squad now */
  squadId: z.number().int().min(1).nullable(),
  at: z.string().max(40),
  kind: z.enum(LOG_KINDS),
  /** a later rollback put the pixel back over this change */
  rolledBack: z.boolean(),
});
export type PixelHistoryItem = z.infer<typeof pixelHistoryItem>;

export const pixelHistoryResponse = z.object({
  items: z.array(pixelHistoryItem).max(PIXEL_HISTORY_MAX_LIMIT),
  /** pass as `before` for the next page; null at the start of the log */
  next: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type PixelHistoryResponse = z.infer<typeof pixelHistoryResponse>;

export const historyCanvasQuery = z
  .object({ at: instant, format: z.enum(['webp', 'raw']).default('webp') })
  .strict();
export type HistoryCanvasQuery = z.infer<typeof historyCanvasQuery>;

const area = {
  x: z.coerce
    .number()
    .int()
    .min(0)
    .max(CANVAS_WIDTH - 1),
  y: z.coerce
    .number()
    .int()
    .min(0)
    .max(CANVAS_HEIGHT - 1),
  w: z.coerce.number().int().min(1).max(CANVAS_WIDTH),
  h: z.coerce.number().int().min(1).max(CANVAS_HEIGHT),
};

/** `POST /admin/rollback`, moderators and admins. */
export const rollbackBody = z
  .object({
    ...area,
    since: instant,
    until: instant.optional(),
    userId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    dryRun: z.boolean().default(false),
    reason: z.string().trim().max(120).optional(),
  })
  .strict();
export type RollbackBody = z.input<typeof rollbackBody>;
export type RollbackRequest = z.output<typeof rollbackBody>;

export const rollbackResponse = z.object({
  /** pixels that go (dry run) or went back */
  pixels: z
    .number()
    .int()
    .min(0)
    .max(CANVAS_WIDTH * CANVAS_HEIGHT),
  /** dry run: the area now and after the rollback, as webp (staff only) */
  before: z.string().max(512).optional(),
  after: z.string().max(512).optional(),
});
export type RollbackResponse = z.infer<typeof rollbackResponse>;

/** `GET /admin/rollback/preview`: the dry run's pictures. */
export const rollbackPreviewQuery = z
  .object({
    ...area,
    since: instant,
    until: instant.optional(),
    userId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    state: z.enum(['before', 'after']),
  })
  .strict();
export type RollbackPreviewQuery = z.infer<typeof rollbackPreviewQuery>;
