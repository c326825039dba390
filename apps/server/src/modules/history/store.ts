/**
 * The SQL of the paint log and the keyframes (`paint_log`, `paint_log_baseline`,
 * `canvas_keyframes`; see db/owners.ts), each function taking the database or a transaction.
 */
import type { Sql, Statement } from '../../db/client.ts';
import { type LogRow, type PackedRow, unpackRow } from './codec.ts';

interface StoredRow {
  id: number | string;
  at_ms: number | string;
  pixels: number[];
  body: Uint8Array;
}

const ROW_COLUMNS = 'id, at_ms, pixels, body';

function decode(rows: StoredRow[]): LogRow[] {
  return rows.map((r) => unpackRow(Number(r.id), Number(r.at_ms), r.pixels, r.body));
}

/**
 * A bytea parameter as hex text, decoded by SQL (`decode($n::text, $m::text)` with 'hex'): every
 * driver and the inlined group commit (numbers and strings only) take it alike.
 */
function hex(body: Uint8Array): string {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('hex');
}

export function insertRowStatement(row: PackedRow, id?: number): Statement {
  const params: unknown[] = [row.atMs, row.untilMs, row.pixels.length, row.pixels, hex(row.body), 'hex'];
  if (id === undefined) {
    return {
      text: `INSERT INTO paint_log (at_ms, until_ms, paints, pixels, body)
       VALUES ($1, $2, $3, $4::int4[], decode($5::text, $6::text))`,
      params,
    };
  }
  return {
    text: `INSERT INTO paint_log (id, at_ms, until_ms, paints, pixels, body)
     VALUES ($7, $1, $2, $3, $4::int4[], decode($5::text, $6::text))`,
    params: [...params, id],
  };
}

/** Rows after `afterId` (in commit order) whose earliest entry is at or before `untilMs`. */
export async function rowsAfter(q: Sql, afterId: number, untilMs: number, limit: number): Promise<LogRow[]> {
  return decode(
    await q.query<StoredRow>(
      `SELECT ${ROW_COLUMNS} FROM paint_log WHERE id > $1 AND at_ms <= $2 ORDER BY id LIMIT $3`,
      [afterId, untilMs, limit],
    ),
  );
}

/** The rows holding `pixelId`, at or below row `atMostId`, newest first (the GIN index). */
export async function rowsOfPixel(
  q: Sql,
  pixelId: number,
  atMostId: number,
  limit: number,
): Promise<LogRow[]> {
  return decode(
    await q.query<StoredRow>(
      `SELECT ${ROW_COLUMNS} FROM paint_log WHERE pixels @> ARRAY[$1::int4] AND id <= $2
       ORDER BY id DESC LIMIT $3`,
      [pixelId, atMostId, limit],
    ),
  );
}

/** Rows with an entry in [sinceMs, untilMs], in commit order. */
export async function rowsBetween(q: Sql, sinceMs: number, untilMs: number, afterId: number, limit: number) {
  return decode(
    await q.query<StoredRow>(
      `SELECT ${ROW_COLUMNS} FROM paint_log
       WHERE until_ms >= $1 AND at_ms <= $2 AND id > $3 ORDER BY id LIMIT $4`,
      [sinceMs, untilMs, afterId, limit],
    ),
  );
}

/**
 * Rows below `belowId` with an entry before `beforeMs`, newest first; with `pixels`, only rows
 * holding one of them (the GIN index).
 */
export async function rowsBefore(
  q: Sql,
  beforeMs: number,
  belowId: number,
  pixels: readonly number[] | null,
  limit: number,
): Promise<LogRow[]> {
  const rows = pixels
    ? await q.query<StoredRow>(
        `SELECT ${ROW_COLUMNS} FROM paint_log WHERE at_ms < $1 AND id < $2 AND pixels && $3::int4[]
         ORDER BY id DESC LIMIT $4`,
        [beforeMs, belowId, pixels, limit],
      )
    : await q.query<StoredRow>(
        `SELECT ${ROW_COLUMNS} FROM paint_log WHERE at_ms < $1 AND id < $2 ORDER BY id DESC LIMIT $3`,
        [beforeMs, belowId, limit],
      );
  return decode(rows);
}

/** What the log holds after `afterId`: the newest row, and the rows and paints since. */
export async function logSince(
  q: Sql,
  afterId: number,
  settledBeforeMs: number,
): Promise<{ lastId: number; rows: number; paints: number; untilMs: number } | null> {
  const [r] = await q.query<{
    last: string | number | null;
    n: string | number;
    p: string | number | null;
    u: string | number | null;
  }>(
    `SELECT max(id) AS last, count(*) AS n, sum(paints) AS p, max(until_ms) AS u
     FROM paint_log WHERE id > $1 AND until_ms < $2`,
    [afterId, settledBeforeMs],
  );
  if (!r || r.last === null) return null;
  return { lastId: Number(r.last), rows: Number(r.n), paints: Number(r.p ?? 0), untilMs: Number(r.u) };
}

export interface KeyframeRow {
  id: number;
  logId: number;
  atMs: number;
  colors: Uint8Array;
}

function keyframe(r: {
  id: number;
  log_id: string | number;
  at_ms: string | number;
  colors: Uint8Array;
}): KeyframeRow {
  return { id: r.id, logId: Number(r.log_id), atMs: Number(r.at_ms), colors: r.colors };
}

/** The newest keyframe at or before `atMs` (any, when null). */
export async function keyframeAt(q: Sql, atMs: number | null): Promise<KeyframeRow | null> {
  const rows = await q.query<{ id: number; log_id: string; at_ms: string; colors: Uint8Array }>(
    `SELECT id, log_id, at_ms, colors FROM canvas_keyframes
     WHERE $1::bigint IS NULL OR at_ms <= $1::bigint ORDER BY at_ms DESC, id DESC LIMIT 1`,
    [atMs],
  );
  return rows[0] ? keyframe(rows[0]) : null;
}

/** The newest keyframe's position without its picture. */
export async function lastKeyframe(q: Sql): Promise<{ id: number; logId: number; atMs: number } | null> {
  const rows = await q.query<{ id: number; log_id: string; at_ms: string }>(
    'SELECT id, log_id, at_ms FROM canvas_keyframes ORDER BY log_id DESC, id DESC LIMIT 1',
  );
  const r = rows[0];
  return r ? { id: r.id, logId: Number(r.log_id), atMs: Number(r.at_ms) } : null;
}

export async function insertKeyframe(q: Sql, logId: number, atMs: number, colors: Uint8Array): Promise<void> {
  await q.query('INSERT INTO canvas_keyframes (log_id, at_ms, colors) VALUES ($1, $2, $3::bytea)', [
    logId,
    atMs,
    colors,
  ]);
}

/** The pixels as the log began (migration 0019), taken once under a lock; empties the table. */
export async function takeBaseline(
  tx: Sql,
): Promise<{ id: number; color: number; userId: number; ms: number }[]> {
  await tx.query('LOCK TABLE paint_log_baseline IN EXCLUSIVE MODE');
  const rows = await tx.query<{ id: number; color: number; user_id: number | string; ms: number }>(
    'SELECT id, color, user_id, ms FROM paint_log_baseline',
  );
  if (rows.length > 0) await tx.query('DELETE FROM paint_log_baseline');
  return rows.map((r) => ({ id: r.id, color: r.color, userId: Number(r.user_id), ms: Number(r.ms) }));
}

/**
 * Retention: the last keyframe of each UTC day before `cutoffMs` becomes that day's archive, the
 * others before it go, and so do the log rows the newest of them covers.
 */
export async function dropBefore(tx: Sql, cutoffMs: number): Promise<{ rows: number; keyframes: number }> {
  await tx.query(
    `UPDATE canvas_keyframes SET archive = true WHERE id IN (
       SELECT DISTINCT ON (floor(at_ms / 86400000)) id FROM canvas_keyframes WHERE at_ms < $1
       ORDER BY floor(at_ms / 86400000), at_ms DESC, id DESC)`,
    [cutoffMs],
  );
  const [cover] = await tx.query<{ log_id: string | number | null }>(
    'SELECT max(log_id) AS log_id FROM canvas_keyframes WHERE at_ms < $1',
    [cutoffMs],
  );
  const coveredId = cover?.log_id === null || cover?.log_id === undefined ? 0 : Number(cover.log_id);
  const rows = await tx.query<{ id: string }>(
    'DELETE FROM paint_log WHERE id <= $1 AND until_ms < $2 RETURNING id',
    [coveredId, cutoffMs],
  );
  const kept = await tx.query<{ id: number }>(
    `DELETE FROM canvas_keyframes WHERE at_ms < $1 AND NOT archive
       AND log_id < (SELECT max(log_id) FROM canvas_keyframes) RETURNING id`,
    [cutoffMs],
  );
  return { rows: rows.length, keyframes: kept.length };
}

/** The daily archives: the last keyframe of each day (of every day before retention drops). */
export async function dayKeyframes(q: Sql): Promise<{ id: number; atMs: number }[]> {
  const rows = await q.query<{ id: number; at_ms: string }>(
    `SELECT DISTINCT ON (floor(at_ms / 86400000)) id, at_ms FROM canvas_keyframes
     ORDER BY floor(at_ms / 86400000), at_ms DESC, id DESC`,
  );
  return rows.map((r) => ({ id: r.id, atMs: Number(r.at_ms) }));
}
