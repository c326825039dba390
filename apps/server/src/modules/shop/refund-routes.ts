import {
  API_PREFIX,
  chargeIdParams,
  playerPaymentsResponse,
  refundResponse,
  userIdParams,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { Refunds } from './refunds.ts';

/**
 * Admins only (`config.role`, 403 otherwise): `GET /admin/players/{id}/payments` lists a player's
 * Stars payments with their refunds; `POST /admin/payments/{chargeId}/refund` refunds one
 * (idempotent: a second call answers `alreadyRefunded: true` and changes nothing).
 */
export function registerRefundRoutes(app: App, refunds: Refunds): void {
  app.get(
    `${API_PREFIX}/admin/players/:id/payments`,
    {
      schema: { params: userIdParams, response: { 200: playerPaymentsResponse } },
      config: { auth: 'required', role: 'admin' },
    },
    async (req) => ({ list: await refunds.paymentsOf(req.params.id) }),
  );

  app.post(
    `${API_PREFIX}/admin/payments/:chargeId/refund`,
    {
      schema: { params: chargeIdParams, response: { 200: refundResponse } },
      config: { auth: 'required', role: 'admin' },
    },
    async (req) => refunds.refund(callerId(req), req.params.chargeId),
  );
}
