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

export interface RevshareDeps {
  db: Sql;
  minFriends?: number;
}

export function createRevshare(deps: RevshareDeps) {
  const minFriends = deps.minFriends ?? GAME_DEFAULTS.revenueShareMinFriends;

  return {
    async revshare(userId: number): Promise<RevshareResponse> {
      const counted = await deps.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM users WHERE referrer_id = $1',
        [userId],
      );
      const friends = counted[0]?.n ?? 0;
      if (friends < minFriends) throw new AppError('REVSHARE_LOCKED', REVSHARE_LOCKED_MESSAGE);
      const rows = await deps.db.query<{ currency_id: number; n: number; units: string }>(
        `SELECT o.currency_id, count(*)::int AS n, sum(o.amount_units)::text AS units
         FROM orders o JOIN users u ON u.id = o.user_id
         WHERE u.referrer_id = $1 AND o.status = 'fulfilled'
         GROUP BY o.currency_id ORDER BY o.currency_id`,
        [userId],
      );
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
