/**
 * The wall's history, read back from the paint log (modules/history/codec.ts, store.ts):
 *
 * - the wall at any moment: the newest keyframe at or before it, then the log rows after the
 *   keyframe, entry by entry in commit order, up to that moment; snaps (whose durable record is
 *   their event, expanded with the shared `snapPixelIds`) take their place by time;
 * - a pixel's history: the rows holding it (GIN index), newest first, paged by canvas sequence;
 * - keyframes: the leader adds one every `keyframePaints` paints or `keyframeMs` (when anything
 *   was painted), from the previous keyframe and the rows since; the first comes from the
 *   baseline (the pixels when the log began, packed into the log's first rows at the first start);
 * - retention: rows older than `retentionMs` go once a keyframe covers them; the last keyframe of
 *   each day stays as its archive.
 */
import { promisify } from 'node:util';
import { deflateRaw, inflateRaw } from 'node:zlib';
import {
  CANVAS_PIXELS,
  colorOfIndex,
  type LogKind,
  type PixelHistoryItem,
  type PixelHistoryResponse,
  snapPixelIds,
  snapSelects,
} from '@pixel-wall/shared';
import type { Database, Sql, Statement } from '../../db/client.ts';
import type { PaintLogWriter, PaintRecord } from '../../engine/committer.ts';
import { AppError } from '../../errors.ts';
import { historyPage } from '../pixanos/store.ts';
import type { UsersService } from '../users/service.ts';
import { colorOfCode, kindOfCode, type LogEntry, type LogRow, packRows, sequenceOf } from './codec.ts';
import * as store from './store.ts';

const deflate = promisify(deflateRaw);
const inflate = promisify(inflateRaw);

/** Rows read per query while replaying. */
const PAGE_ROWS = 256;
/** Ids below this are the baseline's (migration 0019). */
const BASELINE_IDS = 1000;
/** A keyframe takes only rows written at least this long ago (a slow commit of a lower id). */
const SETTLE_MS = 5_000;

export interface SnapEvent {
  userId: number;
  seed: number;
  percentage: number;
  color: number;
  at: number;
}

/** The paint log's statements for a group commit (the committer's `paintLog`). */
export const paintLogWriter: PaintLogWriter = {
  statements(batch: readonly PaintRecord[]): Statement[] {
    const entries: LogEntry[] = batch.map((r) => ({
      pixelId: r.pixelId,
      color: r.color,
      kind: r.kind ?? 'paint',
      userId: r.userId,
      at: r.at,
    }));
    return packRows(entries).map((row) => store.insertRowStatement(row));
  },
};

/** Every snap, oldest first (the durable record of a snap is its event: pixanos_events). */
export async function snapEvents(q: Sql): Promise<SnapEvent[]> {
  const rows = await historyPage(q, 100_000, 0);
  return rows
    .map((r) => ({
      userId: Number(r.user_id),
      seed: Number(r.seed),
      percentage: r.percentage,
      color: r.color,
      at: Number(r.painted_ms),
    }))
    .reverse();
}

/**
 * Applies rows (commit order) to `colors`, entries with `at <= untilMs` only, and the snaps in
 * `snaps` (oldest first, all after the base) before the first entry later than each.
 */
export function replay(
  colors: Uint8Array,
  rows: readonly LogRow[],
  untilMs: number,
  snaps: SnapEvent[],
): { lastAt: number } {
  let lastAt = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const { pixels, codes, length } = row;
    for (let k = 0; k < length; k++) {
      const at = row.atOf(k);
      if (at > untilMs) continue;
      while (snaps.length > 0 && snaps[0]!.at < at) applySnap(colors, snaps.shift()!);
      colors[pixels[k]! - 1] = codes[k]! & 31;
      if (at > lastAt) lastAt = at;
    }
  }
  return { lastAt };
}

function applySnap(colors: Uint8Array, s: SnapEvent): void {
  for (const id of snapPixelIds(s.seed, s.percentage)) colors[id - 1] = s.color;
}

export interface HistoryDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'profile'>;
  keyframePaints: number;
  keyframeMs: number;
  /** 0: keep everything */
  retentionMs: number;
  now?: () => number;
}

export function createHistoryService(deps: HistoryDeps) {
  const now = deps.now ?? Date.now;
  const { db } = deps;
  // Decoded keyframes by id: the last few asked for (1 MiB each).
  const keyframes = new Map<number, Uint8Array>();
  let building: Promise<void> | null = null;

  async function keyframeColors(k: store.KeyframeRow): Promise<Uint8Array> {
    const hit = keyframes.get(k.id);
    if (hit) {
      keyframes.delete(k.id);
      keyframes.set(k.id, hit);
      return hit;
    }
    const colors = new Uint8Array(await inflate(k.colors));
    if (colors.length !== CANVAS_PIXELS) throw new Error(`keyframe ${k.id} holds ${colors.length} pixels`);
    keyframes.set(k.id, colors);
    while (keyframes.size > 4) keyframes.delete(keyframes.keys().next().value!);
    return colors;
  }

  /** The canvas after every entry at or before `atMs` (palette indices, a fresh copy). */
  async function canvasAt(atMs: number, snaps?: SnapEvent[]): Promise<Uint8Array> {
    const k = await store.keyframeAt(db, atMs);
    const colors = k ? (await keyframeColors(k)).slice() : new Uint8Array(CANVAS_PIXELS);
    const since = k ? k.atMs : Number.NEGATIVE_INFINITY;
    const pending = (snaps ?? (await snapEvents(db))).filter((s) => s.at > since && s.at <= atMs);
    let after = k ? k.logId : 0;
    for (;;) {
      const rows = await store.rowsAfter(db, after, atMs, PAGE_ROWS);
      if (rows.length === 0) break;
      replay(colors, rows, atMs, pending);
      after = rows[rows.length - 1]!.id;
      if (rows.length < PAGE_ROWS) break;
    }
    for (const s of pending) applySnap(colors, s);
    return colors;
  }

  /** Packs the baseline into the log's first rows (once, at the first start after migration 0019). */
  async function takeBaseline(): Promise<number> {
    return db.transaction(async (tx) => {
      const pixels = await store.takeBaseline(tx);
      if (pixels.length === 0) return 0;
      pixels.sort((a, b) => a.ms - b.ms || a.id - b.id);
      const rows = packRows(
        pixels.map((p) => ({ pixelId: p.id, color: p.color, kind: 'baseline', userId: p.userId, at: p.ms })),
      );
      if (rows.length >= BASELINE_IDS) throw new Error('the baseline does not fit in the ids kept for it');
      for (const [i, row] of rows.entries()) {
        const s = store.insertRowStatement(row, i + 1);
        await tx.query(s.text, s.params);
      }
      return pixels.length;
    });
  }

  /** Adds a keyframe when enough was painted since the last one; true when one was added. */
  async function keyframeIfDue(force = false): Promise<boolean> {
    const last = await store.lastKeyframe(db);
    const t = now();
    const since = await store.logSince(db, last?.logId ?? 0, t - SETTLE_MS);
    if (!since) return false;
    const due =
      force ||
      last === null ||
      since.paints >= deps.keyframePaints ||
      (deps.keyframeMs > 0 && t - last.atMs >= deps.keyframeMs);
    if (!due) return false;
    const base = last ? await store.keyframeAt(db, null) : null;
    const colors = base ? (await keyframeColors(base)).slice() : new Uint8Array(CANVAS_PIXELS);
    const from = base ? base.atMs : Number.NEGATIVE_INFINITY;
    let atMs = base ? base.atMs : 0;
    let after = base ? base.logId : 0;
    const snaps = (await snapEvents(db)).filter((s) => s.at > from && s.at <= since.untilMs);
    while (after < since.lastId) {
      const rows = (await store.rowsAfter(db, after, Number.MAX_SAFE_INTEGER, PAGE_ROWS)).filter(
        (r) => r.id <= since.lastId,
      );
      if (rows.length === 0) break;
      const r = replay(colors, rows, Number.MAX_SAFE_INTEGER, snaps);
      atMs = Math.max(atMs, r.lastAt);
      after = rows[rows.length - 1]!.id;
    }
    for (const s of snaps) {
      applySnap(colors, s);
      atMs = Math.max(atMs, s.at);
    }
    await store.insertKeyframe(db, after, atMs, new Uint8Array(await deflate(colors)));
    return true;
  }

  /** The leader's periodic work: a keyframe when due, then retention. One run at a time. */
  function maintain(): Promise<void> {
    building ??= (async () => {
      try {
        await keyframeIfDue();
        if (deps.retentionMs > 0) {
          const cutoff = now() - deps.retentionMs;
          await db.transaction((tx) => store.dropBefore(tx, cutoff));
        }
      } finally {
        building = null;
      }
    })();
    return building;
  }

  async function names(ids: readonly number[]) {
    const out = new Map<number, { name: string; squadId: number | null }>();
    await Promise.all(
      [...new Set(ids)].map(async (id) => {
        const p = id > 0 ? await deps.users.profile(id) : null;
        out.set(id, { name: p?.firstName ?? '', squadId: p?.squadId ?? null });
      }),
    );
    return out;
  }

  /** A pixel's changes, newest first, `limit` of them from below the canvas sequence `before`. */
  async function pixelHistory(
    pixelId: number,
    limit: number,
    before?: number,
  ): Promise<PixelHistoryResponse> {
    const found: { seq: number; color: number; userId: number; at: number; kind: LogKind }[] = [];
    let upperAt = Number.POSITIVE_INFINITY;
    let atMost = before === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(before / 65_536);
    let exhausted = false;
    while (found.length <= limit) {
      const rows = await store.rowsOfPixel(db, pixelId, atMost, limit + 2);
      for (const row of rows) {
        for (let k = row.length - 1; k >= 0; k--) {
          if (row.pixels[k] !== pixelId) continue;
          const seq = sequenceOf(row.id, k);
          if (before !== undefined && seq >= before) {
            if (seq === before) upperAt = row.atOf(k);
            continue;
          }
          const code = row.codes[k]!;
          found.push({
            seq,
            color: colorOfCode(code),
            userId: row.userOf(k),
            at: row.atOf(k),
            kind: kindOfCode(code),
          });
        }
      }
      if (rows.length < limit + 2) {
        exhausted = true;
        break;
      }
      atMost = rows[rows.length - 1]!.id - 1;
    }
    const page = found.slice(0, limit);
    const more = !exhausted || found.length > limit;
    // Snaps that picked this pixel, between this page's oldest entry and the previous page's.
    const lowerAt = more ? (page[page.length - 1]?.at ?? Number.NEGATIVE_INFINITY) : Number.NEGATIVE_INFINITY;
    const snaps = (await snapEvents(db)).filter(
      (s) => s.at > lowerAt && s.at <= upperAt && snapSelects(s.seed, s.percentage, pixelId),
    );
    const merged = [
      ...page.map((e) => ({ ...e, seq: e.seq })),
      ...snaps.map((s) => ({ seq: 0, color: s.color, userId: s.userId, at: s.at, kind: 'snap' as const })),
    ].sort((a, b) => b.at - a.at || b.seq - a.seq);
    const who = await names(merged.map((e) => e.userId));
    const items: PixelHistoryItem[] = merged.map((e, i) => ({
      color: colorOfIndex(e.color),
      userId: e.userId,
      name: who.get(e.userId)?.name ?? '',
      squadId: who.get(e.userId)?.squadId ?? null,
      at: new Date(e.at).toISOString(),
      kind: e.kind,
      rolledBack: i > 0 && merged[i - 1]!.kind === 'rollback',
    }));
    return { items, next: more && page.length > 0 ? page[page.length - 1]!.seq : null };
  }

  function checkMoment(atMs: number): void {
    if (!Number.isFinite(atMs)) throw new AppError('BAD_REQUEST', 'The time is not a valid ISO-8601 time.');
    if (atMs > now()) throw new AppError('BAD_REQUEST', 'The time is in the future.');
  }

  return {
    canvasAt,
    checkMoment,
    pixelHistory,
    takeBaseline,
    keyframeIfDue,
    maintain,
    /** Resolves when the leader's run under way (if any) ends. */
    settled: () => (building ?? Promise.resolve()).catch(() => undefined),
    async dayArchives() {
      return store.dayKeyframes(db);
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
