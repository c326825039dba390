/**
 * The SQL of the `users` table (see db/owners.ts). Other modules read and change players through
 * these functions, each taking the database or an open transaction.
 */
import type { Sql } from '../../db/client.ts';

export interface UserRow {
  id: number;
  first_name: string;
  username: string | null;
  photo_url: string | null;
  language_code: string | null;
  locale: string | null;
  is_premium: boolean;
  country: string | null;
  squad_id: number | null;
  repaints: number;
  banned_at: string | Date | null;
  created_at: string | Date;
  /** 0005_moderation.sql: player, moderator or admin */
  role: string;
}

export const PROFILE_COLUMNS = 'id, first_name, username, photo_url, squad_id, banned_at';

export type ProfileRow = Pick<
  UserRow,
  'id' | 'first_name' | 'username' | 'photo_url' | 'squad_id' | 'banned_at'
>;

export interface SignInRow {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
  country: string | null;
  referrerId: number | null;
  squadId: number | null;
  charges: number;
  chargesUpdatedAt: number;
}

/** Creates the player, else refreshes their Telegram profile; `created` tells which. */
export async function upsertSignIn(
  q: Sql,
  p: SignInRow,
): Promise<ProfileRow & { created: boolean; referrer_id: number | null }> {
  const rows = await q.query<ProfileRow & { created: boolean; referrer_id: number | null }>(
    `INSERT INTO users (id, first_name, last_name, username, photo_url, language_code, is_premium, country,
                            referrer_id, squad_id, charges, charges_updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
                 (SELECT id FROM users WHERE id = $9),
                 (SELECT id FROM squads WHERE id = $10),
                 $11, $12)
         ON CONFLICT (id) DO UPDATE SET
           first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, username = EXCLUDED.username,
           photo_url = COALESCE(EXCLUDED.photo_url, users.photo_url), language_code = EXCLUDED.language_code,
           is_premium = EXCLUDED.is_premium, country = COALESCE(EXCLUDED.country, users.country),
           last_seen_at = now()
         RETURNING ${PROFILE_COLUMNS}, referrer_id, (xmax = 0) AS created`,
    [
      p.id,
      p.firstName,
      p.lastName,
      p.username,
      p.photoUrl,
      p.languageCode,
      p.isPremium,
      p.country,
      p.referrerId,
      p.squadId,
      p.charges,
      p.chargesUpdatedAt,
    ],
  );
  return rows[0]!;
}

export async function countPlayers(q: Sql): Promise<number> {
  const [count] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return count?.n ?? 0;
}

export async function findProfile(q: Sql, userId: number): Promise<ProfileRow | undefined> {
  const rows = await q.query<ProfileRow>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0];
}

export async function storedCharges(
  q: Sql,
  userId: number,
): Promise<{ charges: number; charges_updated_at: number } | undefined> {
  const rows = await q.query<{ charges: number; charges_updated_at: number }>(
    'SELECT charges, charges_updated_at FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** Refills a player's stored charges (a Restoring item). */
export async function setCharges(q: Sql, userId: number, charges: number, at: number): Promise<void> {
  await q.query('UPDATE users SET charges = $2, charges_updated_at = $3 WHERE id = $1', [
    userId,
    charges,
    at,
  ]);
}

/** The whole row with friends (players referred) and overall rank (0 without repaints). */
export async function findMe(
  q: Sql,
  userId: number,
): Promise<(UserRow & { friends: number; rank: number }) | undefined> {
  const rows = await q.query<UserRow & { friends: number; rank: number }>(
    `SELECT u.*, (SELECT count(*)::int FROM users f WHERE f.referrer_id = u.id) AS friends,
                CASE WHEN u.repaints = 0 THEN 0
                     ELSE (SELECT count(*)::int + 1 FROM users o WHERE o.repaints > u.repaints) END AS rank
         FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

export async function setCountry(q: Sql, userId: number, country: string): Promise<void> {
  await q.query('UPDATE users SET country = $2 WHERE id = $1', [userId, country]);
}

export async function findStanding(
  q: Sql,
  userId: number,
): Promise<{ repaints: number; referrer_id: number | null; role: string } | undefined> {
  const rows = await q.query<{ repaints: number; referrer_id: number | null; role: string }>(
    'SELECT repaints, referrer_id, role FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** A player's display name, by id, for lists another module ranks or logs. */
export interface PlayerCard {
  first_name: string;
  username: string | null;
  photo_url: string | null;
}

export async function playerCards(q: Sql, ids: readonly number[]): Promise<Map<number, PlayerCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await q.query<PlayerCard & { id: number | string }>(
    'SELECT id, first_name, username, photo_url FROM users WHERE id = ANY($1::bigint[])',
    [unique],
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

// ── Ratings ──

export interface RatedPlayerRow {
  id: number | string;
  first_name: string;
  photo_url: string | null;
  repaints: number | string;
}

export async function ratedPlayers(q: Sql, ids: readonly number[]): Promise<RatedPlayerRow[]> {
  return q.query<RatedPlayerRow>(
    'SELECT id, first_name, photo_url, repaints FROM users WHERE id = ANY($1::bigint[])',
    [ids],
  );
}

/** A page of a squad's members (not banned) by repaints. */
export async function squadMembers(
  q: Sql,
  squadId: number,
  limit: number,
  offset: number,
): Promise<RatedPlayerRow[]> {
  return q.query<RatedPlayerRow>(
    `SELECT id, first_name, photo_url, repaints FROM users
           WHERE squad_id = $1 AND banned_at IS NULL ORDER BY repaints DESC, id LIMIT $2 OFFSET $3`,
    [squadId, limit, offset],
  );
}

/** How many players each squad has (squads without players are absent). */
export async function squadMemberCounts(q: Sql, squadIds: readonly number[]): Promise<Map<number, number>> {
  if (squadIds.length === 0) return new Map();
  const rows = await q.query<{ squad_id: number; n: number }>(
    'SELECT squad_id, count(*)::int AS n FROM users WHERE squad_id = ANY($1::int[]) GROUP BY squad_id',
    [squadIds],
  );
  return new Map(rows.map((r) => [Number(r.squad_id), r.n]));
}

/** Overall repaints of players not banned, in id order after `after` (the board rebuild). */
export async function playerScoresAfter(
  q: Sql,
  after: number,
  limit: number,
): Promise<{ id: number | string; score: number | string }[]> {
  return q.query<{ id: number | string; score: number | string }>(
    `SELECT id, repaints AS score FROM users
               WHERE repaints > 0 AND banned_at IS NULL AND id > $1 ORDER BY id LIMIT $2`,
    [after, limit],
  );
}

/** The columns of a window kind on the player's row (migration 0018), by its key's first letter. */
const WINDOW_COLUMNS = {
  d: { period: 'day_period', repaints: 'day_repaints' },
  w: { period: 'week_period', repaints: 'week_repaints' },
  m: { period: 'month_period', repaints: 'month_repaints' },
} as const;

function windowColumns(period: string): (typeof WINDOW_COLUMNS)[keyof typeof WINDOW_COLUMNS] {
  const columns = WINDOW_COLUMNS[period[0] as keyof typeof WINDOW_COLUMNS];
  if (!columns) throw new RangeError(`not a window key: ${period}`);
  return columns;
}

/**
 * Repaints within one window (a day, week or month key: 'd2026-12-01') of players not banned, in
 * id order after `after` (the period boards' rebuild). A player's row holds only the window it
 * last painted in: one that has moved on counts nothing in an earlier one.
 */
export async function periodScoresAfter(
  q: Pick<Sql, 'query'>,
  period: string,
  after: number,
  limit: number,
): Promise<{ id: number | string; score: number | string }[]> {
  const c = windowColumns(period);
  return q.query<{ id: number | string; score: number | string }>(
    `SELECT id, ${c.repaints} AS score FROM users
             WHERE ${c.period} = $3 AND ${c.repaints} > 0 AND banned_at IS NULL AND id > $1
             ORDER BY id LIMIT $2`,
    [after, limit, period],
  );
}

/** A player's repaints in each of the given windows where they painted. */
export async function periodRepaintsOf(
  q: Pick<Sql, 'query'>,
  userId: number,
  periods: readonly string[],
): Promise<{ period: string; repaints: number | string }[]> {
  const rows = await q.query<Record<string, string | number | null>>(
    `SELECT day_period, day_repaints, week_period, week_repaints, month_period, month_repaints
       FROM users WHERE id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return [];
  return periods.flatMap((period) => {
    const c = windowColumns(period);
    const n = row[c.repaints] ?? null;
    return row[c.period] === period && n !== null && Number(n) > 0 ? [{ period, repaints: n }] : [];
  });
}

/** Players who painted today (`day`) and this week (`week`). */
export async function activePlayers(
  q: Pick<Sql, 'query'>,
  day: string,
  week: string,
): Promise<{ daily: number; weekly: number } | undefined> {
  const [active] = await q.query<{ daily: number; weekly: number }>(
    `SELECT count(*) FILTER (WHERE day_period = $1 AND day_repaints > 0)::int AS daily,
            count(*) FILTER (WHERE week_period = $2 AND week_repaints > 0)::int AS weekly
       FROM users WHERE week_period = $2 OR day_period = $1`,
    [day, week],
  );
  return active;
}

// ── Referrals ──

export async function friendCount(q: Sql, userId: number): Promise<number> {
  const rows = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE referrer_id = $1', [
    userId,
  ]);
  return rows[0]?.n ?? 0;
}

export interface PublicProfileRow {
  id: number | string;
  first_name: string;
  username: string | null;
  photo_url: string | null;
  repaints: number | string;
  squad_id: number | null;
  banned: boolean;
  friends: number;
}

export async function findPublicProfile(q: Sql, userId: number): Promise<PublicProfileRow | undefined> {
  const rows = await q.query<PublicProfileRow>(
    `SELECT u.id, u.first_name, u.username, u.photo_url, u.repaints, u.squad_id,
                u.banned_at IS NOT NULL AS banned,
                (SELECT count(*)::int FROM users f WHERE f.referrer_id = u.id) AS friends
         FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

/** The players `userId` referred, most repaints first. */
export async function friendsPage(
  q: Sql,
  userId: number,
  limit: number,
  offset: number,
): Promise<
  { id: number | string; first_name: string; photo_url: string | null; repaints: number | string }[]
> {
  return q.query<{
    id: number | string;
    first_name: string;
    photo_url: string | null;
    repaints: number | string;
  }>(
    `SELECT id, first_name, photo_url, repaints FROM users WHERE referrer_id = $1
           ORDER BY repaints DESC, id LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
}

/** Ids of the players `userId` referred. */
export async function referredIds(q: Sql, userId: number): Promise<number[]> {
  const rows = await q.query<{ id: number | string }>('SELECT id FROM users WHERE referrer_id = $1', [
    userId,
  ]);
  return rows.map((r) => Number(r.id));
}

// ── Moderation ──

export async function roleAndBan(
  q: Sql,
  userId: number,
): Promise<{ role: string; banned: boolean } | undefined> {
  const rows = await q.query<{ role: string; banned: boolean }>(
    'SELECT role, banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
    [userId],
  );
  return rows[0];
}

/** The player's row locked for a ban or unban. */
export async function lockForBan(
  tx: Sql,
  userId: number,
): Promise<{ role: string; banned: boolean; repaints: number | string } | undefined> {
  const rows = await tx.query<{ role: string; banned: boolean; repaints: number | string }>(
    'SELECT role, banned_at IS NOT NULL AS banned, repaints FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0];
}

export async function ban(tx: Sql, userId: number): Promise<void> {
  await tx.query('UPDATE users SET banned_at = now() WHERE id = $1', [userId]);
}

export async function unban(tx: Sql, userId: number): Promise<void> {
  await tx.query('UPDATE users SET banned_at = NULL WHERE id = $1', [userId]);
}

/** The player's role, locked for a change. */
export async function lockRole(tx: Sql, userId: number): Promise<{ role: string } | undefined> {
  const rows = await tx.query<{ role: string }>('SELECT role FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return rows[0];
}

export async function setRole(tx: Sql, userId: number, role: string): Promise<void> {
  await tx.query('UPDATE users SET role = $2 WHERE id = $1', [userId, role]);
}

// ── Squads ──

/** The player's squad, locked for a move. */
export async function lockSquadOf(tx: Sql, userId: number): Promise<{ squad_id: number | null } | undefined> {
  const rows = await tx.query<{ squad_id: number | null }>(
    'SELECT squad_id FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0];
}

export async function setSquad(tx: Sql, userId: number, squadId: number | null): Promise<void> {
  await tx.query('UPDATE users SET squad_id = $2 WHERE id = $1', [userId, squadId]);
}

// ── Stats ──

export async function playerTotals(q: Sql): Promise<{ players: number; premium: number } | undefined> {
  const [totals] = await q.query<{ players: number; premium: number }>(
    'SELECT count(*)::int AS players, count(*) FILTER (WHERE is_premium)::int AS premium FROM users',
  );
  return totals;
}

export async function topCountries(q: Sql): Promise<{ country: string; n: number }[]> {
  return q.query<{ country: string; n: number }>(
    `SELECT country, count(*)::int AS n FROM users WHERE country IS NOT NULL
       GROUP BY country ORDER BY n DESC, country LIMIT 10`,
  );
}

// ── Language ──

/** The language the player picked in the app (one of the ten codes, checked at the edge). */
export async function setLocale(q: Sql, userId: number, locale: string): Promise<boolean> {
  const rows = await q.query<{ id: number }>('UPDATE users SET locale = $2 WHERE id = $1 RETURNING id', [
    userId,
    locale,
  ]);
  return rows.length > 0;
}

/** The language the player picked in the app; null when none, or for an unknown player. */
export async function storedLocale(q: Sql, userId: number): Promise<string | null> {
  const rows = await q.query<{ locale: string | null }>('SELECT locale FROM users WHERE id = $1', [userId]);
  return rows[0]?.locale ?? null;
}
