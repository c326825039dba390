/**
 * Roles of players. ADMIN_IDS (configuration) always wins: those players are admins whatever
 * users.role says and cannot be demoted through the API. A banned player holds no staff powers.
 * Looked up per instance with a short cache: a role change reaches other instances within the TTL.
 */
import { PLAYER_ROLES, type PlayerRole } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';

/** Higher outranks lower: staff may act only on players ranked below them. */
export const ROLE_RANK: Readonly<Record<PlayerRole, number>> = { player: 0, moderator: 1, admin: 2 };

export function parseRole(value: unknown): PlayerRole {
  return PLAYER_ROLES.find((r) => r === value) ?? 'player';
}

export interface RolesDeps {
  db: Pick<Sql, 'query'>;
  /** ADMIN_IDS */
  isAdmin(userId: number): boolean;
  ttlMs?: number;
  now?: () => number;
}

export function createRoles(deps: RolesDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? 5_000;
  const cache = new Map<number, { role: PlayerRole; at: number }>();

  async function roleOf(userId: number): Promise<PlayerRole> {
    if (deps.isAdmin(userId)) return 'admin';
    const hit = cache.get(userId);
    if (hit && now() - hit.at < ttl) return hit.role;
    const rows = await deps.db.query<{ role: string; banned: boolean }>(
      'SELECT role, banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
      [userId],
    );
    const row = rows[0];
    const role = !row || row.banned ? 'player' : parseRole(row.role);
    // Every caller of /admin/me lands here once per TTL; keep the map bounded.
    if (cache.size >= 10_000) cache.clear();
    cache.set(userId, { role, at: now() });
    return role;
  }

  return {
    roleOf,
    async isStaff(userId: number): Promise<boolean> {
      return (await roleOf(userId)) !== 'player';
    },
    forget(userId: number): void {
      cache.delete(userId);
    },
  };
}

export type Roles = ReturnType<typeof createRoles>;
