/**
 * Roles of players. ADMIN_IDS (configuration) always wins: those players are admins whatever
 * users.role says and cannot be demoted through the API. A banned player holds no staff powers.
 * Looked up per instance with a short cache (one per instance, registered with the player caches):
 * a role change, ban or unban drops it on every instance through the bus at once.
 */
import { PLAYER_ROLES, type PlayerRole } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { roleAndBan } from '../users/store.ts';

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
  /** the instance's player caches: the role cache registers there */
  caches?: Pick<PlayerCaches, 'register' | 'epoch' | 'current'>;
}

export function createRoles(deps: RolesDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? 5_000;
  // Every caller of /admin/me lands here once per TTL; keep the map bounded.
  const cache = new BoundedMap<number, { role: PlayerRole; at: number }>(10_000);
  deps.caches?.register('roles', (userId) => cache.delete(userId));

  async function roleOf(userId: number): Promise<PlayerRole> {
    if (deps.isAdmin(userId)) return 'admin';
    const hit = cache.get(userId);
    if (hit && now() - hit.at < ttl) return hit.role;
    const stamp = deps.caches?.epoch() ?? 0;
    const row = await roleAndBan(deps.db, userId);
    const role = !row || row.banned ? 'player' : parseRole(row.role);
    // Read before a forget (a demotion, a ban): answer it, but do not keep it.
    if (!(deps.caches?.current(stamp) ?? true)) return role;
    cache.set(userId, { role, at: now() });
    return role;
  }

  return {
    roleOf,
    async isStaff(userId: number): Promise<boolean> {
      return (await roleOf(userId)) !== 'player';
    },
  };
}

export type Roles = ReturnType<typeof createRoles>;
