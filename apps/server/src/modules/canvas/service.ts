/**
 * The paint path: validate, take a charge and write the pixel in the engine (atomic per player),
 * then wait for the group commit, whose commit stream publishes the change. Only a committed paint
 * is answered.
 */
import {
  colorOfIndex,
  type HiddenOutcome,
  isValidPixelId,
  msUntilNextCharge,
  PALETTE_SIZE,
  type PixelInfo,
  pointOfPixelId,
  type RepaintResult,
} from '@pixel-wall/shared';
import type { Committer } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import { AppError } from '../../errors.ts';
import { createRateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import { COLOR_LOCKED_MESSAGE } from '../items/colours.ts';
import type { UsersService } from '../users/service.ts';

export interface CanvasServiceDeps {
  engine: Engine;
  committer: Committer;
  users: Pick<UsersService, 'requirePlayer' | 'profile' | 'squadRef'>;
  paintsPerSecond: number;
  /** cluster mode: the paint buckets in this Redis, shared by every instance; null: in process */
  redis?: Redis | null;
  /** Redis key namespace (config.redisPrefix) */
  prefix?: string;
  /** the pixel reward a paint may win (one paint in many); absent: never */
  paintReward?(
    userId: number,
    pixelId: number,
    now: number,
  ): Promise<{ reward: number; reward_type: string | null; reward_user: number | null }>;
  /**
   * Whether the player may paint the palette index (the basic line, or all colours when they hold
   * All colours): answered from memory, a promise only on a player's first non-basic paint.
   * Absent: every palette colour.
   */
  colours?: { allows(userId: number, color: number): boolean | Promise<boolean> };
  /** the hidden-template game's verdict: null (no promise) for a pixel off its template */
  hiddenPaint?(userId: number, pixelId: number, color: number): Promise<HiddenOutcome | null> | null;
  metrics?: { painted(n: number): void; refused(code: string): void };
  now?: () => number;
}

export function createCanvasService(deps: CanvasServiceDeps) {
  const now = deps.now ?? Date.now;
  // RATE_LIMIT_PAINTS_PER_SECOND, bursts of twice that: per player, across the cluster.
  const buckets = createRateLimiter({
    name: 'paints',
    rate: deps.paintsPerSecond,
    burst: deps.paintsPerSecond * 2,
    redis: deps.redis ?? null,
    prefix: deps.prefix,
    now,
  });

  function refuse(
    code: 'NO_CHARGES' | 'RATE_LIMITED' | 'INVALID_PIXEL' | 'INVALID_COLOR' | 'COLOR_LOCKED',
    message: string,
  ): never {
    deps.metrics?.refused(code);
    throw new AppError(code, message);
  }

  return {
    async repaint(userId: number, pixelId: number, color: number): Promise<RepaintResult> {
      if (!isValidPixelId(pixelId)) refuse('INVALID_PIXEL', 'pixelId must be an integer from 1 to 1048576.');
      if (!Number.isInteger(color) || color < 0 || color >= PALETTE_SIZE) {
        refuse('INVALID_COLOR', 'The colour must be one of the palette colours.');
      }
      // The bucket is asked first, as the paint arrives: behind the profile look-up (a database
      // read when the cache is cold) a burst's takes spread over the reads and refill meanwhile.
      if (!(await buckets.take(userId)))
        refuse('RATE_LIMITED', 'Too many paints at once. Slow down a little.');
      const player = await deps.users.requirePlayer(userId);
      const allowed = deps.colours?.allows(userId, color) ?? true;
      if (allowed !== true && !(await allowed)) refuse('COLOR_LOCKED', COLOR_LOCKED_MESSAGE);
      const at = now();
      const outcome = await deps.engine.paint({ userId, pixelId, color, now: at });
      const timer = msUntilNextCharge(outcome.charges, outcome.rules, at);
      if (!outcome.ok) {
        deps.metrics?.refused('NO_CHARGES');
        throw new AppError('NO_CHARGES', 'No charges left. Wait for one to come back or use a refill.', {
          charges: outcome.charges.charges,
          maxCharges: outcome.rules.max,
          reChargeTimer: timer,
        });
      }
      await deps.committer.submit({
        pixelId,
        color,
        userId,
        squadId: player.squadId,
        at,
        charges: outcome.charges.charges,
        chargesUpdatedAt: outcome.charges.updatedAt,
      });
      deps.metrics?.painted(1);
      const won = deps.paintReward ? await deps.paintReward(userId, pixelId, at) : null;
      const hiddenCheck = deps.hiddenPaint?.(userId, pixelId, color) ?? null;
      return {
        success: true,
        charges: outcome.charges.charges,
        maxCharges: outcome.rules.max,
        reChargeTimer: timer,
        reChargeSpeed: outcome.rules.speedMs,
        reward: won?.reward ?? 0,
        reward_type: won?.reward_type ?? null,
        reward_user: won?.reward_user ?? null,
        hidden: hiddenCheck === null ? null : await hiddenCheck,
      };
    },

    async pixelInfo(pixelId: number): Promise<PixelInfo> {
      const { x, y } = pointOfPixelId(pixelId);
      const rec = await deps.engine.pixel(pixelId);
      if (!rec)
        return { pixel: { id: pixelId, x, y, color: colorOfIndex(0), dateObtained: null }, owner: null };
      const owner = await deps.users.profile(rec.userId);
      return {
        pixel: {
          id: pixelId,
          x,
          y,
          color: colorOfIndex(rec.color),
          dateObtained: new Date(rec.paintedAt).toISOString(),
        },
        owner: owner
          ? {
              id: owner.id,
              firstName: owner.firstName,
              userName: owner.userName,
              userPic: owner.userPic,
              squad: await deps.users.squadRef(owner.squadId),
            }
          : null,
      };
    },
  };
}

export type CanvasService = ReturnType<typeof createCanvasService>;
