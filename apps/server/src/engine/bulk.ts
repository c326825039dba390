/**
 * Bulk paints: many pixels, one colour, one owner, one time, in one atomic step (the Pixanos'
 * Snap repaints about half a million pixels). The memory engine does it in one synchronous loop;
 * the Redis engine in one Lua call over the colour, owner and time strings (key layout:
 * redis-scripts.ts), so no paint from any instance lands between two of its pixels.
 *
 * The Redis call gets the pixel indices as one blob of little-endian u32 (4 bytes a pixel) and the
 * owner and time as the 8 bytes each pixel stores; measured on these machines it writes ~0.5 M
 * pixels in well under a second of Redis time (see bulk.test.ts), which a snap (a one-off bought
 * for 80,000 Stars) can afford.
 */
import { CANVAS_PIXELS, PALETTE_SIZE } from '@pixel-wall/shared';
import type { Redis } from 'ioredis';
import type { BulkPaint } from './types.ts';

/** Throws a RangeError on anything an engine must never write. */
export function checkBulkPaint(req: BulkPaint): void {
  if (!Number.isSafeInteger(req.userId) || req.userId < 1)
    throw new RangeError(`invalid user id ${req.userId}`);
  if (!Number.isInteger(req.color) || req.color < 0 || req.color >= PALETTE_SIZE)
    throw new RangeError(`invalid colour ${req.color}`);
  if (!Number.isFinite(req.now) || req.now <= 0) throw new RangeError(`invalid time ${req.now}`);
  if (!(req.pixelIds instanceof Uint32Array)) throw new RangeError('pixel ids must be a Uint32Array');
  let last = 0;
  for (const id of req.pixelIds) {
    if (id <= last || id > CANVAS_PIXELS) throw new RangeError(`pixel ids must be ascending ids, got ${id}`);
    last = id;
  }
}

/**
 * KEYS: colors, owners, times, restoring, touched. ARGV: indices blob (u32 LE), colour byte,
 * owner 8 bytes, time 8 bytes. While a rebuild runs, each pixel is marked in touched too.
 */
const BULK_PAINT = `
local blob = ARGV[1]
local color, owner, time = ARGV[2], ARGV[3], ARGV[4]
local sb = string.byte
local kc, ko, kt = KEYS[1], KEYS[2], KEYS[3]
local restoring = redis.call('EXISTS', KEYS[4]) == 1
local n = #blob / 4
for k = 0, n - 1 do
  local a, b, c, d = sb(blob, k * 4 + 1, k * 4 + 4)
  local i = a + b * 256 + c * 65536 + d * 16777216
  redis.call('SETRANGE', kc, i, color)
  redis.call('SETRANGE', ko, i * 8, owner)
  redis.call('SETRANGE', kt, i * 8, time)
  if restoring then redis.call('SETBIT', KEYS[5], i, 1) end
end
return n
`;

type BulkCall = (...args: (string | Buffer)[]) => Promise<number>;

export async function bulkPaint(
  redis: Redis,
  keys: { colors: string; owners: string; times: string; restoring: string; touched: string },
  req: BulkPaint,
): Promise<void> {
  const methods = redis as unknown as Record<string, BulkCall | undefined>;
  if (!methods.pwBulkPaint) redis.defineCommand('pwBulkPaint', { numberOfKeys: 5, lua: BULK_PAINT });
  const blob = Buffer.allocUnsafe(req.pixelIds.length * 4);
  for (let k = 0; k < req.pixelIds.length; k++) blob.writeUInt32LE(req.pixelIds[k]! - 1, k * 4);
  const owner = Buffer.allocUnsafe(8);
  owner.writeDoubleLE(req.userId, 0);
  const time = Buffer.allocUnsafe(8);
  time.writeDoubleLE(req.now, 0);
  const call = methods.pwBulkPaint!;
  const n = await call.call(
    redis,
    keys.colors,
    keys.owners,
    keys.times,
    keys.restoring,
    keys.touched,
    blob,
    Buffer.from([req.color]),
    owner,
    time,
  );
  if (Number(n) !== req.pixelIds.length)
    throw new Error(`bulk paint wrote ${n} of ${req.pixelIds.length} pixels`);
}
