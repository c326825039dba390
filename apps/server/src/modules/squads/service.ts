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
import type { Database, Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { RatingsService, SquadInfoView } from '../ratings/service.ts';
import type { UsersService } from '../users/service.ts';

export interface SquadsServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  ratings: Pick<RatingsService, 'squadInfo'>;
  users: Pick<UsersService, 'requirePlayer'>;
  caches: Pick<PlayerCaches, 'forgetPlayer'>;
  log?: { warn(obj: object, msg: string): void };
}

export function createSquadsService(deps: SquadsServiceDeps) {
  const { db } = deps;

  async function recomputeTotals(tx: Sql, squadIds: readonly number[]): Promise<void> {
    if (squadIds.length === 0) return;
    await tx.query(
      `UPDATE squads s SET total_repaints =
         (SELECT COALESCE(sum(u.repaints), 0) FROM users u WHERE u.squad_id = s.id)
       WHERE s.id = ANY($1::int[])`,
      [[...squadIds].sort((a, b) => a - b)],
    );
  }

  /** Moves the player to `squadId` (null: no squad); false when nothing changed. */
  async function move(userId: number, squadId: number | null): Promise<boolean> {
    const changed = await db.transaction(async (tx) => {
      // The player's row first, then squads: the order the group commit takes its locks in.
      const me = await tx.query<{ squad_id: number | null }>(
        'SELECT squad_id FROM users WHERE id = $1 FOR UPDATE',
        [userId],
      );
      if (!me[0]) throw new AppError('UNAUTHORIZED', 'Unknown player. Please sign in again.');
      const old = me[0].squad_id;
      if (old === squadId) return false;
      if (squadId !== null) {
        const squad = await tx.query('SELECT 1 FROM squads WHERE id = $1', [squadId]);
        if (squad.length === 0) throw new AppError('NOT_FOUND', `There is no squad ${squadId}.`);
      }
      await tx.query('UPDATE users SET squad_id = $2 WHERE id = $1', [userId, squadId]);
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
      const rows = await db.query<{ id: number }>(
        `INSERT INTO squads (name, slug, logo) VALUES ($1, $2, $3)
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [body.name, body.slug, body.logo ?? null],
      );
      if (!rows[0]) throw new AppError('CONFLICT', `The slug "${body.slug}" is taken.`);
      return deps.ratings.squadInfo(rows[0].id);
    },
  };
}

export type SquadsService = ReturnType<typeof createSquadsService>;
