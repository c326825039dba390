/**
 * Cluster rating boards: one sorted set per board, shared by every instance.
 *
 * Keys (every key reaches a script through KEYS, so a client keyPrefix applies):
 *   <prefix>ratings:players        overall repaints; league pages are score ranges of it
 *   <prefix>ratings:d2026-11-22    per-period repaints (also w…, m…), EXPIREAT a day past the window
 *   <prefix>ratings:squads         scored repaints per squad
 *   <prefix>ratings:loaded         present once the boards were rebuilt from SQL
 *   <prefix>ratings:loading        the rebuild lock
 *
 * Members are ids written as 16 zero-padded digits of (2^53 − 1 − id). Redis orders equal scores
 * by member bytes, so in REV order the lower id comes first, and the padding makes byte order
 * numeric order. A batch goes in as scripts of up to 500 ZINCRBYs each; a page is one script
 * (league bounds, total and the slice read atomically), so every page is a consistent cut. Pages go by index (ZREVRANGE), not
 * by ZREVRANGEBYSCORE … LIMIT offset, which walks the skip list linearly over the offset.
 */
import type { Redis } from 'ioredis';
import {
  ALL,
  type Board,
  isPeriodBoard,
  PERIOD_GRACE_MS,
  periodBoards,
  periodEnd,
  type RatingPage,
  type RatingsSource,
  type RatingsStore,
  sumDeltas,
} from './store.ts';

const MEMBER_DIGITS = 16;

export function encodeMember(id: number): string {
  if (!Number.isSafeInteger(id) || id < 0) throw new RangeError(`invalid rating id ${id}`);
  return String(Number.MAX_SAFE_INTEGER - id).padStart(MEMBER_DIGITS, '0');
}

export function decodeMember(member: string): number {
  return Number.MAX_SAFE_INTEGER - Number(member);
}

function bound(n: number): string {
  if (n === Number.POSITIVE_INFINITY) return '+inf';
  if (n === Number.NEGATIVE_INFINITY) return '-inf';
  return String(n);
}

// ARGV: min (inclusive), max (exclusive, or +inf), offset, limit → {total, {member, score, ...}}
const PAGE = `
local key, min, max = KEYS[1], ARGV[1], ARGV[2]
local offset, limit = tonumber(ARGV[3]), tonumber(ARGV[4])
local above, total = 0, 0
if max == '+inf' then
  total = redis.call('ZCOUNT', key, min, '+inf')
else
  above = redis.call('ZCOUNT', key, max, '+inf')
  total = redis.call('ZCOUNT', key, min, '(' .. max)
end
if offset >= total then return {total, {}} end
local n = math.min(limit, total - offset)
return {total, redis.call('ZREVRANGE', key, above + offset, above + offset + n - 1, 'WITHSCORES')}
`;

// ARGV: member, min, max → {rank within the range, score} or nil
const RANK = `
local key, member, min, max = KEYS[1], ARGV[1], ARGV[2], ARGV[3]
local s = redis.call('ZSCORE', key, member)
if not s then return nil end
local score = tonumber(s)
if min ~= '-inf' and score < tonumber(min) then return nil end
if max ~= '+inf' and score >= tonumber(max) then return nil end
local above = 0
if max ~= '+inf' then above = redis.call('ZCOUNT', key, max, '+inf') end
return {redis.call('ZREVRANK', key, member) - above + 1, s}
`;

// KEYS: the boards of (part of) one batch. ARGV: per board (EXPIREAT seconds or 0, number of
// pairs), then each board's (increment, member) pairs in KEYS order. A script rather than a MULTI
// of thousands of ZINCRBYs: the client builds one command instead of thousands.
const RECORD = `
local pos = 2 * #KEYS + 1
for i = 1, #KEYS do
  local exp, count = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  for _ = 1, count do
    redis.call('ZINCRBY', KEYS[i], ARGV[pos], ARGV[pos + 1])
    pos = pos + 2
  end
  if exp > 0 then redis.call('EXPIREAT', KEYS[i], exp) end
end
return pos
`;

type Call<T> = (...args: (string | number)[]) => Promise<T>;

interface Scripts {
  page: Call<[number, string[]]>;
  rank: Call<[number, string] | null>;
  /** numberOfKeys first: the batch decides how many boards it touches */
  record: Call<number>;
}

const DEFINITIONS = {
  pwRatingsPage: { numberOfKeys: 1, lua: PAGE },
  pwRatingsRank: { numberOfKeys: 1, lua: RANK },
  pwRatingsRecord: { lua: RECORD },
} as const;

function scripts(redis: Redis): Scripts {
  const methods = redis as unknown as Record<string, Call<unknown> | undefined>;
  for (const [name, def] of Object.entries(DEFINITIONS)) {
    if (!methods[name]) redis.defineCommand(name, def);
  }
  const bind = <T>(name: string): Call<T> => {
    const fn = methods[name]!;
    return (...args) => fn.apply(redis, args) as Promise<T>;
  };
  return { page: bind('pwRatingsPage'), rank: bind('pwRatingsRank'), record: bind('pwRatingsRecord') };
}

export interface RedisRatingsOptions {
  /** Shared with the caller, who closes it. */
  redis: Redis;
  /** Namespace inside the client's own keyPrefix; default "pw:". */
  prefix?: string;
  now?: () => number;
  /** Written into the rebuild lock, to see who holds it. */
  instanceId?: string;
  /** How long an instance waits for another one's rebuild before it gives up. */
  loadWaitMs?: number;
}

const LOAD_CHUNK = 5_000;
/**
 * Score updates per script call. Redis runs a script alone, at ~8 µs per ZINCRBY on a
 * million-member set: 500 keep each call (and the paints queued behind it) to about 4 ms.
 */
const RECORD_CHUNK = 500;

export function createRedisRatingsStore(opts: RedisRatingsOptions): RatingsStore {
  const { redis } = opts;
  const prefix = `${opts.prefix ?? 'pw:'}ratings:`;
  const now = opts.now ?? Date.now;
  const s = scripts(redis);
  const key = (board: Board) => `${prefix}${board}`;
  const loadedKey = `${prefix}loaded`;
  const lockKey = `${prefix}loading`;

  const expireAt = (board: Board) =>
    isPeriodBoard(board) ? Math.ceil((periodEnd(board) + PERIOD_GRACE_MS) / 1000) : null;

  async function fill(source: RatingsSource, at: number): Promise<void> {
    for (const board of ['players', 'squads', ...periodBoards(at)] as Board[]) {
      for await (const rows of source.rows(board)) {
        for (let i = 0; i < rows.length; i += LOAD_CHUNK) {
          const args: (string | number)[] = [];
          for (const r of rows.slice(i, i + LOAD_CHUNK)) args.push(r.score, encodeMember(r.id));
          // GT: batches recorded while the rebuild runs are kept when they are ahead of SQL's
          // snapshot, and a second rebuild can never lower a score.
          await redis.zadd(key(board), 'GT', ...args);
        }
      }
      const exp = expireAt(board);
      if (exp !== null) await redis.expireat(key(board), exp);
    }
  }

  return {
    async record(deltas) {
      let keys: string[] = [];
      let heads: number[] = [];
      let pairs: (string | number)[] = [];
      const flush = async () => {
        if (keys.length > 0) await s.record(keys.length, ...keys, ...heads, ...pairs);
        keys = [];
        heads = [];
        pairs = [];
      };
      for (const [board, byId] of sumDeltas(deltas)) {
        let count = 0;
        for (const [id, n] of byId) {
          if (count === 0) {
            keys.push(key(board));
            heads.push(expireAt(board) ?? 0, 0);
          }
          pairs.push(n, encodeMember(id));
          heads[heads.length - 1] = ++count;
          if (pairs.length >= 2 * RECORD_CHUNK) {
            await flush();
            count = 0;
          }
        }
      }
      await flush();
    },

    async page(board, offset, limit, range = ALL): Promise<RatingPage> {
      const [total, flat] = await s.page(key(board), bound(range.min), bound(range.max), offset, limit);
      const entries = [];
      for (let i = 0; i + 1 < flat.length; i += 2) {
        entries.push({ id: decodeMember(flat[i]!), score: Number(flat[i + 1]), rank: offset + i / 2 + 1 });
      }
      return { entries, total: Number(total) };
    },

    async rankOf(board, id, range = ALL) {
      const r = await s.rank(key(board), encodeMember(id), bound(range.min), bound(range.max));
      return r ? { rank: Number(r[0]), score: Number(r[1]) } : null;
    },

    async count(board, range = ALL) {
      const max = range.max === Number.POSITIVE_INFINITY ? '+inf' : `(${range.max}`;
      return redis.zcount(key(board), bound(range.min), max);
    },

    async set(board, id, score) {
      if (score === null) await redis.zrem(key(board), encodeMember(id));
      else {
        await redis.zadd(key(board), score, encodeMember(id));
        const exp = expireAt(board);
        if (exp !== null) await redis.expireat(key(board), exp);
      }
    },

    async load(source, at = now()) {
      const waitMs = opts.loadWaitMs ?? 180_000;
      const owner = opts.instanceId ?? `ratings-${process.pid}-${Math.random().toString(36).slice(2)}`;
      for (let waited = 0; (await redis.exists(loadedKey)) === 0; waited += 250) {
        if (await redis.set(lockKey, owner, 'PX', 120_000, 'NX')) {
          try {
            if ((await redis.exists(loadedKey)) === 0) {
              await fill(source, at);
              await redis.set(loadedKey, String(Date.now()));
            }
          } finally {
            await redis.del(lockKey);
          }
          return;
        }
        if (waited > waitMs) throw new Error('timed out waiting for another instance to rebuild the ratings');
        await new Promise((r) => setTimeout(r, 250));
      }
    },

    async close() {},
  };
}
