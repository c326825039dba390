/**
 * Pixanos' Snap (product 13): a player uses the item, and half of the wall turns the colour they
 * chose when buying it. The recolouring is the shared `snapPixelIds(seed, percentage)`, so every
 * client repaints its own canvas from the event and ends equal to the server.
 *
 * One use, in order:
 *  0. the colour (given now, else the one chosen when buying) must be one the player may paint;
 *  1. take the item with a conditional decrement (two concurrent uses: one wins, one gets NO_ITEMS);
 *  2. a fresh random seed; the engine paints every named pixel in ONE atomic step (paintBulk),
 *     owner the snapper, one time;
 *  3. the group commit is flushed and we wait `settleMs` (≥ two ticks): paints accepted before the
 *     snap are then in SQL and in pixel frames numbered before the snap's;
 *  4. one SQL transaction records the event (the durable record: seed, percentage, colour, time)
 *     and the achievement; the pixels table catches up in the background in chunked multi-row
 *     upserts, each its own short transaction so paint commits never wait long behind it, each
 *     conditional on the stored pixel not being newer than the snap. Until it is done, a restart
 *     replays pending snaps over the stored pixels (`withPendingSnaps`);
 *  5. the snap takes the next pixel sequence number S and is announced with it: clients at S−1
 *     repaint locally, anyone else sees a gap and refetches the snapshot. Pixels painted over the
 *     snap before S was taken (during the settle wait) are announced again on the commit stream
 *     after it, so clients that repaint locally end with them on top, as the engine has them.
 */
import { randomInt } from 'node:crypto';
import {
  CANVAS_PIXELS,
  colorOfIndex,
  type HistoryAllResponse,
  msUntilNextCharge,
  type PixanosRatingResponse,
  type PixelChange,
  ProductId,
  paletteIndexOf,
  SNAP_CENTRE_PIXEL_ID,
  SNAP_PERCENTAGE,
  snapPixelIds,
  type UseItemResult,
} from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import type { Committer } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import { grant } from '../achievements/service.ts';
import { requireColourNow, SNAP_COLOR_LOCKED_MESSAGE } from '../items/colours.ts';
import { addItems, takeOne } from '../items/inventory.ts';
import { paintPixelsAsOf } from '../pixels/store.ts';
import { latestPixanosColor } from '../shop/store.ts';
import type { UsersService } from '../users/service.ts';
import { type PlayerCard, playerCards } from '../users/store.ts';
import * as store from './store.ts';

/** Achievement 14, "Pixanos' Snap" (use of Pixanos). */
export const PIXANOS_ACHIEVEMENT = 14;
/** Rows per upsert while the pixels table catches up with a snap. */
export const MATERIALIZE_CHUNK = 20_000;

export interface PixanosDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  engine: Pick<Engine, 'paintBulk' | 'canvas' | 'charges'>;
  committer: Pick<Committer, 'flush' | 'announce'>;
  bus: Pick<Bus, 'publishEvent' | 'nextSeq'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** wait after the engine write so earlier paints reach SQL and their frames (≥ 2 ticks) */
  settleMs: number;
  /** called with the snap's sequence once announced (the snapshot caches drop their copy) */
  onSnapped?(seq: number): void;
  now?: () => number;
  seed?: () => number;
  log?: { error(obj: object, msg: string): void };
}

export interface PendingSnap {
  id: number;
  userId: number;
  seed: number;
  percentage: number;
  color: number;
  paintedMs: number;
  /** pixels (in id order) already in the pixels table */
  done: number;
}

/** The colour chosen when the player bought the snap they hold: their latest fulfilled order's. */
async function boughtColor(db: Sql, userId: number): Promise<number | null> {
  return latestPixanosColor(db, userId, ProductId.PixanosSnap);
}

/** Writes a snap's pixels into the pixels table, skipping pixels stored newer than the snap. */
export async function materializeChunk(tx: Sql, snap: PendingSnap, ids: ArrayLike<number>): Promise<void> {
  await paintPixelsAsOf(tx, Array.from(ids), snap.color, snap.userId, snap.paintedMs);
}

/** Snaps whose pixels are not all in the pixels table yet, oldest first. */
export async function pendingSnaps(db: Sql): Promise<PendingSnap[]> {
  const rows = await store.pendingEvents(db);
  return rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    seed: Number(r.seed),
    percentage: r.percentage,
    color: r.color,
    paintedMs: Number(r.painted_ms),
    done: Number(r.materialized_pixels),
  }));
}

export interface StoredPixel {
  id: number;
  color: number;
  userId: number;
  paintedAt: number;
}

/**
 * The canvas as stored rows plus the pending snaps replayed over them: a snap repaints each pixel
 * it names unless the stored pixel is newer. Pure; used when the engine is rebuilt from SQL.
 */
export function withPendingSnaps(rows: readonly StoredPixel[], snaps: readonly PendingSnap[]): StoredPixel[] {
  if (snaps.length === 0) return rows as StoredPixel[];
  const byId: (StoredPixel | undefined)[] = new Array(CANVAS_PIXELS + 1);
  for (const r of rows) byId[r.id] = r;
  for (const s of snaps) {
    for (const id of snapPixelIds(s.seed, s.percentage)) {
      const stored = byId[id];
      if (stored && stored.paintedAt > s.paintedMs) continue;
      byId[id] = { id, color: s.color, userId: s.userId, paintedAt: s.paintedMs };
    }
  }
  const out: StoredPixel[] = [];
  for (const r of byId) if (r) out.push(r);
  return out;
}

export function createPixanosService(deps: PixanosDeps) {
  const clock = deps.now ?? Date.now;
  const newSeed = deps.seed ?? (() => randomInt(0, 2 ** 32 - 1));
  // One snap at a time per instance; the engine step itself is atomic across instances.
  let queue: Promise<unknown> = Promise.resolve();
  let materializing: Promise<void> | null = null;
  let stopped = false;

  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  }

  async function materialize(snap: PendingSnap): Promise<void> {
    const ids = snapPixelIds(snap.seed, snap.percentage);
    for (let i = snap.done; i < ids.length; i += MATERIALIZE_CHUNK) {
      // Stopping half way is safe: the event stays pending, a restart replays it and resumes here.
      if (stopped) return;
      const end = Math.min(ids.length, i + MATERIALIZE_CHUNK);
      await deps.db.transaction(async (tx) => {
        await materializeChunk(tx, snap, ids.subarray(i, end));
        await store.setMaterializedPixels(tx, snap.id, end);
      });
    }
    await store.markMaterialized(deps.db, snap.id);
  }

  /** Brings the pixels table up to date with every pending snap (idempotent; one run at a time). */
  function catchUp(): Promise<void> {
    if (stopped) return Promise.resolve();
    materializing ??= (async () => {
      try {
        for (let snaps = await pendingSnaps(deps.db); snaps.length > 0; snaps = await pendingSnaps(deps.db)) {
          for (const s of snaps) await materialize(s);
          if (stopped) return;
        }
      } finally {
        materializing = null;
      }
    })();
    return materializing;
  }

  async function snap(userId: number, colorOverride: string | undefined): Promise<UseItemResult> {
    const player = await deps.users.requirePlayer(userId);
    let color = colorOverride === undefined ? -1 : paletteIndexOf(colorOverride);
    if (colorOverride !== undefined && color < 0)
      throw new AppError('INVALID_COLOR', 'The colour must be one of the palette colours.');
    if (color < 0) color = (await boughtColor(deps.db, userId)) ?? -1;
    if (color < 0)
      throw new AppError('INVALID_COLOR', "Choose a palette colour for Pixanos' Snap.", {
        productId: ProductId.PixanosSnap,
      });
    // Held to the player's colours now, whether chosen now or when bought (All colours may have
    // been refunded since).
    await requireColourNow(deps.db, userId, color, SNAP_COLOR_LOCKED_MESSAGE);

    return serial(async () => {
      const left = await takeOne(deps.db, userId, ProductId.PixanosSnap);
      if (left === null) {
        throw new AppError('NO_ITEMS', "You have no Pixanos' Snap left. Get one in the shop.", {
          productId: ProductId.PixanosSnap,
        });
      }
      const seed = newSeed();
      const percentage = SNAP_PERCENTAGE;
      const ids = snapPixelIds(seed, percentage);
      const at = clock();
      try {
        await deps.engine.paintBulk({ pixelIds: ids, color, userId, now: at });
      } catch (err) {
        // Nothing was painted: give the item back.
        await addItems(deps.db, userId, [{ productId: ProductId.PixanosSnap, qty: 1 }]);
        throw err;
      }
      await deps.committer.flush();
      if (deps.settleMs > 0) await new Promise((r) => setTimeout(r, deps.settleMs));
      const eventId = await deps.db.transaction(async (tx) => {
        const id = await store.insertEvent(tx, {
          userId,
          seed,
          percentage,
          color,
          pixels: ids.length,
          paintedMs: at,
        });
        await grant(tx, userId, PIXANOS_ACHIEVEMENT);
        return id;
      });

      const seq = await deps.bus.nextSeq();
      // Pixels painted over the snap before its sequence was taken: clients that repaint from the
      // event would cover them, so they go out again after it.
      const canvas = await deps.engine.canvas();
      const over: PixelChange[] = [];
      for (const id of ids) if (canvas[id - 1] !== color) over.push({ pixelId: id, color: canvas[id - 1]! });
      try {
        await deps.bus.publishEvent({
          kind: 'snap',
          user: { id: userId, firstName: player.firstName, userPic: player.userPic },
          pixelId: SNAP_CENTRE_PIXEL_ID,
          color: colorOfIndex(color),
          seed,
          percentage,
          seq,
        });
        deps.committer.announce(over);
      } catch (err) {
        // The snap is in the engine and SQL; clients see the gap at the next batch and refetch.
        deps.log?.error({ err }, 'snap event not published');
      }
      deps.onSnapped?.(seq);
      void catchUp().catch((err: unknown) =>
        deps.log?.error({ err, eventId }, 'snap pixels not written yet'),
      );

      const after = await deps.engine.charges(userId, at);
      return {
        success: true,
        productId: ProductId.PixanosSnap,
        left,
        pixels: ids.length,
        charges: after.charges.charges,
        maxCharges: after.rules.max,
        reChargeTimer: msUntilNextCharge(after.charges, after.rules, at),
        reChargeSpeed: after.rules.speedMs,
        reward: 0,
        reward_type: null,
        reward_user: null,
      };
    });
  }

  function view(r: store.EventRow, u: PlayerCard | undefined) {
    return {
      id: Number(r.id),
      user: {
        id: Number(r.user_id),
        firstName: u?.first_name ?? '',
        userName: u?.username ?? null,
        userPic: u?.photo_url ?? null,
      },
      info: { seed: Number(r.seed), percentage: r.percentage, color: colorOfIndex(r.color) },
      pixels: r.pixels,
      date: new Date(Number(r.painted_ms)).toISOString(),
    };
  }

  return {
    use: snap,
    catchUp,

    /** Lets a running catch-up stop at its next chunk (shutdown); pending snaps stay pending. */
    async close(): Promise<void> {
      stopped = true;
      await queue;
      await materializing;
    },

    /** Every snap, newest first: who snapped, with what (`/history/all`). */
    async history(offset: number, limit: number): Promise<HistoryAllResponse> {
      const rows = await store.historyPage(deps.db, limit, offset);
      const [names, total] = await Promise.all([
        playerCards(
          deps.db,
          rows.map((r) => Number(r.user_id)),
        ),
        store.eventCount(deps.db),
      ]);
      return { list: rows.map((r) => view(r, names.get(Number(r.user_id)))), total };
    },

    /** Snappers ranked by pixels repainted with snaps (`/ratings/pixanos`). */
    async rating(offset: number, limit: number): Promise<PixanosRatingResponse> {
      const rows = await store.snapperPage(deps.db, limit, offset);
      const [names, total] = await Promise.all([
        playerCards(
          deps.db,
          rows.map((r) => Number(r.user_id)),
        ),
        store.snapperCount(deps.db),
      ]);
      return {
        rating: rows.map((r, k) => ({
          rank: offset + k + 1,
          user: {
            id: Number(r.user_id),
            firstName: names.get(Number(r.user_id))?.first_name ?? '',
            userName: names.get(Number(r.user_id))?.username ?? null,
            userPic: names.get(Number(r.user_id))?.photo_url ?? null,
          },
          snaps: r.snaps,
          pixels: Number(r.pixels),
          lastColor: colorOfIndex(r.last_color),
          lastAt: new Date(Number(r.last_ms)).toISOString(),
        })),
        total,
      };
    },
  };
}

export type PixanosService = ReturnType<typeof createPixanosService>;
