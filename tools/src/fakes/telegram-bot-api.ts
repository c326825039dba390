/**
 * A fake Telegram Bot API for tests and the local demo. It speaks the same HTTP as
 * https://api.telegram.org (`/bot<token>/<method>`, JSON or form parameters, `{ok, result}` or
 * `{ok: false, error_code, description}`) for the methods Stars payments and the bot's set-up
 * use (webhook, menu button, commands per language, messages, Stars refunds), records every call,
 * and plays Telegram's part of a payment: `pay(invoiceLink)` sends the `pre_checkout_query`
 * update to the webhook with the secret header, waits for `answerPreCheckoutQuery`, and on ok
 * sends the `message.successful_payment` update, retrying it until the webhook answers 2xx.
 *
 * Invoice links are shaped as Telegram's (`https://t.me/$<slug>`, which the Mini App SDK's
 * `invoice.openUrl` requires); each invoice's Pay page is on this server (`<url>/invoice/<slug>`,
 * `payPage(link)`): a page with a Pay button, so the demo can buy without Telegram. Opened by the
 * fake Telegram client (telegram-client.js) it reports the outcome to its opener.
 *
 *   node --import tsx tools/src/fakes/telegram-bot-api.ts [--port 8081]
 *   env: FAKE_TELEGRAM_PORT (8081), FAKE_TELEGRAM_HOST (127.0.0.1), WEBHOOK_URL, WEBHOOK_SECRET,
 *        TELEGRAM_BOT_TOKEN (accept only this token; default any)
 *   then run the server with TELEGRAM_API_URL=http://127.0.0.1:8081
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { argValue, closeServer, listen, runStandalone } from './serve.ts';

export interface FakeBotApiOptions {
  port?: number;
  host?: string;
  /** where updates go; setWebhook replaces it */
  webhookUrl?: string | null;
  /** sent as X-Telegram-Bot-Api-Secret-Token; setWebhook replaces it */
  secretToken?: string | null;
  /** accept only this bot token (401 otherwise); default: any well-formed token */
  token?: string | null;
  /** how long pay() waits for answerPreCheckoutQuery (Telegram: 10 s) */
  answerTimeoutMs?: number;
}

export interface FakeCall {
  method: string;
  token: string;
  params: Record<string, unknown>;
}

export interface FakeInvoice {
  slug: string;
  /** what createInvoiceLink answered: `https://t.me/$<slug>` */
  link: string;
  /** the Pay page on this server: `<url>/invoice/<slug>` */
  page: string;
  title: string;
  description: string;
  payload: string;
  currency: string;
  prices: { label: string; amount: number }[];
  totalAmount: number;
}

export interface TelegramUserLike {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface PayOptions {
  from?: TelegramUserLike;
  /** charge a different total than the invoice (to test the server's checks) */
  totalAmount?: number;
  /** send the successful_payment even when the pre-checkout answer was no (a misbehaving Telegram) */
  ignoreAnswer?: boolean;
}

export interface PayResult {
  ok: boolean;
  preCheckoutQueryId: string;
  errorMessage?: string;
  chargeId?: string;
  /** the successful_payment update, to replay it */
  paymentUpdate?: Record<string, unknown>;
  /** HTTP statuses of each delivery to the webhook, in order */
  deliveries: number[];
}

export interface FakeCharge {
  chargeId: string;
  userId: number;
  totalAmount: number;
  payload: string;
  refunded: boolean;
}

export interface FakeBotApi {
  /** base URL to give the server as TELEGRAM_API_URL */
  url: string;
  calls: FakeCall[];
  invoices: Map<string, FakeInvoice>;
  webhook: { url: string | null; secretToken: string | null; allowedUpdates: string[] | null };
  /** setMyCommands per language_code ('' for the default list) */
  commands: Map<string, { command: string; description: string }[]>;
  menuButton: Record<string, unknown>;
  /** sendMessage calls, in order */
  messages: { chat_id: number; text: string; reply_markup?: unknown }[];
  /** Stars payments made through pay(), by charge id */
  charges: Map<string, FakeCharge>;
  /** The next `count` Bot API calls answer with this error (default 502, as a proxy in front of a down API). */
  failNext(count: number, error?: { code: number; description: string }): void;
  /** Sends a `message.refunded_payment` update for a charge, as Telegram does after a refund. */
  sendRefundedPayment(chargeId: string): Promise<{ status: number; body: string }>;
  pay(invoiceLink: string, opts?: PayOptions): Promise<PayResult>;
  /** The invoice of a link (`https://t.me/$<slug>`, a Pay page URL or a bare slug); throws when unknown. */
  invoiceOf(linkOrSlug: string): FakeInvoice;
  /** The Pay page of an invoice link. */
  payPage(linkOrSlug: string): string;
  /** Sends any update to the webhook; `secretToken: null` sends no header. */
  sendUpdate(
    update: object,
    opts?: { secretToken?: string | null },
  ): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const TOKEN = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;
const SECRET = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_BODY = 1024 * 1024;

class BadRequest extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
  ) {
    super(description);
  }
}

const DEFAULT_BUYER: TelegramUserLike = {
  id: 450805355,
  is_bot: false,
  first_name: 'Buyer',
  username: 'buyer',
  language_code: 'en',
};

/** setMyCommands / getMyCommands: '' is the list for users without a dedicated one. */
function languageCode(params: Record<string, unknown>): string {
  const v = params.language_code;
  if (v === undefined || v === '') return '';
  if (typeof v !== 'string' || !/^[a-z]{2}$/.test(v))
    throw new BadRequest(400, 'Bad Request: LANG_CODE_INVALID');
  return v;
}

function str(params: Record<string, unknown>, key: string, min: number, max: number): string {
  const v = params[key];
  if (typeof v !== 'string' || Buffer.byteLength(v) < min || Buffer.byteLength(v) > max) {
    throw new BadRequest(400, `Bad Request: ${key.toUpperCase()}_INVALID`);
  }
  return v;
}

/** Form values arrive as strings; JSON-valued parameters (prices) are JSON text in forms. */
function parseParams(
  raw: string,
  contentType: string | undefined,
  query: URLSearchParams,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fromForm = (form: URLSearchParams) => {
    for (const [k, v] of form) {
      try {
        out[k] = v.startsWith('[') || v.startsWith('{') || v === 'true' || v === 'false' ? JSON.parse(v) : v;
      } catch {
        out[k] = v;
      }
    }
  };
  fromForm(query);
  if (!raw) return out;
  if (contentType?.includes('application/json')) {
    const body: unknown = JSON.parse(raw);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new BadRequest(400, 'Bad Request: invalid JSON');
    Object.assign(out, body);
  } else {
    fromForm(new URLSearchParams(raw));
  }
  return out;
}

export async function startFakeBotApi(opts: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const calls: FakeCall[] = [];
  const invoices = new Map<string, FakeInvoice>();
  const webhook = {
    url: opts.webhookUrl ?? null,
    secretToken: opts.secretToken ?? null,
    allowedUpdates: null as string[] | null,
  };
  const commands = new Map<string, { command: string; description: string }[]>();
  let menuButton: Record<string, unknown> = { type: 'commands' };
  const messages: FakeBotApi['messages'] = [];
  const charges = new Map<string, FakeCharge>();
  let failing = { count: 0, code: 502, description: 'Bad Gateway' };
  const answerTimeoutMs = opts.answerTimeoutMs ?? 10_000;
  const waiting = new Map<string, (answer: { ok: boolean; error_message?: string }) => void>();
  let updateId = 900_000_000;
  let paymentSeq = 0;
  let url = '';

  function method(name: string, token: string, p: Record<string, unknown>): unknown {
    switch (name) {
      case 'getMe':
        return {
          id: Number(token.split(':')[0]),
          is_bot: true,
          first_name: 'Pixel Wall (fake)',
          username: 'pixelwall_fake_bot',
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'setWebhook': {
        const target = str(p, 'url', 0, 2048);
        const secret = p.secret_token;
        if (secret !== undefined && (typeof secret !== 'string' || !SECRET.test(secret))) {
          throw new BadRequest(400, 'Bad Request: secret token contains unallowed characters');
        }
        const allowed = p.allowed_updates;
        if (
          allowed !== undefined &&
          (!Array.isArray(allowed) || allowed.some((x) => typeof x !== 'string'))
        ) {
          throw new BadRequest(400, 'Bad Request: ALLOWED_UPDATES_INVALID');
        }
        webhook.url = target || null;
        webhook.secretToken = (secret as string | undefined) ?? null;
        // Telegram keeps the previous list when none is given.
        if (allowed !== undefined) webhook.allowedUpdates = [...(allowed as string[])];
        return true;
      }
      case 'deleteWebhook':
        webhook.url = null;
        return true;
      case 'getWebhookInfo':
        return {
          url: webhook.url ?? '',
          has_custom_certificate: false,
          pending_update_count: 0,
          ...(webhook.allowedUpdates ? { allowed_updates: webhook.allowedUpdates } : {}),
        };
      case 'setMyCommands': {
        const list = p.commands;
        if (!Array.isArray(list) || list.length > 100)
          throw new BadRequest(400, 'Bad Request: COMMANDS_INVALID');
        for (const c of list as Record<string, unknown>[]) {
          if (typeof c?.command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(c.command)) {
            throw new BadRequest(400, 'Bad Request: BOT_COMMAND_INVALID');
          }
          if (typeof c.description !== 'string' || c.description.length < 1 || c.description.length > 256) {
            throw new BadRequest(400, 'Bad Request: BOT_COMMAND_DESCRIPTION_INVALID');
          }
        }
        const lang = languageCode(p);
        commands.set(
          lang,
          (list as { command: string; description: string }[]).map((c) => ({
            command: c.command,
            description: c.description,
          })),
        );
        return true;
      }
      case 'getMyCommands':
        return commands.get(languageCode(p)) ?? [];
      case 'setChatMenuButton': {
        const b = p.menu_button as Record<string, unknown> | undefined;
        if (b === undefined) {
          menuButton = { type: 'default' };
          return true;
        }
        if (b.type === 'web_app') {
          const app = b.web_app as Record<string, unknown> | undefined;
          if (typeof b.text !== 'string' || b.text.length < 1 || typeof app?.url !== 'string') {
            throw new BadRequest(400, 'Bad Request: BUTTON_INVALID');
          }
          if (!app.url.startsWith('https://') && !app.url.startsWith('http://')) {
            throw new BadRequest(400, 'Bad Request: BUTTON_URL_INVALID');
          }
          menuButton = { type: 'web_app', text: b.text, web_app: { url: app.url } };
        } else if (b.type === 'commands' || b.type === 'default') {
          menuButton = { type: b.type };
        } else {
          throw new BadRequest(400, 'Bad Request: BUTTON_TYPE_INVALID');
        }
        return true;
      }
      case 'getChatMenuButton':
        return menuButton;
      case 'sendMessage': {
        const chatId = p.chat_id;
        if (typeof chatId !== 'number' && typeof chatId !== 'string') {
          throw new BadRequest(400, 'Bad Request: chat not found');
        }
        const text = str(p, 'text', 1, 4096 * 4);
        messages.push({
          chat_id: Number(chatId),
          text,
          ...(p.reply_markup !== undefined ? { reply_markup: p.reply_markup } : {}),
        });
        return {
          message_id: messages.length,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(chatId) },
          text,
        };
      }
      case 'refundStarPayment': {
        const userId = Number(p.user_id);
        const chargeId = str(p, 'telegram_payment_charge_id', 1, 512);
        const charge = charges.get(chargeId);
        if (!charge || charge.userId !== userId) throw new BadRequest(400, 'Bad Request: CHARGE_NOT_FOUND');
        if (charge.refunded) throw new BadRequest(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
        charge.refunded = true;
        return true;
      }
      case 'createInvoiceLink': {
        const title = str(p, 'title', 1, 32);
        const description = str(p, 'description', 1, 255);
        const payload = str(p, 'payload', 1, 128);
        const currency = str(p, 'currency', 3, 3);
        const prices = p.prices;
        if (!Array.isArray(prices) || prices.length === 0)
          throw new BadRequest(400, 'Bad Request: PRICES_INVALID');
        for (const price of prices as Record<string, unknown>[]) {
          if (
            typeof price?.label !== 'string' ||
            !Number.isInteger(price.amount) ||
            (price.amount as number) < 1
          ) {
            throw new BadRequest(400, 'Bad Request: PRICE_INVALID');
          }
        }
        if (currency === 'XTR') {
          // Stars: exactly one price, and no payment provider.
          if (prices.length !== 1) throw new BadRequest(400, 'Bad Request: STARS_INVOICE_INVALID');
          if (p.provider_token !== undefined && p.provider_token !== '') {
            throw new BadRequest(400, 'Bad Request: PAYMENT_PROVIDER_INVALID');
          }
        }
        const slug = randomBytes(12).toString('base64url');
        const invoice: FakeInvoice = {
          slug,
          link: `https://t.me/$${slug}`,
          page: `${url}/invoice/${slug}`,
          title,
          description,
          payload,
          currency,
          prices: (prices as { label: string; amount: number }[]).map((x) => ({
            label: x.label,
            amount: x.amount,
          })),
          totalAmount: (prices as { amount: number }[]).reduce((s, x) => s + x.amount, 0),
        };
        invoices.set(slug, invoice);
        return invoice.link;
      }
      case 'answerPreCheckoutQuery': {
        const id = str(p, 'pre_checkout_query_id', 1, 256);
        const ok = p.ok === true;
        if (!ok && typeof p.error_message !== 'string')
          throw new BadRequest(400, 'Bad Request: ERROR_MESSAGE_EMPTY');
        const resolve = waiting.get(id);
        if (!resolve) {
          throw new BadRequest(
            400,
            'Bad Request: query is too old and response timeout expired or query ID is invalid',
          );
        }
        waiting.delete(id);
        resolve(ok ? { ok } : { ok, error_message: p.error_message as string });
        return true;
      }
      default:
        throw new BadRequest(404, 'Not Found');
    }
  }

  async function sendUpdate(update: object, o: { secretToken?: string | null } = {}) {
    if (!webhook.url) throw new Error('no webhook set: call setWebhook or pass webhookUrl');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const secret = o.secretToken === undefined ? webhook.secretToken : o.secretToken;
    if (secret) headers['x-telegram-bot-api-secret-token'] = secret;
    const res = await fetch(webhook.url, { method: 'POST', headers, body: JSON.stringify(update) });
    return { status: res.status, body: await res.text() };
  }

  function invoiceOf(link: string): FakeInvoice {
    const slug = decodeURIComponent(link.split(/[/?#]/).at(-1) ?? link).replace(/^\$/, '');
    const invoice = invoices.get(slug);
    if (!invoice) throw new Error(`unknown invoice ${link}`);
    return invoice;
  }

  async function pay(invoiceLink: string, o: PayOptions = {}): Promise<PayResult> {
    const invoice = invoiceOf(invoiceLink);
    const from = o.from ?? DEFAULT_BUYER;
    const total = o.totalAmount ?? invoice.totalAmount;
    const queryId = `${BigInt.asUintN(63, randomBytes(8).readBigUInt64BE())}`;
    const answered = new Promise<{ ok: boolean; error_message?: string }>((resolve) => {
      waiting.set(queryId, resolve);
      setTimeout(() => {
        if (waiting.delete(queryId)) resolve({ ok: false, error_message: 'timeout' });
      }, answerTimeoutMs).unref();
    });
    const deliveries: number[] = [];
    const pre = await sendUpdate({
      update_id: ++updateId,
      pre_checkout_query: {
        id: queryId,
        from,
        currency: invoice.currency,
        total_amount: total,
        invoice_payload: invoice.payload,
      },
    });
    deliveries.push(pre.status);
    const answer = await answered;
    if (!answer.ok && !o.ignoreAnswer) {
      return { ok: false, preCheckoutQueryId: queryId, errorMessage: answer.error_message ?? '', deliveries };
    }
    const chargeId = `stxFAKE${randomBytes(48).toString('base64url')}`;
    charges.set(chargeId, {
      chargeId,
      userId: from.id,
      totalAmount: total,
      payload: invoice.payload,
      refunded: false,
    });
    const paymentUpdate = {
      update_id: ++updateId,
      message: {
        message_id: ++paymentSeq,
        from,
        chat: { id: from.id, first_name: from.first_name, username: from.username, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        successful_payment: {
          currency: invoice.currency,
          total_amount: total,
          invoice_payload: invoice.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: `${from.id}_${paymentSeq}`,
        },
      },
    };
    // Telegram redelivers until the webhook answers 2xx.
    for (let attempt = 0; attempt < 5; attempt++) {
      const r = await sendUpdate(paymentUpdate);
      deliveries.push(r.status);
      if (r.status >= 200 && r.status < 300) break;
      await new Promise((res) => setTimeout(res, 50 * 2 ** attempt));
    }
    return { ok: true, preCheckoutQueryId: queryId, chargeId, paymentUpdate, deliveries };
  }

  async function sendRefundedPayment(chargeId: string) {
    const charge = charges.get(chargeId);
    if (!charge) throw new Error(`unknown charge ${chargeId}`);
    return sendUpdate({
      update_id: ++updateId,
      message: {
        message_id: ++paymentSeq,
        from: { ...DEFAULT_BUYER, id: charge.userId },
        chat: { id: charge.userId, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        refunded_payment: {
          currency: 'XTR',
          total_amount: charge.totalAmount,
          invoice_payload: charge.payload,
          telegram_payment_charge_id: charge.chargeId,
        },
      },
    });
  }

  function invoicePage(invoice: FakeInvoice): string {
    const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    return `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(invoice.title)}</title>
<h1>${esc(invoice.title)}</h1><p>${esc(invoice.description)}</p>
<p>${invoice.totalAmount} ${esc(invoice.currency)}</p>
<button onclick="pay(this)">Pay</button>
<script>
function pay(button) {
  button.disabled = true;
  const report = (status) => window.opener && window.opener.postMessage({ type: 'fake-telegram:invoice_closed', slug: ${JSON.stringify(invoice.slug)}, status }, '*');
  fetch('/_fake/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link: ${JSON.stringify(invoice.link)} }) })
    .then((r) => r.json())
    .then((j) => {
      const p = document.createElement('p');
      p.setAttribute('role', 'status');
      p.textContent = j.ok ? 'Paid.' : 'Refused: ' + (j.errorMessage || j.error || '');
      document.body.append(p);
      report(j.ok ? 'paid' : 'failed');
      // Telegram closes its invoice sheet once the payment is through.
      if (j.ok && window.opener) setTimeout(() => window.close(), 1500);
    })
    .catch(() => report('failed'));
}
</script>`;
  }

  function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json'): void {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    let size = 0;
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else raw += chunk;
    });
    req.on('end', () => {
      void (async () => {
        const u = new URL(req.url ?? '/', 'http://fake');
        const api = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(u.pathname);
        if (api) {
          const token = api[1]!;
          const name = api[2]!;
          if (!TOKEN.test(token) || (opts.token && token !== opts.token)) {
            return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
          }
          try {
            const params = parseParams(raw, req.headers['content-type'], u.searchParams);
            calls.push({ method: name, token, params });
            if (failing.count > 0) {
              failing.count--;
              throw new BadRequest(failing.code, failing.description);
            }
            return send(res, 200, { ok: true, result: method(name, token, params) });
          } catch (err) {
            const e =
              err instanceof BadRequest ? err : new BadRequest(400, 'Bad Request: cannot parse parameters');
            return send(res, e.code, { ok: false, error_code: e.code, description: e.description });
          }
        }
        // Control endpoints for the local demo and browser tests.
        const page = /^\/invoice\/([A-Za-z0-9_-]+)$/.exec(u.pathname);
        if (page && req.method === 'GET') {
          const invoice = invoices.get(page[1]!);
          return invoice
            ? send(res, 200, invoicePage(invoice), 'text/html; charset=utf-8')
            : send(res, 404, 'no such invoice', 'text/plain; charset=utf-8');
        }
        if (u.pathname === '/_fake/pay' && req.method === 'POST') {
          try {
            const { link } = JSON.parse(raw) as { link: string };
            return send(res, 200, await pay(link));
          } catch (err) {
            return send(res, 400, { ok: false, error: (err as Error).message });
          }
        }
        if (u.pathname === '/_fake/calls') return send(res, 200, calls);
        if (u.pathname === '/_fake/invoices') return send(res, 200, [...invoices.values()]);
        return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      })();
    });
  });

  url = await listen(server, opts.port, opts.host);

  return {
    url,
    calls,
    invoices,
    webhook,
    commands,
    get menuButton() {
      return menuButton;
    },
    messages,
    charges,
    failNext(count, error = { code: 502, description: 'Bad Gateway' }) {
      failing = { count, ...error };
    },
    sendRefundedPayment,
    pay,
    invoiceOf,
    payPage: (linkOrSlug) => invoiceOf(linkOrSlug).page,
    sendUpdate,
    async close() {
      for (const resolve of waiting.values()) resolve({ ok: false, error_message: 'closed' });
      waiting.clear();
      await closeServer(server);
    },
  };
}

await runStandalone(
  import.meta.url,
  () =>
    startFakeBotApi({
      port: Number(argValue('--port') ?? process.env.FAKE_TELEGRAM_PORT ?? 8081),
      host: process.env.FAKE_TELEGRAM_HOST ?? '127.0.0.1',
      webhookUrl: process.env.WEBHOOK_URL ?? null,
      secretToken: process.env.WEBHOOK_SECRET ?? null,
      token: process.env.TELEGRAM_BOT_TOKEN ?? null,
    }),
  (fake) =>
    console.info(
      `fake Telegram Bot API listening on ${fake.url} (set TELEGRAM_API_URL=${fake.url} on the server)`,
    ),
);
