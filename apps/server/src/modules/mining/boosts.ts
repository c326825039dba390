/**
 * Boosts bought with PX (ARCHITECTURE "Defaults"): energy limit, recharge speed and paint reward,
 * each a level in the player's mining row. The engine asks for a player's charge rules on every
 * paint, synchronously (the Redis engine passes them to its Lua script as arguments), so levels
 * are kept in a small per-process cache: warmed by `load` (mining status, first sight by the
 * engine), refreshed in the background once stale, updated at once by an upgrade here, and dropped
 * on every instance after an upgrade anywhere (the `boosts` cache of lib/player-caches.ts).
 */
import {
  type BoostId,
  type ChargeRules,
  maxChargesAt,
  rechargeMsAt,
  rewardMultiplierAt,
} from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { boostLevelRow } from './store.ts';

export type BoostLevels = Readonly<Record<BoostId, number>>;

export const NO_BOOSTS: BoostLevels = { paintReward: 0, rechargeSpeed: 0, energyLimit: 0 };

/** The mining row's column of each boost. */
export const BOOST_COLUMN: Readonly<Record<BoostId, string>> = {
  paintReward: 'reward_level',
  rechargeSpeed: 'recharge_speed_level',
  energyLimit: 'energy_limit_level',
};

interface LevelRow {
  energy_limit_level: number;
  recharge_speed_level: number;
  reward_level: number;
}

export function levelsOfRow(row: LevelRow): BoostLevels {
  return {
    paintReward: Number(row.reward_level),
    rechargeSpeed: Number(row.recharge_speed_level),
    energyLimit: Number(row.energy_limit_level),
  };
}

/** A player's boost levels from SQL; all 0 for a player who never opened mining. */
export async function boostLevelsOf(sql: Sql, userId: number): Promise<BoostLevels> {
  const row = await boostLevelRow(sql, userId);
  return row ? levelsOfRow(row) : NO_BOOSTS;
}

/**
 * Charge rules at these levels. Level 0 keeps the operator's base (START_CHARGES,
 * RECHARGE_SECONDS); a bought level never makes them worse than the base.
 */
export function chargeRulesAt(levels: BoostLevels, base: ChargeRules): ChargeRules {
  return {
    max: levels.energyLimit > 0 ? Math.max(base.max, maxChargesAt(levels.energyLimit)) : base.max,
    speedMs:
      levels.rechargeSpeed > 0 ? Math.min(base.speedMs, rechargeMsAt(levels.rechargeSpeed)) : base.speedMs,
  };
}

export function rewardMultiplierOf(levels: BoostLevels): number {
  return rewardMultiplierAt(levels.paintReward);
}

export interface BoostLevelCacheOptions {
  load(userId: number): Promise<BoostLevels>;
  /** entries older than this are reloaded in the background (another instance may have upgraded) */
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
  onError?(err: unknown, userId: number): void;
}

export interface BoostLevelCache {
  /** Cached levels, or null when never loaded; a stale or missing entry starts a reload. */
  peek(userId: number): BoostLevels | null;
  /** Levels, loaded first when missing or stale. */
  load(userId: number): Promise<BoostLevels>;
  set(userId: number, levels: BoostLevels): void;
  forget(userId: number): void;
  readonly size: number;
}

export function createBoostLevelCache(opts: BoostLevelCacheOptions): BoostLevelCache {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 200_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<number, { levels: BoostLevels; at: number; version: number }>();
  const loading = new Map<number, Promise<BoostLevels>>();
  let version = 0;
  // A read that started before a forget may carry the old levels: it must not be cached.
  let forgottenAt = 0;

  function set(userId: number, levels: BoostLevels): void {
    // Re-inserting keeps the Map in last-written order, so the oldest entry goes first.
    entries.delete(userId);
    entries.set(userId, { levels, at: now(), version: ++version });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  function reload(userId: number): Promise<BoostLevels> {
    const inFlight = loading.get(userId);
    if (inFlight) return inFlight;
    const startedAt = version;
    const pending: Promise<BoostLevels> = opts
      .load(userId)
      .then((levels) => {
        // An upgrade written while this read was under way is newer than what it read.
        const current = entries.get(userId);
        if (current && current.version > startedAt) return current.levels;
        if (forgottenAt > startedAt) return levels;
        set(userId, levels);
        return levels;
      })
      .finally(() => {
        if (loading.get(userId) === pending) loading.delete(userId);
      });
    loading.set(userId, pending);
    return pending;
  }

  const fresh = (at: number) => now() - at < ttlMs;

  return {
    peek(userId) {
      const e = entries.get(userId);
      if (!e || !fresh(e.at)) {
        reload(userId).catch((err: unknown) => opts.onError?.(err, userId));
      }
      return e?.levels ?? null;
    },
    async load(userId) {
      const e = entries.get(userId);
      if (e && fresh(e.at)) return e.levels;
      return reload(userId);
    },
    set,
    forget(userId) {
      entries.delete(userId);
      loading.delete(userId);
      forgottenAt = ++version;
    },
    get size() {
      return entries.size;
    },
  };
}
