/**
 * Ban, unban and roles. A ban sets users.banned_at, closes every session (refresh tokens stop
 * working, access tokens fail their revocation check), takes the player off the rating boards, and
 * drops the player from every per-player cache on every instance and closes their sockets
 * (`forgetPlayer(id, 'ban')`, one bus message), so the next paint is refused wherever it arrives.
 * Unban reverses all but the sessions: the player signs in again. A role change is forgotten the
 * same way, so a demoted moderator's next ban is refused on every instance.
 *
 * Staff act only on players ranked below them (moderators on players, admins on moderators too).
 * Every change is written to moderation_log in the transaction that makes it; a request that
 * changes nothing (banning a banned player) logs nothing. Sessions, caches, boards and sockets
 * follow after commit.
 */
import type { ModerationLog, ModerationLogQuery, PlayerRole } from '@pixel-wall/shared';
import type { Database, Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import type { TokenService } from '../auth/tokens.ts';
import { type Board, periodBoards, type RatingsStore } from '../ratings/store.ts';
import * as users from '../users/store.ts';
import { readLog, writeLogEntry } from './log.ts';
import { createRoles, parseRole, ROLE_RANK, type Roles } from './roles.ts';

export interface ModerationServiceDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  tokens: Pick<TokenService, 'revokeUser'>;
  /** drops the player from every per-player cache on every instance (roles, profiles, …) */
  caches: Pick<PlayerCaches, 'forgetPlayer'>;
  store: Pick<RatingsStore, 'set'>;
  /** ADMIN_IDS: admins whatever users.role says */
  isAdmin(userId: number): boolean;
  /** how long a looked-up role is trusted on this instance */
  roleTtlMs?: number;
  /** a roles cache shared with the staff-route guard; one of its own otherwise */
  roles?: Roles;
  now?: () => number;
}

interface TargetRow {
  role: string;
  banned: boolean;
  repaints: number | string;
}

export function createModerationService(deps: ModerationServiceDeps) {
  const now = deps.now ?? Date.now;
  const roles = deps.roles ?? createRoles({ db: deps.db, isAdmin: deps.isAdmin, ttlMs: deps.roleTtlMs, now });

  const boards = (): Board[] => ['players', ...periodBoards(now())];

  async function requireStaff(actorId: number): Promise<PlayerRole> {
    const role = await roles.roleOf(actorId);
    if (role === 'player') throw new AppError('FORBIDDEN', 'Only moderators and admins may do that.');
    return role;
  }

  async function requireAdmin(actorId: number): Promise<void> {
    const role = await roles.roleOf(actorId);
    if (role !== 'admin') throw new AppError('FORBIDDEN', 'Only admins may do that.');
  }

  /** The target, locked for the change, after checking the actor outranks them. */
  async function lockTarget(
    tx: Pick<Sql, 'query'>,
    actorRole: PlayerRole,
    targetId: number,
    action: 'ban' | 'unban',
  ): Promise<TargetRow> {
    const target = await users.lockForBan(tx, targetId);
    if (!target) throw new AppError('NOT_FOUND', `There is no player ${targetId}.`);
    const targetRole = deps.isAdmin(targetId) ? 'admin' : parseRole(target.role);
    if (ROLE_RANK[targetRole] >= ROLE_RANK[actorRole]) {
      throw new AppError(
        'FORBIDDEN',
        targetRole === 'admin'
          ? `An admin cannot be ${action}ned.`
          : `Only an admin may ${action} a ${targetRole}.`,
      );
    }
    return target;
  }

  const reasonOf = (reason: string | undefined) => (reason?.trim() ? reason.trim() : null);

  return {
    roleOf: roles.roleOf,
    isStaff: roles.isStaff,

    async ban(actorId: number, targetId: number, reason?: string): Promise<void> {
      const actorRole = await requireStaff(actorId);
      await deps.db.transaction(async (tx) => {
        const target = await lockTarget(tx, actorRole, targetId, 'ban');
        if (target.banned) return;
        await users.ban(tx, targetId);
        await writeLogEntry(tx, { actorId, targetId, action: 'ban', reason: reasonOf(reason) });
      });
      // Also for a player banned before: re-sending a ban finishes steps an earlier one did not reach.
      await deps.tokens.revokeUser(targetId);
      for (const board of boards()) await deps.store.set(board, targetId, null);
      // Every instance (this one included) forgets the player and closes the sockets.
      await deps.caches.forgetPlayer(targetId, 'ban');
    },

    async unban(actorId: number, targetId: number, reason?: string): Promise<void> {
      const actorRole = await requireStaff(actorId);
      const target = await deps.db.transaction(async (tx) => {
        const row = await lockTarget(tx, actorRole, targetId, 'unban');
        if (!row.banned) return row;
        await users.unban(tx, targetId);
        await writeLogEntry(tx, { actorId, targetId, action: 'unban', reason: reasonOf(reason) });
        return row;
      });
      const [players, ...periods] = boards();
      const repaints = Number(target.repaints);
      await deps.store.set(players!, targetId, repaints > 0 ? repaints : null);
      const inPeriods = await users.periodRepaintsOf(deps.db, targetId, periods);
      for (const r of inPeriods) {
        if (Number(r.repaints) > 0) await deps.store.set(r.period as Board, targetId, Number(r.repaints));
      }
      await deps.caches.forgetPlayer(targetId, 'unban');
    },

    /** Admins only. An ADMIN_IDS admin stays admin: the configuration outranks the column. */
    async setRole(actorId: number, targetId: number, role: PlayerRole, reason?: string): Promise<void> {
      await requireAdmin(actorId);
      if (deps.isAdmin(targetId) && role !== 'admin') {
        throw new AppError('FORBIDDEN', 'This admin is set by the server configuration (ADMIN_IDS).');
      }
      await deps.db.transaction(async (tx) => {
        const current = await users.lockRole(tx, targetId);
        if (!current) throw new AppError('NOT_FOUND', `There is no player ${targetId}.`);
        if (current.role === role) return;
        await users.setRole(tx, targetId, role);
        await writeLogEntry(tx, { actorId, targetId, action: 'role', role, reason: reasonOf(reason) });
      });
      await deps.caches.forgetPlayer(targetId, 'role');
    },

    async log(actorId: number, query: ModerationLogQuery): Promise<ModerationLog> {
      await requireAdmin(actorId);
      return readLog(deps.db, query);
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
