/**
 * Telegram Bot API over HTTP (https://core.telegram.org/bots/api): the few methods Stars payments
 * need, with timeouts and Telegram's error replies turned into `BotApiError`. The base URL is
 * configurable so tests and the local demo talk to the fake in `tools/src/fakes`.
 *
 * Also the webhook side: the secret-token check and zod schemas of the updates we handle.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';
/** Stars invoices are priced in XTR (whole Stars). */
export const STARS_CURRENCY = 'XTR';
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export interface LabeledPrice {
  label: string;
  amount: number;
}

export interface InvoiceLinkParams {
  title: string;
  description: string;
  payload: string;
  currency: string;
  prices: LabeledPrice[];
}

export interface BotUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

export interface BotApi {
  createInvoiceLink(params: InvoiceLinkParams): Promise<string>;
  answerPreCheckoutQuery(params: {
    pre_checkout_query_id: string;
    ok: boolean;
    error_message?: string;
  }): Promise<void>;
  setWebhook(params: { url: string; secret_token?: string; allowed_updates?: string[] }): Promise<void>;
  getWebhookInfo(): Promise<WebhookInfo>;
  setMyCommands(params: { commands: BotCommand[]; language_code?: string }): Promise<void>;
  getMyCommands(params: { language_code?: string }): Promise<BotCommand[]>;
  setChatMenuButton(params: { menu_button: MenuButton }): Promise<void>;
  getChatMenuButton(): Promise<MenuButton>;
  sendMessage(params: {
    chat_id: number;
    text: string;
    reply_markup?: { inline_keyboard: InlineKeyboardButton[][] };
  }): Promise<void>;
  /** Gives a Stars payment back to the payer (https://core.telegram.org/bots/api#refundstarpayment). */
  refundStarPayment(params: { user_id: number; telegram_payment_charge_id: string }): Promise<void>;
  getMe(): Promise<BotUser>;
}

export interface WebhookInfo {
  url: string;
  pending_update_count: number;
  /** absent when every kind but chat_member ones is sent (Telegram's default) */
  allowed_updates?: string[];
  last_error_message?: string;
}

export interface BotCommand {
  command: string;
  description: string;
}

export type MenuButton =
  | { type: 'commands' }
  | { type: 'default' }
  | { type: 'web_app'; text: string; web_app: { url: string } };

export type InlineKeyboardButton = { text: string; web_app: { url: string } } | { text: string; url: string };

export type BotApiErrorKind = 'telegram' | 'timeout' | 'network' | 'bad_response';

export class BotApiError extends Error {
  override name = 'BotApiError';
  constructor(
    readonly method: string,
    readonly kind: BotApiErrorKind,
    message: string,
    /** Telegram's error_code (400, 401, 403, 429, ...), or the HTTP status */
    readonly errorCode: number | null = null,
    /** seconds to wait, from a 429 reply */
    readonly retryAfter: number | null = null,
  ) {
    super(`${method}: ${message}`);
  }
}

export interface BotApiOptions {
  token: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const replySchema = z.object({
  ok: z.boolean(),
  result: z.unknown().optional(),
  error_code: z.number().int().optional(),
  description: z.string().max(4096).optional(),
  parameters: z.object({ retry_after: z.number().int().optional() }).optional(),
});

const botUserSchema = z.object({
  id: z.number().int(),
  is_bot: z.boolean(),
  first_name: z.string().max(256),
  username: z.string().max(64).optional(),
});

const webhookInfoSchema = z.object({
  url: z.string().max(2048),
  pending_update_count: z.number().int(),
  allowed_updates: z.array(z.string().max(64)).max(64).optional(),
  last_error_message: z.string().max(4096).optional(),
});

const botCommandsSchema = z
  .array(z.object({ command: z.string().max(32), description: z.string().max(256) }))
  .max(100);

const menuButtonSchema = z.union([
  z.object({
    type: z.literal('web_app'),
    text: z.string().max(256),
    web_app: z.object({ url: z.string().max(2048) }),
  }),
  z.object({ type: z.enum(['commands', 'default']) }),
]);

export function createBotApi(opts: BotApiOptions): BotApi {
  const base = (opts.baseUrl ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const doFetch = opts.fetch ?? fetch;

  async function call(method: string, params: object): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}/bot${opts.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      // Never put the URL (it holds the token) into the message.
      throw new BotApiError(
        method,
        timedOut ? 'timeout' : 'network',
        timedOut ? `no reply in ${timeoutMs} ms` : 'unreachable',
      );
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new BotApiError(method, 'bad_response', `HTTP ${res.status} without a JSON body`, res.status);
    }
    const reply = replySchema.safeParse(body);
    if (!reply.success)
      throw new BotApiError(method, 'bad_response', `HTTP ${res.status} with an unexpected body`, res.status);
    if (!reply.data.ok) {
      throw new BotApiError(
        method,
        'telegram',
        reply.data.description ?? `HTTP ${res.status}`,
        reply.data.error_code ?? res.status,
        reply.data.parameters?.retry_after ?? null,
      );
    }
    return reply.data.result;
  }

  return {
    async createInvoiceLink(params) {
      const link = await call('createInvoiceLink', params);
      if (typeof link !== 'string' || link.length === 0 || link.length > 2048) {
        throw new BotApiError('createInvoiceLink', 'bad_response', 'the result is not a link');
      }
      return link;
    },
    async answerPreCheckoutQuery(params) {
      await call('answerPreCheckoutQuery', params);
    },
    async setWebhook(params) {
      await call('setWebhook', params);
    },
    async getWebhookInfo() {
      const info = webhookInfoSchema.safeParse(await call('getWebhookInfo', {}));
      if (!info.success)
        throw new BotApiError('getWebhookInfo', 'bad_response', 'the result is not WebhookInfo');
      return info.data;
    },
    async setMyCommands(params) {
      await call('setMyCommands', params);
    },
    async getMyCommands(params) {
      const list = botCommandsSchema.safeParse(await call('getMyCommands', params));
      if (!list.success)
        throw new BotApiError('getMyCommands', 'bad_response', 'the result is not a command list');
      return list.data;
    },
    async setChatMenuButton(params) {
      await call('setChatMenuButton', params);
    },
    async getChatMenuButton() {
      const button = menuButtonSchema.safeParse(await call('getChatMenuButton', {}));
      if (!button.success)
        throw new BotApiError('getChatMenuButton', 'bad_response', 'the result is not a menu button');
      return button.data;
    },
    async sendMessage(params) {
      await call('sendMessage', params);
    },
    async refundStarPayment(params) {
      await call('refundStarPayment', params);
    },
    async getMe() {
      const me = botUserSchema.safeParse(await call('getMe', {}));
      if (!me.success) throw new BotApiError('getMe', 'bad_response', 'the result is not a bot user');
      return me.data;
    },
  };
}

// ---------- webhook ----------

/**
 * The webhook's secret token: the configured one, else derived from the bot token (so one
 * setting is enough and every instance agrees). Telegram allows 1-256 of A-Z a-z 0-9 _ -.
 */
export function webhookSecret(botToken: string | null, configured: string | null = null): string | null {
  if (configured) return configured;
  if (!botToken) return null;
  return createHmac('sha256', 'pixel-wall/telegram-webhook').update(botToken).digest('base64url');
}

/** Constant-time comparison of the header Telegram sent with our secret. */
export function isWebhookSecret(given: unknown, secret: string | null): boolean {
  if (!secret || typeof given !== 'string' || given.length === 0 || given.length > 256) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

const telegramUser = z.object({
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  is_bot: z.boolean(),
  first_name: z.string().max(256),
  last_name: z.string().max(256).optional(),
  username: z.string().max(64).optional(),
  language_code: z.string().max(35).optional(),
  is_premium: z.boolean().optional(),
});

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** https://core.telegram.org/bots/api#precheckoutquery */
export const preCheckoutQuerySchema = z.object({
  id: z.string().min(1).max(256),
  from: telegramUser,
  currency: z.string().min(1).max(8),
  total_amount: amount,
  invoice_payload: z.string().max(256),
  shipping_option_id: z.string().max(256).optional(),
  order_info: z.record(z.string(), z.unknown()).optional(),
});
export type PreCheckoutQuery = z.infer<typeof preCheckoutQuerySchema>;

/** https://core.telegram.org/bots/api#successfulpayment */
export const successfulPaymentSchema = z.object({
  currency: z.string().min(1).max(8),
  total_amount: amount,
  invoice_payload: z.string().max(256),
  // Stars charge ids start with 'stx' and run past 100 characters.
  telegram_payment_charge_id: z.string().min(1).max(512),
  provider_payment_charge_id: z.string().max(512),
  subscription_expiration_date: z.number().int().optional(),
  is_recurring: z.boolean().optional(),
  is_first_recurring: z.boolean().optional(),
  shipping_option_id: z.string().max(256).optional(),
  order_info: z.record(z.string(), z.unknown()).optional(),
});
export type SuccessfulPayment = z.infer<typeof successfulPaymentSchema>;

export const paymentMessageSchema = z.object({
  message_id: z.number().int(),
  from: telegramUser.optional(),
  chat: z.object({ id: z.number().int() }),
  date: z.number().int(),
  successful_payment: successfulPaymentSchema,
});

/** https://core.telegram.org/bots/api#refundedpayment */
export const refundedPaymentSchema = z.object({
  currency: z.string().min(1).max(8),
  total_amount: amount,
  invoice_payload: z.string().max(256),
  telegram_payment_charge_id: z.string().min(1).max(512),
  provider_payment_charge_id: z.string().max(512).optional(),
});
export type RefundedPayment = z.infer<typeof refundedPaymentSchema>;

/** The envelope of every update; the kinds we handle are parsed further on their own. */
export const updateEnvelopeSchema = z.object({
  update_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export type PaymentUpdate =
  | { kind: 'pre_checkout_query'; updateId: number; query: PreCheckoutQuery }
  | { kind: 'successful_payment'; updateId: number; payment: SuccessfulPayment; fromId: number | null }
  | { kind: 'refunded_payment'; updateId: number; refund: RefundedPayment }
  /** a payment update we could not read: logged loudly, since Telegram will not send it again */
  | {
      kind: 'malformed';
      updateId: number;
      what: 'pre_checkout_query' | 'successful_payment' | 'refunded_payment';
    }
  | { kind: 'other'; updateId: number | null };

/** Sorts an update into what the shop handles. */
export function parsePaymentUpdate(body: unknown): PaymentUpdate {
  const env = updateEnvelopeSchema.safeParse(body);
  if (!env.success) return { kind: 'other', updateId: null };
  const update = body as Record<string, unknown>;
  const updateId = env.data.update_id;
  if (update.pre_checkout_query !== undefined) {
    const q = preCheckoutQuerySchema.safeParse(update.pre_checkout_query);
    return q.success
      ? { kind: 'pre_checkout_query', updateId, query: q.data }
      : { kind: 'malformed', updateId, what: 'pre_checkout_query' };
  }
  const message = update.message as Record<string, unknown> | undefined;
  if (typeof message === 'object' && message !== null && message.successful_payment !== undefined) {
    const m = paymentMessageSchema.safeParse(message);
    return m.success
      ? {
          kind: 'successful_payment',
          updateId,
          payment: m.data.successful_payment,
          fromId: m.data.from?.id ?? null,
        }
      : { kind: 'malformed', updateId, what: 'successful_payment' };
  }
  if (typeof message === 'object' && message !== null && message.refunded_payment !== undefined) {
    const r = refundedPaymentSchema.safeParse(message.refunded_payment);
    return r.success
      ? { kind: 'refunded_payment', updateId, refund: r.data }
      : { kind: 'malformed', updateId, what: 'refunded_payment' };
  }
  return { kind: 'other', updateId };
}
