/**
 * A sale (SHOP_SALE) paid in TON or a jetton: the shop's real orders price the order, so the
 * amount the wallet is asked to send and the amount that settles it are the sale price.
 */
import { randomBytes } from 'node:crypto';
import { Cell } from '@ton/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTonAddress, toFriendlyAddress } from '../../integrations/ton/address.ts';
import { countsOf } from '../items/inventory.ts';
import { type EconomyHarness, startEconomy } from '../shop/testing.ts';
import { createTonOrders, type TonOrders } from './service.ts';

const PAY_TO = `0:${randomBytes(32).toString('hex')}`;
const BUYER = `0:${randomBytes(32).toString('hex')}`;
const JETTON_WALLET = `0:${randomBytes(32).toString('hex')}`;
const PLAYER = 801;

describe('a sale paid in TON and jettons', () => {
  let h: EconomyHarness;
  let orders: TonOrders;
  // Restoring 75 % off: 0.02 TON → 0.005, 0.1 USDT → 0.025, 1 PX → 0.25.
  const promotions = { sale: new Map([[1, 75]]), event: new Set<number>() };

  beforeAll(async () => {
    h = await startEconomy({ promotions });
    await h.player(PLAYER);
    orders = createTonOrders({
      db: h.db,
      shop: h.economy.orders,
      wallets: {
        addressOf: async (id) => (id === PLAYER ? BUYER : null),
        verifiedByTransfer: async () => {},
      },
      jettonWallets: { jettonWalletAddress: async () => JETTON_WALLET },
      paymentWallet: PAY_TO,
      network: '-239',
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const start = (currencyId: number, quantity: number, goodId = 1) =>
    orders.start(PLAYER, {
      buyerWallet: toFriendlyAddress(BUYER, { bounceable: false }),
      goodId,
      currencyId,
      quantity,
    });

  it('asks the wallet for the sale price in TON, and that payment fulfils the order', async () => {
    const res = await start(2, 4);
    expect(res).toMatchObject({ strAmount: '20000000', amount: '0.02', currencyId: 2 });
    expect(res.message.amount).toBe('20000000');
    const order = (await orders.findByMemo(res.txMemCode))!;
    expect(order.amountUnits).toBe(20_000_000n);
    const outcome = await orders.fulfil(order, {
      kind: 'ton',
      hash: randomBytes(32).toString('hex'),
      lt: 1n,
      utime: 1_700_000_000,
      from: BUYER,
      to: PAY_TO,
      amount: 20_000_000n,
      comment: res.txMemCode,
      bounced: false,
      bounce: false,
      aborted: false,
      notification: null,
    });
    expect(outcome).toBe('fulfilled');
    expect(await countsOf(h.db, PLAYER)).toEqual({ '1': 4 });
  });

  it('puts the sale price in the jetton transfer (USDT by its 6 decimals, PX by 9)', async () => {
    const usdt = await start(4, 2);
    expect(usdt).toMatchObject({ strAmount: '50000', amount: '0.05' });
    const body = Cell.fromBoc(Buffer.from(usdt.message.payload, 'base64'))[0]!.beginParse();
    body.loadUint(32);
    body.loadUintBig(64);
    expect(body.loadCoins()).toBe(50_000n);

    const px = await start(10, 1);
    expect(px).toMatchObject({ strAmount: '250000000', amount: '0.25' });
    const order = (await orders.findByMemo(px.txMemCode))!;
    const outcome = await orders.fulfil(order, {
      kind: 'jetton',
      hash: randomBytes(32).toString('hex'),
      lt: 2n,
      utime: 1_700_000_001,
      from: BUYER,
      to: PAY_TO,
      jettonMaster: normalizeTonAddress(px.jettonMaster!),
      amount: 250_000_000n,
      comment: px.txMemCode,
      aborted: false,
    });
    expect(outcome).toBe('fulfilled');
  });

  it('keeps the regular price for a product not on sale', async () => {
    const res = await start(2, 1, 2);
    expect(res).toMatchObject({ strAmount: '40000000', amount: '0.04' });
  });
});
