import {
  API_PREFIX,
  boostUpgradeBody,
  boostUpgradeParams,
  boostUpgradeResponse,
  miningClaimResponse,
  questStatsResponse,
  secretWordBody,
  secretWordResponse,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { MiningService } from './service.ts';

/** `/mining/status` stays with the users module (charges come from the engine); it calls `miningStatus`. */
export function registerMiningRoutes(app: App, mining: MiningService): void {
  app.get(
    `${API_PREFIX}/mining/claim`,
    { schema: { response: { 200: miningClaimResponse } }, config: { auth: 'required' } },
    async (req) => mining.claim(callerId(req)),
  );

  // The body is optional: a bare POST buys the next level, whatever it is.
  app.post(
    `${API_PREFIX}/mining/boosts/:id/upgrade`,
    {
      schema: {
        params: boostUpgradeParams,
        body: boostUpgradeBody.nullish(),
        response: { 200: boostUpgradeResponse },
      },
      config: { auth: 'required' },
    },
    async (req) =>
      mining.upgradeBoost(callerId(req), req.params.id, {
        ...(req.body?.fromLevel === undefined ? {} : { fromLevel: req.body.fromLevel }),
      }),
  );

  app.post(
    `${API_PREFIX}/mining/quest/check/secretWord`,
    {
      schema: { body: secretWordBody, response: { 200: secretWordResponse } },
      config: { auth: 'required' },
    },
    async (req) => mining.checkSecretWord(callerId(req), req.body.secret_word),
  );

  app.get(
    `${API_PREFIX}/mining/quest/stats`,
    { schema: { response: { 200: questStatsResponse } }, config: { auth: 'required' } },
    async (req) => mining.questStats(callerId(req)),
  );
}
