import {
  API_PREFIX,
  HIDDEN_AWARDS,
  hiddenRatingQuery,
  hiddenRatingSchema,
  hiddenRoundSchema,
  hiddenStatsSchema,
  hiddenTemplateQuery,
} from '@pixel-wall/shared';
import { AppError } from '../../errors.ts';
import { type App, callerId } from '../../http.ts';
import { binaryBody, registerBinaryRoutes } from '../../lib/binary-body.ts';
import type { UploadGate } from '../../lib/upload-gate.ts';
import type { HiddenGame } from './service.ts';

export function registerHiddenRoutes(app: App, hidden: HiddenGame, opts: { uploadGate: UploadGate }): void {
  app.get(
    `${API_PREFIX}/hidden/stats`,
    { schema: { response: { 200: hiddenStatsSchema } }, config: { auth: 'optional' } },
    async (req) => hidden.stats(req.userId),
  );

  app.get(
    `${API_PREFIX}/hidden/rating`,
    {
      schema: { querystring: hiddenRatingQuery, response: { 200: hiddenRatingSchema } },
      config: { auth: 'none' },
    },
    async (req) => hidden.rating(req.query.limit, req.query.offset),
  );

  registerBinaryRoutes(app, HIDDEN_AWARDS, (scope) => {
    scope.post(
      `${API_PREFIX}/hidden/admin/round`,
      {
        schema: { querystring: hiddenTemplateQuery, response: { 200: hiddenRoundSchema } },
        // The gate checks the admin role (config.role) before the body is read.
        ...opts.uploadGate({
          maxBytes: HIDDEN_AWARDS,
          tooLarge: () =>
            new AppError(
              'PAYLOAD_TOO_LARGE',
              `The template is too large: send ${HIDDEN_AWARDS} palette indices, 64×64.`,
            ),
        }),
        config: { auth: 'required', role: 'admin' },
      },
      async (req) => {
        const adminId = callerId(req);
        const body = binaryBody(req, `the template (${HIDDEN_AWARDS} palette indices, 64×64 row by row)`);
        return hidden.newRound(adminId, req.query.x, req.query.y, new Uint8Array(body));
      },
    );
  });
}
