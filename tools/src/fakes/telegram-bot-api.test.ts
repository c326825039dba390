import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createBotApi } from '@pixel-wall/server/src/integrations/telegram/bot-api.ts';
import { createBotSetup } from '@pixel-wall/server/src/modules/bot/setup.ts';
import { countsOf } from '@pixel-wall/server/src/modules/items/inventory.ts';
import { type EconomyHarness, startEconomy } from '@pixel-wall/server/src/modules/shop/testing.ts';
import { TEST_BOT_TOKEN } from '@pixel-wall/server/src/testing/harness.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from './telegram-bot-api.ts';

const TOKEN = '123456789:AAH-fake-token-for-the-fake-bot-api-01';

async function tg(fake: FakeBotApi, method: string, body?: object, token = TOKEN) {
  const res = await fetch(`${fake.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('fake Bot API: the HTTP of api.telegram.org', () => {
  let fake: FakeBotApi;
  afterEach(async () => {
    await fake?.close();
  });

  it('answers getMe, setWebhook, createInvoiceLink and records the calls', async () => {
    fake = await startFakeBotApi({ token: TOKEN });
    expect(await tg(fake, 'getMe')).toMatchObject({
      status: 200,
      body: { ok: true, result: { id: 123456789, is_bot: true } },
    });
    expect(
      (await tg(fake, 'setWebhook', { url: 'http://127.0.0.1:1/hook', secret_token: 'abc_DEF-1' })).body,
    ).toEqual({
      ok: true,
      result: true,
    });
    expect(fake.webhook).toEqual({
      url: 'http://127.0.0.1:1/hook',
      secretToken: 'abc_DEF-1',
      allowedUpdates: null,
    });
    expect((await tg(fake, 'setWebhook', { url: 'http://x', secret_token: 'bad token!' })).status).toBe(400);

    const link = await tg(fake, 'createInvoiceLink', {
      title: 'Dynamite ×2',
      description: 'A bomb',
      payload: 'order-1',
      currency: 'XTR',
      prices: [{ label: 'Dynamite ×2', amount: 32 }],
    });
    // Shaped as Telegram's, which the Mini App SDK's invoice.openUrl requires; paid on the fake's page.
    expect(link.body.result).toMatch(/^https:\/\/t\.me\/\$[A-Za-z0-9_-]+$/);
    const slug = String(link.body.result).slice('https://t.me/$'.length);
    expect(fake.payPage(String(link.body.result))).toBe(`${fake.url}/invoice/${slug}`);
    expect(fake.invoiceOf(slug)).toBe(fake.invoiceOf(fake.payPage(slug)));
    expect([...fake.invoices.values()][0]).toMatchObject({
      slug,
      link: link.body.result,
      payload: 'order-1',
      totalAmount: 32,
      currency: 'XTR',
    });
    expect(fake.calls.map((c) => c.method)).toEqual([
      'getMe',
      'setWebhook',
      'setWebhook',
      'createInvoiceLink',
    ]);

    // Form-encoded parameters work as they do on Telegram.
    const form = await fetch(`${fake.url}/bot${TOKEN}/createInvoiceLink`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        title: 'T',
        description: 'D',
        payload: 'p',
        currency: 'XTR',
        prices: JSON.stringify([{ label: 'T', amount: 1 }]),
      }),
    });
    expect(((await form.json()) as { ok: boolean }).ok).toBe(true);
    const page = await fetch(fake.payPage(String(link.body.result)));
    expect(await page.text()).toContain('32 XTR');
  });

  it('serves the Pay page as UTF-8, so titles such as "Dynamite ×2" read cleanly', async () => {
    fake = await startFakeBotApi({ token: TOKEN });
    const link = await tg(fake, 'createInvoiceLink', {
      title: 'Динамит ×2',
      description: 'Взрыв 5×5 — «бум»',
      payload: 'order-utf8',
      currency: 'XTR',
      prices: [{ label: 'Динамит ×2', amount: 32 }],
    });
    const page = await fetch(fake.payPage(link.body.result as string));
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const bytes = Buffer.from(await page.arrayBuffer());
    const html = bytes.toString('utf8');
    expect(html).toMatch(/^<!doctype html><meta charset="utf-8">/);
    expect(html).toContain('<h1>Динамит ×2</h1>');
    expect(html).toContain('Взрыв 5×5 — «бум»');
    expect((await fetch(`${fake.url}/invoice/nope`)).headers.get('content-type')).toBe(
      'text/plain; charset=utf-8',
    );
  });

  it("refuses what Telegram refuses, in Telegram's shape", async () => {
    fake = await startFakeBotApi({ token: TOKEN });
    expect(await tg(fake, 'getMe', {}, '123456789:AAH-some-other-token-000000000')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
    expect((await tg(fake, 'sendSticker')).status).toBe(404);
    const base = { title: 'T', description: 'D', payload: 'p', currency: 'XTR' };
    expect((await tg(fake, 'createInvoiceLink', { ...base, prices: [] })).status).toBe(400);
    expect(
      (
        await tg(fake, 'createInvoiceLink', {
          ...base,
          title: 'x'.repeat(33),
          prices: [{ label: 'a', amount: 1 }],
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await tg(fake, 'createInvoiceLink', {
          ...base,
          prices: [
            { label: 'a', amount: 1 },
            { label: 'b', amount: 1 },
          ],
        })
      ).body,
    ).toMatchObject({ ok: false, description: 'Bad Request: STARS_INVOICE_INVALID' });
    expect(
      (await tg(fake, 'answerPreCheckoutQuery', { pre_checkout_query_id: '42', ok: true })).body,
    ).toMatchObject({
      ok: false,
      error_code: 400,
    });
  });

  it('pay(): pre_checkout_query with the secret header, waits for the answer, then successful_payment', async () => {
    const seen: { secret: string | undefined; update: Record<string, unknown> }[] = [];
    let approve = true;
    fake = await startFakeBotApi({ secretToken: 'hook-secret' });
    const bot = createBotApi({ token: TOKEN, baseUrl: fake.url });
    const hook = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', async () => {
        const update = JSON.parse(raw) as Record<string, unknown>;
        seen.push({ secret: req.headers['x-telegram-bot-api-secret-token'] as string | undefined, update });
        const q = update.pre_checkout_query as { id: string } | undefined;
        if (q) {
          await bot.answerPreCheckoutQuery(
            approve
              ? { pre_checkout_query_id: q.id, ok: true }
              : { pre_checkout_query_id: q.id, ok: false, error_message: 'no' },
          );
        }
        res.end('{}');
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    try {
      fake.webhook.url = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/`;
      const link = await bot.createInvoiceLink({
        title: 'Pumpkin',
        description: 'A pumpkin',
        payload: 'order-9',
        currency: 'XTR',
        prices: [{ label: 'Pumpkin', amount: 2 }],
      });
      const paid = await fake.pay(link);
      expect(paid).toMatchObject({
        ok: true,
        deliveries: [200, 200],
        chargeId: expect.stringMatching(/^stxFAKE/),
      });
      expect(seen.map((s) => s.secret)).toEqual(['hook-secret', 'hook-secret']);
      expect(seen[0]!.update.pre_checkout_query).toMatchObject({
        currency: 'XTR',
        total_amount: 2,
        invoice_payload: 'order-9',
      });
      expect((seen[1]!.update.message as Record<string, unknown>).successful_payment).toMatchObject({
        currency: 'XTR',
        total_amount: 2,
        invoice_payload: 'order-9',
        telegram_payment_charge_id: paid.chargeId,
      });

      approve = false;
      const refused = await fake.pay(link);
      expect(refused).toMatchObject({ ok: false, errorMessage: 'no', deliveries: [200] });
      expect(seen).toHaveLength(3);
    } finally {
      hook.closeAllConnections();
      await new Promise((r) => hook.close(r));
    }
  });
});

describe('fake Bot API from the command line', () => {
  it('starts for the local demo and stops on SIGTERM', async () => {
    const script = fileURLToPath(new URL('./telegram-bot-api.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TELEGRAM_BOT_TOKEN: TOKEN },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const me = await fetch(`${url}/bot${TOKEN}/getMe`);
      expect(((await me.json()) as { result: { is_bot: boolean } }).result.is_bot).toBe(true);
      const calls = await fetch(`${url}/_fake/calls`);
      expect(await calls.json()).toEqual([{ method: 'getMe', token: TOKEN, params: {} }]);
    } finally {
      child.kill('SIGTERM');
    }
  });
});

describe('fake Bot API: set-up, messages and refunds', () => {
  let fake: FakeBotApi;
  afterEach(async () => {
    await fake?.close();
  });

  it('keeps command lists per language_code, the menu button and allowed_updates', async () => {
    fake = await startFakeBotApi({ token: TOKEN });
    const commands = [{ command: 'start', description: 'Open' }];
    expect((await tg(fake, 'setMyCommands', { commands, language_code: 'ru' })).status).toBe(200);
    expect((await tg(fake, 'getMyCommands', { language_code: 'ru' })).body.result).toEqual(commands);
    expect((await tg(fake, 'getMyCommands', {})).body.result).toEqual([]);
    expect(
      (await tg(fake, 'setMyCommands', { commands: [{ command: 'Bad!', description: 'x' }] })).status,
    ).toBe(400);
    expect((await tg(fake, 'setMyCommands', { commands, language_code: 'rus' })).status).toBe(400);
    expect((await tg(fake, 'getChatMenuButton')).body.result).toEqual({ type: 'commands' });
    const button = { type: 'web_app', text: 'Play', web_app: { url: 'https://wall.example/' } };
    expect((await tg(fake, 'setChatMenuButton', { menu_button: button })).status).toBe(200);
    expect((await tg(fake, 'getChatMenuButton')).body.result).toEqual(button);
    await tg(fake, 'setWebhook', { url: 'https://wall.example/hook', allowed_updates: ['message'] });
    expect((await tg(fake, 'getWebhookInfo')).body.result).toMatchObject({
      url: 'https://wall.example/hook',
      allowed_updates: ['message'],
    });
  });

  it('records messages, refunds a charge once, and fails on demand', async () => {
    fake = await startFakeBotApi({ token: TOKEN });
    await tg(fake, 'sendMessage', { chat_id: 5, text: 'hi' });
    expect(fake.messages).toEqual([{ chat_id: 5, text: 'hi' }]);
    fake.charges.set('stxA', { chargeId: 'stxA', userId: 5, totalAmount: 10, payload: 'o', refunded: false });
    const refund = (user_id: number) =>
      tg(fake, 'refundStarPayment', { user_id, telegram_payment_charge_id: 'stxA' });
    expect((await refund(6)).body).toMatchObject({ ok: false, description: 'Bad Request: CHARGE_NOT_FOUND' });
    expect((await refund(5)).body).toEqual({ ok: true, result: true });
    expect((await refund(5)).body).toMatchObject({ description: 'Bad Request: CHARGE_ALREADY_REFUNDED' });
    fake.failNext(2);
    expect((await tg(fake, 'getMe')).status).toBe(502);
    expect((await tg(fake, 'getMe')).status).toBe(502);
    expect((await tg(fake, 'getMe')).status).toBe(200);
  });
});

describe('Stars end to end: server ⇄ fake Bot API over HTTP', () => {
  let fake: FakeBotApi;
  let h: EconomyHarness;
  let appUrl = '';

  beforeAll(async () => {
    fake = await startFakeBotApi({ token: TEST_BOT_TOKEN });
    h = await startEconomy({
      botApi: createBotApi({ token: TEST_BOT_TOKEN, baseUrl: fake.url, timeoutMs: 5000 }),
    });
    appUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
    await createBotSetup({
      db: h.db,
      botApi: h.economy.botApi!,
      publicUrl: appUrl,
      webhookSecret: h.economy.webhookSecret!,
      log: { info: () => {}, warn: () => {} },
    }).runOnce();
  });
  afterAll(async () => {
    await h?.close();
    await fake?.close();
  });

  async function buy(userId: number, body: object): Promise<{ result: string; orderId: string }> {
    const res = await fetch(`${appUrl}/api/v1/buy/stars`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...h.as(userId) },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { result: string; orderId: string };
  }

  it('registered its webhook with the secret', () => {
    expect(fake.webhook).toEqual({
      url: `${appUrl}/api/v1/telegram/webhook`,
      secretToken: h.economy.webhookSecret,
      allowedUpdates: ['message', 'pre_checkout_query'],
    });
  });

  it('invoice → pay → fulfilled once; a replayed successful_payment changes nothing', async () => {
    const u = await h.player(8001);
    const { result, orderId } = await buy(u, { type: 2, qty: 3 });
    expect(fake.invoiceOf(result)).toMatchObject({
      payload: orderId,
      totalAmount: 48,
      currency: 'XTR',
    });
    const paid = await fake.pay(result);
    expect(paid).toMatchObject({ ok: true, deliveries: [200, 200] });
    expect(await countsOf(h.db, u)).toEqual({ '2': 3 });

    for (let i = 0; i < 3; i++) expect((await fake.sendUpdate(paid.paymentUpdate!)).status).toBe(200);
    expect(await countsOf(h.db, u)).toEqual({ '2': 3 });
    const rows = await h.db.query('SELECT 1 FROM payments WHERE order_id = $1', [orderId]);
    expect(rows).toHaveLength(1);
  });

  it('a forged secret header gets 401 and fulfils nothing', async () => {
    const u = await h.player(8002);
    const { result, orderId } = await buy(u, { type: 6, qty: 1 });
    const paid = await fake.pay(result);
    expect(paid.ok).toBe(true);
    // The same payment again, re-keyed, with a wrong or missing secret.
    const forged = structuredClone(paid.paymentUpdate!) as {
      message: { successful_payment: Record<string, unknown> };
    };
    forged.message.successful_payment.telegram_payment_charge_id = 'stxFORGED';
    expect((await fake.sendUpdate(forged, { secretToken: 'not-the-secret' })).status).toBe(401);
    expect((await fake.sendUpdate(forged, { secretToken: null })).status).toBe(401);
    expect(await countsOf(h.db, u)).toEqual({ '6': 1 });
    expect(await h.db.query('SELECT 1 FROM payments WHERE payment_id = $1', ['stxFORGED'])).toHaveLength(0);
    expect((await h.economy.orders.order(orderId))?.status).toBe('fulfilled');
  });

  it('an underpaid total is refused at pre-checkout, and not fulfilled even if charged', async () => {
    const u = await h.player(8003);
    const { result, orderId } = await buy(u, { type: 1, qty: 2 });
    const refused = await fake.pay(result, { totalAmount: 15 });
    expect(refused).toMatchObject({ ok: false, errorMessage: 'The price has changed. Please buy again.' });
    const forcedThrough = await fake.pay(result, { totalAmount: 15, ignoreAnswer: true });
    expect(forcedThrough.deliveries.at(-1)).toBe(200);
    expect(await countsOf(h.db, u)).toEqual({});
    expect((await h.economy.orders.order(orderId))?.status).toBe('pending');
    const rows = await h.db.query<{ outcome: string }>('SELECT outcome FROM payments WHERE order_id = $1', [
      orderId,
    ]);
    expect(rows).toEqual([{ outcome: 'underpaid' }]);
  });
});
