import { adminMeResponse, type PlayerRole } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../profile/http.ts';

export type ModerationAction = 'ban' | 'unban';

/** PUT /admin/{ban|unban}/{id}. Only a 204 counts as done (SPEC §7); anything else is a failure. */
export async function moderate(http: HttpClient, action: ModerationAction, userId: number): Promise<boolean> {
  try {
    const response = await http.requestRaw(`/admin/${action}/${userId}`, { method: 'PUT' });
    return response.status === 204;
  } catch {
    return false;
  }
}

/** GET /admin/me: the caller's role (ADMIN_IDS or users.role, as the server enforces it). */
export async function fetchMyRole(http: HttpClient): Promise<PlayerRole> {
  return (await getParsed(http, '/admin/me', adminMeResponse)).role;
}
