/**
 * The hidden-template game: one active round holds a secret 64×64 template (4,096 award pixels,
 * each a position and a colour). Painting an award pixel with its colour pays the pool's share
 * (532,480 / 4,096 = 130 PX) as a token reward, once per pixel; a wrong colour says 'Wrong color'.
 *
 * The paint path asks `onPaint` after the paint committed. Each instance keeps the active round in
 * memory (pixel id → colour), so a paint off the template costs one Map lookup and no SQL. The
 * pay-once rule lives in SQL: the winner is set by `UPDATE … WHERE winner_id IS NULL`, in the same
 * transaction as the reward, so concurrent right paints on any instance pay exactly one of them.
 */
import { createHmac } from 'node:crypto';
import {
  HIDDEN_AWARD_PX,
  HIDDEN_AWARDS,
  HIDDEN_POOL_PX,
  HIDDEN_SIZE,
  type HiddenOutcome,
  type HiddenRating,
  type HiddenStats,
  PALETTE_SIZE,
  pixelIdOf,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { grantToken } from '../rewards/service.ts';
import { playerCards } from '../users/store.ts';
import * as store from './store.ts';

export interface HiddenRound {
  id: number;
  x: number;
  y: number;
  /** pixel id → palette index */
  colors: Map<number, number>;
}

export interface HiddenGameDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /** server secret the first round's template is generated from */
  seed: string;
  /** how often an instance looks for a round started elsewhere; 0: never */
  refreshMs?: number;
  log?: { error(obj: object, msg: string): void };
}

const WRONG: HiddenOutcome = { result: 'wrong', amount: 0, reward_user: null };
const LOCK_KEY = 7_355_611;

/** Derived bytes of the seed for a label (HMAC-SHA256). */
function derive(seed: string, label: string): Buffer {
  return createHmac('sha256', seed).update(label).digest();
}

/**
 * The template a seed generates: its corner and 4,096 palette indices, row by row. It is made of
 * 8×8 blocks of one colour each, so a find hints at its neighbours, as a real picture would.
 */
export function templateFromSeed(seed: string): { x: number; y: number; indices: Uint8Array } {
  const pos = derive(seed, 'hidden:position');
  const span = 1024 - HIDDEN_SIZE + 1;
  const x = pos.readUInt32LE(0) % span;
  const y = pos.readUInt32LE(4) % span;
  const indices = new Uint8Array(HIDDEN_AWARDS);
  const blocks = HIDDEN_SIZE / 8;
  for (let by = 0; by < blocks; by++) {
    for (let bx = 0; bx < blocks; bx++) {
      const color = derive(seed, `hidden:block:${bx}:${by}`).readUInt32LE(0) % PALETTE_SIZE;
      for (let dy = 0; dy < 8; dy++) {
        for (let dx = 0; dx < 8; dx++) indices[(by * 8 + dy) * HIDDEN_SIZE + bx * 8 + dx] = color;
      }
    }
  }
  return { x, y, indices };
}

/** Pixel ids of a template placed at (x, y), row by row. */
export function templatePixelIds(x: number, y: number): number[] {
  const ids: number[] = [];
  for (let dy = 0; dy < HIDDEN_SIZE; dy++) {
    for (let dx = 0; dx < HIDDEN_SIZE; dx++) ids.push(pixelIdOf(x + dx, y + dy));
  }
  return ids;
}

export function createHiddenGame(deps: HiddenGameDeps) {
  const { db } = deps;
  let round: HiddenRound | null = null;
  /** award pixels this instance knows are taken (another instance's wins are learnt on a miss) */
  let won = new Set<number>();
  let timer: ReturnType<typeof setInterval> | null = null;

  async function insertRound(
    x: number,
    y: number,
    indices: Uint8Array,
    source: 'seed' | 'operator',
    createdBy: number | null,
    onlyIfNone: boolean,
  ): Promise<number | null> {
    return db.transaction(async (tx) => {
      // Two instances starting at once, or two admins: one round at a time.
      await store.lockRounds(tx, LOCK_KEY);
      if (onlyIfNone && (await store.anyRound(tx))) return null;
      await store.deactivateRounds(tx);
      return store.insertRound(tx, {
        x,
        y,
        source,
        poolPx: HIDDEN_POOL_PX,
        awards: HIDDEN_AWARDS,
        createdBy,
        pixelIds: templatePixelIds(x, y),
        colors: Array.from(indices),
      });
    });
  }

  async function load(): Promise<void> {
    const r = await store.activeRound(db);
    if (!r) {
      round = null;
      won = new Set();
      return;
    }
    if (round?.id === Number(r.id)) return;
    const pixels = await store.roundPixels(db, r.id);
    const colors = new Map(pixels.pixelIds.map((id, i) => [id, pixels.colors[i] ?? 0]));
    round = { id: Number(r.id), x: r.x, y: r.y, colors };
    won = new Set(pixels.taken);
  }

  async function claim(r: HiddenRound, userId: number, pixelId: number, color: number) {
    const rewardId = await db.transaction(async (tx) => {
      if (!(await store.takePixel(tx, userId, r.id, pixelId, color))) return null;
      const id = await grantToken(tx, userId, {
        amount: String(HIDDEN_AWARD_PX),
        name: 'Hidden pixel',
        description: 'Found a pixel of the hidden template',
        source: 'hidden',
      });
      await store.setReward(tx, id, r.id, pixelId);
      return id;
    });
    won.add(pixelId);
    return rewardId === null
      ? null
      : { result: 'gotcha' as const, amount: HIDDEN_AWARD_PX, reward_user: rewardId };
  }

  return {
    /** Makes sure a round exists (the seed's, at first start) and loads the active one. */
    async start(): Promise<void> {
      const t = templateFromSeed(deps.seed);
      await insertRound(t.x, t.y, t.indices, 'seed', null, true);
      await load();
      const every = deps.refreshMs ?? 10_000;
      if (every > 0) {
        timer = setInterval(() => {
          load().catch((err: unknown) => deps.log?.error({ err }, 'reloading the hidden round failed'));
        }, every);
        timer.unref();
      }
    },

    /** Reloads the active round when it changed (a new one started on another instance). */
    refresh: load,

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /**
     * The paint path's question, after the paint committed: null for a pixel off the template
     * (no promise, no SQL), 'wrong' for a wrong colour, 'gotcha' with the PX for the first right one.
     */
    onPaint(userId: number, pixelId: number, color: number): Promise<HiddenOutcome | null> | null {
      const r = round;
      if (r === null) return null;
      const want = r.colors.get(pixelId);
      if (want === undefined) return null;
      if (want !== color) return Promise.resolve(WRONG);
      if (won.has(pixelId)) return null;
      // The paint is committed already: a failed claim must not fail it. The pixel stays unwon,
      // so the next right paint can claim it.
      return claim(r, userId, pixelId, color).catch((err: unknown) => {
        deps.log?.error({ err, pixelId }, 'claiming a hidden pixel failed');
        return null;
      });
    },

    /** Reward stats of the running round, with the caller's own finds. */
    async stats(userId: number | null): Promise<HiddenStats> {
      const r = round;
      const base = { total: HIDDEN_POOL_PX, awards: HIDDEN_AWARDS, reward_size: HIDDEN_AWARD_PX };
      if (!r) return { ...base, active: false, count: 0, area: null, mine: { count: 0, total: 0 } };
      const { found, mine } = (await store.roundFinds(db, r.id, userId ?? 0)) ?? { found: 0, mine: 0 };
      return {
        ...base,
        active: true,
        count: found,
        area: { x: r.x, y: r.y, size: HIDDEN_SIZE },
        mine: { count: mine, total: mine * HIDDEN_AWARD_PX },
      };
    },

    /** Players by PX found in the running round, 10 a page (SPEC §9). */
    async rating(limit: number, offset: number): Promise<HiddenRating> {
      const r = round;
      if (!r) return { rating: [], total: 0 };
      const rows = await store.winnersPage(db, r.id, limit, offset);
      const names = await playerCards(
        db,
        rows.map((row) => Number(row.id)),
      );
      const total = await store.winnerCount(db, r.id);
      return {
        rating: rows.map((row, i) => ({
          user: {
            id: Number(row.id),
            firstName: names.get(Number(row.id))?.first_name ?? '',
            userName: names.get(Number(row.id))?.username ?? null,
          },
          total: row.n * HIDDEN_AWARD_PX,
          count: row.n,
          place: offset + i + 1,
        })),
        total,
      };
    },

    /** Admin: a new round from an operator image of 4,096 palette indices at (x, y). */
    async newRound(adminId: number, x: number, y: number, indices: Uint8Array) {
      if (indices.length !== HIDDEN_AWARDS) {
        throw new AppError('BAD_REQUEST', `The template must be exactly ${HIDDEN_AWARDS} bytes (64×64).`);
      }
      const bad = indices.findIndex((v) => v >= PALETTE_SIZE);
      if (bad >= 0) {
        throw new AppError(
          'BAD_REQUEST',
          `Byte ${bad} is ${indices[bad]}: every byte must be a palette index from 0 to ${PALETTE_SIZE - 1}.`,
        );
      }
      const id = (await insertRound(x, y, indices, 'operator', adminId, false))!;
      await load();
      return { id, x, y };
    },

    /** For tests: the active round as this instance holds it. */
    current: (): HiddenRound | null => round,
  };
}

export type HiddenGame = ReturnType<typeof createHiddenGame>;
