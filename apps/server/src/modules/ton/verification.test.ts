/**
 * SPEC §7 POST /transactions/start with `{buyerWallet}` alone: the wallet-verification transfer.
 * The server answers `{txMemCode, strAmount}` (and the TON Connect message); the transfer, seen by
 * the payment watcher coming from that wallet, verifies and connects it.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import type { App } from '../../http.ts';
import { toFriendlyAddress } from '../../integrations/ton/address.ts';
import { commentFromBoc } from '../../integrations/ton/comment.ts';
import { createToncenterIndexer, type IncomingTonTransfer } from '../../integrations/ton/indexer.ts';
import { createWalletService, type WalletService } from '../wallet/service.ts';
import { registerTonRoutes } from './routes.ts';
import { createTonOrders, type TonOrders } from './service.ts';
import { createTonWatchStore } from './store.ts';
import { createMemoryShop, type TestDatabase, testApp, testDatabase } from './testing.ts';
import { createTonWatcher } from './watcher.ts';

const PLAYER = 901;
const OTHER = 902;
const PAY_TO = `0:${randomBytes(32).toString('hex')}`;
const WALLET = `0:${randomBytes(32).toString('hex')}`;
const STRANGER = `0:${randomBytes(32).toString('hex')}`;
const NOW = 1_800_000_000_000;

let db: TestDatabase;
let wallets: WalletService;
let orders: TonOrders;
let app: App;

beforeAll(async () => {
  db = await testDatabase([PLAYER, OTHER]);
  wallets = createWalletService({ db, allowedDomains: ['localhost'], network: '-239', now: () => NOW });
  orders = createTonOrders({
    db,
    shop: createMemoryShop(),
    wallets,
    jettonWallets: { jettonWalletAddress: async () => '' },
    paymentWallet: PAY_TO,
    network: '-239',
    now: () => NOW,
  });
  app = await testApp((a) => registerTonRoutes(a, { orders }));
});
afterAll(async () => {
  await app?.close();
  await db?.dispose();
});

const start = (userId: number, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/transactions/start',
    headers: { 'x-test-user': String(userId) },
    payload,
  });

function transfer(over: Partial<IncomingTonTransfer>): IncomingTonTransfer {
  return {
    kind: 'ton',
    hash: randomBytes(32).toString('hex'),
    lt: 1n,
    utime: NOW / 1000,
    from: WALLET,
    to: PAY_TO,
    amount: 10_000_000n,
    comment: null,
    bounced: false,
    bounce: false,
    aborted: false,
    notification: null,
    ...over,
  };
}

describe('the wallet-verification transaction', () => {
  it('answers {txMemCode, strAmount}: 0.01 TON with the memo to the payment wallet', async () => {
    const r = await start(PLAYER, { buyerWallet: toFriendlyAddress(WALLET, { bounceable: false }) });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      txMemCode: expect.stringMatching(/^pw-[a-z2-7]{10}$/),
      strAmount: '10000000',
      amount: '0.01',
      currencyId: 2,
      jettonMaster: null,
      validUntil: NOW / 1000 + 600,
    });
    expect(body.message).toMatchObject({ address: body.payTo, amount: '10000000' });
    expect(commentFromBoc(body.message.payload)).toBe(body.txMemCode);
    // Nothing is verified yet: a memo alone proves nothing.
    expect(await wallets.addressOf(PLAYER)).toBeNull();
  });

  it('refuses a body that is neither a verification nor a purchase', async () => {
    expect((await start(PLAYER, { buyerWallet: 'nope' })).json()).toMatchObject({
      error: { code: 'BAD_REQUEST' },
    });
    expect((await start(PLAYER, { buyerWallet: WALLET, goodId: 1 })).statusCode).toBe(400);
    expect((await start(PLAYER, { buyerWallet: WALLET, extra: 1 })).statusCode).toBe(400);
    expect((await start(PLAYER, {})).statusCode).toBe(400);
  });

  it('verifies and connects the wallet only by a transfer from that wallet, once', async () => {
    const r = await start(PLAYER, { buyerWallet: WALLET });
    const memo = r.json().txMemCode as string;

    expect(await orders.verifyWallet(memo, transfer({ from: STRANGER, comment: memo }))).toBe('wrong_sender');
    expect(await orders.verifyWallet(memo, transfer({ amount: 9_999_999n, comment: memo }))).toBe(
      'underpaid',
    );
    expect(await wallets.addressOf(PLAYER)).toBeNull();
    expect(await orders.verifyWallet('pw-unknownmemo', transfer({}))).toBeNull();

    expect(await orders.verifyWallet(memo, transfer({ comment: memo }))).toBe('verified');
    expect(await wallets.addressOf(PLAYER)).toBe(WALLET);
    expect(await orders.verifyWallet(memo, transfer({ comment: memo }))).toBe('duplicate');
    // Verified, the player can connect it again later without a proof.
    await wallets.disconnect(PLAYER);
    expect(await wallets.setWallet(PLAYER, WALLET)).toMatchObject({ success: true });
    // Another player's verification of the same wallet is theirs alone.
    expect(await wallets.addressOf(OTHER)).toBeNull();
  });
});

describe('the payment watcher and a verification transfer', () => {
  it('verifies the wallet when the transfer it sees comes from it; a copied memo is wrong_sender', async () => {
    const fake = await startFakeTonIndexer();
    try {
      const indexer = createToncenterIndexer({ baseUrl: fake.url, timeoutMs: 5000 });
      const watched = createTonOrders({
        db,
        shop: createMemoryShop(),
        wallets,
        jettonWallets: indexer,
        paymentWallet: PAY_TO,
        network: '-239',
      });
      const watcher = createTonWatcher({
        indexer,
        orders: watched,
        store: createTonWatchStore(db),
        paymentWallet: PAY_TO,
        intervalMs: 20,
        log: { info: () => {}, warn: () => {} },
      });
      const started = await watched.start(OTHER, { buyerWallet: STRANGER });
      fake.addTonTransfer({
        from: WALLET,
        to: PAY_TO,
        nanotons: started.strAmount,
        comment: started.txMemCode,
      });
      expect((await watcher.pollOnce()).outcomes).toEqual({ wrong_sender: 1 });
      expect(await wallets.addressOf(OTHER)).toBeNull();
      fake.addTonTransfer({
        from: STRANGER,
        to: PAY_TO,
        nanotons: started.strAmount,
        comment: started.txMemCode,
      });
      expect((await watcher.pollOnce()).outcomes).toEqual({ verified: 1 });
      expect(await wallets.addressOf(OTHER)).toBe(STRANGER);
      const recorded = await db.query<{ outcome: string }>(
        'SELECT outcome FROM ton_payments WHERE memo = $1 ORDER BY lt',
        [started.txMemCode],
      );
      expect(recorded.map((r) => r.outcome)).toEqual(['wrong_sender', 'verified']);
    } finally {
      await fake.close();
    }
  });
});
