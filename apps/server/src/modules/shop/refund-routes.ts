import {
  API_PREFIX,
  chargeIdParams,
  playerPaymentsResponse,
  refundResponse,
  userIdParams,
} from '@pixel-wall/shared';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import type { Refunds } from './refunds.ts';

export interface RefundRoutesDeps {
  /** ADMIN_IDS or users.role 'admin' */
  isAdmin(userId: number): Promise<boolean>;
}

/**
 * Admins only (403 otherwise): `GET /admin/players/{id}/payments` lists a player's Stars payments
 * with their refunds; `POST /admin/payments/{chargeId}/refund` refunds one (idempotent: a second
 * call answers `alreadyRefunded: true` and changes nothing).
 */
export function registerRefundRoutes(app: App, refunds: Refunds, deps: RefundRoutesDeps): void {
  const admin = async (userId: number) => {
    if (!(await deps.isAdmin(userId))) throw new AppError('FORBIDDEN', 'Only admins may do that.');
    return userId;
  };

  app.get(
    `${API_PREFIX}/admin/players/:id/payments`,
    {
      schema: { params: userIdParams, response: { 200: playerPaymentsResponse } },
      config: { auth: 'required' },
    },
    async (req) => {
      await admin(callerId(req));
      return { list: await refunds.paymentsOf(req.params.id) };
    },
  );

  app.post(
    `${API_PREFIX}/admin/payments/:chargeId/refund`,
    { schema: { params: chargeIdParams, response: { 200: refundResponse } }, config: { auth: 'required' } },
    async (req) => refunds.refund(await admin(callerId(req)), req.params.chargeId),
  );
}
