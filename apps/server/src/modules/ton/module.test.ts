import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFriendlyAddress } from '../../integrations/ton/address.ts';
import { createWalletModule } from '../wallet/module.ts';
import { tonConfigFrom, tonEnvShape } from './config.ts';
import { createTonModule } from './module.ts';
import { createMemoryShop, type TestDatabase, testApp, testDatabase } from './testing.ts';

const env = z.object(tonEnvShape);
const WALLET = `0:${randomBytes(32).toString('hex')}`;
const PAYOUT = { wallet: 'highload-v3', subwalletId: 0x10ad, timeoutSeconds: 3600, batchSize: 100 } as const;
let db: TestDatabase;

beforeAll(async () => {
  db = await testDatabase([1]);
});
afterAll(async () => db?.dispose());

describe('TON config', () => {
  it('has working defaults and reads the operator settings', () => {
    const d = tonConfigFrom(env.parse({}), null);
    expect(d).toEqual({
      network: '-239',
      paymentWallet: null,
      indexer: { baseUrl: 'https://toncenter.com', apiKey: null, timeoutMs: 10_000 },
      allowedDomains: ['localhost', '127.0.0.1'],
      watchIntervalMs: 10_000,
      jettonMasters: {},
      proofMaxAgeSeconds: 900,
      payout: { ...PAYOUT, mnemonic: null, intervalMs: 15_000 },
    });
    const master = toFriendlyAddress(`0:${'ab'.repeat(32)}`, { bounceable: true, testOnly: true });
    const c = tonConfigFrom(
      env.parse({
        TON_NETWORK: 'testnet',
        TON_PAYMENT_WALLET: WALLET,
        TON_INDEXER_URL: 'http://127.0.0.1:8091',
        TON_INDEXER_API_KEY: 'k',
        TON_ALLOWED_DOMAINS: 'pixelwall.example, t.me',
        TON_WATCH_INTERVAL_MS: '5000',
        TON_JETTON_MASTERS: `4=${master}`,
        TON_PAYOUT_MNEMONIC: ` ${'word '.repeat(24)}`,
        TON_PAYOUT_INTERVAL_MS: '2000',
        TON_PAYOUT_WALLET: 'v4r2',
        TON_PAYOUT_SUBWALLET_ID: '7',
        TON_PAYOUT_TIMEOUT_SECONDS: '600',
        TON_PAYOUT_BATCH_SIZE: '254',
      }),
      'https://wall.example.com',
    );
    expect(c).toMatchObject({
      network: '-3',
      paymentWallet: WALLET,
      indexer: { baseUrl: 'http://127.0.0.1:8091', apiKey: 'k' },
      allowedDomains: ['wall.example.com', 'pixelwall.example', 't.me'],
      watchIntervalMs: 5000,
      jettonMasters: { 4: master },
      payout: {
        mnemonic: 'word '.repeat(24).trim(),
        intervalMs: 2000,
        wallet: 'v4r2',
        subwalletId: 7,
        timeoutSeconds: 600,
        batchSize: 254,
      },
    });
  });

  it('refuses bad values with the variable named', () => {
    for (const bad of [
      { TON_PAYMENT_WALLET: 'nope' },
      { TON_NETWORK: 'devnet' },
      { TON_INDEXER_URL: 'ftp://x' },
      { TON_JETTON_MASTERS: '4=nope' },
      { TON_WATCH_INTERVAL_MS: '5' },
      { TON_PAYOUT_MNEMONIC: 'only three words' },
      { TON_PAYOUT_WALLET: 'v5r1' },
      { TON_PAYOUT_BATCH_SIZE: '255' },
      { TON_PAYOUT_TIMEOUT_SECONDS: '0' },
    ]) {
      const r = env.safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error?.issues[0]?.path[0]).toBe(Object.keys(bad)[0]);
    }
  });
});

describe('createTonModule', () => {
  const log = { info: () => {}, warn: () => {} };

  it('has no watcher without a payment wallet, and one with it', () => {
    const shop = createMemoryShop();
    const off = tonConfigFrom(env.parse({}), null);
    const { wallets } = createWalletModule({ db, config: off });
    expect(createTonModule({ db, shop, wallets, log, config: off }).watcher).toBeNull();
    const on = createTonModule({
      db,
      shop,
      wallets,
      log,
      config: tonConfigFrom(env.parse({ TON_PAYMENT_WALLET: WALLET }), null),
    });
    expect(on.watcher).not.toBeNull();
    expect(on.orders.paymentWallet).toBe(WALLET);
  });

  it('registers the wallet and transaction routes', async () => {
    const config = tonConfigFrom(env.parse({}), null);
    const wallet = createWalletModule({ db, config });
    const m = createTonModule({ db, shop: createMemoryShop(), wallets: wallet.wallets, log, config });
    const app = await testApp((a) => {
      wallet.register(a);
      m.register(a);
    });
    const headers = { 'x-test-user': '1' };
    const payload = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet/ton-proof/generate-payload',
      headers,
    });
    expect(payload.statusCode).toBe(200);
    const start = await app.inject({
      method: 'POST',
      url: '/api/v1/transactions/start',
      headers,
      payload: { buyerWallet: WALLET, goodId: 1, currencyId: 2, quantity: 1 },
    });
    expect([start.statusCode, start.json().error.code]).toEqual([503, 'UNAVAILABLE']);
    await app.close();
  });
});
