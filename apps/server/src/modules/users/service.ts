/**
 * Players: created on first sign-in (recording referrer and squad from the launch parameter),
 * profiles cached briefly for the paint path, the User of the API assembled for `/users/me`.
 */
import { leagueOf, parseLaunchParam, type SquadRef, type User } from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { achievementsOf, checkThresholds, grant } from '../achievements/service.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { balanceOf } from '../mining/balance.ts';

export interface TelegramProfile {
  id: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
  languageCode: string | null;
  isPremium: boolean;
}

export interface SignInContext {
  startParam: string | null;
  country: string | null;
  now: number;
}

/** What the paint path needs to know of a player, cached. */
export interface PlayerProfile {
  id: number;
  firstName: string;
  userName: string | null;
  userPic: string | null;
  squadId: number | null;
  banned: boolean;
}

interface UserRow {
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

interface SquadRow {
  id: number;
  name: string;
  logo: string | null;
  slug: string;
  template_x: number | null;
  template_y: number | null;
}

export interface UsersServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  adminIds: ReadonlySet<number>;
  startCharges: number;
  profileTtlMs?: number;
  now?: () => number;
  /** the first this many players earn Beta Pixel (achievement 1); 0: nobody */
  earlyPlayers?: number;
  /** a new player arrived through someone's referral link (referral achievements) */
  onReferred?(referrerId: number): Promise<void>;
  /** the instance's player caches: the profile cache registers there */
  caches?: Pick<PlayerCaches, 'register' | 'epoch' | 'current'>;
}

/** Beta Pixel: an early player (SPEC §3, achievement 1). */
const BETA_PIXEL = 1;

const PROFILE_COLUMNS = 'id, first_name, username, photo_url, squad_id, banned_at';

export function createUsersService(deps: UsersServiceDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.profileTtlMs ?? 10_000;
  const profiles = new Map<number, { profile: PlayerProfile; at: number }>();
  const squadCache = new Map<number, { squad: SquadRef | null; at: number }>();
  const reading = new Map<number, { stamp: number; read: Promise<PlayerProfile | null> }>();

  function toProfile(
    r: Pick<UserRow, 'id' | 'first_name' | 'username' | 'photo_url' | 'squad_id' | 'banned_at'>,
  ) {
    return {
      id: r.id,
      firstName: r.first_name,
      userName: r.username,
      userPic: r.photo_url,
      squadId: r.squad_id,
      banned: r.banned_at !== null,
    } satisfies PlayerProfile;
  }

  deps.caches?.register('profiles', (userId) => profiles.delete(userId));
  // A row read before a forget (ban, squad change) must not be cached after it.
  const epoch = () => deps.caches?.epoch() ?? 0;
  const current = (stamp: number) => deps.caches?.current(stamp) ?? true;

  function remember(profile: PlayerProfile, stamp = epoch()): PlayerProfile {
    if (!current(stamp)) return profile;
    if (profiles.size > 200_000) profiles.clear();
    profiles.set(profile.id, { profile, at: now() });
    return profile;
  }

  async function squadRef(squadId: number | null): Promise<SquadRef | null> {
    if (squadId === null) return null;
    const cached = squadCache.get(squadId);
    if (cached && now() - cached.at < ttl) return cached.squad;
    const rows = await deps.db.query<SquadRow>(
      'SELECT id, name, logo, slug, template_x, template_y FROM squads WHERE id = $1',
      [squadId],
    );
    const r = rows[0];
    const squad = r
      ? {
          id: r.id,
          name: r.name,
          logo: r.logo,
          slug: r.slug,
          templateX: r.template_x,
          templateY: r.template_y,
        }
      : null;
    squadCache.set(squadId, { squad, at: now() });
    return squad;
  }

  return {
    /**
     * Creates the player on first sign-in, else refreshes their Telegram profile. The referrer and
     * squad of the launch parameter count only at creation, never for oneself.
     */
    async signIn(
      p: TelegramProfile,
      ctx: SignInContext,
    ): Promise<{ profile: PlayerProfile; created: boolean }> {
      const launch = parseLaunchParam(ctx.startParam);
      const referrerId = launch.referrerId !== null && launch.referrerId !== p.id ? launch.referrerId : null;
      const rows = await deps.db.query<UserRow & { created: boolean; referrer_id: number | null }>(
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
          ctx.country,
          referrerId,
          launch.squadId,
          deps.startCharges,
          ctx.now,
        ],
      );
      const row = rows[0]!;
      if (row.banned_at !== null) throw new AppError('BANNED', 'This account is banned.');
      if (row.created && row.referrer_id !== null) await deps.onReferred?.(Number(row.referrer_id));
      if (row.created && (deps.earlyPlayers ?? 0) > 0) {
        const [count] = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        if ((count?.n ?? 0) <= (deps.earlyPlayers ?? 0)) await grant(deps.db, row.id, BETA_PIXEL);
      }
      return { profile: remember(toProfile(row)), created: row.created };
    },

    /** The cached profile; null when the player does not exist. */
    async profile(userId: number): Promise<PlayerProfile | null> {
      const cached = profiles.get(userId);
      if (cached && now() - cached.at < ttl) return cached.profile;
      // A burst from one player on a cold cache shares one read (not one per request), unless a
      // forget came after that read began.
      const stamp = epoch();
      const inFlight = reading.get(userId);
      if (inFlight && inFlight.stamp === stamp) return inFlight.read;
      const read = deps.db
        .query<UserRow>(`SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1`, [userId])
        .then((rows) => (rows[0] ? remember(toProfile(rows[0]), stamp) : null))
        .finally(() => {
          if (reading.get(userId)?.read === read) reading.delete(userId);
        });
      reading.set(userId, { stamp, read });
      return read;
    },

    /** A signed-in, not banned player, or the matching error. */
    async requirePlayer(userId: number): Promise<PlayerProfile> {
      const p = await this.profile(userId);
      if (!p) throw new AppError('UNAUTHORIZED', 'Unknown player. Please sign in again.');
      if (p.banned) throw new AppError('BANNED', 'This account is banned.');
      return p;
    },

    squadRef,

    async storedCharges(userId: number): Promise<{ charges: number; updatedAt: number } | null> {
      const rows = await deps.db.query<{ charges: number; charges_updated_at: number }>(
        'SELECT charges, charges_updated_at FROM users WHERE id = $1',
        [userId],
      );
      return rows[0] ? { charges: rows[0].charges, updatedAt: Number(rows[0].charges_updated_at) } : null;
    },

    async me(
      userId: number,
      extra: { websocketToken: string; country: string | null; walletAddress: string | null },
    ): Promise<User> {
      const rows = await deps.db.query<UserRow & { friends: number; rank: number }>(
        `SELECT u.*, (SELECT count(*)::int FROM users f WHERE f.referrer_id = u.id) AS friends,
                CASE WHEN u.repaints = 0 THEN 0
                     ELSE (SELECT count(*)::int + 1 FROM users o WHERE o.repaints > u.repaints) END AS rank
         FROM users u WHERE u.id = $1`,
        [userId],
      );
      const r = rows[0];
      if (!r) throw new AppError('UNAUTHORIZED', 'Unknown player. Please sign in again.');
      if (r.banned_at !== null) throw new AppError('BANNED', 'This account is banned.');
      if (extra.country && extra.country !== r.country) {
        await deps.db.query('UPDATE users SET country = $2 WHERE id = $1', [userId, extra.country]);
      }
      await checkThresholds(deps.db, r.id, { friends: r.friends, repaints: r.repaints });
      const [achievements, balance] = await Promise.all([
        achievementsOf(deps.db, r.id),
        balanceOf(deps.db, r.id),
      ]);
      return {
        id: r.id,
        firstName: r.first_name,
        userName: r.username,
        userPic: r.photo_url,
        league: leagueOf(r.repaints),
        rank: r.rank,
        squad: await squadRef(r.squad_id),
        friends: r.friends,
        repaints: r.repaints,
        achievements,
        balance: balance.pxMilli / 1000,
        balance_share_percent: balance.balanceSharePercent,
        locale: r.locale,
        languageCode: r.language_code,
        country: extra.country ?? r.country,
        websocketToken: extra.websocketToken,
        walletAddress: extra.walletAddress,
        pixelCoins: balance.pixelCoins,
        isPremium: r.is_premium,
        // ADMIN_IDS, or made admin through PUT /admin/role (moderators ask GET /admin/me).
        isAdmin: deps.adminIds.has(r.id) || r.role === 'admin',
        createdAt: new Date(r.created_at).toISOString(),
      };
    },

    /** What templates ask of a player: repaints (their level), who referred them, admin or not. */
    async standing(
      userId: number,
    ): Promise<{ repaints: number; referrerId: number | null; isAdmin: boolean } | null> {
      const rows = await deps.db.query<{ repaints: number; referrer_id: number | null; role: string }>(
        'SELECT repaints, referrer_id, role FROM users WHERE id = $1',
        [userId],
      );
      const r = rows[0];
      if (!r) return null;
      return {
        repaints: Number(r.repaints),
        referrerId: r.referrer_id === null ? null : Number(r.referrer_id),
        isAdmin: deps.adminIds.has(userId) || r.role === 'admin',
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
