/**
 * Rewards: goods (an item to claim into the inventory) and tokens (PX to withdraw or burn).
 * Where they come from here: a small seeded chance per paint of a reward, an item or some PX (the
 * PX times the player's paint-reward boost). Other features (hidden templates, tournaments) grant
 * token rewards through `grantToken`.
 *
 * States (SPEC §4): a token reward is claimable (status null), then 'pending' once a claim or a
 * burn is accepted (ignored while pending), then 'success' when the payout has been sent. Goods
 * are claimable until claimed, then gone from the unclaimed list.
 */
import { createCipheriv, createHash } from 'node:crypto';
import {
  PAINT_REWARD_PX,
  productById,
  type Reward,
  type RewardList,
  type RewardStats,
  type UnclaimedList,
} from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { GIVEAWAY_PRODUCT_IDS, productImageUrl } from '../items/catalogue.ts';
import { addItems } from '../items/inventory.ts';
import { boostLevelsOf, rewardMultiplierOf } from '../mining/boosts.ts';
import type { UsersService } from '../users/service.ts';
import type { RewardRow } from './store.ts';
import * as store from './store.ts';

export type PaintRewardDecision =
  | { type: 'goods'; productId: number; quantity: number }
  /** PX before the paint-reward multiplier */
  | { type: 'token'; basePx: number };

/** The reward fields of a paint result. */
export interface PaintRewardResult {
  reward: number;
  reward_type: 'goods' | 'token' | null;
  reward_user: number | null;
}

export const NO_PAINT_REWARD: PaintRewardResult = { reward: 0, reward_type: null, reward_user: null };

/** 16 unpredictable bytes for a (player, pixel, time), the same each time for one seed. */
export type PaintRewardDraw = (userId: number, pixelId: number, now: number) => Buffer;

/**
 * The draw for a seed: AES-128 (a pseudo-random permutation) of the three numbers packed into one
 * block, under a key derived from the seed. Distinct paints give distinct blocks that nobody
 * without the seed can predict. One block through a cipher made once costs about 1 µs; the
 * HMAC-SHA-256 per paint it replaces cost 3–4 µs, ~10 % of the main thread under the websocket
 * paint load (BENCHMARKS.md, "The paint-reward draw").
 */
export function paintRewardDraw(seed: string): PaintRewardDraw {
  const key = createHash('sha256').update(`paint-reward:${seed}`, 'utf8').digest().subarray(0, 16);
  const cipher = createCipheriv('aes-128-ecb', key, null).setAutoPadding(false);
  const block = Buffer.alloc(16);
  return (userId, pixelId, now) => {
    // 7 bytes of player id (ids are safe integers, < 2^53), 3 of pixel id (< 2^24), 6 of ms time.
    block.writeUInt32LE(userId % 2 ** 32, 0);
    block.writeUIntLE(Math.floor(userId / 2 ** 32), 4, 3);
    block.writeUIntLE(pixelId, 7, 3);
    block.writeUIntLE(now, 10, 6);
    return cipher.update(block);
  };
}

/**
 * Pure and seeded: the same (seed, player, pixel, time) always decides the same. The seed is a
 * server secret so players cannot predict which paint pays. `oneIn` 0 switches rewards off. The
 * service passes the seed's draw made once (`paintRewardDraw`), not the seed itself.
 */
export function decidePaintReward(
  seed: string | PaintRewardDraw,
  oneIn: number,
  userId: number,
  pixelId: number,
  now: number,
): PaintRewardDecision | null {
  if (oneIn <= 0) return null;
  const h = (typeof seed === 'string' ? paintRewardDraw(seed) : seed)(userId, pixelId, now);
  if (h.readUInt32LE(0) % oneIn !== 0) return null;
  if (h.readUInt32LE(8) % PAINT_REWARD_PX.tokenOneIn === 0)
    return { type: 'token', basePx: PAINT_REWARD_PX.basePx };
  const productId = GIVEAWAY_PRODUCT_IDS[h.readUInt32LE(4) % GIVEAWAY_PRODUCT_IDS.length]!;
  return { type: 'goods', productId, quantity: 1 };
}

/** '1.500000000' → '1.5'; numeric columns come back with every scale digit. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function toReward(r: RewardRow): Reward {
  return {
    id: Number(r.id),
    type: r.type,
    token: r.token,
    amount: trimDecimal(String(r.amount)),
    currency_id: r.currency_id,
    good_id: r.good_id,
    status: r.status,
    is_claimed: r.claimed_at !== null,
    hash: r.hash,
    name: r.name,
    description: r.description,
    image_url: r.image_url,
    reward_user: Number(r.id),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** Records a goods reward (an item to claim). Returns the reward id. */
export async function grantGoods(
  sql: Sql,
  userId: number,
  productId: number,
  quantity: number,
  source = 'paint',
): Promise<number> {
  const product = productById(productId);
  if (!product) throw new RangeError(`unknown product ${productId}`);
  return store.insertGoods(sql, {
    userId,
    quantity,
    productId,
    name: product.name,
    description: product.description,
    imageUrl: productImageUrl(product),
    source,
  });
}

/** Records a token reward (PX by default) for another feature to pay out. Returns the reward id. */
export async function grantToken(
  sql: Sql,
  userId: number,
  reward: {
    amount: string;
    token?: string;
    currencyId?: number;
    name: string;
    description?: string;
    source: string;
  },
): Promise<number> {
  if (!/^\d+(\.\d{1,9})?$/.test(reward.amount) || Number(reward.amount) <= 0) {
    throw new RangeError(`bad amount ${reward.amount}`);
  }
  return store.insertToken(sql, {
    userId,
    token: reward.token ?? 'PX',
    amount: reward.amount,
    currencyId: reward.currencyId ?? 10,
    name: reward.name,
    description: reward.description ?? '',
    source: reward.source,
  });
}

/** PX × multiplier as an exact decimal with at most 3 places ('3', '4.5'). */
export function paintRewardPx(basePx: number, multiplier: number): string {
  const milli = Math.round(basePx * multiplier * 1000);
  return trimDecimal((milli / 1000).toFixed(3));
}

/**
 * Records the paint reward decided for a paint; run it inside or right after the paint's commit.
 * A PX reward is multiplied by the player's paint-reward boost (read here: wins are rare).
 */
export async function recordPaintReward(
  sql: Sql,
  userId: number,
  decision: PaintRewardDecision | null,
): Promise<PaintRewardResult> {
  if (!decision) return NO_PAINT_REWARD;
  if (decision.type === 'token') {
    const multiplier = rewardMultiplierOf(await boostLevelsOf(sql, userId));
    const amount = paintRewardPx(decision.basePx, multiplier);
    const id = await grantToken(sql, userId, {
      amount,
      name: 'Pixel reward',
      description: multiplier > 1 ? `×${multiplier} paint reward boost` : '',
      source: 'paint',
    });
    return { reward: Number(amount), reward_type: 'token', reward_user: id };
  }
  const id = await grantGoods(sql, userId, decision.productId, decision.quantity, 'paint');
  return { reward: decision.quantity, reward_type: 'goods', reward_user: id };
}

export interface RewardsServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** one paint in this many pays a goods reward; 0 switches paint rewards off */
  paintRewardOneIn: number;
  /** server secret seeding the paint-reward draw */
  rewardSeed: string;
}

export function createRewardsService(deps: RewardsServiceDeps) {
  const seed = paintRewardDraw(deps.rewardSeed);
  async function rewardState(userId: number, rewardId: number, type: 'goods' | 'token'): Promise<RewardRow> {
    const row = await store.rewardOf(deps.db, userId, rewardId, type);
    if (!row) throw new AppError('NOT_FOUND', 'No such reward.');
    return row;
  }

  return {
    decidePaintReward: (userId: number, pixelId: number, now: number) =>
      decidePaintReward(seed, deps.paintRewardOneIn, userId, pixelId, now),
    recordPaintReward,
    grantGoods,
    grantToken,

    /**
     * For the paint path, after the paint's commit: decides, and records only on a hit (one paint
     * in `paintRewardOneIn`), so it costs no SQL for almost every paint. A crash between the
     * paint's commit and this insert loses the bonus, never the paint.
     */
    async paintReward(userId: number, pixelId: number, now: number): Promise<PaintRewardResult> {
      const decision = decidePaintReward(seed, deps.paintRewardOneIn, userId, pixelId, now);
      return decision ? recordPaintReward(deps.db, userId, decision) : NO_PAINT_REWARD;
    },

    async unclaimedGoods(userId: number): Promise<UnclaimedList> {
      const rows = await store.unclaimedGoods(deps.db, userId);
      return { list: rows.map((r) => ({ ...r, id: Number(r.id) })) };
    },

    /** A player's token rewards: their own, or anyone's for an admin (`callerIsAdmin`). */
    async tokenRewards(callerId: number, userId: number, callerIsAdmin: boolean): Promise<RewardList> {
      if (callerId !== userId && !callerIsAdmin) {
        throw new AppError('FORBIDDEN', 'You can only see your own rewards.');
      }
      const rows = await store.tokenRewardsOf(deps.db, userId);
      return { list: rows.map(toReward), total: rows.length };
    },

    async obtainProgress(userId: number): Promise<RewardStats> {
      const r = await store.tokenTotals(deps.db, userId);
      return { total: trimDecimal(r.total), count: r.count, reward_size: trimDecimal(r.claimable) };
    },

    /** Claims a goods reward into the inventory, once. */
    async claimGoods(callerId: number, userId: number, rewardId: number): Promise<void> {
      if (callerId !== userId) throw new AppError('FORBIDDEN', 'You can only claim your own rewards.');
      await deps.users.requirePlayer(callerId);
      const claimed = await deps.db.transaction(async (tx) => {
        const r = await store.claimGoods(tx, rewardId, userId);
        if (!r) return false;
        await addItems(tx, userId, [
          { productId: r.good_id, qty: Math.max(1, Math.floor(Number(r.amount))) },
        ]);
        return true;
      });
      if (!claimed) {
        await rewardState(userId, rewardId, 'goods');
        throw new AppError('ALREADY_CLAIMED', 'This reward has already been claimed.');
      }
    },

    /** Token reward claim (withdraw) or burn: null → 'pending'; refused while pending or done. */
    async startTokenAction(userId: number, rewardId: number, action: 'claim' | 'burn'): Promise<void> {
      await deps.users.requirePlayer(userId);
      if (await store.startTokenAction(deps.db, rewardId, userId, action)) return;
      const r = await rewardState(userId, rewardId, 'token');
      throw new AppError(
        'ALREADY_CLAIMED',
        r.status === 'pending'
          ? 'This reward is already being processed.'
          : 'This reward has already been paid.',
      );
    },

    /** The payout job marks a pending token reward done, with the transaction hash. */
    async completeTokenAction(rewardId: number, hash: string | null): Promise<boolean> {
      return store.completeTokenAction(deps.db, rewardId, hash);
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
