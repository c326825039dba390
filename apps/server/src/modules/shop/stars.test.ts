import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItems, countsOf } from '../items/inventory.ts';
import { type EconomyHarness, loadStarsVectors, recordingBotApi, startEconomy } from './testing.ts';

const vectors = loadStarsVectors();
const realPreCheckout = vectors.find((v) => v.id === 'pre_checkout_query')!.update;
const realPayment = vectors.find((v) => v.id === 'successful_payment')!.update;

/** The captured updates, re-addressed to one of our orders (everything else stays as Telegram sent it). */
function preCheckoutFor(orderId: string, total: number, currency = 'XTR') {
  const u = structuredClone(realPreCheckout) as { pre_checkout_query: Record<string, unknown> };
  Object.assign(u.pre_checkout_query, { invoice_payload: orderId, total_amount: total, currency });
  return u;
}
function paymentFor(orderId: string, total: number, chargeId?: string) {
  const u = structuredClone(realPayment) as { message: { successful_payment: Record<string, unknown> } };
  Object.assign(u.message.successful_payment, { invoice_payload: orderId, total_amount: total });
  if (chargeId) u.message.successful_payment.telegram_payment_charge_id = chargeId;
  return u;
}

describe('Telegram Stars', () => {
  let h: EconomyHarness;
  const bot = recordingBotApi();
  let secret = '';
  let nextUser = 500;

  beforeAll(async () => {
    h = await startEconomy({ botApi: bot.api });
    secret = h.economy.webhookSecret!;
  });
  afterAll(async () => {
    await h?.close();
  });

  const webhook = (body: unknown, header: string | null = secret) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: header === null ? {} : { 'x-telegram-bot-api-secret-token': header },
      payload: body as object,
    });

  async function buy(userId: number, body: Record<string, unknown>) {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buy/stars',
      headers: h.as(userId),
      payload: body,
    });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> & { error?: { code: string } } };
  }

  it('creates an XTR invoice priced by the server, payload = order id', async () => {
    const u = await h.player(nextUser++);
    const r = await buy(u, { type: 1, qty: 3 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      ok: true,
      result: expect.stringMatching(/^https:\/\/t\.me\/\$invoice\d+$/),
      orderId: expect.any(String),
    });
    expect(bot.invoices.at(-1)).toEqual({
      title: 'Restoring ×3',
      description: 'Refills your energy charges to the maximum.',
      payload: r.body.orderId,
      currency: 'XTR',
      prices: [{ label: 'Restoring ×3', amount: 24 }],
    });
    // A client-sent price has nowhere to go.
    expect((await buy(u, { type: 1, qty: 1, price: 1 })).status).toBe(400);
    expect((await buy(u, { type: 1, qty: 0 })).status).toBe(400);
    expect((await buy(u, { type: 13 })).body.error?.code).toBe('INVALID_COLOR');
    const guest = await h.app.inject({ method: 'POST', url: '/api/v1/buy/stars', payload: { type: 1 } });
    expect(guest.statusCode).toBe(401);
  });

  it("refuses Pixanos' Snap in a colour the player may not paint, with COLOR_LOCKED", async () => {
    const u = await h.player(nextUser++);
    const invoices = bot.invoices.length;
    const locked = await buy(u, { type: 13, qty: 1, pixanosColor: '#6D001A' });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({
      error: { code: 'COLOR_LOCKED', message: expect.stringContaining('locked'), details: { color: 8 } },
      requestId: expect.any(String),
    });
    // No order, no invoice.
    expect(bot.invoices.length).toBe(invoices);
    const orders = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [u],
    );
    expect(orders[0]!.n).toBe(0);
    // A basic colour is anyone's; with All colours, every colour is.
    const basic = await h.player(nextUser++);
    expect((await buy(basic, { type: 13, qty: 1, pixanosColor: '#FF4500' })).status).toBe(200);
    await addItems(h.db, u, [{ productId: 14, qty: 1 }]);
    expect((await buy(u, { type: 13, qty: 1, pixanosColor: '#6D001A' })).status).toBe(200);
  });

  it('runs the real updates through the webhook: approved, fulfilled once, replays change nothing', async () => {
    const u = await h.player(nextUser++);
    const { body } = await buy(u, { type: 2, qty: 2 });
    const orderId = body.orderId as string;

    const pre = await webhook(preCheckoutFor(orderId, 32));
    expect(pre.statusCode).toBe(200);
    expect(bot.answers.at(-1)).toEqual({ pre_checkout_query_id: '2365707987652326824', ok: true });

    for (let i = 0; i < 3; i++) expect((await webhook(paymentFor(orderId, 32))).statusCode).toBe(200);
    expect(await countsOf(h.db, u)).toEqual({ '2': 2 });
    expect((await h.economy.orders.order(orderId))?.status).toBe('fulfilled');
    const payments = await h.db.query<{ payment_id: string; outcome: string; raw: { update_id: number } }>(
      'SELECT payment_id, outcome, raw FROM payments WHERE order_id = $1',
      [orderId],
    );
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ outcome: 'fulfilled', raw: { update_id: 811067302 } });
    expect(payments[0]!.payment_id).toMatch(/^stx/);

    // Paid, the order is closed: a late pre-checkout for it is refused.
    await webhook(preCheckoutFor(orderId, 32));
    expect(bot.answers.at(-1)).toMatchObject({ ok: false });
  });

  it('refuses a forged or missing secret with 401 and does nothing', async () => {
    const u = await h.player(nextUser++);
    const { body } = await buy(u, { type: 6, qty: 1 });
    const orderId = body.orderId as string;
    const answered = bot.answers.length;
    for (const header of ['forged', null, `${secret}x`, '']) {
      expect((await webhook(preCheckoutFor(orderId, 16), header)).statusCode).toBe(401);
      const r = await webhook(paymentFor(orderId, 16, `stx-forged-${orderId}`), header);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
    expect(bot.answers.length).toBe(answered);
    expect(await countsOf(h.db, u)).toEqual({});
    expect((await h.economy.orders.order(orderId))?.status).toBe('pending');
  });

  it('does not fulfil an underpaid or wrong-currency payment', async () => {
    const u = await h.player(nextUser++);
    const { body } = await buy(u, { type: 1, qty: 5 });
    const orderId = body.orderId as string;
    expect((await webhook(paymentFor(orderId, 39, `stx-under-${orderId}`))).statusCode).toBe(200);
    const usd = paymentFor(orderId, 40, `stx-usd-${orderId}`);
    usd.message.successful_payment.currency = 'USD';
    expect((await webhook(usd)).statusCode).toBe(200);
    expect(await countsOf(h.db, u)).toEqual({});
    const outcomes = await h.db.query<{ outcome: string }>(
      'SELECT outcome FROM payments WHERE order_id = $1 ORDER BY outcome',
      [orderId],
    );
    expect(outcomes.map((o) => o.outcome)).toEqual(['underpaid', 'wrong_currency']);
    expect((await h.economy.orders.order(orderId))?.status).toBe('pending');
  });

  it('answers no at pre-checkout for a wrong amount, currency, order or a banned player', async () => {
    const u = await h.player(nextUser++);
    const { body } = await buy(u, { type: 1, qty: 1 });
    const orderId = body.orderId as string;
    const last = () => bot.answers.at(-1)!;

    await webhook(preCheckoutFor(orderId, 7));
    expect(last()).toMatchObject({ ok: false, error_message: expect.any(String) });
    await webhook(preCheckoutFor(orderId, 8, 'USD'));
    expect(last()).toMatchObject({ ok: false, error_message: 'Wrong currency' });
    await webhook(preCheckoutFor('123', 1));
    expect(last()).toMatchObject({ ok: false });
    await webhook(preCheckoutFor(orderId, 8));
    expect(last()).toMatchObject({ ok: true });

    await h.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [u]);
    h.caches.dropLocal(u);
    await webhook(preCheckoutFor(orderId, 8));
    expect(last()).toMatchObject({ ok: false, error_message: 'This account cannot make purchases.' });
  });

  it('answers 200 to every other update, and records a payment for an unknown order', async () => {
    for (const update of [
      { update_id: 1, message: { message_id: 1, chat: { id: 1 }, date: 1, text: '/start' } },
      { update_id: 2, my_chat_member: {} },
      { update_id: 3, pre_checkout_query: { id: 'broken' } },
      { nothing: true },
    ]) {
      expect((await webhook(update)).statusCode).toBe(200);
    }
    // The captured update's payload '123' is no order of ours: the money is recorded for a refund.
    const orphan = paymentFor('123', 1, 'stx-orphan-1');
    expect((await webhook(orphan)).statusCode).toBe(200);
    const rows = await h.db.query<{ outcome: string; order_id: string | null }>(
      `SELECT outcome, order_id FROM payments WHERE payment_id = 'stx-orphan-1'`,
    );
    expect(rows).toEqual([{ outcome: 'unknown_order', order_id: null }]);
    // The captured charge id itself was used above: delivered again, it is a duplicate.
    expect((await webhook(realPayment)).statusCode).toBe(200);
    const real = await h.db.query(`SELECT 1 FROM payments WHERE payment_id LIKE 'stxg0Uc3%'`);
    expect(real).toHaveLength(1);
  });

  it('cancels the order when Telegram refuses the invoice, and says so', async () => {
    const u = await h.player(nextUser++);
    bot.failNextInvoice();
    const r = await buy(u, { type: 4 });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ code: 'UNAVAILABLE', message: 'Error, try again.' });
    // The one-off is not blocked by the dead order.
    expect((await buy(u, { type: 4 })).status).toBe(200);
    expect((await buy(u, { type: 4 })).body.error?.code).toBe('ALREADY_OWNED');
  });
});

describe('Telegram Stars without a bot', () => {
  it('is unavailable, and the webhook refuses everything', async () => {
    const h = await startEconomy({ botApi: null, options: { botToken: null } });
    try {
      await h.player(1);
      const r = await h.app.inject({
        method: 'POST',
        url: '/api/v1/buy/stars',
        headers: h.as(1),
        payload: { type: 1 },
      });
      expect(r.statusCode).toBe(503);
      const w = await h.app.inject({
        method: 'POST',
        url: '/api/v1/telegram/webhook',
        headers: { 'x-telegram-bot-api-secret-token': 'anything' },
        payload: { update_id: 1 },
      });
      expect(w.statusCode).toBe(401);
    } finally {
      await h.close();
    }
  });
});
