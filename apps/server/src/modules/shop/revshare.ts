/**
 * Referral revenue share: players with 10,000 or more friends (players they referred) see what
 * their friends spent, per currency, over fulfilled orders, and choose their balance share.
 * Everyone else gets 403 REVSHARE_LOCKED with the text of SPEC §8 and its number, 20, in
 * `error.details.numericCode`.
 */
import {
  currencyById,
  fromUnits,
  GAME_DEFAULTS,
  REVSHARE_LOCKED_MESSAGE,
  REVSHARE_LOCKED_NUMERIC_CODE,
  type RevshareResponse,
} from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { balanceOf, setBalanceSharePercent } from '../mining/balance.ts';
import { friendCount, referredIds } from '../users/store.ts';
import { fulfilledSpendOf } from './store.ts';

export interface RevshareDeps {
  db: Sql;
  minFriends?: number;
}

/** The refusal of SPEC §8: 403, code REVSHARE_LOCKED (number 20), the spec's text. */
export function revshareLocked(): AppError {
  return new AppError('REVSHARE_LOCKED', REVSHARE_LOCKED_MESSAGE, {
    numericCode: REVSHARE_LOCKED_NUMERIC_CODE,
  });
}

export function createRevshare(deps: RevshareDeps) {
  const minFriends = deps.minFriends ?? GAME_DEFAULTS.revenueShareMinFriends;

  /** The player's friend count, or the refusal when it is below the threshold. */
  async function unlockedFriends(userId: number): Promise<number> {
    const friends = await friendCount(deps.db, userId);
    if (friends < minFriends) throw revshareLocked();
    return friends;
  }

  return {
    async revshare(userId: number): Promise<RevshareResponse> {
      const friends = await unlockedFriends(userId);
      const rows = await fulfilledSpendOf(deps.db, await referredIds(deps.db, userId));
      const balance = await balanceOf(deps.db, userId);
      return {
        list: rows.map((r) => ({
          currencyId: r.currency_id,
          totalPurchases: r.n,
          totalSpend: fromUnits(BigInt(r.units), currencyById(r.currency_id)?.decimals ?? 0),
        })),
        friends,
        balance_share_percent: balance.balanceSharePercent,
      };
    },

    /** The balance share is part of the revenue share: locked the same way below the threshold. */
    async setBalanceShare(
      userId: number,
      percent: number,
    ): Promise<{ success: true; balance_share_percent: number }> {
      await unlockedFriends(userId);
      await setBalanceSharePercent(deps.db, userId, percent);
      return { success: true, balance_share_percent: percent };
    },
  };
}

export type Revshare = ReturnType<typeof createRevshare>;
