import { NFT_BYTES, type NftData, type NftGet, type NftReviewList } from '@pixel-wall/shared';
import { Address, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { checkDrawing } from './drawing.ts';
import { messageHash, mintBody, mintTransaction } from './mint.ts';

const kinds = await dbKinds();
const ADMIN = 7_300_001;
const COLLECTION = `0:${'ab'.repeat(32)}`;
const WALLET = `0:${'cd'.repeat(32)}`;

type ErrorBody = { error: { code: string; message: string } };

/** A drawing: a red square (palette #FF4500) in the top left corner, the rest transparent. */
function drawing(): Uint8Array {
  const d = new Uint8Array(NFT_BYTES);
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) d.set([0xff, 0x45, 0x00, 255], (y * 64 + x) * 4);
  }
  return d;
}

describe('checkDrawing', () => {
  it('takes 64×64 RGBA in palette colours and normalises transparent pixels', () => {
    const d = drawing();
    d.set([1, 2, 3, 0], 100 * 4);
    const r = checkDrawing(d);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(Array.from(r.pixels.subarray(400, 404))).toEqual([0, 0, 0, 0]);
      expect(Array.from(r.pixels.subarray(0, 4))).toEqual([0xff, 0x45, 0, 255]);
    }
  });
  it.each([
    ['too short', new Uint8Array(NFT_BYTES - 4), /exactly 16384 bytes/],
    ['empty', new Uint8Array(NFT_BYTES), /empty/],
    [
      'half transparent',
      (() => {
        const d = drawing();
        d[3] = 128;
        return d;
      })(),
      /alpha 128/,
    ],
    [
      'off the palette',
      (() => {
        const d = drawing();
        d.set([1, 2, 3, 255], 0);
        return d;
      })(),
      /pixel \(0, 0\) is not one of the palette colours/,
    ],
  ])('refuses a drawing %s', (_name, body, message) => {
    const r = checkDrawing(body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe('mint message', () => {
  it('is the collection deploy-item body with index, forward amount, owner and content path', () => {
    const input = {
      collection: COLLECTION,
      owner: WALLET,
      itemIndex: 41,
      contentPath: '42.json',
      queryId: 7n,
    };
    const tx = mintTransaction(input, 1_000);
    expect(tx.validUntil).toBe(1_300);
    expect(tx.messages[0]!.amount).toBe('80000000');
    expect(Address.parse(tx.messages[0]!.address).toRawString()).toBe(COLLECTION);
    const s = Cell.fromBase64(tx.messages[0]!.payload).beginParse();
    expect(s.loadUint(32)).toBe(1);
    expect(s.loadUintBig(64)).toBe(7n);
    expect(s.loadUintBig(64)).toBe(41n);
    expect(s.loadCoins()).toBe(50_000_000n);
    const content = s.loadRef().beginParse();
    expect(content.loadAddress().toRawString()).toBe(WALLET);
    expect(content.loadRef().beginParse().loadStringTail()).toBe('42.json');
    expect(messageHash(mintBody(input).toBoc().toString('base64'))).toMatch(/^[0-9a-f]{64}$/);
    expect(messageHash('not a boc')).toBeNull();
  });
});

describe.each(kinds)('NFT drawings on %s', (kind) => {
  let store: TestStore;
  let app: RunningApp;
  let admin: string;
  let nextUser = 7_400_000;

  const player = async () => {
    const id = nextUser++;
    return { id, token: (await telegramSignIn(app.baseUrl, { id, first_name: `N${id}` })).token };
  };
  const upload = (token: string | null, body: Uint8Array | string, type = 'application/octet-stream') =>
    fetch(`${app.baseUrl}/api/v1/nft/upload`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': type },
      body,
    });

  beforeAll(async () => {
    store = await createTestStore(kind);
    app = await startApp(store, testConfig({ ADMIN_IDS: String(ADMIN), NFT_COLLECTION_ADDRESS: COLLECTION }));
    admin = (await telegramSignIn(app.baseUrl, { id: ADMIN, first_name: 'Ada' })).token;
  });
  afterAll(async () => {
    await app?.stop();
    await store?.dispose();
  });

  it('refuses bad bodies with clear errors and takes a good one, once', async () => {
    const p = await player();
    const cases: [Uint8Array | string, string, number, RegExp][] = [
      [new Uint8Array(100), 'application/octet-stream', 400, /exactly 16384 bytes .*; got 100/],
      [new Uint8Array(NFT_BYTES), 'application/octet-stream', 400, /empty/],
      [new Uint8Array(NFT_BYTES + 1), 'application/octet-stream', 413, /too large/],
      ['{"pixels":[]}', 'application/json', 415, /application\/octet-stream/],
      ['hello', 'text/plain', 415, /application\/octet-stream/],
    ];
    for (const [body, type, status, message] of cases) {
      const r = await upload(p.token, body, type);
      expect(r.status, `${type} ${status}`).toBe(status);
      expect(((await r.json()) as ErrorBody).error.message).toMatch(message);
    }
    expect((await upload(null, drawing())).status).toBe(401);

    const first = await upload(p.token, drawing());
    expect(first.status).toBe(200);
    const body = (await first.json()) as { success: true; nftData: NftData };
    expect(body.nftData).toMatchObject({ status: 'pending', approval_no: null });
    expect(Buffer.from(body.nftData.image, 'base64')).toEqual(Buffer.from(drawing()));

    const second = await upload(p.token, drawing());
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorBody).error).toMatchObject({
      code: 'NFT_ALREADY_SUBMITTED',
      message: 'You can only submit an NFT for review once.',
    });

    const got = await api<NftGet>(app.baseUrl, 'GET', '/api/v1/nft/get', { token: p.token });
    expect(got.body).toMatchObject({ nftData: { status: 'pending' }, wallet: null, collection: COLLECTION });
  });

  it('lets only admins review; approval numbers the drawing and counts it; rejection is final', async () => {
    const a = await player();
    const b = await player();
    const idA = ((await (await upload(a.token, drawing())).json()) as { nftData: NftData }).nftData.id;
    const idB = ((await (await upload(b.token, drawing())).json()) as { nftData: NftData }).nftData.id;

    for (const path of ['/api/v1/nft/review', `/api/v1/nft/review/${idA}/approve`]) {
      const r = await api<ErrorBody>(app.baseUrl, path.endsWith('approve') ? 'POST' : 'GET', path, {
        token: a.token,
      });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
    }
    const before = await api<{ countApproved: number }>(app.baseUrl, 'GET', '/api/v1/nft/count');
    const pending = await api<NftReviewList>(app.baseUrl, 'GET', '/api/v1/nft/review?status=pending', {
      token: admin,
    });
    expect(pending.body.list.map((n) => n.id)).toEqual(expect.arrayContaining([idA, idB]));
    expect(pending.body.list.find((n) => n.id === idA)!.user).toMatchObject({
      id: a.id,
      firstName: `N${a.id}`,
    });

    const approved = await api<NftData>(app.baseUrl, 'POST', `/api/v1/nft/review/${idA}/approve`, {
      token: admin,
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approval_no: before.body.countApproved + 1 });
    const again = await api<ErrorBody>(app.baseUrl, 'POST', `/api/v1/nft/review/${idA}/approve`, {
      token: admin,
    });
    expect(again.status).toBe(409);
    const rejected = await api<NftData>(app.baseUrl, 'POST', `/api/v1/nft/review/${idB}/reject`, {
      token: admin,
    });
    expect(rejected.body.status).toBe('rejected');
    expect(
      (await api(app.baseUrl, 'POST', `/api/v1/nft/review/${idB}/approve`, { token: admin })).status,
    ).toBe(409);
    expect(
      (await api(app.baseUrl, 'POST', '/api/v1/nft/review/999999/approve', { token: admin })).status,
    ).toBe(404);
    expect((await api(app.baseUrl, 'POST', '/api/v1/nft/review/abc/approve', { token: admin })).status).toBe(
      400,
    );
    const after = await api<{ countApproved: number; cap: number }>(app.baseUrl, 'GET', '/api/v1/nft/count');
    expect(after.body).toEqual({ countApproved: before.body.countApproved + 1, cap: 1000 });

    // The approved drawing has public metadata and a PNG image.
    const no = approved.body.approval_no!;
    const meta = await api<{ image: string }>(app.baseUrl, 'GET', `/api/v1/nft/item/${no}.json`);
    expect(meta.status).toBe(200);
    expect(meta.body.image).toMatch(new RegExp(`/api/v1/nft/item/${no}\\.png$`));
    const png = await fetch(`${app.baseUrl}/api/v1/nft/item/${no}.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect((await api(app.baseUrl, 'GET', '/api/v1/nft/item/999.json')).status).toBe(404);

    // Minting: a wallet is needed; then the transaction, then the sent message is recorded once.
    const noWallet = await api<ErrorBody>(app.baseUrl, 'GET', '/api/v1/nft/mint', { token: a.token });
    expect(noWallet.body.error.code).toBe('WALLET_NOT_CONNECTED');
    await app.db.query('INSERT INTO ton_user_wallets (user_id, address) VALUES ($1, $2)', [a.id, WALLET]);
    const tx = await api<{ messages: { payload: string }[] }>(app.baseUrl, 'GET', '/api/v1/nft/mint', {
      token: a.token,
    });
    expect(tx.status).toBe(200);
    const boc = tx.body.messages[0]!.payload;
    const sent = await api<NftData>(app.baseUrl, 'POST', '/api/v1/nft/mint/sent', {
      token: a.token,
      body: { boc },
    });
    expect(sent.body).toMatchObject({ status: 'minting', mint_hash: messageHash(boc) });
    expect(
      (await api(app.baseUrl, 'POST', '/api/v1/nft/mint/sent', { token: a.token, body: { boc } })).status,
    ).toBe(200);
    const bad = await api<ErrorBody>(app.baseUrl, 'POST', '/api/v1/nft/mint/sent', {
      token: a.token,
      body: { boc: 'garbage!' },
    });
    expect(bad.status).toBe(400);
    const notApproved = await api<ErrorBody>(app.baseUrl, 'GET', '/api/v1/nft/mint', { token: b.token });
    expect(notApproved.body.error.code).toBe('NFT_NOT_APPROVED');
  });

  it('stops approving at 1,000 NFTs', async () => {
    const p = await player();
    const id = ((await (await upload(p.token, drawing())).json()) as { nftData: NftData }).nftData.id;
    // The last number taken: the cap is reached.
    await app.db.query(
      "UPDATE nfts SET approval_no = 1000 WHERE approval_no = (SELECT max(approval_no) FROM nfts) AND status <> 'pending'",
    );
    const refused = await api<ErrorBody>(app.baseUrl, 'POST', `/api/v1/nft/review/${id}/approve`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('NFT_CAP_REACHED');
    const still = await api<NftGet>(app.baseUrl, 'GET', '/api/v1/nft/get', { token: p.token });
    expect(still.body.nftData?.status).toBe('pending');
  });
});

describe('minting without a collection', () => {
  let store: TestStore;
  let app: RunningApp;
  beforeAll(async () => {
    store = await createTestStore('pglite');
    app = await startApp(store, testConfig());
  });
  afterAll(async () => {
    await app?.stop();
    await store?.dispose();
  });
  it('says so', async () => {
    const { token } = await telegramSignIn(app.baseUrl, { id: 7_500_001, first_name: 'M' });
    const r = await api<ErrorBody>(app.baseUrl, 'GET', '/api/v1/nft/mint', { token });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('NFT_NO_COLLECTION');
    const got = await api<NftGet>(app.baseUrl, 'GET', '/api/v1/nft/get', { token });
    expect(got.body).toEqual({ nftData: null, countApproved: 0, wallet: null, collection: null });
  });
});
