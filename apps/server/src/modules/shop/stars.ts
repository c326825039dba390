/**
 * Telegram Stars: an order becomes an invoice link (XTR, payload = order id); Telegram then calls
 * our webhook twice. `pre_checkout_query`: we re-check the order and answer within 10 s.
 * `successful_payment`: the money has moved; we fulfil keyed by telegram_payment_charge_id, so a
 * replayed update changes nothing.
 */
import { type BuyStarsResponse, CurrencyId, productById } from '@pixel-wall/shared';
import { AppError, notConfigured } from '../../errors.ts';
import {
  type BotApi,
  BotApiError,
  type PreCheckoutQuery,
  parsePaymentUpdate,
  STARS_CURRENCY,
  type SuccessfulPayment,
} from '../../integrations/telegram/bot-api.ts';
import type { UsersService } from '../users/service.ts';
import type { FulfilResult, Orders } from './orders.ts';

export interface StarsDeps {
  orders: Orders;
  /** null when no bot token is configured: Stars purchases are unavailable. */
  botApi: BotApi | null;
  users: Pick<UsersService, 'profile'>;
  /** Telegram's refunded_payment: takes the goods back (refunds.ts) */
  onRefunded?: (chargeId: string) => Promise<boolean>;
  log?: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

export interface BuyStarsInput {
  userId: number;
  productId: number;
  qty: number;
  pixanosColor?: string;
  daily?: boolean;
}

export type UpdateOutcome =
  | { kind: 'pre_checkout_query'; ok: boolean; error?: string }
  | { kind: 'successful_payment'; result: FulfilResult }
  | { kind: 'refunded_payment'; applied: boolean }
  | { kind: 'ignored' };

/** SPEC §8: what a player sees when a Stars purchase fails. */
const TRY_AGAIN = 'Error, try again.';

function invoiceTitle(name: string, qty: number): string {
  return (qty > 1 ? `${name} ×${qty}` : name).slice(0, 32);
}

export function createStars(deps: StarsDeps) {
  async function checkPreCheckout(q: PreCheckoutQuery): Promise<string | null> {
    if (q.currency !== STARS_CURRENCY) return 'Wrong currency';
    const order = await deps.orders.order(q.invoice_payload);
    if (order?.channel !== 'stars' || order.currencyId !== CurrencyId.Stars)
      return 'This order does not exist.';
    if (order.status !== 'pending') return 'This order is no longer open. Please buy again.';
    if (BigInt(q.total_amount) !== order.amountUnits) return 'The price has changed. Please buy again.';
    const player = await deps.users.profile(order.userId);
    if (!player || player.banned) return 'This account cannot make purchases.';
    if (await deps.orders.ownsOneOff(order.userId, order.productId)) return 'You already own this item.';
    return null;
  }

  async function preCheckout(q: PreCheckoutQuery): Promise<UpdateOutcome> {
    let error: string | null;
    try {
      error = await checkPreCheckout(q);
    } catch (err) {
      deps.log?.error({ err, queryId: q.id }, 'pre-checkout check failed');
      error = TRY_AGAIN;
    }
    if (!deps.botApi) return { kind: 'pre_checkout_query', ok: false, error: 'Payments are not configured.' };
    try {
      await deps.botApi.answerPreCheckoutQuery(
        error === null
          ? { pre_checkout_query_id: q.id, ok: true }
          : { pre_checkout_query_id: q.id, ok: false, error_message: error },
      );
    } catch (err) {
      // Unanswered, Telegram cancels the payment after 10 s: nothing is charged.
      deps.log?.error({ err, queryId: q.id }, 'answerPreCheckoutQuery failed');
    }
    return error === null
      ? { kind: 'pre_checkout_query', ok: true }
      : { kind: 'pre_checkout_query', ok: false, error };
  }

  async function successfulPayment(p: SuccessfulPayment, raw: unknown): Promise<UpdateOutcome> {
    const result = await deps.orders.fulfil({
      orderId: p.invoice_payload,
      provider: 'stars',
      paymentId: p.telegram_payment_charge_id,
      paidUnits: BigInt(p.total_amount),
      // Any other currency is recorded under id 0 and refused as the wrong currency.
      currencyId: p.currency === STARS_CURRENCY ? CurrencyId.Stars : 0,
      raw,
    });
    if (result.status === 'rejected') {
      deps.log?.error(
        { reason: result.reason, orderId: p.invoice_payload, chargeId: p.telegram_payment_charge_id },
        'Stars payment received but not fulfilled: refund it',
      );
    }
    return { kind: 'successful_payment', result };
  }

  return {
    /** Creates the order, then its invoice link (no network call inside the order's transaction). */
    async buy(input: BuyStarsInput): Promise<BuyStarsResponse> {
      if (!deps.botApi) throw notConfigured('UNAVAILABLE', 'Stars payments are not available here.');
      const order = await deps.orders.createOrder({
        userId: input.userId,
        productId: input.productId,
        quantity: input.qty,
        currencyId: CurrencyId.Stars,
        channel: 'stars',
        pixanosColor: input.pixanosColor ?? null,
        daily: input.daily ?? false,
      });
      const product = productById(order.productId)!;
      const title = invoiceTitle(product.name, order.quantity);
      try {
        const link = await deps.botApi.createInvoiceLink({
          title,
          description: product.description.slice(0, 255),
          payload: order.id,
          currency: STARS_CURRENCY,
          prices: [{ label: title, amount: Number(order.amountUnits) }],
        });
        return { ok: true, result: link, orderId: order.id };
      } catch (err) {
        await deps.orders.cancel(order.id);
        if (err instanceof BotApiError) {
          deps.log?.warn(
            { err: err.message, kind: err.kind, code: err.errorCode },
            'createInvoiceLink failed',
          );
          throw new AppError('UNAVAILABLE', TRY_AGAIN);
        }
        throw err;
      }
    },

    /**
     * Handles one webhook update. Throws only when the update should be delivered again (our
     * database failed while fulfilling); everything else, unknown kinds included, is done.
     */
    async handleUpdate(body: unknown): Promise<UpdateOutcome> {
      const update = parsePaymentUpdate(body);
      switch (update.kind) {
        case 'pre_checkout_query':
          return preCheckout(update.query);
        case 'successful_payment':
          return successfulPayment(update.payment, body);
        case 'refunded_payment': {
          if (update.refund.currency !== STARS_CURRENCY || !deps.onRefunded) return { kind: 'ignored' };
          return {
            kind: 'refunded_payment',
            applied: await deps.onRefunded(update.refund.telegram_payment_charge_id),
          };
        }
        case 'malformed':
          deps.log?.error({ updateId: update.updateId, what: update.what }, 'unreadable payment update');
          return { kind: 'ignored' };
        default:
          return { kind: 'ignored' };
      }
    },
  };
}

export type Stars = ReturnType<typeof createStars>;
