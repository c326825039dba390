/**
 * Rollback of griefing: every pixel of a rectangle changed since a moment (optionally up to
 * another, optionally only by one player) goes back to what it was just before that moment, as
 * the paint log and the snaps tell it; a pixel never painted before goes back to blank.
 *
 * Applied, the restored pixels go through the engine and the group commit like any change
 * (kind 'rollback'): SQL, the log, and the watchers' ordinary frames. Nothing painted while the
 * rollback runs is lost: the group commit is flushed first (every paint accepted before the start
 * is in the log), and the restored pixels carry the start's time less half a millisecond, so the
 * engine's restore keeps every pixel painted since (the rule of the canvas rebuild:
 * `Engine.restorePixels` never puts older state over a newer paint) and SQL's upsert does the
 * same; only the pixels the engine took are written and shown. A rollback is a change like any
 * other, so rolling back from its moment puts back what it replaced.
 */
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  PALETTE_RGB,
  type RollbackRequest,
  snapSelects,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import type { Committer, PaintRecord } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import { AppError } from '../../errors.ts';
import { loadSharp } from '../../lib/sharp.ts';
import { writeLogEntry } from '../moderation/log.ts';
import { colorOfCode } from './codec.ts';
import { type SnapEvent, snapEvents } from './service.ts';
import * as store from './store.ts';

const PAGE_ROWS = 256;
/** Up to this many pixels, the rows before the moment are found through the GIN index. */
const INDEXED_PIXELS = 20_000;

export interface RollbackDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  engine: Pick<Engine, 'restorePixels' | 'pixel' | 'canvas'>;
  committer: Pick<Committer, 'flush' | 'submitMany'>;
  now?: () => number;
}

interface Restored {
  color: number;
  userId: number;
}

export interface RollbackPlan {
  /** when it was planned: the restored pixels carry this time less half a millisecond */
  startedAt: number;
  pixels: Map<number, Restored>;
}

export function createRollbackService(deps: RollbackDeps) {
  const now = deps.now ?? Date.now;
  const { db } = deps;

  function check(req: Omit<RollbackRequest, 'dryRun' | 'reason'>, at: number): number {
    if (req.x + req.w > CANVAS_WIDTH || req.y + req.h > CANVAS_HEIGHT)
      throw new AppError('BAD_REQUEST', 'The area reaches past the edge of the wall.');
    if (req.since > at) throw new AppError('BAD_REQUEST', '`since` is in the future.');
    const until = req.until ?? at;
    if (until < req.since) throw new AppError('BAD_REQUEST', '`until` is before `since`.');
    return Math.min(until, at);
  }

  /** What the rollback would restore, pixel by pixel; reads the log after flushing the group commit. */
  async function plan(req: Omit<RollbackRequest, 'dryRun' | 'reason'>): Promise<RollbackPlan> {
    const startedAt = now();
    const until = check(req, startedAt);
    await deps.committer.flush();
    const inArea = (id: number) => {
      const i = id - 1;
      const x = i % CANVAS_WIDTH;
      const y = (i - x) / CANVAS_WIDTH;
      return x >= req.x && x < req.x + req.w && y >= req.y && y < req.y + req.h;
    };
    const changed = new Set<number>();
    for (let after = 0; ; ) {
      const rows = await store.rowsBetween(db, req.since, until, after, PAGE_ROWS);
      for (const row of rows) {
        for (let k = 0; k < row.length; k++) {
          const at = row.atOf(k);
          if (at < req.since || at > until || !inArea(row.pixels[k]!)) continue;
          if (req.userId !== undefined && row.userOf(k) !== req.userId) continue;
          changed.add(row.pixels[k]!);
        }
      }
      if (rows.length < PAGE_ROWS) break;
      after = rows[rows.length - 1]!.id;
    }
    const snaps = await snapEvents(db);
    for (const s of snaps) {
      if (s.at < req.since || s.at > until || (req.userId !== undefined && s.userId !== req.userId)) continue;
      forArea(req, (id) => {
        if (snapSelects(s.seed, s.percentage, id)) changed.add(id);
      });
    }

    // Each changed pixel's last change before `since`: newest rows first until all are found.
    const prior = new Map<number, Restored & { at: number }>();
    const left = new Set(changed);
    for (let below = Number.MAX_SAFE_INTEGER; left.size > 0; ) {
      const rows = await store.rowsBefore(
        db,
        req.since,
        below,
        left.size <= INDEXED_PIXELS ? [...left] : null,
        PAGE_ROWS,
      );
      for (const row of rows) {
        for (let k = row.length - 1; k >= 0; k--) {
          const id = row.pixels[k]!;
          const at = row.atOf(k);
          if (at >= req.since || !left.has(id)) continue;
          left.delete(id);
          prior.set(id, { color: colorOfCode(row.codes[k]!), userId: row.userOf(k), at });
        }
      }
      if (rows.length < PAGE_ROWS) break;
      below = rows[rows.length - 1]!.id;
    }
    const earlier: SnapEvent[] = snaps.filter((s) => s.at < req.since);
    const pixels = new Map<number, Restored>();
    for (const id of changed) {
      let state: (Restored & { at: number }) | undefined = prior.get(id);
      for (const s of earlier) {
        if ((state === undefined || s.at > state.at) && snapSelects(s.seed, s.percentage, id))
          state = { color: s.color, userId: s.userId, at: s.at };
      }
      pixels.set(id, state ? { color: state.color, userId: state.userId } : { color: 0, userId: 0 });
    }
    return { startedAt, pixels };
  }

  /** Restores the plan's pixels; answers how many the engine took (those painted since are kept). */
  async function apply(p: RollbackPlan): Promise<number> {
    const at = p.startedAt - 0.5;
    await deps.engine.restorePixels(
      [...p.pixels].map(([id, s]) => ({ id, color: s.color, userId: s.userId, paintedAt: at })),
    );
    const taken = await Promise.all(
      [...p.pixels.keys()].map(async (id) => ((await deps.engine.pixel(id))?.paintedAt === at ? id : 0)),
    );
    const records: PaintRecord[] = [];
    for (const id of taken) {
      if (id === 0) continue;
      const s = p.pixels.get(id)!;
      records.push({
        pixelId: id,
        color: s.color,
        userId: s.userId,
        squadId: null,
        at,
        charges: null,
        chargesUpdatedAt: null,
        kind: 'rollback',
      });
    }
    await deps.committer.submitMany(records);
    return records.length;
  }

  /** The area now ('before') or as the plan leaves it ('after'), as a lossless webp. */
  async function preview(
    req: Pick<RollbackRequest, 'x' | 'y' | 'w' | 'h'>,
    p: RollbackPlan,
    state: 'before' | 'after',
  ): Promise<Buffer> {
    const canvas = await deps.engine.canvas();
    if (state === 'after') for (const [id, s] of p.pixels) canvas[id - 1] = s.color;
    const rgb = Buffer.allocUnsafe(req.w * req.h * 3);
    let o = 0;
    for (let y = req.y; y < req.y + req.h; y++) {
      for (let x = req.x; x < req.x + req.w; x++) {
        const c = canvas[x + y * CANVAS_WIDTH]! * 3;
        rgb[o++] = PALETTE_RGB[c]!;
        rgb[o++] = PALETTE_RGB[c + 1]!;
        rgb[o++] = PALETTE_RGB[c + 2]!;
      }
    }
    return loadSharp()(rgb, { raw: { width: req.w, height: req.h, channels: 3 } })
      .webp({ lossless: true, effort: 1, quality: 1 })
      .toBuffer();
  }

  return {
    plan,
    preview,
    /** Plans and applies, and records it in the moderation log; answers the pixels restored. */
    async rollback(actorId: number, req: RollbackRequest): Promise<number> {
      const p = await plan(req);
      const pixels = await apply(p);
      const span = `${new Date(req.since).toISOString()}${req.until === undefined ? '' : ` to ${new Date(req.until).toISOString()}`}`;
      const what = `rollback ${req.w}x${req.h} at ${req.x},${req.y} since ${span}: ${pixels} pixels`;
      await writeLogEntry(db, {
        actorId,
        // an area rollback names no player: the entry is filed under its moderator
        targetId: req.userId ?? actorId,
        action: 'rollback',
        reason: (req.reason ? `${what}; ${req.reason}` : what).slice(0, 200),
      });
      return pixels;
    },
  };
}

function forArea(req: Pick<RollbackRequest, 'x' | 'y' | 'w' | 'h'>, visit: (id: number) => void): void {
  for (let y = req.y; y < req.y + req.h; y++)
    for (let x = req.x; x < req.x + req.w; x++) visit(x + y * CANVAS_WIDTH + 1);
}

export type RollbackService = ReturnType<typeof createRollbackService>;
