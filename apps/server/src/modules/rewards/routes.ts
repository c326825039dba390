import {
  API_PREFIX,
  rewardClaimBody,
  rewardListResponse,
  rewardStatsResponse,
  rewardsOfUserParams,
  txRewardBody,
  txRewardResponse,
  unclaimedListResponse,
} from '@pixel-wall/shared';
import { type App, callerId } from '../../http.ts';
import type { RewardsService } from './service.ts';

export function registerRewardsRoutes(app: App, rewards: RewardsService): void {
  app.get(
    `${API_PREFIX}/rewards/unclaimed/list`,
    { schema: { response: { 200: unclaimedListResponse } }, config: { auth: 'required' } },
    async (req) => rewards.unclaimedGoods(callerId(req)),
  );

  // A static path wins over ':userId' in Fastify's router, whatever the order of registration.
  app.get(
    `${API_PREFIX}/rewards/tokens/obtain/progress`,
    { schema: { response: { 200: rewardStatsResponse } }, config: { auth: 'required' } },
    async (req) => rewards.obtainProgress(callerId(req)),
  );

  app.get(
    `${API_PREFIX}/rewards/tokens/:userId`,
    {
      schema: { params: rewardsOfUserParams, response: { 200: rewardListResponse } },
      config: { auth: 'required' },
    },
    async (req) => {
      const caller = callerId(req);
      const isAdmin = caller !== req.params.userId && (await req.callerRole()) === 'admin';
      return rewards.tokenRewards(caller, req.params.userId, isAdmin);
    },
  );

  app.post(
    `${API_PREFIX}/rewards/claim`,
    { schema: { body: rewardClaimBody }, config: { auth: 'required' } },
    async (req, reply) => {
      await rewards.claimGoods(callerId(req), req.body.user_id, req.body.reward_user_id);
      return reply.code(204).send();
    },
  );

  for (const action of ['claim', 'burn'] as const) {
    app.post(
      `${API_PREFIX}/tx-reward/${action}`,
      { schema: { body: txRewardBody, response: { 200: txRewardResponse } }, config: { auth: 'required' } },
      async (req) => {
        await rewards.startTokenAction(callerId(req), req.body.reward_id, action);
        return { success: true as const, status: 'pending' as const };
      },
    );
  }
}
