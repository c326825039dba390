/**
 * Cluster engine: canvas and charges live in Redis and every paint is a Lua script, so any number of
 * server processes share one wall and a player's charges cannot be overspent from two of them.
 *
 * Paints are batched: concurrent calls go to Redis as one script call (each ioredis call costs tens
 * of µs of Node CPU; a batch of hundreds costs little more than one), group-commit style, so a lone
 * paint is not delayed. Inside the script the paints still run one by one, each atomic per player.
 *
 * A player Redis has not seen yet comes back as "unknown" without any change; the engine then loads
 * the stored charges from SQL (one load per player at a time) and retries with that state, which
 * the script adopts only if the player is still absent. Key layout: see redis-scripts.ts.
 */
import { CANVAS_PIXELS, type ChargeRules, type ChargeState } from '@pixel-wall/shared';
import type { Redis } from 'ioredis';
import { bulkPaint, checkBulkPaint } from './bulk.ts';
import {
  type EngineScripts,
  engineScripts,
  NO_INIT,
  PAINT_RECORD_BYTES,
  PAINT_RESULT_BYTES,
  PaintStatus,
} from './redis-scripts.ts';
import type { Engine, EngineDeps, PaintOutcome, PaintRequest, PixelRecord, StoredCharges } from './types.ts';

export const DEFAULT_ENGINE_PREFIX = 'pw:';

export interface RedisEngineOptions extends EngineDeps {
  /** Shared with the caller, who closes it. Auto-pipelining recommended (see lib/redis.ts). */
  redis: Redis;
  /** Namespace inside the client's own keyPrefix; default "pw:". */
  prefix?: string;
  /** Most paints per script call; larger bursts are split. */
  maxBatch?: number;
  /** Script calls out at once; more paints wait and go together when one returns. */
  maxInFlight?: number;
}

export function engineKeys(prefix = DEFAULT_ENGINE_PREFIX) {
  return {
    charges: `${prefix}charges`,
    colors: `${prefix}canvas:colors`,
    owners: `${prefix}canvas:owners`,
    times: `${prefix}canvas:times`,
    restored: `${prefix}canvas:restored`,
    restoring: `${prefix}canvas:restoring`,
    touched: `${prefix}canvas:touched`,
  };
}

/** True until markCanvasRestored: Redis is new or lost its data, so the canvas must come from SQL. */
export async function isCanvasEmpty(redis: Redis, prefix = DEFAULT_ENGINE_PREFIX): Promise<boolean> {
  return (await redis.exists(engineKeys(prefix).restored)) === 0;
}

/** Call after the canvas has been rebuilt from SQL (restorePixels for every row). */
export async function markCanvasRestored(redis: Redis, prefix = DEFAULT_ENGINE_PREFIX): Promise<void> {
  await redis.set(engineKeys(prefix).restored, String(Date.now()));
}

interface QueuedPaint {
  req: PaintRequest;
  rules: ChargeRules;
  init: StoredCharges | null;
  resolve(outcome: PaintOutcome): void;
  reject(err: unknown): void;
}

/** Pixels per restore script call: ~1.1 MB of arguments, a few ms of Redis time. */
const RESTORE_CHUNK = 65_536;

function checkUser(userId: number): void {
  // The hash field is the id in decimal; Lua formats the double the same way only for safe integers.
  if (!Number.isSafeInteger(userId) || userId < 0) throw new RangeError(`invalid user id ${userId}`);
}

function checkPixel(pixelId: number, color: number): void {
  if (!Number.isInteger(pixelId) || pixelId < 1 || pixelId > CANVAS_PIXELS)
    throw new RangeError(`invalid pixel id ${pixelId}`);
  if (!Number.isInteger(color) || color < 0 || color > 255) throw new RangeError(`invalid colour ${color}`);
}

function readDouble(b: Buffer, offset: number): number {
  return b.length >= offset + 8 ? b.readDoubleLE(offset) : 0;
}

export function createRedisEngine(opts: RedisEngineOptions): Engine {
  const { redis, rulesFor, loadCharges } = opts;
  const keys = engineKeys(opts.prefix);
  const maxBatch = opts.maxBatch ?? 500;
  const maxInFlight = opts.maxInFlight ?? 4;
  const scripts: EngineScripts = engineScripts(redis);
  const loading = new Map<number, Promise<StoredCharges | null>>();
  const inFlight = new Set<Promise<void>>();
  const queue: QueuedPaint[] = [];
  let scheduled = false;

  /** One SQL load per player at a time, however many calls are waiting for it. */
  function load(userId: number): Promise<StoredCharges | null> {
    let pending = loading.get(userId);
    if (!pending) {
      pending = loadCharges(userId).finally(() => loading.delete(userId));
      loading.set(userId, pending);
    }
    return pending;
  }

  function enqueue(p: QueuedPaint): void {
    queue.push(p);
    schedule();
  }

  /**
   * Group commit: while fewer than `maxInFlight` calls are out, the queue leaves at the end of
   * this tick (calls made together travel together, a lone paint waits for nothing); once that
   * many are out, paints gather until one returns, so batches grow with the load.
   */
  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight.size >= maxInFlight) return;
    scheduled = true;
    process.nextTick(flush);
  }

  function flush(): void {
    scheduled = false;
    while (queue.length > 0 && inFlight.size < maxInFlight) {
      const sent = send(queue.splice(0, maxBatch));
      inFlight.add(sent);
      void sent.finally(() => {
        inFlight.delete(sent);
        schedule();
      });
    }
  }

  async function send(batch: QueuedPaint[]): Promise<void> {
    const blob = Buffer.allocUnsafe(batch.length * PAINT_RECORD_BYTES);
    batch.forEach((p, k) => {
      const o = k * PAINT_RECORD_BYTES;
      blob.writeDoubleLE(p.req.userId, o);
      blob.writeDoubleLE(p.req.pixelId - 1, o + 8);
      blob.writeDoubleLE(p.req.color, o + 16);
      blob.writeDoubleLE(p.req.now, o + 24);
      blob.writeDoubleLE(p.rules.max, o + 32);
      blob.writeDoubleLE(p.rules.speedMs, o + 40);
      blob.writeDoubleLE(p.init ? p.init.charges : NO_INIT, o + 48);
      blob.writeDoubleLE(p.init ? p.init.updatedAt : 0, o + 56);
    });
    let reply: Buffer;
    try {
      reply = await scripts.paintBatch(
        keys.charges,
        keys.colors,
        keys.owners,
        keys.times,
        keys.restoring,
        keys.touched,
        blob,
      );
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, k) => {
      const o = k * PAINT_RESULT_BYTES;
      const status = reply.readInt8(o);
      const charges: ChargeState = {
        charges: reply.readDoubleLE(o + 1),
        updatedAt: reply.readDoubleLE(o + 9),
      };
      if (status === PaintStatus.Painted) p.resolve({ ok: true, charges, rules: p.rules });
      else if (status === PaintStatus.NoCharges)
        p.resolve({ ok: false, code: 'NO_CHARGES', charges, rules: p.rules });
      else if (p.init) {
        // Cannot happen with a sound script; refuse to loop on it.
        p.reject(new Error(`engine: charge state of user ${p.req.userId} not adopted`));
      } else {
        // Unknown player: fetch from SQL and try again carrying that state.
        load(p.req.userId).then((stored) => {
          p.init = stored ?? { charges: p.rules.max, updatedAt: p.req.now };
          enqueue(p);
        }, p.reject);
      }
    });
  }

  async function chargesOnce(userId: number, now: number, rules: ChargeRules, init: StoredCharges | null) {
    const [status, c, t] = await scripts.charges(
      keys.charges,
      String(userId),
      now,
      rules.max,
      rules.speedMs,
      init ? init.charges : NO_INIT,
      init ? init.updatedAt : 0,
    );
    return status === PaintStatus.Unknown ? null : { charges: Number(c), updatedAt: Number(t) };
  }

  return {
    paint(req) {
      return new Promise<PaintOutcome>((resolve, reject) => {
        // Checked here so one bad request fails alone instead of failing the whole script call.
        checkUser(req.userId);
        checkPixel(req.pixelId, req.color);
        enqueue({ req, rules: rulesFor(req.userId), init: null, resolve, reject });
      });
    },

    async charges(userId, now) {
      checkUser(userId);
      const rules = rulesFor(userId);
      let state = await chargesOnce(userId, now, rules, null);
      if (!state) {
        const stored = await load(userId);
        state = await chargesOnce(userId, now, rules, stored ?? { charges: rules.max, updatedAt: now });
        if (!state) throw new Error(`engine: charge state of user ${userId} not adopted`);
      }
      return { charges: state, rules };
    },

    async pixel(pixelId): Promise<PixelRecord | null> {
      checkPixel(pixelId, 0);
      const [color, owner, time] = await scripts.pixel(keys.colors, keys.owners, keys.times, pixelId - 1);
      const paintedAt = readDouble(time, 0);
      if (paintedAt === 0) return null;
      return { color: color.length > 0 ? color[0]! : 0, userId: readDouble(owner, 0), paintedAt };
    },

    async canvas() {
      const stored = await redis.getBuffer(keys.colors);
      const out = new Uint8Array(CANVAS_PIXELS);
      if (stored) out.set(stored.subarray(0, CANVAS_PIXELS));
      return out;
    },

    async restorePixels(rows) {
      const list = Array.from(rows);
      for (const r of list) {
        checkUser(r.userId);
        checkPixel(r.id, r.color);
      }
      // Stable sort: for a repeated id the last row wins, as in the memory engine.
      list.sort((a, b) => a.id - b.id);
      for (let i = 0; i < list.length; ) {
        // One chunk: up to RESTORE_CHUNK distinct pixels, grouped into runs of consecutive ids.
        const runs: (typeof list)[] = [];
        let pixels = 0;
        while (i < list.length && pixels < RESTORE_CHUNK) {
          const r = list[i++]!;
          const run = runs.at(-1);
          const last = run?.at(-1);
          if (run && last && last.id === r.id) run[run.length - 1] = r;
          else if (run && last && last.id + 1 === r.id) {
            run.push(r);
            pixels++;
          } else {
            runs.push([r]);
            pixels++;
          }
        }
        // A trailing duplicate of the chunk's last pixel belongs with it.
        while (i < list.length && list[i]!.id === runs.at(-1)!.at(-1)!.id) {
          const run = runs.at(-1)!;
          run[run.length - 1] = list[i++]!;
        }
        const blob = Buffer.allocUnsafe(runs.length * 8 + pixels * 17);
        let o = 0;
        for (const run of runs) {
          const n = run.length;
          blob.writeUInt32LE(run[0]!.id - 1, o);
          blob.writeUInt32LE(n, o + 4);
          o += 8;
          for (let k = 0; k < n; k++) {
            const r = run[k]!;
            blob[o + k] = r.color;
            blob.writeDoubleLE(r.userId, o + n + k * 8);
            blob.writeDoubleLE(r.paintedAt, o + n * 9 + k * 8);
          }
          o += n * 17;
        }
        await scripts.restore(keys.colors, keys.owners, keys.times, keys.touched, blob);
      }
    },

    async paintBulk(req) {
      checkBulkPaint(req);
      await bulkPaint(redis, keys, req);
    },

    async forget(userId) {
      checkUser(userId);
      await redis.hdel(keys.charges, String(userId));
    },

    async close() {
      // The connection belongs to the caller; only let queued paints finish.
      while (scheduled || inFlight.size > 0 || queue.length > 0) {
        if (inFlight.size > 0) await Promise.allSettled(inFlight);
        else await new Promise((r) => setImmediate(r));
      }
    },
  };
}
