import { randomBytes } from 'node:crypto';
import { NFT_BYTES, type NftData, type NftGet, type NftMint } from '@pixel-wall/shared';
import { Address, Cell, internal } from '@ton/core';
import { keyPairFromSeed } from '@ton/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTonIndexer, startFakeTonIndexer } from '../../../../../tools/src/fakes/ton-indexer.ts';
import { type PayoutWalletKey, signTransfer, walletV4R2 } from '../../integrations/ton/payout-wallet.ts';
import { createToncenterApi } from '../../integrations/ton/toncenter-api.ts';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { messageHash, mintBody } from './mint.ts';
import { createNftWatcher } from './watcher.ts';

const ADMIN = 7_600_001;
const COLLECTION = `0:${randomBytes(32).toString('hex')}`;
const silent = { info() {}, warn() {} };

function drawing(): Uint8Array {
  const d = new Uint8Array(NFT_BYTES);
  for (let i = 0; i < 64; i++) d.set([0xff, 0x45, 0x00, 255], i * 4);
  return d;
}

function playerWallet(): PayoutWalletKey {
  const keyPair = keyPairFromSeed(randomBytes(32));
  return { keyPair, ...walletV4R2(keyPair.publicKey) };
}

/** What the player's wallet does with the mint transaction: signs it and sends it to the chain. */
async function walletSends(
  fake: FakeTonIndexer,
  wallet: PayoutWalletKey,
  message: { address: string; amount: string; payload: string },
): Promise<string> {
  const signed = signTransfer(wallet, {
    seqno: 0,
    validUntil: Math.floor(Date.now() / 1000) + 300,
    message: internal({
      to: Address.parse(message.address),
      value: BigInt(message.amount),
      bounce: true,
      body: Cell.fromBase64(message.payload),
    }),
    withInit: true,
  });
  const res = await fetch(`${fake.url}/api/v3/message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ boc: signed.boc }),
  });
  expect(res.status).toBe(200);
  return signed.boc;
}

let fake: FakeTonIndexer;
beforeAll(async () => {
  fake = await startFakeTonIndexer();
});
afterAll(async () => {
  await fake?.close();
});

describe('the mint watcher in the app (leader, against the fake toncenter)', () => {
  let store: TestStore;
  let app: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    app = await startApp(
      store,
      testConfig({
        ADMIN_IDS: String(ADMIN),
        NFT_COLLECTION_ADDRESS: COLLECTION,
        TON_INDEXER_URL: fake.url,
        TON_WATCH_INTERVAL_MS: '1000',
      }),
    );
  });
  afterAll(async () => {
    await app?.stop();
    await store?.dispose();
  });

  it('moves a sent mint from minting to minted once the collection took it on chain', async () => {
    const id = 7_600_100;
    const { token } = await telegramSignIn(app.baseUrl, { id, first_name: 'Mina' });
    const admin = (await telegramSignIn(app.baseUrl, { id: ADMIN, first_name: 'Ada' })).token;
    const up = await fetch(`${app.baseUrl}/api/v1/nft/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: drawing(),
    });
    const nftId = ((await up.json()) as { nftData: NftData }).nftData.id;
    await api(app.baseUrl, 'POST', `/api/v1/nft/review/${nftId}/approve`, { token: admin });

    const wallet = playerWallet();
    fake.fundWallet(wallet.address, 1_000_000_000n);
    await app.db.query('INSERT INTO ton_user_wallets (user_id, address) VALUES ($1, $2)', [
      id,
      wallet.address,
    ]);
    const mint = await api<NftMint>(app.baseUrl, 'GET', '/api/v1/nft/mint', { token });
    const boc = await walletSends(fake, wallet, mint.body.messages[0]!);
    const sent = await api<NftData>(app.baseUrl, 'POST', '/api/v1/nft/mint/sent', {
      token,
      body: { boc },
    });
    expect(sent.body).toMatchObject({ status: 'minting', mint_tx: null, minted_at: null });

    await expect
      .poll(
        async () =>
          (await api<NftGet>(app.baseUrl, 'GET', '/api/v1/nft/get', { token })).body.nftData?.status,
        { timeout: 15_000, interval: 250 },
      )
      .toBe('minted');
    const got = (await api<NftGet>(app.baseUrl, 'GET', '/api/v1/nft/get', { token })).body.nftData!;
    expect(got.mint_tx).toMatch(/^[0-9a-f]{64}$/);
    expect(got.minted_at).not.toBeNull();
    // The collection's own transaction: the one that took the wallet's mint message.
    const collectionTxs = (await (
      await fetch(`${fake.url}/api/v3/transactions?account=${COLLECTION}&limit=10`)
    ).json()) as { transactions: { hash: string }[] };
    expect(collectionTxs.transactions.map((t) => Buffer.from(t.hash, 'base64').toString('hex'))).toContain(
      got.mint_tx,
    );
    // Minted: no second mint.
    const again = await api<{ error: { code: string } }>(app.baseUrl, 'GET', '/api/v1/nft/mint', { token });
    expect(again.body.error.code).toBe('NFT_NOT_APPROVED');
  });
});

describe('the mint watcher judging each drawing', () => {
  let store: TestStore;
  let app: RunningApp;
  let nextUser = 7_600_200;
  let nextNo = 900;

  beforeAll(async () => {
    // No collection: the app's own watcher is off, this test runs its own.
    store = await createTestStore('pglite');
    app = await startApp(store, testConfig());
  });
  afterAll(async () => {
    await app?.stop();
    await store?.dispose();
  });

  /** A drawing in 'minting' with the given message hash, reported `agoMs` ago. */
  async function minting(hash: string, owner: string | null, agoMs = 0): Promise<number> {
    const id = nextUser++;
    await telegramSignIn(app.baseUrl, { id, first_name: `W${id}` });
    const rows = await app.db.query<{ id: number }>(
      `INSERT INTO nfts (user_id, pixels, status, approval_no, mint_hash, mint_owner, mint_sent_at)
         VALUES ($1, $2, 'minting', $3, $4, $5, now() - make_interval(secs => $6::double precision / 1000))
         RETURNING id`,
      [id, Buffer.from(drawing()), nextNo++, hash, owner, agoMs],
    );
    return Number(rows[0]!.id);
  }
  const statusOf = async (id: number) =>
    (
      await app.db.query<{ status: string; mint_hash: string | null; mint_tx: string | null }>(
        'SELECT status, mint_hash, mint_tx FROM nfts WHERE id = $1',
        [id],
      )
    )[0];

  const watcherFor = (collection: string, now?: () => number) =>
    createNftWatcher({
      db: app.db,
      api: createToncenterApi({ baseUrl: fake.url }),
      collection,
      intervalMs: 60_000,
      log: silent,
      ...(now ? { now } : {}),
    });

  const mintMessage = (collection: string, owner: string) => ({
    address: collection,
    amount: '80000000',
    payload: mintBody({ collection, owner, itemIndex: 0, contentPath: '1.json', queryId: 1n })
      .toBoc()
      .toString('base64'),
  });

  it('mints, fails on a refusing collection or a mint sent elsewhere, expires an unseen message', async () => {
    const collection = `0:${randomBytes(32).toString('hex')}`;
    const refusing = `0:${randomBytes(32).toString('hex')}`;
    fake.refuseIncoming(refusing);

    const ok = playerWallet();
    const refused = playerWallet();
    const elsewhere = playerWallet();
    for (const w of [ok, refused, elsewhere]) fake.fundWallet(w.address, 1_000_000_000n);
    const okId = await minting(
      messageHash(await walletSends(fake, ok, mintMessage(collection, ok.address)))!,
      ok.address,
    );
    const elsewhereId = await minting(
      messageHash(await walletSends(fake, elsewhere, mintMessage(refusing, elsewhere.address)))!,
      elsewhere.address,
    );
    const unseen = randomBytes(32).toString('hex');
    const lostId = await minting(unseen, null, 10 * 60_000);
    const freshId = await minting(randomBytes(32).toString('hex'), null, 1_000);

    const stats = await watcherFor(collection).pollOnce();
    expect(stats).toMatchObject({ checked: 4, minted: 1, failed: 1, expired: 1, waiting: 1 });
    expect(await statusOf(okId)).toMatchObject({
      status: 'minted',
      mint_tx: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    for (const id of [elsewhereId, lostId]) {
      expect(await statusOf(id)).toEqual({ status: 'approved', mint_hash: null, mint_tx: null });
    }
    expect((await statusOf(freshId))?.status).toBe('minting');

    // The collection throws: its transaction aborts, the mint did not happen.
    const refusedHash = messageHash(
      await walletSends(fake, refused, mintMessage(refusing, refused.address)),
    )!;
    const refusedId = await minting(refusedHash, refused.address);
    const watcher = watcherFor(refusing);
    const row = {
      id: refusedId,
      approval_no: 1,
      mint_hash: refusedHash,
      mint_owner: refused.address,
      sent_ms: 0,
    };
    expect(await watcher.check(row)).toEqual({ state: 'failed', reason: 'the collection refused the mint' });
    await watcher.pollOnce();
    expect((await statusOf(refusedId))?.status).toBe('approved');
    // A second poll finds nothing left to judge but the fresh one.
    expect((await watcher.pollOnce()).checked).toBe(1);
  });

  it('keeps waiting while the message may still land, and on an indexer failure', async () => {
    const hash = randomBytes(32).toString('hex');
    const id = await minting(hash, null, 0);
    const t0 = Date.now();
    const row = { id, approval_no: 1, mint_hash: hash, mint_owner: null, sent_ms: t0 };
    const at = (ms: number) => watcherFor(COLLECTION, () => t0 + ms);
    expect(await at(300_000).check(row)).toEqual({ state: 'waiting' });
    expect(await at(300_000 + 121_000).check(row)).toEqual({ state: 'expired' });
    const down = createNftWatcher({
      db: app.db,
      api: { transactionsByMessage: () => Promise.reject(new Error('indexer unreachable')) },
      collection: COLLECTION,
      intervalMs: 60_000,
      log: silent,
    });
    const stats = await down.pollOnce();
    expect(stats.minted + stats.failed + stats.expired).toBe(0);
    expect((await statusOf(id))?.status).toBe('minting');
  });
});
