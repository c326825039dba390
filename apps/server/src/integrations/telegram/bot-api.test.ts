import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStarsVectors } from '../../testing/vectors.ts';
import {
  BotApiError,
  createBotApi,
  isWebhookSecret,
  parsePaymentUpdate,
  preCheckoutQuerySchema,
  successfulPaymentSchema,
  webhookSecret,
} from './bot-api.ts';

const TOKEN = '123456789:AAH-test-token-for-pixel-wall-tests-0001';

interface Seen {
  path: string;
  body: unknown;
  contentType: string | undefined;
}

/** A stand-in Telegram answering each method from a table. */
function fakeTelegram(
  answers: Record<string, (body: unknown) => { status: number; body: string; delayMs?: number }>,
) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body: unknown = raw ? JSON.parse(raw) : null;
      const path = req.url ?? '';
      seen.push({ path, body, contentType: req.headers['content-type'] });
      const method = path.split('/').at(-1) ?? '';
      const answer = answers[method]?.(body) ?? {
        status: 404,
        body: '{"ok":false,"error_code":404,"description":"Not Found"}',
      };
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  return { server, seen };
}

describe('Bot API client', () => {
  const tg = fakeTelegram({
    createInvoiceLink: () => ({ status: 200, body: '{"ok":true,"result":"https://t.me/$abc"}' }),
    answerPreCheckoutQuery: () => ({ status: 200, body: '{"ok":true,"result":true}' }),
    getMe: () => ({
      status: 200,
      body: '{"ok":true,"result":{"id":123456789,"is_bot":true,"first_name":"Wall"}}',
    }),
    setWebhook: () => ({
      status: 400,
      body: '{"ok":false,"error_code":400,"description":"Bad Request: bad webhook: HTTPS url must be provided"}',
    }),
    sendMessage: () => ({
      status: 429,
      body: '{"ok":false,"error_code":429,"description":"Too Many Requests","parameters":{"retry_after":7}}',
    }),
    slow: () => ({ status: 200, body: '{"ok":true}', delayMs: 500 }),
    html: () => ({ status: 502, body: '<html>bad gateway</html>' }),
  });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((r) => tg.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(tg.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    tg.server.closeAllConnections();
    await new Promise((r) => tg.server.close(r));
  });

  it('creates an XTR invoice link with a JSON POST to /bot<token>/createInvoiceLink', async () => {
    const api = createBotApi({ token: TOKEN, baseUrl: `${base}/` });
    const params = {
      title: 'Restoring ×3',
      description: 'Refills your energy charges to the maximum.',
      payload: 'order-1',
      currency: 'XTR',
      prices: [{ label: 'Restoring ×3', amount: 24 }],
    };
    expect(await api.createInvoiceLink(params)).toBe('https://t.me/$abc');
    expect(tg.seen.at(-1)).toEqual({
      path: `/bot${TOKEN}/createInvoiceLink`,
      body: params,
      contentType: 'application/json',
    });
    await api.answerPreCheckoutQuery({ pre_checkout_query_id: 'q1', ok: false, error_message: 'nope' });
    expect(tg.seen.at(-1)?.body).toEqual({ pre_checkout_query_id: 'q1', ok: false, error_message: 'nope' });
    expect(await api.getMe()).toEqual({ id: 123456789, is_bot: true, first_name: 'Wall' });
  });

  it("maps Telegram's error replies, timeouts and dead hosts to BotApiError without the token", async () => {
    const api = createBotApi({ token: TOKEN, baseUrl: base, timeoutMs: 100 });
    const err = await api.setWebhook({ url: 'http://x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BotApiError);
    expect(err).toMatchObject({ kind: 'telegram', errorCode: 400, method: 'setWebhook' });
    expect((err as Error).message).toContain('HTTPS url must be provided');

    const limited = createBotApi({
      token: TOKEN,
      baseUrl: base,
      fetch: (_u, init) => fetch(`${base}/bot${TOKEN}/sendMessage`, init),
    });
    await expect(limited.getMe()).rejects.toMatchObject({ kind: 'telegram', errorCode: 429, retryAfter: 7 });

    const slow = createBotApi({
      token: TOKEN,
      baseUrl: base,
      timeoutMs: 100,
      fetch: (_u, init) => fetch(`${base}/bot${TOKEN}/slow`, init),
    });
    await expect(slow.getMe()).rejects.toMatchObject({ kind: 'timeout' });

    const html = createBotApi({
      token: TOKEN,
      baseUrl: base,
      fetch: (_u, init) => fetch(`${base}/bot${TOKEN}/html`, init),
    });
    await expect(html.getMe()).rejects.toMatchObject({ kind: 'bad_response', errorCode: 502 });

    const dead = createBotApi({ token: TOKEN, baseUrl: 'http://127.0.0.1:1', timeoutMs: 1000 });
    const e: unknown = await dead.getMe().catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'network' });
    expect((e as BotApiError).message).not.toContain(TOKEN);

    const bad = createBotApi({
      token: TOKEN,
      baseUrl: base,
      fetch: (_u, init) => fetch(`${base}/bot${TOKEN}/answerPreCheckoutQuery`, init),
    });
    await expect(
      bad.createInvoiceLink({ title: 't', description: 'd', payload: 'p', currency: 'XTR', prices: [] }),
    ).rejects.toMatchObject({
      kind: 'bad_response',
    });
  });
});

describe('webhook secret', () => {
  it('is derived from the bot token unless configured, in the characters Telegram allows', () => {
    const derived = webhookSecret(TOKEN);
    expect(derived).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
    expect(webhookSecret(TOKEN)).toBe(derived);
    expect(webhookSecret('987:other-token-aaaaaaaaaaaaaaaaaaaa')).not.toBe(derived);
    expect(webhookSecret(TOKEN, 'configured-secret')).toBe('configured-secret');
    expect(webhookSecret(null)).toBeNull();
  });

  it('accepts only the exact secret', () => {
    expect(isWebhookSecret('s3cret', 's3cret')).toBe(true);
    expect(isWebhookSecret('s3cret ', 's3cret')).toBe(false);
    expect(isWebhookSecret('S3cret', 's3cret')).toBe(false);
    expect(isWebhookSecret(undefined, 's3cret')).toBe(false);
    expect(isWebhookSecret(['s3cret'], 's3cret')).toBe(false);
    expect(isWebhookSecret('', '')).toBe(false);
    expect(isWebhookSecret('x', null)).toBe(false);
    expect(isWebhookSecret('x'.repeat(300), 'x'.repeat(300))).toBe(false);
  });
});

describe('payment updates (the real Stars updates of testing/vectors)', () => {
  const vectors = loadStarsVectors();

  it('parses the captured pre_checkout_query and successful_payment', () => {
    const pre = vectors.find((v) => v.id === 'pre_checkout_query')!.update;
    const paid = vectors.find((v) => v.id === 'successful_payment')!.update;
    expect(preCheckoutQuerySchema.safeParse(pre.pre_checkout_query).success).toBe(true);
    expect(
      successfulPaymentSchema.safeParse((paid.message as { successful_payment: unknown }).successful_payment)
        .success,
    ).toBe(true);

    expect(parsePaymentUpdate(pre)).toEqual({
      kind: 'pre_checkout_query',
      updateId: 811067301,
      query: expect.objectContaining({
        id: '2365707987652326824',
        currency: 'XTR',
        total_amount: 1,
        invoice_payload: '123',
      }),
    });
    const p = parsePaymentUpdate(paid);
    expect(p).toMatchObject({ kind: 'successful_payment', updateId: 811067302, fromId: 450805355 });
    if (p.kind !== 'successful_payment') throw new Error('not a payment');
    expect(p.payment.telegram_payment_charge_id).toMatch(/^stx/);
    expect(p.payment.provider_payment_charge_id).toBe('550809313_1');
  });

  it('sorts other and broken updates apart', () => {
    expect(parsePaymentUpdate({ update_id: 1, message: { message_id: 1, text: 'hi' } })).toEqual({
      kind: 'other',
      updateId: 1,
    });
    expect(parsePaymentUpdate({ update_id: 2, edited_message: {} })).toEqual({ kind: 'other', updateId: 2 });
    expect(parsePaymentUpdate('nonsense')).toEqual({ kind: 'other', updateId: null });
    expect(parsePaymentUpdate({ update_id: 3, pre_checkout_query: { id: 'q' } })).toEqual({
      kind: 'malformed',
      updateId: 3,
      what: 'pre_checkout_query',
    });
    expect(
      parsePaymentUpdate({
        update_id: 4,
        message: { message_id: 1, chat: { id: 1 }, date: 1, successful_payment: { currency: 'XTR' } },
      }),
    ).toEqual({ kind: 'malformed', updateId: 4, what: 'successful_payment' });
  });

  it('reads message.refunded_payment (https://core.telegram.org/bots/api#refundedpayment)', () => {
    const refunded_payment = {
      currency: 'XTR',
      total_amount: 48,
      invoice_payload: 'order-1',
      telegram_payment_charge_id: 'stxABC',
    };
    const message = { message_id: 1, chat: { id: 1, type: 'private' }, date: 1 };
    expect(parsePaymentUpdate({ update_id: 5, message: { ...message, refunded_payment } })).toEqual({
      kind: 'refunded_payment',
      updateId: 5,
      refund: refunded_payment,
    });
    expect(
      parsePaymentUpdate({ update_id: 6, message: { ...message, refunded_payment: { currency: 'XTR' } } }),
    ).toEqual({ kind: 'malformed', updateId: 6, what: 'refunded_payment' });
  });
});
