/**
 * Ban and unban. A ban sets users.banned_at, closes every session (refresh tokens stop working,
 * access tokens fail their revocation check), takes the player off the rating boards, and tells
 * every instance to drop the cached profile and close the player's sockets (bus `kick`), so the
 * next paint is refused wherever it arrives. Unban reverses all but the sessions: the player signs
 * in again.
 */
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Bus } from '../../realtime/bus.ts';
import type { TokenService } from '../auth/tokens.ts';
import { type Board, periodBoards, type RatingsStore } from '../ratings/store.ts';
import type { UsersService } from '../users/service.ts';

export interface ModerationServiceDeps {
  db: Pick<Sql, 'query'>;
  tokens: Pick<TokenService, 'revokeUser'>;
  users: Pick<UsersService, 'forget'>;
  bus: Pick<Bus, 'publishControl'>;
  store: Pick<RatingsStore, 'set'>;
  isAdmin(userId: number): boolean;
  now?: () => number;
}

export function createModerationService(deps: ModerationServiceDeps) {
  const now = deps.now ?? Date.now;

  const boards = (): Board[] => ['players', ...periodBoards(now())];

  return {
    async ban(userId: number): Promise<void> {
      if (deps.isAdmin(userId)) throw new AppError('FORBIDDEN', 'An admin cannot be banned.');
      const rows = await deps.db.query(
        'UPDATE users SET banned_at = COALESCE(banned_at, now()) WHERE id = $1 RETURNING id',
        [userId],
      );
      if (rows.length === 0) throw new AppError('NOT_FOUND', `There is no player ${userId}.`);
      await deps.tokens.revokeUser(userId);
      deps.users.forget(userId);
      for (const board of boards()) await deps.store.set(board, userId, null);
      // Every instance (this one included) forgets the profile and closes the sockets.
      await deps.bus.publishControl({ kind: 'kick', userId });
    },

    async unban(userId: number): Promise<void> {
      const rows = await deps.db.query<{ repaints: number | string }>(
        'UPDATE users SET banned_at = NULL WHERE id = $1 RETURNING repaints',
        [userId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND', `There is no player ${userId}.`);
      deps.users.forget(userId);
      const [players, ...periods] = boards();
      const repaints = Number(rows[0].repaints);
      await deps.store.set(players!, userId, repaints > 0 ? repaints : null);
      const inPeriods = await deps.db.query<{ period: string; repaints: number | string }>(
        'SELECT period, repaints FROM user_period_repaints WHERE user_id = $1 AND period = ANY($2::text[])',
        [userId, periods],
      );
      for (const r of inPeriods) {
        if (Number(r.repaints) > 0) await deps.store.set(r.period as Board, userId, Number(r.repaints));
      }
      await deps.bus.publishControl({ kind: 'forget', userId });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
