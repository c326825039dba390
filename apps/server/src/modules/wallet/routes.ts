import {
  API_PREFIX,
  checkCaptchaBody,
  tonProofBody,
  tonProofPayloadResponse,
  tonSuccessResponse,
  uncompletedCaptchaResponse,
  walletAddressParams,
  walletAddressResponse,
} from '@pixel-wall/shared';
import { z } from 'zod';
import { type App, callerId } from '../../http.ts';
import type { WalletService } from './service.ts';

export interface WalletRoutesDeps {
  wallets: WalletService;
  /** Refuses banned or unknown players (the users service); optional in tests. */
  players?: { requirePlayer(userId: number): Promise<unknown> };
  /** Proof, payload and captcha attempts per client per minute. */
  attemptsPerMinute?: number;
}

const setWalletResponse = tonSuccessResponse.extend({ wallet_address: z.string() });

export function registerWalletRoutes(app: App, deps: WalletRoutesDeps): void {
  const { wallets } = deps;
  const rateLimit = { max: deps.attemptsPerMinute ?? 20, timeWindow: '1 minute' };
  const player = async (userId: number) => {
    if (deps.players) await deps.players.requirePlayer(userId);
    return userId;
  };

  app.post(
    `${API_PREFIX}/wallet/ton-proof/generate-payload`,
    { schema: { response: { 200: tonProofPayloadResponse } }, config: { auth: 'required', rateLimit } },
    async (req) => wallets.generatePayload(await player(callerId(req))),
  );

  app.post(
    `${API_PREFIX}/wallet/ton-proof/check-proof`,
    {
      schema: { body: tonProofBody, response: { 200: tonSuccessResponse } },
      config: { auth: 'required', rateLimit },
    },
    async (req) => {
      await wallets.checkProof(await player(callerId(req)), req.body);
      return { success: true as const };
    },
  );

  app.get(
    `${API_PREFIX}/wallet/ton-proof/uncompleted-captcha`,
    { schema: { response: { 200: uncompletedCaptchaResponse } }, config: { auth: 'required' } },
    async (req) => wallets.uncompletedCaptcha(await player(callerId(req))),
  );

  app.post(
    `${API_PREFIX}/wallet/ton-proof/check-captcha`,
    {
      schema: { body: checkCaptchaBody, response: { 200: tonSuccessResponse } },
      config: { auth: 'required', rateLimit },
    },
    async (req) => wallets.checkCaptcha(await player(callerId(req)), req.body),
  );

  app.get(
    `${API_PREFIX}/wallet/address`,
    { schema: { response: { 200: walletAddressResponse } }, config: { auth: 'required' } },
    async (req) => wallets.walletAddress(callerId(req)),
  );

  app.put(
    `${API_PREFIX}/users/wallet/:address`,
    {
      schema: { params: walletAddressParams, response: { 200: setWalletResponse } },
      config: { auth: 'required' },
    },
    async (req) => wallets.setWallet(await player(callerId(req)), req.params.address),
  );

  app.delete(
    `${API_PREFIX}/wallet`,
    { schema: { response: { 200: tonSuccessResponse } }, config: { auth: 'required' } },
    async (req) => wallets.disconnect(callerId(req)),
  );
}
