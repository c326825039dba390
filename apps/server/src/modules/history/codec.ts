/**
 * The paint log's row format (migration 0019). A row holds up to 65,535 entries of one group
 * commit (or of a larger write, in chunks) in commit order: the pixel ids go to SQL as an int4
 * array (the GIN index finds a pixel's rows by it), everything else is packed, column by column,
 * into one bytea:
 *
 *   u8 version (1) · u8 time width (2 | 4) · u8 player width (1 | 2) · u8 0 · u16 players P
 *   P × f64 player ids · n × u8 (colour | kind << 5) · n × time offset (ms after the row's at_ms)
 *   · n × player index
 *
 * A group commit spans a few milliseconds, so its offsets take 2 bytes and its players 1 or 2:
 * 4 + 1 + 2 + 2 bytes a paint plus its share of the players (8 bytes each) and of the row.
 */
import { LOG_KINDS, type LogKind } from '@pixel-wall/shared';

export const LOG_ROW_MAX = 65_535;
const HEADER = 6;
const U32_SPAN = 2 ** 32;

export interface LogEntry {
  pixelId: number;
  /** palette index */
  color: number;
  kind: LogKind;
  userId: number;
  /** epoch ms */
  at: number;
}

export interface PackedRow {
  atMs: number;
  untilMs: number;
  pixels: number[];
  body: Uint8Array;
}

/** One row, decoded: entry k is pixels[k], colorOf(k), kindOf(k), userOf(k), atOf(k). */
export interface LogRow {
  /** the row id: entry k has the canvas sequence id * 65536 + k */
  id: number;
  pixels: ArrayLike<number>;
  /** colour | kind << 5 per entry */
  codes: Uint8Array;
  length: number;
  atOf(k: number): number;
  userOf(k: number): number;
}

export const KIND_CODE: Readonly<Record<LogKind, number>> = Object.fromEntries(
  LOG_KINDS.map((k, i) => [k, i]),
) as Record<LogKind, number>;

export function colorOfCode(code: number): number {
  return code & 31;
}

export function kindOfCode(code: number): LogKind {
  return LOG_KINDS[code >> 5] ?? 'paint';
}

/** Splits `entries` (in commit order) into rows; the order is kept across and within rows. */
export function packRows(entries: readonly LogEntry[]): PackedRow[] {
  const rows: PackedRow[] = [];
  let start = 0;
  while (start < entries.length) {
    // Grow the row while it stays within the limits of its columns.
    // Whole milliseconds: a rollback's time sits half a millisecond before the moment it ran.
    let min = Math.floor(entries[start]!.at);
    let max = min;
    const players = new Map<number, number>();
    let end = start;
    while (end < entries.length && end - start < LOG_ROW_MAX) {
      const at = Math.floor(entries[end]!.at);
      const e = entries[end]!;
      const lo = Math.min(min, at);
      const hi = Math.max(max, at);
      if (hi - lo >= U32_SPAN) break;
      if (!players.has(e.userId)) {
        if (players.size === LOG_ROW_MAX) break;
        players.set(e.userId, players.size);
      }
      min = lo;
      max = hi;
      end++;
    }
    rows.push(packRow(entries, start, end, min, max, players));
    start = end;
  }
  return rows;
}

function packRow(
  entries: readonly LogEntry[],
  start: number,
  end: number,
  min: number,
  max: number,
  players: Map<number, number>,
): PackedRow {
  const n = end - start;
  const timeWidth = max - min < 65_536 ? 2 : 4;
  const playerWidth = players.size <= 256 ? 1 : 2;
  const body = new Uint8Array(HEADER + players.size * 8 + n * (1 + timeWidth + playerWidth));
  const view = new DataView(body.buffer);
  body[0] = 1;
  body[1] = timeWidth;
  body[2] = playerWidth;
  view.setUint16(4, players.size, true);
  let o = HEADER;
  for (const id of players.keys()) {
    view.setFloat64(o, id, true);
    o += 8;
  }
  const pixels = new Array<number>(n);
  const codes = o;
  const times = codes + n;
  const who = times + n * timeWidth;
  for (let k = 0; k < n; k++) {
    const e = entries[start + k]!;
    pixels[k] = e.pixelId;
    body[codes + k] = (e.color & 31) | (KIND_CODE[e.kind] << 5);
    const dt = Math.floor(e.at) - min;
    if (timeWidth === 2) view.setUint16(times + k * 2, dt, true);
    else view.setUint32(times + k * 4, dt, true);
    const p = players.get(e.userId)!;
    if (playerWidth === 1) body[who + k] = p;
    else view.setUint16(who + k * 2, p, true);
  }
  return { atMs: min, untilMs: max, pixels, body };
}

/** Decodes a stored row; throws a RangeError on a body that does not match its pixels. */
export function unpackRow(id: number, atMs: number, pixels: ArrayLike<number>, body: Uint8Array): LogRow {
  const n = pixels.length;
  if (body.length < HEADER || body[0] !== 1) throw new RangeError(`paint log row ${id}: unknown format`);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const timeWidth = body[1]!;
  const playerWidth = body[2]!;
  const p = view.getUint16(4, true);
  const codesAt = HEADER + p * 8;
  const timesAt = codesAt + n;
  const whoAt = timesAt + n * timeWidth;
  if (
    (timeWidth !== 2 && timeWidth !== 4) ||
    (playerWidth !== 1 && playerWidth !== 2) ||
    whoAt + n * playerWidth !== body.length
  ) {
    throw new RangeError(`paint log row ${id}: body does not match its ${n} pixels`);
  }
  const players = new Float64Array(p);
  for (let i = 0; i < p; i++) players[i] = view.getFloat64(HEADER + i * 8, true);
  return {
    id,
    pixels,
    codes: body.subarray(codesAt, timesAt),
    length: n,
    atOf: (k) =>
      atMs +
      (timeWidth === 2 ? view.getUint16(timesAt + k * 2, true) : view.getUint32(timesAt + k * 4, true)),
    userOf: (k) => players[playerWidth === 1 ? body[whoAt + k]! : view.getUint16(whoAt + k * 2, true)]!,
  };
}

/** The canvas sequence of entry `k` of row `id`: commit order across the whole log. */
export function sequenceOf(id: number, k: number): number {
  return id * 65_536 + k;
}
