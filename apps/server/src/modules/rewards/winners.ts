/**
 * The winners of rewards (GET /ratings/rewardWinners): every reward granted — goods drawn on a
 * paint, PX from a paint, the hidden template or a tournament — newest first, with its winner's
 * name and whether a token reward has been paid out.
 */
import type { RewardWinners } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { playerCards } from '../users/store.ts';

interface WinnerRow {
  id: string | number;
  user_id: string | number;
  type: 'goods' | 'token';
  token: string | null;
  amount: string | number;
  good_id: number | null;
  source: string;
  status: string | null;
  action: string | null;
  created_at: string | Date;
}

export async function rewardWinners(q: Sql, offset: number, limit: number): Promise<RewardWinners> {
  const [rows, totals] = await Promise.all([
    q.query<WinnerRow>(
      `SELECT id, user_id, type, token, amount, good_id, source, status, action, created_at
         FROM rewards ORDER BY id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    q.query<{ n: string | number }>('SELECT COUNT(*) AS n FROM rewards'),
  ]);
  const cards = await playerCards(
    q,
    rows.map((r) => Number(r.user_id)),
  );
  return {
    winners: rows.flatMap((r) => {
      const card = cards.get(Number(r.user_id));
      if (!card) return [];
      return [
        {
          rewardId: Number(r.id),
          userId: Number(r.user_id),
          firstName: card.first_name,
          userName: card.username,
          userPic: card.photo_url,
          type: r.type,
          amount: Number(r.amount),
          token: r.type === 'token' ? (r.token ?? 'PX') : null,
          productId: r.type === 'goods' ? r.good_id : null,
          source: r.source.slice(0, 32),
          paid: r.type === 'token' && r.status === 'success' && r.action === 'claim',
          date: new Date(r.created_at).toISOString(),
        },
      ];
    }),
    total: Number(totals[0]?.n ?? 0),
  };
}
