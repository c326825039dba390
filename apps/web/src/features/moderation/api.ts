import type { PlayerRole, RefundResponse, StarsPayment } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { checked, getParsed } from '../../api/useHttp.ts';

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
  return (await getParsed(http, '/admin/me', (s) => s.adminMeResponse)).role;
}

/** GET /admin/players/{id}/payments (admins): the player's Stars payments, newest first. */
export async function fetchPlayerPayments(http: HttpClient, userId: number): Promise<StarsPayment[]> {
  return (await getParsed(http, `/admin/players/${userId}/payments`, (s) => s.playerPaymentsResponse)).list;
}

/** POST /admin/payments/{chargeId}/refund (admins); idempotent on the server. */
export function refundPayment(http: HttpClient, chargeId: string): Promise<RefundResponse> {
  return checked(
    (s) => s.refundResponse,
    http.post<unknown>(`/admin/payments/${encodeURIComponent(chargeId)}/refund`),
    'Unexpected response from the refund',
  );
}
