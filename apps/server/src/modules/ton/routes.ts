import { API_PREFIX, startTransactionBody, startTransactionResponse } from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { TonOrders } from './service.ts';

export interface TonRoutesDeps {
  orders: Pick<TonOrders, 'start'>;
  /** Refuses banned or unknown players (the users service); optional in tests. */
  players?: { requirePlayer(userId: number): Promise<unknown> };
  /** Orders a client may start per minute. */
  startsPerMinute?: number;
}

export function registerTonRoutes(app: App, deps: TonRoutesDeps): void {
  app.post(
    `${API_PREFIX}/transactions/start`,
    {
      schema: { body: startTransactionBody, response: { 200: startTransactionResponse } },
      config: { auth: 'required', rateLimit: { max: deps.startsPerMinute ?? 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      const userId = callerId(req);
      if (deps.players) await deps.players.requirePlayer(userId);
      return deps.orders.start(userId, req.body);
    },
  );
}
