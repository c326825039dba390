/**
 * Referral revenue share: players with 10,000 or more friends (players they referred) see what
 * their friends spent, per currency, over fulfilled orders. Everyone else gets 403
 * REVSHARE_LOCKED with the text of SPEC §8.
 */
import {
  currencyById,
  fromUnits,
  GAME_DEFAULTS,
  REVSHARE_LOCKED_MESSAGE,
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

export function createRevshare(deps: RevshareDeps) {
  const minFriends = deps.minFriends ?? GAME_DEFAULTS.revenueShareMinFriends;

  return {
    async revshare(userId: number): Promise<RevshareResponse> {
      const friends = await friendCount(deps.db, userId);
      if (friends < minFriends) throw new AppError('REVSHARE_LOCKED', REVSHARE_LOCKED_MESSAGE);
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

    async setBalanceShare(
      userId: number,
      percent: number,
    ): Promise<{ success: true; balance_share_percent: number }> {
      await setBalanceSharePercent(deps.db, userId, percent);
      return { success: true, balance_share_percent: percent };
    },
  };
}

export type Revshare = ReturnType<typeof createRevshare>;
