/**
 * Players: created on first sign-in (recording referrer and squad from the launch parameter),
 * profiles cached briefly for the paint path, the User of the API assembled for `/users/me`.
 */
import {
  type Language,
  leagueOf,
  type MiningResults,
  parseLaunchParam,
  type SquadRef,
  type User,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { achievementsOf, checkThresholds, grant } from '../achievements/service.ts';
import { balanceOf } from '../mining/balance.ts';
import { miningResultsOf } from '../mining/results.ts';
import { findSquadRef } from '../squads/store.ts';
import type { ProfileRow } from './store.ts';
import * as store from './store.ts';

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

export function createUsersService(deps: UsersServiceDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.profileTtlMs ?? 10_000;
  const profiles = new BoundedMap<number, { profile: PlayerProfile; at: number }>(200_000);
  const squadCache = new Map<number, { squad: SquadRef | null; at: number }>();
  const reading = new Map<number, { stamp: number; read: Promise<PlayerProfile | null> }>();

  function toProfile(r: ProfileRow) {
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
    profiles.set(profile.id, { profile, at: now() });
    return profile;
  }

  async function squadRef(squadId: number | null): Promise<SquadRef | null> {
    if (squadId === null) return null;
    const cached = squadCache.get(squadId);
    if (cached && now() - cached.at < ttl) return cached.squad;
    const squad = (await findSquadRef(deps.db, squadId)) ?? null;
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
      const row = await store.upsertSignIn(deps.db, {
        id: p.id,
        firstName: p.firstName,
        lastName: p.lastName,
        username: p.username,
        photoUrl: p.photoUrl,
        languageCode: p.languageCode,
        isPremium: p.isPremium,
        country: ctx.country,
        referrerId,
        squadId: launch.squadId,
        charges: deps.startCharges,
        chargesUpdatedAt: ctx.now,
      });
      if (row.banned_at !== null) throw new AppError('BANNED', 'This account is banned.');
      if (row.created && row.referrer_id !== null) await deps.onReferred?.(Number(row.referrer_id));
      if (row.created && (deps.earlyPlayers ?? 0) > 0) {
        if ((await store.countPlayers(deps.db)) <= (deps.earlyPlayers ?? 0))
          await grant(deps.db, row.id, BETA_PIXEL);
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
      const read = store
        .findProfile(deps.db, userId)
        .then((row) => (row ? remember(toProfile(row), stamp) : null))
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
      const row = await store.storedCharges(deps.db, userId);
      return row ? { charges: row.charges, updatedAt: Number(row.charges_updated_at) } : null;
    },

    async me(
      userId: number,
      extra: { websocketToken: string; country: string | null; walletAddress: string | null },
    ): Promise<User> {
      const r = await store.findMe(deps.db, userId);
      if (!r) throw new AppError('UNAUTHORIZED', 'Unknown player. Please sign in again.');
      if (r.banned_at !== null) throw new AppError('BANNED', 'This account is banned.');
      if (extra.country && extra.country !== r.country) {
        await store.setCountry(deps.db, userId, extra.country);
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

    /** Keeps the language the player picked (POST /users/localization). */
    async setLocale(userId: number, locale: Language): Promise<void> {
      await this.requirePlayer(userId);
      if (!(await store.setLocale(deps.db, userId, locale)))
        throw new AppError('UNAUTHORIZED', 'Unknown player. Please sign in again.');
    },

    /** The player's final mining results (GET /users/game/results). */
    async gameResults(userId: number): Promise<MiningResults> {
      await this.requirePlayer(userId);
      return miningResultsOf(deps.db, userId);
    },

    /** What templates ask of a player: repaints (their level), who referred them, admin or not. */
    async standing(
      userId: number,
    ): Promise<{ repaints: number; referrerId: number | null; isAdmin: boolean } | null> {
      const r = await store.findStanding(deps.db, userId);
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
