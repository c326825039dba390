import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { App } from '../../http.ts';
import { toFriendlyAddress } from '../../integrations/ton/address.ts';
import { makeTestWallet, signTonProof } from '../../integrations/ton/testing.ts';
import { testApp, testDatabase } from '../ton/testing.ts';
import { registerWalletRoutes } from './routes.ts';
import { createWalletService } from './service.ts';

const DOMAIN = 'wall.example.com';
let db: Database;
let app: App;

beforeAll(async () => {
  db = await testDatabase([7, 8]);
  const wallets = createWalletService({ db, allowedDomains: [DOMAIN], network: '-239' });
  app = await testApp((a) => registerWalletRoutes(a, { wallets }));
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: number | null,
  body?: unknown,
) => {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user === null ? {} : { 'x-test-user': String(user) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('wallet routes', () => {
  it('connect flow: payload → proof → address; reuse refused; set and disconnect', async () => {
    const w = makeTestWallet();
    const gen = await call('POST', '/wallet/ton-proof/generate-payload', 7);
    expect(gen.status).toBe(200);
    const payload = gen.body.payload as string;
    expect(payload).toMatch(/^[0-9a-f]{64}$/);

    const proof = signTonProof(w, { domain: DOMAIN, payload, timestamp: Math.floor(Date.now() / 1000) });
    expect(await call('POST', '/wallet/ton-proof/check-proof', 7, proof)).toEqual({
      status: 200,
      body: { success: true },
    });
    const again = await call('POST', '/wallet/ton-proof/check-proof', 7, proof);
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'TON_PROOF_INVALID',
      message: 'Something went wrong. Try later, or try another wallet.',
    });

    const friendly = toFriendlyAddress(w.address, { bounceable: false });
    expect((await call('GET', '/wallet/address', 7)).body).toEqual({ wallet_address: friendly });
    expect((await call('GET', '/wallet/address', 8)).body).toEqual({ wallet_address: null });

    expect(await call('DELETE', '/wallet', 7)).toEqual({ status: 200, body: { success: true } });
    expect((await call('GET', '/wallet/address', 7)).body).toEqual({ wallet_address: null });
    const bounceable = encodeURIComponent(toFriendlyAddress(w.address, { bounceable: true }));
    expect(await call('PUT', `/users/wallet/${bounceable}`, 7)).toEqual({
      status: 200,
      body: { success: true, wallet_address: friendly },
    });
    const notMine = await call('PUT', `/users/wallet/${encodeURIComponent(w.address)}`, 8);
    expect(notMine.status).toBe(409);
    expect(notMine.body.error).toMatchObject({ code: 'WALLET_NOT_VERIFIED' });
  });

  it('captcha endpoints answer in the spec shapes', async () => {
    expect(await call('GET', '/wallet/ton-proof/uncompleted-captcha', 8)).toEqual({
      status: 200,
      body: { captcha: null },
    });
    const wrong = await call('POST', '/wallet/ton-proof/check-captcha', 8, {
      wallet: makeTestWallet().address,
      captcha: '3',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'CAPTCHA_WRONG' });
  });

  it('validates bodies and needs a signed-in player', async () => {
    expect((await call('POST', '/wallet/ton-proof/generate-payload', null)).status).toBe(401);
    const bad = await call('POST', '/wallet/ton-proof/check-proof', 7, { address: 'x', network: '-1' });
    expect(bad.status).toBe(400);
    const huge = await call('POST', '/wallet/ton-proof/check-captcha', 7, {
      wallet: 'x'.repeat(500),
      captcha: '1',
    });
    expect(huge.status).toBe(400);
  });
});
