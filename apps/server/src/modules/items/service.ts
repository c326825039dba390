/**
 * Items a player holds and uses: the catalogue with their counts, the daily offers and free item,
 * blasts (bomb, paint can, pumpkin) and the energy refill.
 *
 * A blast consumes one item with a conditional decrement (so concurrent uses of the last item
 * succeed once), writes its pixels through the engine and the group commit exactly like paints
 * (the commit stream publishes them), then publishes a wall event. Each pixel of a blast counts as one repaint (the group
 * commit counts every record it writes, and staying its only writer keeps pixel ordering
 * last-write-wins); a blast spends no charge.
 */
import {
  type BlastKind,
  type BuyListResponse,
  blastKindOf,
  blastSize,
  colorOfIndex,
  type DailyFreeResponse,
  type DailyListResponse,
  msUntilNextCharge,
  ProductId,
  paletteIndexOf,
  productById,
  type ShopPromotions,
  type UseItemResult,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { blast, blastArea } from '../../engine/blast.ts';
import type { Committer } from '../../engine/committer.ts';
import type { Engine } from '../../engine/types.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { UsersService } from '../users/service.ts';
import { setCharges } from '../users/store.ts';
import { catalogue, dailyOffers, productImageUrl, productView } from './catalogue.ts';
import type { ColourUnlocks } from './colours.ts';
import { addItems, countsOf, quantityOf, takeOne } from './inventory.ts';
import { claimedOn, recordClaim } from './store.ts';

export interface ItemsServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  engine: Pick<Engine, 'restorePixels' | 'charges' | 'forget'>;
  committer: Pick<Committer, 'submitMany' | 'flush'>;
  bus: Pick<Bus, 'publishEvent'>;
  users: Pick<UsersService, 'requirePlayer'>;
  /** the operator's sale and event marks, shown in the lists (the shop charges the sale prices) */
  promotions?: ShopPromotions;
  now?: () => number;
  log?: { error(obj: object, msg: string): void };
  /** who may paint beyond the basic colour line (colours.ts); absent: every palette colour */
  colours?: Pick<ColourUnlocks, 'require'>;
  /** Pixanos' Snap (13), which lives in modules/pixanos; without it the item cannot be used */
  snap?(userId: number, color?: string): Promise<UseItemResult>;
}

const NO_REWARD = { reward: 0, reward_type: null, reward_user: null } as const;

export function createItemsService(deps: ItemsServiceDeps) {
  const clock = deps.now ?? Date.now;
  const snapHandler = deps.snap ?? null;

  function noItems(productId: number): never {
    const name = productById(productId)?.name ?? 'item';
    throw new AppError('NO_ITEMS', `You have no ${name} left. Get more in the shop.`, { productId });
  }

  return {
    /** The catalogue with what the player holds merged in by id (empty for guests). */
    async buyList(userId: number | null): Promise<BuyListResponse> {
      const now = clock();
      return {
        products: catalogue(now, deps.promotions),
        goodsAvailable: userId === null ? {} : await countsOf(deps.db, userId),
      };
    },

    async inventory(userId: number): Promise<Record<string, number>> {
      return countsOf(deps.db, userId);
    },

    async dailyList(userId: number | null): Promise<DailyListResponse> {
      const now = clock();
      const today = dailyOffers(now);
      const free = productById(today.free.productId)!;
      let claimed = false;
      if (userId !== null) {
        claimed = await claimedOn(deps.db, userId, today.day);
      }
      return {
        day: today.day,
        endsAt: today.endsAt,
        offers: today.offerIds.map((id) => productView(productById(id)!, today.endsAt, deps.promotions)),
        free: {
          good_id: free.id,
          name: free.name,
          image_url: productImageUrl(free),
          quantity: today.free.quantity,
          claimed,
        },
      };
    },

    /** Today's free item, once per player per UTC day. */
    async claimDailyFree(userId: number): Promise<DailyFreeResponse> {
      await deps.users.requirePlayer(userId);
      const today = dailyOffers(clock());
      const product = productById(today.free.productId)!;
      const available = await deps.db.transaction(async (tx) => {
        if (!(await recordClaim(tx, userId, today.day, product.id, today.free.quantity))) return null;
        await addItems(tx, userId, [{ productId: product.id, qty: today.free.quantity }]);
        return quantityOf(tx, userId, product.id);
      });
      if (available === null) {
        throw new AppError('ALREADY_CLAIMED', "You have taken today's free item. Come back tomorrow.");
      }
      return {
        success: true,
        good_id: product.id,
        name: product.name,
        image_url: productImageUrl(product),
        quantity: today.free.quantity,
        available,
      };
    },

    /** Bomb (2), paint can (6) or pumpkin (7) centred on `pixelId`, painted `color`. */
    async useBlast(
      userId: number,
      productId: number,
      pixelId: number,
      color: string,
    ): Promise<UseItemResult> {
      const kind: BlastKind | null = blastKindOf(productId);
      const size = blastSize(productId);
      if (kind === null || size === null) throw new AppError('BAD_REQUEST', 'That item is not a blast.');
      const colorIndex = paletteIndexOf(color);
      if (colorIndex < 0)
        throw new AppError('INVALID_COLOR', 'The colour must be one of the palette colours.');
      const player = await deps.users.requirePlayer(userId);
      await deps.colours?.require(userId, colorIndex);
      const left = await takeOne(deps.db, userId, productId);
      if (left === null) noItems(productId);

      const at = clock();
      const pixelIds = blastArea(pixelId, size);
      let outcome: Awaited<ReturnType<typeof blast>>;
      try {
        outcome = await blast(deps.engine, { userId, pixelIds, color: colorIndex, now: at });
      } catch (err) {
        // Nothing was painted: give the item back.
        await addItems(deps.db, userId, [{ productId, qty: 1 }]);
        throw err;
      }
      await deps.committer.submitMany(
        pixelIds.map((id) => ({
          pixelId: id,
          color: colorIndex,
          userId,
          squadId: player.squadId,
          at,
          charges: outcome.charges.charges,
          chargesUpdatedAt: outcome.charges.updatedAt,
          kind: 'blast',
        })),
      );
      try {
        await deps.bus.publishEvent({
          kind,
          user: { id: userId, firstName: player.firstName, userPic: player.userPic },
          pixelId,
          color: colorOfIndex(colorIndex),
        });
      } catch (err) {
        deps.log?.error({ err }, 'blast event not published');
      }
      return {
        success: true,
        productId,
        left,
        pixels: pixelIds.length,
        charges: outcome.charges.charges,
        maxCharges: outcome.rules.max,
        reChargeTimer: msUntilNextCharge(outcome.charges, outcome.rules, at),
        reChargeSpeed: outcome.rules.speedMs,
        ...NO_REWARD,
      };
    },

    /**
     * Restoring (1): charges back to max, one item spent. The new charge state is written to SQL in
     * the item's transaction, then the engine forgets the player and reloads from SQL.
     *
     * The race: the group commit writes each player's latest charges from the engine, so a paint
     * accepted from the old state but committed after our write would overwrite the refill. We
     * flush the group commit first, which covers every paint accepted before the refill began;
     * what remains is a paint by the same player between that flush and `forget` (a few ms; the
     * client never paints while a use is pending, SPEC §4). It can only cost that player their
     * own refill, never give charges. Closing it fully needs an engine method that sets charges
     * atomically (reported with the blast proposal).
     */
    async useRefill(userId: number): Promise<UseItemResult> {
      await deps.users.requirePlayer(userId);
      const before = await deps.engine.charges(userId, clock());
      if (before.charges.charges >= before.rules.max) {
        throw new AppError('CHARGES_FULL', 'Your charges are already full.');
      }
      await deps.committer.flush();
      const at = clock();
      const max = before.rules.max;
      const left = await deps.db.transaction(async (tx) => {
        const n = await takeOne(tx, userId, ProductId.Restoring);
        if (n === null) return null;
        await setCharges(tx, userId, max, at);
        return n;
      });
      if (left === null) noItems(ProductId.Restoring);
      await deps.engine.forget(userId);
      const after = await deps.engine.charges(userId, at);
      return {
        success: true,
        productId: ProductId.Restoring,
        left,
        pixels: 0,
        charges: after.charges.charges,
        maxCharges: after.rules.max,
        reChargeTimer: msUntilNextCharge(after.charges, after.rules, at),
        reChargeSpeed: after.rules.speedMs,
        ...NO_REWARD,
      };
    },

    /** The spec's "use product (productId, pixelId, optional color)". */
    async use(userId: number, productId: number, pixelId?: number, color?: string): Promise<UseItemResult> {
      if (productId === ProductId.Restoring) return this.useRefill(userId);
      // The snap holds its colour, given now or chosen when bought, to the player's colours.
      if (productId === ProductId.PixanosSnap && snapHandler) return snapHandler(userId, color);
      if (blastKindOf(productId) !== null) {
        if (pixelId === undefined || color === undefined) {
          throw new AppError('BAD_REQUEST', 'A blast needs a pixelId and a colour.');
        }
        return this.useBlast(userId, productId, pixelId, color);
      }
      throw new AppError('BAD_REQUEST', 'That item is not used this way.');
    },
  };
}

export type ItemsService = ReturnType<typeof createItemsService>;
