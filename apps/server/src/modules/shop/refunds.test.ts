/**
 * Stars refunds through the real app and the fake Bot API: the admin route, its idempotency,
 * Telegram's refunded_payment update, and the payments list admins see.
 */
import type { PlayerPayments, RefundResponse } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../../../tools/src/fakes/telegram-bot-api.ts';
import { webhookSecret } from '../../integrations/telegram/bot-api.ts';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  TEST_BOT_TOKEN,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';

const ADMIN = 5_500_001;
const kinds = await dbKinds();

describe.each(kinds)('Stars refunds on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;
  let fake: FakeBotApi;
  let admin: string;
  let buyer: { id: number; token: string };

  beforeAll(async () => {
    fake = await startFakeBotApi({ secretToken: webhookSecret(TEST_BOT_TOKEN) });
    store = await createTestStore(kind);
    run = await startApp(
      store,
      testConfig({ TELEGRAM_API_URL: fake.url, PAINT_REWARD_ONE_IN: '0', ADMIN_IDS: String(ADMIN) }),
    );
    fake.webhook.url = `${run.baseUrl}/api/v1/telegram/webhook`;
    admin = (await telegramSignIn(run.baseUrl, { id: ADMIN, first_name: 'Admin' })).token;
    buyer = {
      id: 5_500_002,
      token: (await telegramSignIn(run.baseUrl, { id: 5_500_002, first_name: 'Buyer' })).token,
    };
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
    await fake?.close();
  });

  /** Buys with Stars through the fake Telegram; returns the charge id. */
  async function buy(body: object): Promise<string> {
    const r = await api<{ result: string }>(run.baseUrl, 'POST', '/api/v1/buy/stars', {
      token: buyer.token,
      body,
    });
    expect(r.status).toBe(200);
    const paid = await fake.pay(r.body.result, {
      from: { id: buyer.id, is_bot: false, first_name: 'Buyer' },
    });
    expect(paid.ok).toBe(true);
    return paid.chargeId!;
  }
  const held = async (productId: number) =>
    (
      await run.db.query<{ quantity: number }>(
        'SELECT quantity FROM inventory WHERE user_id = $1 AND product_id = $2',
        [buyer.id, productId],
      )
    )[0]?.quantity ?? 0;
  const refund = (chargeId: string, token = admin) =>
    api<RefundResponse & { error?: { code: string } }>(
      run.baseUrl,
      'POST',
      `/api/v1/admin/payments/${encodeURIComponent(chargeId)}/refund`,
      { token },
    );
  const logRows = async () =>
    run.db.query<{ actor_id: number; target_id: number; reason: string }>(
      "SELECT actor_id, target_id, reason FROM moderation_log WHERE action = 'refund' ORDER BY id",
    );
  const refundCalls = () => fake.calls.filter((c) => c.method === 'refundStarPayment').length;

  it('refunds through Telegram, takes back the unspent goods, records the used ones, logs it; once', async () => {
    const chargeId = await buy({ type: 2, qty: 3 }); // Dynamite ×3
    expect(await held(2)).toBe(3);
    // The player used one before asking for the refund.
    await run.db.query('UPDATE inventory SET quantity = quantity - 1 WHERE user_id = $1 AND product_id = 2', [
      buyer.id,
    ]);

    expect((await refund(chargeId, buyer.token)).status).toBe(403);
    expect((await refund('stxNOPE')).status).toBe(404);
    expect(refundCalls()).toBe(0);

    const first = await refund(chargeId);
    expect(first.status).toBe(200);
    expect(first.body.alreadyRefunded).toBe(false);
    expect(first.body.payment).toMatchObject({
      chargeId,
      productId: 2,
      quantity: 3,
      stars: 48,
      refund: { source: 'admin', actorId: ADMIN, takenBack: { '2': 2 }, alreadyUsed: { '2': 1 } },
    });
    expect(fake.calls.find((c) => c.method === 'refundStarPayment')?.params).toEqual({
      user_id: buyer.id,
      telegram_payment_charge_id: chargeId,
    });
    expect(fake.charges.get(chargeId)?.refunded).toBe(true);
    expect(await held(2)).toBe(0);
    const log = await logRows();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor_id: ADMIN, target_id: buyer.id });
    expect(log[0]!.reason).toContain('48 Stars');

    // A second refund, and the refunded_payment update Telegram sends, change nothing.
    const again = await refund(chargeId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ payment: first.body.payment, alreadyRefunded: true });
    expect((await fake.sendRefundedPayment(chargeId)).status).toBe(200);
    expect(refundCalls()).toBe(1);
    expect(await logRows()).toHaveLength(1);
    expect(await held(2)).toBe(0);
  });

  it('applies a refunded_payment update from Telegram the same way, once', async () => {
    const chargeId = await buy({ type: 6, qty: 2 }); // Paint Can ×2
    expect(await held(6)).toBe(2);
    fake.charges.get(chargeId)!.refunded = true;
    expect((await fake.sendRefundedPayment(chargeId)).status).toBe(200);
    expect(await held(6)).toBe(0);
    expect((await fake.sendRefundedPayment(chargeId)).status).toBe(200);
    const r = await refund(chargeId);
    expect(r.body.alreadyRefunded).toBe(true);
    expect(r.body.payment.refund).toMatchObject({
      source: 'telegram',
      actorId: null,
      takenBack: { '6': 2 },
      alreadyUsed: { '6': 0 },
    });
    expect(refundCalls()).toBe(1);
    // An update for a charge we never saw is acknowledged and ignored.
    const stray = await fake.sendUpdate({
      update_id: 1,
      message: {
        message_id: 1,
        chat: { id: 1, type: 'private' },
        date: 1,
        refunded_payment: {
          currency: 'XTR',
          total_amount: 1,
          invoice_payload: 'x',
          telegram_payment_charge_id: 'stxX',
        },
      },
    });
    expect(stray.status).toBe(200);
  });

  it('records a refund Telegram already made (a retry after a failure) without refunding twice', async () => {
    const chargeId = await buy({ type: 1, qty: 1 });
    fake.charges.get(chargeId)!.refunded = true;
    const r = await refund(chargeId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ alreadyRefunded: false, payment: { refund: { source: 'admin' } } });
  });

  it('answers 503 when Telegram is down, and changes nothing', async () => {
    const chargeId = await buy({ type: 1, qty: 1 });
    expect(await held(1)).toBe(1);
    fake.failNext(1);
    const r = await refund(chargeId);
    expect(r.status).toBe(503);
    expect(r.body.error?.code).toBe('UNAVAILABLE');
    expect(await held(1)).toBe(1);
    expect((await refund(chargeId)).body.alreadyRefunded).toBe(false);
  });

  it('lists a player’s Stars payments with their refunds, for admins only', async () => {
    const path = `/api/v1/admin/players/${buyer.id}/payments`;
    expect((await api(run.baseUrl, 'GET', path, { token: buyer.token })).status).toBe(403);
    const r = await api<PlayerPayments>(run.baseUrl, 'GET', path, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.list).toHaveLength(4);
    expect(r.body.list.every((p) => p.refund !== null)).toBe(true);
    expect(r.body.list.map((p) => p.productId)).toEqual([1, 1, 6, 2]);
    const log = await api<{ list: { action: string }[] }>(run.baseUrl, 'GET', '/api/v1/admin/log', {
      token: admin,
    });
    expect(log.status).toBe(200);
    expect(log.body.list.filter((e) => e.action === 'refund')).toHaveLength(3);
  });

  it('refunds the Telegram user who paid, when someone else paid for the player', async () => {
    const player = 5_500_003;
    const payer = 5_500_004; // a friend who opened the player's invoice link; never signed in
    const token = (await telegramSignIn(run.baseUrl, { id: player, first_name: 'Gifted' })).token;
    const link = await api<{ result: string }>(run.baseUrl, 'POST', '/api/v1/buy/stars', {
      token,
      body: { type: 2, qty: 2 },
    });
    expect(link.status).toBe(200);
    const paid = await fake.pay(link.body.result, {
      from: { id: payer, is_bot: false, first_name: 'Friend' },
    });
    expect(paid.ok).toBe(true);
    const chargeId = paid.chargeId!;
    const heldBy = async (userId: number) =>
      (
        await run.db.query<{ quantity: number }>(
          'SELECT quantity FROM inventory WHERE user_id = $1 AND product_id = 2',
          [userId],
        )
      )[0]?.quantity ?? 0;
    expect(await heldBy(player)).toBe(2);

    // Telegram knows the charge under the payer only: a refund to the player is refused.
    const toPlayer = await fetch(`${fake.url}/bot${TEST_BOT_TOKEN}/refundStarPayment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: player, telegram_payment_charge_id: chargeId }),
    });
    expect(toPlayer.status).toBe(400);
    expect(await toPlayer.json()).toMatchObject({ ok: false, description: 'Bad Request: CHARGE_NOT_FOUND' });
    expect(fake.charges.get(chargeId)?.refunded).toBe(false);

    const r = await refund(chargeId);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      alreadyRefunded: false,
      payment: { chargeId, productId: 2, quantity: 2, refund: { source: 'admin', takenBack: { '2': 2 } } },
    });
    expect(fake.calls.filter((c) => c.method === 'refundStarPayment').at(-1)?.params).toEqual({
      user_id: payer,
      telegram_payment_charge_id: chargeId,
    });
    expect(fake.charges.get(chargeId)?.refunded).toBe(true);
    // The goods come back from the player who got them; the log names that player.
    expect(await heldBy(player)).toBe(0);
    expect((await logRows()).at(-1)).toMatchObject({ actor_id: ADMIN, target_id: player });
  });
});
