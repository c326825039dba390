/**
 * Painter profiles (the popup: public fields only, no wallet, balance or inventory), a player's
 * friends (the players they referred), and the referral achievements.
 */
import { ACHIEVEMENTS, type Friends, leagueOf, type PlayerProfileView } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { achievementsOf, grant } from '../achievements/service.ts';
import type { RatingsService } from '../ratings/service.ts';
import type { UsersService } from '../users/service.ts';
import { findPublicProfile, friendCount, friendsPage } from '../users/store.ts';

/** Referral achievements (2: 16 friends, 3: 64, 4: 128, 13: 10,000), lowest threshold first. */
export const FRIEND_ACHIEVEMENTS = ACHIEVEMENTS.flatMap((a) =>
  a.rule.kind === 'friends' ? [{ id: a.id, min: a.rule.min }] : [],
).sort((a, b) => a.min - b.min);

export interface ProfilesServiceDeps {
  db: Pick<Sql, 'query'>;
  ratings: Pick<RatingsService, 'playerPlace'>;
  users: Pick<UsersService, 'squadRef'>;
}

export function createProfilesService(deps: ProfilesServiceDeps) {
  const { db } = deps;

  return {
    async profile(userId: number): Promise<PlayerProfileView> {
      const r = await findPublicProfile(db, userId);
      if (!r) throw new AppError('NOT_FOUND', `There is no player ${userId}.`);
      const repaints = Number(r.repaints);
      const [place, squad, achievements] = await Promise.all([
        deps.ratings.playerPlace(userId),
        deps.users.squadRef(r.squad_id),
        achievementsOf(db, userId),
      ]);
      return {
        id: Number(r.id),
        firstName: r.first_name,
        userName: r.username,
        userPic: r.photo_url,
        league: leagueOf(repaints),
        rank: place.rank,
        repaints,
        squad,
        friends: r.friends,
        achievements,
        banned: r.banned,
      };
    },

    /** The players `userId` referred, most repaints first. */
    async friends(userId: number, offset: number, limit: number): Promise<Friends> {
      const [rows, total] = await Promise.all([
        friendsPage(db, userId, limit, offset),
        friendCount(db, userId),
      ]);
      return {
        list: rows.map((r) => ({
          id: Number(r.id),
          firstName: r.first_name,
          userPic: r.photo_url,
          repaints: Number(r.repaints),
        })),
        total,
      };
    },

    /**
     * Called once per new player who came with a referrer (users.signIn with `created`): grants
     * the referrer each friends achievement their count has reached. Granting is idempotent, so a
     * count that jumps past a threshold (sign-ins at the same moment) still grants it.
     */
    async onReferred(tx: Pick<Sql, 'query'> | undefined, referrerId: number): Promise<number[]> {
      const q = tx ?? db;
      const friends = await friendCount(q, referrerId);
      const granted: number[] = [];
      for (const a of FRIEND_ACHIEVEMENTS) {
        if (friends < a.min) break;
        if (await grant(q, referrerId, a.id)) granted.push(a.id);
      }
      return granted;
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
