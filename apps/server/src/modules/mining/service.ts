/**
 * Mining: PX accrues at a fixed rate from the last claim, for at most `maxSeconds`; a claim moves
 * the accrued PX into the balance and restarts the clock, in one transaction with the mining row
 * locked, so two concurrent claims pay once. Also the secret-word quest (Ghost Pixel, id 10), and
 * the boosts bought with PX (see boosts.ts), paid under the same row lock so they too pay once.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  type BoostId,
  type BoostUpgradeResponse,
  boostMaxLevel,
  boostPricePx,
  type ChargeRules,
  GAME_DEFAULTS,
  type MiningClaimResponse,
  type MiningStatus,
  type QuestStats,
} from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import { AppError, notConfigured } from '../../errors.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { Redis } from '../../lib/redis.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import { grant, hasAchievement, holdersOf } from '../achievements/service.ts';
import type { UsersService } from '../users/service.ts';
import { addPx, pixelCoinsOf, spendPx } from './balance.ts';
import {
  BOOST_COLUMN,
  type BoostLevels,
  boostLevelsOf,
  chargeRulesAt,
  createBoostLevelCache,
  levelsOfRow,
  rewardMultiplierOf,
} from './boosts.ts';
import type { MiningRow } from './store.ts';
import * as store from './store.ts';

export const GHOST_PIXEL_ACHIEVEMENT = 10;

/**
 * Guesses at the secret word a player may make: a burst of this many, then one more every
 * `SECRET_WORD_GUESS_SECONDS`. Enough for typos, far too few to try a word list.
 */
export const SECRET_WORD_GUESS_BURST = 6;
export const SECRET_WORD_GUESS_SECONDS = 20;

export interface MiningServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'requirePlayer'>;
  pxPerSecond: number;
  maxSeconds: number;
  /** The secret word of the quest; null switches the quest off (a guess is 503, not configured). */
  secretWord: string | null;
  /** cluster mode: the guess limit counts in this Redis (one bucket per player for every instance) */
  redis?: Redis | null;
  /** Redis key namespace (config.redisPrefix) */
  prefix?: string;
  /** the guess limit (default SECRET_WORD_GUESS_BURST, one every SECRET_WORD_GUESS_SECONDS) */
  guesses?: { burst: number; everySeconds: number };
  now?: () => number;
  /** START_CHARGES / RECHARGE_SECONDS: the rules at level 0 (default GAME_DEFAULTS) */
  baseRules?: ChargeRules;
  /** how long cached boost levels serve the engine before a background reload */
  boostCacheTtlMs?: number;
  onCacheError?(err: unknown, userId: number): void;
  /**
   * The instance's player caches: the boost levels register there, and an upgrade is announced
   * through them so every instance drops the old levels.
   */
  caches?: Pick<PlayerCaches, 'register' | 'forgetPlayer'>;
}

/** The mining part of `/mining/status`; the charge fields come from the engine. */
export type MiningFigures = Pick<
  MiningStatus,
  'coins' | 'fromStart' | 'fromUpdate' | 'maxMiningTime' | 'speedPerSecond' | 'boosts' | 'tasks'
>;

const BOOSTS = [
  { id: 'energyLimit', column: 'energy_limit_level', maxLevel: GAME_DEFAULTS.maxChargesByLevel.length - 1 },
  {
    id: 'rechargeSpeed',
    column: 'recharge_speed_level',
    maxLevel: GAME_DEFAULTS.rechargeMsByLevel.length - 1,
  },
  { id: 'paintReward', column: 'reward_level', maxLevel: GAME_DEFAULTS.rewardMultiplierByLevel.length - 1 },
] as const;

const DEFAULT_RULES: ChargeRules = { max: GAME_DEFAULTS.startCharges, speedMs: GAME_DEFAULTS.rechargeMs };

function normalizeWord(word: string): Buffer {
  return createHash('sha256').update(word.trim().toLowerCase().normalize('NFC')).digest();
}

export function createMiningService(deps: MiningServiceDeps) {
  const clock = deps.now ?? Date.now;
  // Integer arithmetic: micro-PX per second (0.0042 PX/s → 4200).
  const microPerSecond = Math.round(deps.pxPerSecond * 1_000_000);
  const maxMs = deps.maxSeconds * 1000;
  const secret = deps.secretWord ? normalizeWord(deps.secretWord) : null;
  let baseRules: ChargeRules = deps.baseRules ?? DEFAULT_RULES;
  const levels = createBoostLevelCache({
    load: (userId) => boostLevelsOf(deps.db, userId),
    ttlMs: deps.boostCacheTtlMs,
    now: clock,
    onError: deps.onCacheError,
  });
  deps.caches?.register('boosts', (userId) => levels.forget(userId));
  const guessLimit = deps.guesses ?? {
    burst: SECRET_WORD_GUESS_BURST,
    everySeconds: SECRET_WORD_GUESS_SECONDS,
  };
  const guesses = createRateLimiter({
    name: 'secret-word',
    rate: 1 / guessLimit.everySeconds,
    burst: guessLimit.burst,
    redis: deps.redis ?? null,
    prefix: deps.prefix,
    now: clock,
  });

  /** milli-PX accrued over `elapsedMs` (capped), rounded down. */
  function accruedMilli(elapsedMs: number): number {
    const ms = Math.max(0, Math.min(elapsedMs, maxMs));
    return Math.floor((ms * microPerSecond) / 1_000_000);
  }

  /** The player's mining row, created on first sight with the clock starting now. */
  async function rowOf(sql: Sql, userId: number, now: number, lock = false): Promise<MiningRow> {
    const r = await store.miningRowOf(sql, userId, now, lock);
    return { ...r, last_claim_at: Number(r.last_claim_at) };
  }

  return {
    accruedMilli,

    /** The real mining values for `/mining/status`. */
    async miningStatus(userId: number, now = clock()): Promise<MiningFigures> {
      const row = await rowOf(deps.db, userId, now);
      levels.set(userId, levelsOfRow(row));
      const elapsed = Math.max(0, now - row.last_claim_at);
      return {
        coins: accruedMilli(elapsed) / 1000,
        fromStart: Math.floor(Math.min(elapsed, maxMs) / 1000),
        // Uncapped: how long since the last claim, so a client can tell mining has stopped.
        fromUpdate: Math.floor(elapsed / 1000),
        maxMiningTime: deps.maxSeconds,
        speedPerSecond: deps.pxPerSecond,
        boosts: BOOSTS.map((b) => ({ id: b.id, level: row[b.column], maxLevel: b.maxLevel })),
        tasks: [{ id: 'secretWord', done: await hasAchievement(deps.db, userId, GHOST_PIXEL_ACHIEVEMENT) }],
      };
    },

    async claim(userId: number, now = clock()): Promise<MiningClaimResponse> {
      await deps.users.requirePlayer(userId);
      return deps.db.transaction(async (tx) => {
        const row = await rowOf(tx, userId, now, true);
        const milli = accruedMilli(now - row.last_claim_at);
        if (milli === 0) {
          const bal = await addPx(tx, userId, 0);
          return {
            success: true,
            claimed: 0,
            claimedMilli: 0,
            balanceMilli: bal,
            pixelCoins: pixelCoinsOf(bal),
          };
        }
        await store.recordClaim(tx, userId, now, milli);
        const bal = await addPx(tx, userId, milli);
        return {
          success: true,
          claimed: milli / 1000,
          claimedMilli: milli,
          balanceMilli: bal,
          pixelCoins: pixelCoinsOf(bal),
        };
      });
    },

    /**
     * The player's charge rules for the engine, synchronously: from the cache, or the base rules
     * until the levels are loaded (that first lookup starts the load). A cold cache never lowers a
     * boosted player's count: refills keep charges already above a smaller max.
     */
    chargeRulesOf(userId: number): ChargeRules {
      const known = levels.peek(userId);
      return known ? chargeRulesAt(known, baseRules) : baseRules;
    },

    /**
     * Null when the player's levels are cached; otherwise the load that caches them (after a
     * forget, the engine must not fall back to the base rules while the bought ones reload).
     */
    rulesPending(userId: number): Promise<unknown> | null {
      return levels.peek(userId) ? null : levels.load(userId);
    },

    /** Loads the player's levels into the cache (sign-in, mining status, first paint). */
    async loadChargeRules(userId: number): Promise<ChargeRules> {
      return chargeRulesAt(await levels.load(userId), baseRules);
    },

    /** The operator's level-0 rules (START_CHARGES, RECHARGE_SECONDS), set once by app.ts. */
    setBaseRules(base: ChargeRules): void {
      baseRules = { max: base.max, speedMs: base.speedMs };
    },

    /** The paint-reward multiplier (×1 unboosted, up to ×4). */
    async rewardMultiplier(userId: number): Promise<number> {
      return rewardMultiplierOf(await levels.load(userId));
    },

    /**
     * Buys the next level of a boost with PX, in one transaction with the mining row locked:
     * the level is read, the price taken from the balance only if it covers it (409
     * NOT_ENOUGH_PX otherwise), the level recorded once (409 MAX_LEVEL at the top).
     */
    async upgradeBoost(
      userId: number,
      id: BoostId,
      opts: { fromLevel?: number } = {},
      now = clock(),
    ): Promise<BoostUpgradeResponse> {
      await deps.users.requirePlayer(userId);
      const column = BOOST_COLUMN[id];
      const maxLevel = boostMaxLevel(id);
      const done = await deps.db.transaction(async (tx) => {
        const row = await rowOf(tx, userId, now, true);
        const level = levelsOfRow(row)[id];
        if (opts.fromLevel !== undefined && opts.fromLevel !== level) {
          throw new AppError('CONFLICT', 'This boost has changed since you looked. Look again.', {
            level,
          });
        }
        const price = boostPricePx(id, level);
        if (price === null) throw new AppError('MAX_LEVEL', 'This boost is at its top level.');
        const priceMilli = price * 1000;
        const paid = await spendPx(tx, userId, priceMilli);
        if (paid === null) {
          const have = await addPx(tx, userId, 0);
          throw new AppError('NOT_ENOUGH_PX', `You need ${price} PX for the next level.`, {
            pricePx: price,
            balanceMilli: have,
          });
        }
        await store.insertUpgrade(tx, userId, id, level + 1, priceMilli);
        await store.setBoostLevel(tx, userId, column, level + 1);
        const after: BoostLevels = { ...levelsOfRow(row), [id]: level + 1 };
        return { level: level + 1, priceMilli, balance: paid, after };
      });
      // Every instance drops the old levels (this one at once, before the new ones are set).
      await deps.caches?.forgetPlayer(userId, 'boost');
      levels.set(userId, done.after);
      const rules = chargeRulesAt(done.after, baseRules);
      return {
        success: true,
        id,
        level: done.level,
        maxLevel,
        paidMilli: done.priceMilli,
        balanceMilli: done.balance,
        pixelCoins: pixelCoinsOf(done.balance),
        nextPricePx: boostPricePx(id, done.level),
        maxCharges: rules.max,
        reChargeSpeed: rules.speedMs,
        rewardMultiplier: rewardMultiplierOf(done.after),
      };
    },

    /**
     * Right word → Ghost Pixel (once); wrong → 400 WRONG_SECRET_WORD. Every guess takes from the
     * player's guess bucket first (429 RATE_LIMITED with `retryAfterSeconds` when it is empty); no
     * secret word configured → 503 UNAVAILABLE with `configured: false`.
     */
    async checkSecretWord(
      userId: number,
      word: string,
    ): Promise<{ success: true; achievementId: number; granted: boolean }> {
      await deps.users.requirePlayer(userId);
      if (!secret) throw notConfigured('UNAVAILABLE', 'The secret-word quest is not running.');
      if (!(await guesses.take(userId))) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many guesses. You may try one word every ${guessLimit.everySeconds} s.`,
          { retryAfterSeconds: guessLimit.everySeconds },
        );
      }
      if (!timingSafeEqual(secret, normalizeWord(word))) {
        throw new AppError('WRONG_SECRET_WORD', 'That is not the secret word.');
      }
      const granted = await grant(deps.db, userId, GHOST_PIXEL_ACHIEVEMENT);
      return { success: true, achievementId: GHOST_PIXEL_ACHIEVEMENT, granted };
    },

    async questStats(userId: number): Promise<QuestStats> {
      const [done, completedBy] = await Promise.all([
        hasAchievement(deps.db, userId, GHOST_PIXEL_ACHIEVEMENT),
        holdersOf(deps.db, GHOST_PIXEL_ACHIEVEMENT),
      ]);
      return { quests: [{ id: 'secretWord', done, completedBy, open: secret !== null }] };
    },
  };
}

export type MiningService = ReturnType<typeof createMiningService>;
