/**
 * The Lua scripts of the Redis engine. Each is one atomic step on the Redis server, so paints from
 * any number of Node processes never take more charges than a player has.
 *
 * Key layout (every key reaches a script through KEYS, so a client keyPrefix applies):
 *   <prefix>charges          hash: user id → "<charges>:<updatedAt ms>" (decimal, %.17g)
 *   <prefix>canvas:colors    string, 1 byte per pixel: palette index (pixel id − 1 is the offset)
 *   <prefix>canvas:owners    string, 8 bytes per pixel: owner user id, little-endian double
 *   <prefix>canvas:times     string, 8 bytes per pixel: paint time in epoch ms, little-endian double
 *   <prefix>canvas:restored  present once the canvas has been rebuilt from SQL
 *   <prefix>canvas:restoring present while one instance rebuilds the canvas from SQL (its lock)
 *   <prefix>canvas:touched   bitmap, 1 bit per pixel (SETBIT offset = pixel index): painted while
 *                            canvas:restoring was present; the rebuild never overwrites those
 * Missing bytes read as zero; a time of 0 means "never painted". Doubles hold user ids and
 * millisecond times exactly (both below 2^53) and Node reads them straight into a DataView.
 *
 * The refill arithmetic mirrors refillCharges/spendCharges of @pixel-wall/shared step for step, in
 * the same IEEE doubles, so both engines compute identical states.
 */
import type { Redis } from 'ioredis';

const REFILL_LUA = `
local function refill(c, t, max, speed, now)
  if c >= max then return math.max(c, max), now end
  local elapsed = now - t
  if elapsed < 0 then elapsed = 0 end
  local gained = math.floor(elapsed / speed)
  if gained <= 0 then return c, t end
  local n = math.min(max, c + gained)
  if n >= max then return n, now end
  return n, t + gained * speed
end
local function decode(s)
  local a, b = string.match(s, '^(.-):(.*)$')
  return tonumber(a), tonumber(b)
end
local function encode(c, t)
  return string.format('%.17g:%.17g', c, t)
end
`;

/** Bytes of one paint record sent to PAINT_BATCH: 8 little-endian doubles. */
export const PAINT_RECORD_BYTES = 64;
/** Bytes of one result record: status int8, charges double, updatedAt double. */
export const PAINT_RESULT_BYTES = 17;
/** Charge state "none supplied" in a paint record: the script reports a miss instead. */
export const NO_INIT = -1;

export const PaintStatus = { Painted: 1, NoCharges: 0, Unknown: -1 } as const;

/**
 * KEYS: charges, colors, owners, times, restoring, touched. ARGV[1]: paint records of 8 doubles each — user id, pixel
 * index (id − 1), colour, now, max, speedMs, initial charges (NO_INIT: none), initial updatedAt.
 * Paints run in order, each refilling, refusing at 0 or spending one and writing the pixel. A
 * player absent from the hash is initialised from the record's initial state when it carries one
 * (HSETNX semantics: the hash is checked first), otherwise reported Unknown with nothing changed.
 * While a rebuild runs (restoring present), each painted pixel is also marked in touched.
 */
const PAINT_BATCH = `${REFILL_LUA}
local blob = ARGV[1]
local restoring = redis.call('EXISTS', KEYS[5]) == 1
local out = {}
local pos = 1
for k = 1, #blob / ${PAINT_RECORD_BYTES} do
  local uid, idx, color, now, max, speed, ic, it
  uid, idx, color, now, max, speed, ic, it, pos = struct.unpack('<dddddddd', blob, pos)
  local field = string.format('%.17g', uid)
  local stored = redis.call('HGET', KEYS[1], field)
  local c, t
  if stored then c, t = decode(stored) end
  if (c == nil or t == nil) and ic >= 0 then
    -- Absent (or unreadable): adopt the state loaded from SQL.
    c, t = ic, it
    redis.call('HSET', KEYS[1], field, encode(c, t))
  end
  if c == nil or t == nil then
    out[k] = struct.pack('<bdd', -1, 0, 0)
  else
    c, t = refill(c, t, max, speed, now)
    if c < 1 then
      out[k] = struct.pack('<bdd', 0, c, t)
    else
      local nt = t
      if c >= max then nt = now end
      c = c - 1
      redis.call('HSET', KEYS[1], field, encode(c, nt))
      redis.call('SETRANGE', KEYS[2], idx, string.char(color))
      redis.call('SETRANGE', KEYS[3], idx * 8, struct.pack('<d', uid))
      redis.call('SETRANGE', KEYS[4], idx * 8, struct.pack('<d', now))
      if restoring then redis.call('SETBIT', KEYS[6], idx, 1) end
      out[k] = struct.pack('<bdd', 1, c, nt)
    end
  end
end
return table.concat(out)
`;

/**
 * KEYS: charges. ARGV: user id, now, max, speedMs, initial charges (NO_INIT: none), initial updatedAt.
 * Returns {status, charges, updatedAt} after refill (not stored, as a read); status -1 when the
 * player is unknown and no initial state was given.
 */
const CHARGES = `${REFILL_LUA}
local stored = redis.call('HGET', KEYS[1], ARGV[1])
local c, t
if stored then c, t = decode(stored) end
if c == nil or t == nil then
  local ic = tonumber(ARGV[5])
  if ic < 0 then return {-1, '0', '0'} end
  c, t = ic, tonumber(ARGV[6])
  redis.call('HSET', KEYS[1], ARGV[1], encode(c, t))
end
c, t = refill(c, t, tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[2]))
return {1, string.format('%.17g', c), string.format('%.17g', t)}
`;

/** KEYS: colors, owners, times. ARGV: pixel index. Returns the three stored slices (maybe empty). */
const PIXEL = `
local i = tonumber(ARGV[1])
return {
  redis.call('GETRANGE', KEYS[1], i, i),
  redis.call('GETRANGE', KEYS[2], i * 8, i * 8 + 7),
  redis.call('GETRANGE', KEYS[3], i * 8, i * 8 + 7),
}
`;

/**
 * KEYS: colors, owners, times, touched. ARGV[1]: runs of consecutive pixels, each
 * [start index u32][count u32][count colour bytes][count owner doubles][count time doubles].
 * A paint that reached Redis after the rows were read from SQL (a rebuild while the other
 * instances go on painting) must not be overwritten by the older row. A pixel keeps what it has
 * when it is marked in touched (painted since the rebuild took its lock, before it read SQL:
 * whatever the painting instance's clock said) or its stored time is newer than its row's (painted
 * into the emptied Redis before the rebuild began). Stored times and marks are scanned for
 * non-zero bytes first, so a run over an empty canvas costs no per-pixel work.
 */
const RESTORE = `
local blob = ARGV[1]
local pos = 1
local size = #blob
while pos <= size do
  local start, n
  start, n, pos = struct.unpack('<I4I4', blob, pos)
  local cpos, opos, tpos = pos, pos + n, pos + n * 9
  pos = pos + n * 17
  local stored = redis.call('GETRANGE', KEYS[3], start * 8, (start + n) * 8 - 1)
  local keep = {}
  local kept = {}
  local function hold(k)
    if kept[k] or k * 8 + 8 > #stored then return end
    kept[k] = true
    local i = start + k
    keep[#keep + 1] = {
      i,
      redis.call('GETRANGE', KEYS[1], i, i),
      redis.call('GETRANGE', KEYS[2], i * 8, i * 8 + 7),
      string.sub(stored, k * 8 + 1, k * 8 + 8),
    }
  end
  local b0 = math.floor(start / 8)
  local marks = redis.call('GETRANGE', KEYS[4], b0, math.floor((start + n - 1) / 8))
  local at = string.find(marks, '[^%z]')
  while at do
    local byte = string.byte(marks, at)
    for b = 0, 7 do
      if bit.band(byte, bit.rshift(128, b)) ~= 0 then
        local k = (b0 + at - 1) * 8 + b - start
        if k >= 0 and k < n then hold(k) end
      end
    end
    at = string.find(marks, '[^%z]', at + 1)
  end
  at = string.find(stored, '[^%z]')
  while at do
    local k = math.floor((at - 1) / 8)
    if k * 8 + 8 <= #stored then
      local mine = struct.unpack('<d', stored, k * 8 + 1)
      local row = struct.unpack('<d', blob, tpos + k * 8)
      if mine > row then hold(k) end
    end
    at = string.find(stored, '[^%z]', k * 8 + 9)
  end
  redis.call('SETRANGE', KEYS[1], start, string.sub(blob, cpos, cpos + n - 1))
  redis.call('SETRANGE', KEYS[2], start * 8, string.sub(blob, opos, opos + n * 8 - 1))
  redis.call('SETRANGE', KEYS[3], start * 8, string.sub(blob, tpos, tpos + n * 8 - 1))
  for _, p in ipairs(keep) do
    redis.call('SETRANGE', KEYS[1], p[1], p[2])
    redis.call('SETRANGE', KEYS[2], p[1] * 8, p[3])
    redis.call('SETRANGE', KEYS[3], p[1] * 8, p[4])
  end
end
return 1
`;

type Arg = string | number | Buffer;
type Call<T> = (...args: Arg[]) => Promise<T>;

export interface EngineScripts {
  paintBatch: Call<Buffer>;
  charges: Call<[number, string, string]>;
  pixel: Call<[Buffer, Buffer, Buffer]>;
  restore: Call<number>;
}

const DEFINITIONS = {
  pwPaintBatch: { numberOfKeys: 6, lua: PAINT_BATCH },
  pwCharges: { numberOfKeys: 1, lua: CHARGES },
  pwPixel: { numberOfKeys: 3, lua: PIXEL },
  pwRestore: { numberOfKeys: 4, lua: RESTORE },
} as const;

/**
 * Defines the scripts on a client (EVALSHA, EVAL on a connection's first use; auto-pipelined like
 * any command) and returns typed callers.
 */
export function engineScripts(redis: Redis): EngineScripts {
  const methods = redis as unknown as Record<string, Call<unknown> | undefined>;
  for (const [name, def] of Object.entries(DEFINITIONS)) {
    if (!methods[name]) redis.defineCommand(name, def);
  }
  const bind = <T>(name: string): Call<T> => {
    const fn = methods[name]!;
    return (...args) => fn.apply(redis, args) as Promise<T>;
  };
  return {
    paintBatch: bind<Buffer>('pwPaintBatchBuffer'),
    charges: bind<[number, string, string]>('pwCharges'),
    pixel: bind<[Buffer, Buffer, Buffer]>('pwPixelBuffer'),
    restore: bind<number>('pwRestore'),
  };
}
