/**
 * A sale (SHOP_SALE) in Stars: the lists show the sale and regular prices and the badges, and the
 * invoice, the pre-checkout check and the fulfilment all use the sale price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countsOf } from '../items/inventory.ts';
import { type EconomyHarness, recordingBotApi, startEconomy } from './testing.ts';

let updateId = 1;
const from = (userId: number) => ({ id: userId, is_bot: false, first_name: 'Player' });

/** Telegram's updates as the Bot API documents them, for one of our orders. */
function preCheckoutFor(userId: number, orderId: string, total: number) {
  return {
    update_id: updateId++,
    pre_checkout_query: {
      id: `pcq-${updateId}`,
      from: from(userId),
      currency: 'XTR',
      total_amount: total,
      invoice_payload: orderId,
    },
  };
}
function paymentFor(userId: number, orderId: string, total: number) {
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      from: from(userId),
      chat: { id: userId },
      date: 1_700_000_000,
      successful_payment: {
        currency: 'XTR',
        total_amount: total,
        invoice_payload: orderId,
        telegram_payment_charge_id: `stx-sale-${orderId}`,
        provider_payment_charge_id: '',
      },
    },
  };
}

describe('a sale (SHOP_SALE) in Stars', () => {
  let h: EconomyHarness;
  const bot = recordingBotApi();
  // Restoring 75 % off (8 → 2 Stars), Pixanos' Snap 30 % off (80000 → 56000); Dynamite an event.
  const promotions = {
    sale: new Map([
      [1, 75],
      [13, 30],
    ]),
    event: new Set([2]),
  };

  beforeAll(async () => {
    h = await startEconomy({ botApi: bot.api, promotions });
  });
  afterAll(async () => {
    await h?.close();
  });

  const webhook = (body: unknown) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': h.economy.webhookSecret! },
      payload: body as object,
    });

  it('lists the sale and event marks with the sale and regular prices', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/v1/buy/list' });
    expect(r.statusCode).toBe(200);
    const products = (r.json() as { products: Record<string, unknown>[] }).products;
    const byId = (id: number) => products.find((p) => p.id === id)!;
    expect(byId(1)).toMatchObject({ sale: true, event: false });
    expect((byId(1).prices as unknown[])[0]).toEqual({
      currency_id: 1,
      currency_name: 'Stars',
      price: '2',
      regular_price: '8',
    });
    expect(byId(2)).toMatchObject({ sale: false, event: true });
    expect((byId(2).prices as Record<string, unknown>[]).some((p) => 'regular_price' in p)).toBe(false);
    expect(byId(13)).toMatchObject({ sale: true });
    expect((byId(13).prices as unknown[])[0]).toMatchObject({ price: '56000', regular_price: '80000' });
  });

  it('invoices the sale price, and a payment of it fulfils the order', async () => {
    const u = await h.player(700);
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buy/stars',
      headers: h.as(u),
      payload: { type: 1, qty: 3 },
    });
    expect(r.statusCode).toBe(200);
    const orderId = (r.json() as { orderId: string }).orderId;
    expect(bot.invoices.at(-1)?.prices).toEqual([{ label: 'Restoring ×3', amount: 6 }]);
    expect(await h.economy.orders.order(orderId)).toMatchObject({ amount: '6', amountUnits: 6n });

    // Telegram asks with the invoice's total: the regular price would be "changed".
    await webhook(preCheckoutFor(u, orderId, 24));
    expect(bot.answers.at(-1)).toMatchObject({ ok: false });
    await webhook(preCheckoutFor(u, orderId, 6));
    expect(bot.answers.at(-1)).toMatchObject({ ok: true });
    expect((await webhook(paymentFor(u, orderId, 6))).statusCode).toBe(200);
    expect(await countsOf(h.db, u)).toEqual({ '1': 3 });

    const snap = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buy/stars',
      headers: h.as(u),
      payload: { type: 13, pixanosColor: '#FF4500' },
    });
    expect(snap.statusCode).toBe(200);
    expect(bot.invoices.at(-1)?.prices[0]?.amount).toBe(56_000);
  });

  it('charges the regular price for what is not on sale', async () => {
    const u = await h.player(701);
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buy/stars',
      headers: h.as(u),
      payload: { type: 2, qty: 2 },
    });
    expect(r.statusCode).toBe(200);
    expect(bot.invoices.at(-1)?.prices[0]?.amount).toBe(32);
  });
});
