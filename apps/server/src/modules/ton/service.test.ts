import { randomBytes } from 'node:crypto';
import { CURRENCIES, toUnits } from '@pixel-wall/shared';
import { Address, Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { App } from '../../http.ts';
import { normalizeTonAddress, toFriendlyAddress } from '../../integrations/ton/address.ts';
import { commentBoc, commentFromBoc } from '../../integrations/ton/comment.ts';
import { jettonTransferBody } from '../../integrations/ton/payout-wallet.ts';
import { registerTonRoutes } from './routes.ts';
import { createTonOrders } from './service.ts';
import { createMemoryShop, testApp, testDatabase } from './testing.ts';
import { parseJettonMasterOverrides, tonCurrencies } from './types.ts';

const PLAYER = 501;
const LONER = 502;
const PAY_TO = `0:${randomBytes(32).toString('hex')}`;
const BUYER = `0:${randomBytes(32).toString('hex')}`;
const NOW = 1_800_000_000_000;

let db: Database;
const shop = createMemoryShop();
const wallets = {
  addressOf: async (id: number) => (id === PLAYER ? BUYER : null),
  verifiedByTransfer: async () => {},
};
/** The buyer's jetton wallet of a master, as a stand-in master would answer; every question noted. */
const JETTON_WALLET = `0:${randomBytes(32).toString('hex')}`;
const asked: { master: string; owner: string }[] = [];
const jettonWallets = {
  jettonWalletAddress: async (master: string, owner: string) => {
    asked.push({ master, owner });
    return JETTON_WALLET;
  },
};
const orders = (over: Partial<Parameters<typeof createTonOrders>[0]> = {}) =>
  createTonOrders({
    db,
    shop,
    wallets,
    jettonWallets,
    paymentWallet: PAY_TO,
    network: '-239',
    now: () => NOW,
    ...over,
  });
const body = (over: Record<string, unknown> = {}) => ({
  buyerWallet: toFriendlyAddress(BUYER, { bounceable: false }),
  goodId: 1,
  currencyId: 2,
  quantity: 3,
  ...over,
});

beforeAll(async () => {
  db = await testDatabase([PLAYER, LONER]);
});
afterAll(async () => db?.close());

describe('starting a TON order', () => {
  it('TON: nanotons, our wallet non-bounceable, valid for 600 s, remembered by memo', async () => {
    const res = await orders().start(PLAYER, body());
    expect(res).toEqual({
      txMemCode: expect.stringMatching(/^pw-/),
      strAmount: '60000000',
      amount: '0.06',
      currencyId: 2,
      payTo: toFriendlyAddress(PAY_TO, { bounceable: false }),
      jettonMaster: null,
      validUntil: NOW / 1000 + 600,
      message: { address: res.payTo, amount: '60000000', payload: commentBoc(res.txMemCode) },
    });
    expect(res.payTo).toMatch(/^UQ/);
    expect(commentFromBoc(res.message.payload)).toBe(res.txMemCode);
    const stored = await orders().findByMemo(res.txMemCode);
    expect(stored).toMatchObject({
      userId: PLAYER,
      currencyId: 2,
      amountUnits: 60_000_000n,
      status: 'pending',
    });
    expect(shop.orders.get(stored!.orderId)).toMatchObject({ productId: 1, quantity: 3, currencyId: 2 });
  });

  it("USDT: 6-decimal units, i.e. the 9-decimal amount divided by 1000 (SPEC §7), with USDT's master", async () => {
    const res = await orders().start(PLAYER, body({ currencyId: 4 }));
    expect(res.amount).toBe('0.3');
    expect(res.strAmount).toBe('300000');
    expect(BigInt(res.strAmount)).toBe(toUnits('0.3', 9) / 1000n);
    expect(res.jettonMaster).toBe(CURRENCIES.find((c) => c.id === 4)!.jettonMaster);
  });

  it('jetton: a TEP-74 transfer to the buyer’s jetton wallet, 0.101 TON attached, memo forwarded', async () => {
    asked.length = 0;
    const res = await orders().start(PLAYER, body({ currencyId: 4 }));
    expect(asked).toEqual([{ master: normalizeTonAddress(res.jettonMaster!), owner: BUYER }]);
    expect(res.message).toEqual({
      address: toFriendlyAddress(JETTON_WALLET, { bounceable: true }),
      amount: '101000000',
      payload: expect.any(String),
    });
    const s = Cell.fromBoc(Buffer.from(res.message.payload, 'base64'))[0]!.beginParse();
    expect(s.loadUint(32)).toBe(0x0f8a7ea5);
    expect(s.loadUintBig(64)).toBe(BigInt(NOW));
    expect(s.loadCoins()).toBe(300_000n);
    expect(s.loadAddress().toRawString()).toBe(PAY_TO);
    expect(s.loadAddress().toRawString()).toBe(BUYER);
    expect(s.loadBit()).toBe(false);
    expect(s.loadCoins()).toBe(10_000_000n);
    expect(s.loadBit()).toBe(true);
    expect(commentFromBoc(s.loadRef().toBoc().toString('base64'))).toBe(res.txMemCode);
  });

  it('asks for a buyer’s jetton wallet once, and starts no order when nobody can say', async () => {
    const o = orders();
    asked.length = 0;
    await o.start(PLAYER, body({ currencyId: 4 }));
    await o.start(PLAYER, body({ currencyId: 4 }));
    expect(asked).toHaveLength(1);
    const before = shop.orders.size;
    const down = orders({
      jettonWallets: {
        jettonWalletAddress: async () => {
          throw new Error('indexer down');
        },
      },
    });
    await expect(down.start(PLAYER, body({ currencyId: 4 }))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    const nonsense = orders({ jettonWallets: { jettonWalletAddress: async () => 'nope' } });
    await expect(nonsense.start(PLAYER, body({ currencyId: 4 }))).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(shop.orders.size).toBe(before);
  });

  it('writes the comment and the jetton transfer byte for byte as the earlier browser builder did', () => {
    // Reference outputs the web client's own serialiser was checked against.
    expect(commentBoc('PW-abc123')).toBe('te6cckEBAQEADwAAGgAAAABQVy1hYmMxMjOLSa87');
    const long = commentBoc('x'.repeat(300));
    expect(long.startsWith('te6cckECAwEAATgAAf4AAAAAeHh4')).toBe(true);
    expect(long.endsWith('eHh4sqshPg==')).toBe(true);
    const jetton = jettonTransferBody({
      queryId: 123_456_789n,
      amount: 1_500_000n,
      destination: Address.parse('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'),
      responseDestination: Address.parseRaw(`0:${'ab'.repeat(32)}`),
      forwardTonAmount: 10_000_000n,
      comment: 'PW-memo-1',
    });
    expect(jetton.toBoc().toString('base64')).toBe(
      'te6cckEBAgEAaAABrA+KfqUAAAAAB1vNFTFuNggBYidTKWoElCzjPtInJlHW6ysthxRL6yBRYo39m4bEO/0AKurq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urHMS0BAQAaAAAAAFBXLW1lbW8tMQ0TXRc=',
    );
  });

  it('other jettons by their own decimals', async () => {
    const res = await orders().start(PLAYER, body({ currencyId: 3, quantity: 2 }));
    expect([res.amount, res.strAmount]).toEqual(['50', '50000000000']);
    const px = await orders().start(PLAYER, body({ currencyId: 10, quantity: 1 }));
    expect([px.amount, px.strAmount]).toEqual(['1', '1000000000']);
  });

  it('refuses Stars and unknown currencies, a missing or different wallet, and an unconfigured wallet', async () => {
    await expect(orders().start(PLAYER, body({ currencyId: 1 }))).rejects.toMatchObject({
      code: 'WRONG_CURRENCY',
      message: 'Wrong currency',
    });
    await expect(orders().start(PLAYER, body({ currencyId: 42 }))).rejects.toMatchObject({
      code: 'WRONG_CURRENCY',
    });
    await expect(orders().start(LONER, body())).rejects.toMatchObject({ code: 'WALLET_NOT_CONNECTED' });
    await expect(
      orders().start(PLAYER, body({ buyerWallet: `0:${randomBytes(32).toString('hex')}` })),
    ).rejects.toMatchObject({ code: 'WALLET_NOT_CONNECTED' });
    await expect(orders().start(PLAYER, body({ buyerWallet: 'nope' }))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(orders({ paymentWallet: null }).start(PLAYER, body())).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
    expect(() => orders({ paymentWallet: 'not-an-address' })).toThrow();
  });

  it('testnet: test-only addresses and operator jetton masters', async () => {
    const master = `0:${randomBytes(32).toString('hex')}`;
    const overrides = parseJettonMasterOverrides(` 4 = ${toFriendlyAddress(master, { bounceable: true })} `);
    const res = await orders({ network: '-3', jettonMasters: overrides }).start(
      PLAYER,
      body({ currencyId: 4 }),
    );
    expect(res.payTo).toMatch(/^0Q/);
    expect(normalizeTonAddress(res.jettonMaster!)).toBe(master);
    expect(res.jettonMaster).toMatch(/^kQ/);
    expect(res.message.address).toBe(toFriendlyAddress(JETTON_WALLET, { bounceable: true, testOnly: true }));
    expect(() => parseJettonMasterOverrides('4=nope')).toThrow(/bad jetton master/);
    expect(tonCurrencies({ 5: 'nope' }).has(5)).toBe(false);
    expect([...tonCurrencies().keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('POST /api/v1/transactions/start', () => {
  let app: App;
  beforeAll(async () => {
    app = await testApp((a) => registerTonRoutes(a, { orders: orders() }));
  });
  afterAll(async () => app?.close());

  it('answers the start-transaction shape, and 400 for a bad body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/transactions/start',
      headers: { 'x-test-user': String(PLAYER) },
      payload: body({ goodId: 13, quantity: 1, pixanosColor: '#ffffff' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ strAmount: '250000000000', amount: '250', jettonMaster: null });
    expect(res.json().message).toMatchObject({ amount: '250000000000', address: res.json().payTo });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/transactions/start',
      headers: { 'x-test-user': String(PLAYER) },
      payload: body({ quantity: 0 }),
    });
    expect(bad.statusCode).toBe(400);
    const stars = await app.inject({
      method: 'POST',
      url: '/api/v1/transactions/start',
      headers: { 'x-test-user': String(PLAYER) },
      payload: body({ currencyId: 1 }),
    });
    expect([stars.statusCode, stars.json().error.message]).toEqual([400, 'Wrong currency']);
  });
});
