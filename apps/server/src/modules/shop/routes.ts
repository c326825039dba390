import {
  API_PREFIX,
  balanceShareBody,
  balanceShareResponse,
  buyStarsBody,
  buyStarsResponse,
  revshareResponse,
} from '@pixel-wall/shared';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import { isWebhookSecret, WEBHOOK_SECRET_HEADER } from '../../integrations/telegram/bot-api.ts';
import { type BodyRate, minimumBodyRate, reserveBody, type UploadBudget } from '../../lib/upload-gate.ts';
import type { UsersService } from '../users/service.ts';
import type { Revshare } from './revshare.ts';
import type { Stars } from './stars.ts';

export interface ShopRoutesDeps {
  stars: Stars;
  revshare: Revshare;
  users: Pick<UsersService, 'requirePlayer'>;
  /** the secret Telegram sends in X-Telegram-Bot-Api-Secret-Token; null refuses every update */
  webhookSecret: string | null;
  /** updates that are not payments (the bot's conversation); must not throw */
  otherUpdate?: (body: unknown) => Promise<unknown>;
  /** the uploads' byte budget and minimum body rate, which the webhook's bodies count in too */
  uploadLimits: { budget: UploadBudget; minRate: BodyRate };
}

/**
 * The largest update body read. Telegram's updates of the kinds the webhook asks for (message,
 * pre_checkout_query) are a few KiB: a message's text is at most 4,096 characters (~24 KiB as
 * escaped JSON), with its entities and the message it replies to still far below this.
 */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

export function registerShopRoutes(app: App, deps: ShopRoutesDeps): void {
  app.post(
    `${API_PREFIX}/buy/stars`,
    { schema: { body: buyStarsBody, response: { 200: buyStarsResponse } }, config: { auth: 'required' } },
    async (req) =>
      deps.stars.buy({
        userId: callerId(req),
        productId: req.body.type,
        qty: req.body.qty,
        pixanosColor: req.body.pixanosColor,
        daily: req.body.daily,
      }),
  );

  // Telegram's updates: authenticated by the secret header only. Anything we cannot use is still
  // answered 200 so Telegram stops resending it; a 500 (our database failed) makes it retry.
  // The secret is checked before the body is read; a refused request's connection is closed rather
  // than drained, and an accepted body counts in the uploads' byte budget while it is held.
  const { budget, minRate } = deps.uploadLimits;
  app.post(
    `${API_PREFIX}/telegram/webhook`,
    {
      bodyLimit: WEBHOOK_MAX_BYTES,
      config: { auth: 'none', rateLimit: false },
      onRequest: (req, reply, done) => {
        try {
          if (!isWebhookSecret(req.headers[WEBHOOK_SECRET_HEADER], deps.webhookSecret)) {
            throw new AppError('UNAUTHORIZED', 'Wrong or missing secret token.');
          }
          const length = Number(req.headers['content-length']);
          if (length > WEBHOOK_MAX_BYTES) {
            throw new AppError('PAYLOAD_TOO_LARGE', `An update may be at most ${WEBHOOK_MAX_BYTES} bytes.`);
          }
          reserveBody(budget, req, reply, { maxBytes: WEBHOOK_MAX_BYTES, owner: null });
          done();
        } catch (err) {
          if (req.headers['content-length'] !== '0') reply.header('Connection', 'close');
          done(err as Error);
        }
      },
      preParsing: minimumBodyRate(minRate),
    },
    async (req, reply) => {
      const outcome = await deps.stars.handleUpdate(req.body);
      if (outcome.kind === 'ignored') await deps.otherUpdate?.(req.body);
      return reply.code(200).send({ ok: true });
    },
  );

  for (const path of ['/users/me/revshare', '/users/revshare']) {
    app.get(
      `${API_PREFIX}${path}`,
      { schema: { response: { 200: revshareResponse } }, config: { auth: 'required' } },
      async (req) => deps.revshare.revshare(callerId(req)),
    );
  }

  app.post(
    `${API_PREFIX}/users/balance/share`,
    {
      schema: { body: balanceShareBody, response: { 200: balanceShareResponse } },
      config: { auth: 'required' },
    },
    async (req) => {
      const userId = callerId(req);
      await deps.users.requirePlayer(userId);
      return deps.revshare.setBalanceShare(userId, req.body.balance_share_percent);
    },
  );
}
