/**
 * Achievements: granted once per player (idempotent by primary key), read as the `achievements`
 * map of `/users/me`. Event achievements are granted by whatever earns them (a purchase, the secret
 * word); threshold ones (friends, repaints, league) by `checkThresholds` after commits.
 */
import { achievementById, leagueOf, thresholdAchievementIds } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

/** Grants an achievement; true when it is new, false when the player had it already. */
export async function grant(tx: Sql, userId: number, achievementId: number): Promise<boolean> {
  if (!achievementById(achievementId)) throw new RangeError(`unknown achievement ${achievementId}`);
  const rows = await tx.query(
    `INSERT INTO achievements (user_id, achievement_id) VALUES ($1, $2)
     ON CONFLICT (user_id, achievement_id) DO NOTHING RETURNING achievement_id`,
    [userId, achievementId],
  );
  return rows.length > 0;
}

export async function hasAchievement(db: Sql, userId: number, achievementId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM achievements WHERE user_id = $1 AND achievement_id = $2', [
    userId,
    achievementId,
  ]);
  return rows.length > 0;
}

/** The `achievements` map of the User: achievement id → true for each one earned. */
export async function achievementsOf(db: Sql, userId: number): Promise<Record<string, boolean>> {
  const rows = await db.query<{ achievement_id: number }>(
    'SELECT achievement_id FROM achievements WHERE user_id = $1 ORDER BY achievement_id',
    [userId],
  );
  const out: Record<string, boolean> = {};
  for (const r of rows) out[String(r.achievement_id)] = true;
  return out;
}

/**
 * Grants every threshold achievement these numbers reach (friends 16/64/128/10,000, repaints
 * 64k/128k/512k, platinum league by repaints). Returns the ids granted now. Cheap when nothing is
 * new: one multi-row insert that conflicts.
 */
export async function checkThresholds(
  tx: Sql,
  userId: number,
  progress: { friends: number; repaints: number },
): Promise<number[]> {
  const ids = thresholdAchievementIds({
    friends: progress.friends,
    repaints: progress.repaints,
    league: leagueOf(progress.repaints),
  });
  if (ids.length === 0) return [];
  const rows = await tx.query<{ achievement_id: number }>(
    `INSERT INTO achievements (user_id, achievement_id) SELECT $1, unnest($2::smallint[])
     ON CONFLICT (user_id, achievement_id) DO NOTHING RETURNING achievement_id`,
    [userId, ids],
  );
  return rows.map((r) => r.achievement_id).sort((a, b) => a - b);
}

/** How many players hold an achievement (quest stats). */
export async function holdersOf(db: Sql, achievementId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM achievements WHERE achievement_id = $1',
    [achievementId],
  );
  return rows[0]?.n ?? 0;
}
