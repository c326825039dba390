/**
 * Squads: a player is in at most one; joining another leaves the first.
 *
 * scoredRepaints: repaints made by members while they were members. The group commit adds each
 * paint to the squad of the painter's profile at that moment, so a squad keeps what it scored
 * when a member leaves, and a new member brings nothing along.
 *
 * totalRepaints: the lifetime repaints of the current members. Joining or leaving recomputes it
 * for the squads involved (sum over the members, from the squad index); in between, the group
 * commit adds members' paints to it as they come. A paint that raced a squad change (painted with
 * the old squad in a cached profile) can leave it off by that paint until the squad's next change.
 *
 * A change drops the player from every per-player cache on every instance (`forgetPlayer(id,
 * 'squad')`), so the next paint credits the new squad.
 */
import type { CreateSquadBody } from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { RatingsService, SquadInfoView } from '../ratings/service.ts';
import type { UsersService } from '../users/service.ts';
import { lockSquadOf, setSquad } from '../users/store.ts';
import { insertSquad, recomputeTotals, squadExists } from './store.ts';

export interface SquadsServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  ratings: Pick<RatingsService, 'squadInfo'>;
  users: Pick<UsersService, 'requirePlayer'>;
  caches: Pick<PlayerCaches, 'forgetPlayer'>;
  log?: { warn(obj: object, msg: string): void };
}

export function createSquadsService(deps: SquadsServiceDeps) {
  const { db } = deps;

  /** Moves the player to `squadId` (null: no squad); false when nothing changed. */
  async function move(userId: number, squadId: number | null): Promise<boolean> {
    const changed = await db.transaction(async (tx) => {
      // The player's row first, then squads: the order the group commit takes its locks in.
      const me = await lockSquadOf(tx, userId);
      if (!me) throw new AppError('UNAUTHORIZED', 'Unknown player. Please sign in again.');
      const old = me.squad_id;
      if (old === squadId) return false;
      if (squadId !== null) {
        if (!(await squadExists(tx, squadId)))
          throw new AppError('NOT_FOUND', `There is no squad ${squadId}.`);
      }
      await setSquad(tx, userId, squadId);
      await recomputeTotals(
        tx,
        [old, squadId].filter((s): s is number => s !== null),
      );
      return true;
    });
    if (changed) {
      await deps.caches.forgetPlayer(userId, 'squad').catch((err: unknown) => {
        // Committed and dropped here already; the other instances' caches expire within seconds.
        deps.log?.warn({ err, userId }, 'announcing a squad change failed');
      });
    }
    return changed;
  }

  return {
    info: (squadId: number): Promise<SquadInfoView> => deps.ratings.squadInfo(squadId),

    async join(userId: number, squadId: number): Promise<SquadInfoView> {
      await deps.users.requirePlayer(userId);
      await move(userId, squadId);
      return deps.ratings.squadInfo(squadId);
    },

    async leave(userId: number): Promise<void> {
      await deps.users.requirePlayer(userId);
      await move(userId, null);
    },

    async create(body: CreateSquadBody): Promise<SquadInfoView> {
      const id = await insertSquad(db, { name: body.name, slug: body.slug, logo: body.logo ?? null });
      if (id === undefined) throw new AppError('CONFLICT', `The slug "${body.slug}" is taken.`);
      return deps.ratings.squadInfo(id);
    },
  };
}

export type SquadsService = ReturnType<typeof createSquadsService>;
