/**
 * The Mini App launch parameter (`startapp` / `start_param`), e.g. `f123_s45_x10_y20` or `f123_t1`.
 * Pieces are separated by underscores; each is one lower-case letter and a decimal number:
 *   f  referrer user id      s  squad id      x, y  canvas coordinates      t  show the template
 *
 * Rules (SPEC §2, plus the edge cases it leaves open):
 * - null, undefined, '' or only whitespace: nothing, not a failure. Surrounding whitespace is ignored
 *   (links get pasted with a trailing newline); whitespace inside is malformed.
 * - Any malformed piece fails the whole parameter, which then yields nothing at all: an empty piece
 *   (leading, trailing or doubled underscore), an unknown or upper-case letter, a letter without a
 *   number, a sign, a decimal point, a number beyond Number.MAX_SAFE_INTEGER, a repeated letter, or a
 *   parameter longer than Telegram allows (512 characters).
 * - Leading zeros are accepted: `x007` is 7.
 * - f and s are ids, which start at 1: `f0` / `s0` are malformed.
 * - t takes any number (`t0`, `t1`, ...); only its presence counts.
 * - x and y are kept only when both are present and within 0..1023; otherwise both are dropped
 *   while f, s and t still count. When t is present the coordinates are dropped.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH, isValidCoordinate } from './canvas.ts';

export interface LaunchParams {
  referrerId: number | null;
  squadId: number | null;
  x: number | null;
  y: number | null;
  template: boolean;
}

/** Telegram's limit for `start_param`. */
export const LAUNCH_PARAM_MAX_LENGTH = 512;

const PIECE = /^([a-z])(\d+)$/;
const LETTERS = new Set(['f', 's', 'x', 'y', 't']);

function empty(): LaunchParams {
  return { referrerId: null, squadId: null, x: null, y: null, template: false };
}

export function parseLaunchParam(raw: string | null | undefined): LaunchParams {
  const text = (raw ?? '').trim();
  if (text === '' || text.length > LAUNCH_PARAM_MAX_LENGTH) return empty();

  const values = new Map<string, number>();
  for (const piece of text.split('_')) {
    const m = PIECE.exec(piece);
    if (!m) return empty();
    const letter = m[1]!;
    const value = Number(m[2]);
    if (!LETTERS.has(letter) || values.has(letter) || !Number.isSafeInteger(value)) return empty();
    if ((letter === 'f' || letter === 's') && value < 1) return empty();
    values.set(letter, value);
  }

  const out = empty();
  out.referrerId = values.get('f') ?? null;
  out.squadId = values.get('s') ?? null;
  out.template = values.has('t');
  const x = values.get('x');
  const y = values.get('y');
  if (!out.template && x !== undefined && y !== undefined && isValidCoordinate(x, y)) {
    out.x = x;
    out.y = y;
  }
  return out;
}

function assertId(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer: ${value}`);
}

/** The referral parameter: `f{userId}`, or `f{userId}_s{squadId}` to invite into a squad. */
export function buildReferralParam(userId: number, squadId?: number | null): string {
  assertId('userId', userId);
  if (squadId === undefined || squadId === null) return `f${userId}`;
  assertId('squadId', squadId);
  return `f${userId}_s${squadId}`;
}

/** The pixel-link parameter: `x{x}_y{y}`. */
export function buildPixelParam(x: number, y: number): string {
  if (!isValidCoordinate(x, y)) {
    throw new RangeError(
      `coordinates must be integers within 0..${CANVAS_WIDTH - 1}, 0..${CANVAS_HEIGHT - 1}`,
    );
  }
  return `x${x}_y${y}`;
}
