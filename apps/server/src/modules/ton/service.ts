/**
 * TON orders: starting a crypto purchase (the shop prices and records the order, we hand the
 * client what its wallet must send) and settling an order once its transfer is seen on chain.
 *
 * Amounts (SPEC §7 "for currency 4 the amount is divided by 1000"): the client of the original
 * game received every crypto amount in 9-decimal units and divided USDT's by 1000 because USDT
 * has 6 decimals. Here the server does that conversion once, exactly: `strAmount` is the order
 * total in the currency's own smallest units (nanotons for TON, 10^-decimals of the jetton, so
 * 10^-6 for USDT), computed by the shop from the catalogue with bigint arithmetic. The client
 * sends `strAmount` as it is and never divides again.
 *
 * The answer also carries the TON Connect message itself (`message`): the memo as a text comment
 * to the payment wallet, or for a jetton a TEP-74 transfer sent to the buyer's own jetton wallet
 * (asked of the jetton master through the indexer) with 0.101 TON attached and 0.01 TON forwarded.
 * The client hands it to the wallet as it is.
 */
import {
  CurrencyId,
  fromUnits,
  GAME_DEFAULTS,
  JETTON_TRANSFER_ATTACHED_NANOTONS,
  JETTON_TRANSFER_FORWARD_NANOTONS,
  type StartPurchaseBody,
  type StartTransactionBody,
  type StartTransactionResponse,
  type StartVerificationBody,
  TON_NETWORK,
  type TonConnectMessage,
  type TonNetwork,
  WALLET_VERIFICATION_NANOTONS,
} from '@pixel-wall/shared';
import { Address } from '@ton/core';
import type { Database } from '../../db/client.ts';
import { AppError, notConfigured } from '../../errors.ts';
import { normalizeTonAddress, toFriendlyAddress } from '../../integrations/ton/address.ts';
import { commentBoc } from '../../integrations/ton/comment.ts';
import type {
  IncomingJettonTransfer,
  IncomingTonTransfer,
  TonIndexer,
} from '../../integrations/ton/indexer.ts';
import { jettonTransferBody } from '../../integrations/ton/payout-wallet.ts';
import { newMemo } from '../shop/index.ts';
import type { WalletService } from '../wallet/service.ts';
import {
  insertTonOrder,
  insertWalletVerification,
  markTonOrderPaid,
  markWalletVerified,
  type TonPaymentOutcome,
  tonOrderByMemo,
  walletVerificationByMemo,
} from './store.ts';
import { type FulfilOutcome, type ShopOrders, type TonCurrency, tonCurrencies } from './types.ts';

export interface TonOrder {
  orderId: string;
  userId: number;
  memo: string;
  currencyId: number;
  amountUnits: bigint;
  status: string;
}

export interface TonOrdersDeps {
  db: Pick<Database, 'query'>;
  shop: ShopOrders;
  /** the connected wallet (a payment comes from it); a verification transfer verifies one */
  wallets: Pick<WalletService, 'addressOf' | 'verifiedByTransfer'>;
  /** asks a jetton master for the buyer's jetton wallet, the address a jetton transfer goes to */
  jettonWallets: Pick<TonIndexer, 'jettonWalletAddress'>;
  /** where players pay; null turns TON payments off */
  paymentWallet: string | null;
  network: TonNetwork;
  /** operator overrides of jetton masters by currency id */
  jettonMasters?: Readonly<Record<number, string>>;
  validitySeconds?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

export type TonOrders = ReturnType<typeof createTonOrders>;

const iso = (ms: number) => new Date(ms).toISOString();

/** A transfer as JSON (bigints as strings), for the shop's payment record. */
export function transferJson(t: IncomingTonTransfer | IncomingJettonTransfer): Record<string, unknown> {
  return {
    ...t,
    lt: t.lt.toString(),
    amount: t.amount.toString(),
  };
}

/** Jetton wallets remembered per master and owner (they never change); bounded, oldest out first. */
const JETTON_WALLET_CACHE_LIMIT = 10_000;

export function createTonOrders(deps: TonOrdersDeps) {
  const now = deps.now ?? Date.now;
  const jettonWalletCache = new Map<string, string>();

  /** The buyer's wallet of `master` (raw); UNAVAILABLE when the indexer cannot say. */
  async function jettonWalletOf(master: string, owner: string): Promise<string> {
    const key = `${master} ${owner}`;
    const known = jettonWalletCache.get(key);
    if (known !== undefined) return known;
    let address: string;
    try {
      address = normalizeTonAddress(await deps.jettonWallets.jettonWalletAddress(master, owner));
    } catch (error) {
      deps.log?.warn({ master, err: error }, 'jetton wallet look-up failed');
      address = '';
    }
    if (!address) throw new AppError('UNAVAILABLE', 'Payments in this currency are not available right now.');
    if (jettonWalletCache.size >= JETTON_WALLET_CACHE_LIMIT) {
      const oldest = jettonWalletCache.keys().next().value;
      if (oldest !== undefined) jettonWalletCache.delete(oldest);
    }
    jettonWalletCache.set(key, address);
    return address;
  }

  const validity = deps.validitySeconds ?? GAME_DEFAULTS.walletMessageValiditySeconds;
  const currencies = tonCurrencies(deps.jettonMasters);
  const testOnly = deps.network === TON_NETWORK.testnet;
  const paymentWallet = deps.paymentWallet ? normalizeTonAddress(deps.paymentWallet) : '';
  if (deps.paymentWallet && !paymentWallet) throw new Error('the TON payment wallet is not a TON address');

  async function startPurchase(userId: number, body: StartPurchaseBody): Promise<StartTransactionResponse> {
    const currency = currencies.get(body.currencyId);
    if (!currency) throw new AppError('WRONG_CURRENCY', 'Wrong currency');
    const buyer = normalizeTonAddress(body.buyerWallet);
    if (!buyer) throw new AppError('BAD_REQUEST', 'buyerWallet is not a TON address.');
    const connected = await deps.wallets.addressOf(userId);
    if (!connected) throw new AppError('WALLET_NOT_CONNECTED', 'Connect your TON wallet first.');
    if (connected !== buyer) {
      throw new AppError('WALLET_NOT_CONNECTED', 'Pay from the wallet you connected, or connect this one.');
    }
    // Before the order exists, so a failed look-up leaves nothing behind.
    const buyerJettonWallet = currency.jettonMaster
      ? await jettonWalletOf(currency.jettonMaster, buyer)
      : null;

    const order = await deps.shop.createOrder({
      userId,
      productId: body.goodId,
      quantity: body.quantity,
      currencyId: currency.id,
      channel: 'ton',
      ...(body.pixanosColor === undefined ? {} : { pixanosColor: body.pixanosColor }),
      ...(body.daily === undefined ? {} : { daily: body.daily }),
    });
    if (order.currencyId !== currency.id || order.amountUnits <= 0n || !order.memo) {
      throw new AppError('INTERNAL', 'The order could not be priced.');
    }

    const validUntil = Math.floor(now() / 1000) + validity;
    await insertTonOrder(deps.db, {
      memo: order.memo,
      orderId: order.id,
      userId,
      currencyId: currency.id,
      amountUnits: order.amountUnits.toString(),
      buyerWallet: buyer,
      payTo: paymentWallet,
      jettonMaster: currency.jettonMaster,
      validUntil: iso(validUntil * 1000),
      createdAt: iso(now()),
    });

    // Non-bounceable: the form wallets use for a wallet-to-wallet payment.
    const payTo = toFriendlyAddress(paymentWallet, { bounceable: false, testOnly });
    const message: TonConnectMessage =
      buyerJettonWallet === null
        ? { address: payTo, amount: order.amountUnits.toString(), payload: commentBoc(order.memo) }
        : {
            // A jetton wallet is a contract: bounceable, so a failed transfer returns the TON.
            address: toFriendlyAddress(buyerJettonWallet, { bounceable: true, testOnly }),
            amount: JETTON_TRANSFER_ATTACHED_NANOTONS,
            payload: jettonTransferBody({
              // Tells the transfers apart in explorers.
              queryId: BigInt(now()),
              amount: order.amountUnits,
              destination: Address.parseRaw(paymentWallet),
              responseDestination: Address.parseRaw(buyer),
              forwardTonAmount: BigInt(JETTON_TRANSFER_FORWARD_NANOTONS),
              comment: order.memo,
            })
              .toBoc()
              .toString('base64'),
          };
    return {
      txMemCode: order.memo,
      strAmount: order.amountUnits.toString(),
      amount: order.amount,
      currencyId: currency.id,
      payTo,
      jettonMaster: currency.jettonMaster
        ? toFriendlyAddress(currency.jettonMaster, { bounceable: true, testOnly })
        : null,
      validUntil,
      message,
    };
  }

  /** The wallet-verification transfer: a small TON transfer with a memo, from the wallet itself. */
  async function startVerification(
    userId: number,
    body: StartVerificationBody,
  ): Promise<StartTransactionResponse> {
    const wallet = normalizeTonAddress(body.buyerWallet);
    if (!wallet) throw new AppError('BAD_REQUEST', 'buyerWallet is not a TON address.');
    const memo = newMemo();
    const validUntil = Math.floor(now() / 1000) + validity;
    await insertWalletVerification(deps.db, {
      memo,
      userId,
      wallet,
      amountUnits: WALLET_VERIFICATION_NANOTONS,
      validUntil: iso(validUntil * 1000),
      createdAt: iso(now()),
    });
    const payTo = toFriendlyAddress(paymentWallet, { bounceable: false, testOnly });
    return {
      txMemCode: memo,
      strAmount: WALLET_VERIFICATION_NANOTONS,
      amount: fromUnits(BigInt(WALLET_VERIFICATION_NANOTONS), 9),
      currencyId: CurrencyId.TON,
      payTo,
      jettonMaster: null,
      validUntil,
      message: { address: payTo, amount: WALLET_VERIFICATION_NANOTONS, payload: commentBoc(memo) },
    };
  }

  return {
    currencies: currencies as ReadonlyMap<number, TonCurrency>,
    /** raw payment wallet, '' when TON payments are off */
    paymentWallet,

    /** SPEC §7: a shop purchase, or with `{buyerWallet}` alone the wallet-verification transfer. */
    async start(userId: number, body: StartTransactionBody): Promise<StartTransactionResponse> {
      if (!paymentWallet) throw notConfigured('UNAVAILABLE', 'TON payments are not available right now.');
      return 'goodId' in body ? startPurchase(userId, body) : startVerification(userId, body);
    },

    /**
     * A transfer whose memo is a wallet verification's, or null when it is none. It verifies the
     * wallet only when it comes, in TON, from that very wallet with at least the amount asked:
     * anyone can copy a memo, only the wallet's owner can send from it.
     */
    async verifyWallet(
      memo: string,
      transfer: IncomingTonTransfer | IncomingJettonTransfer,
    ): Promise<TonPaymentOutcome | null> {
      if (memo.length === 0 || memo.length > 128) return null;
      const v = await walletVerificationByMemo(deps.db, memo);
      if (!v) return null;
      if (transfer.kind !== 'ton') return 'wrong_currency';
      if (transfer.from !== v.wallet) return 'wrong_sender';
      if (transfer.amount < BigInt(v.amount_units)) return 'underpaid';
      if (!(await markWalletVerified(deps.db, memo, transfer.hash, iso(now())))) return 'duplicate';
      await deps.wallets.verifiedByTransfer(Number(v.user_id), v.wallet);
      return 'verified';
    },

    async findByMemo(memo: string): Promise<TonOrder | null> {
      if (memo.length === 0 || memo.length > 128) return null;
      const r = await tonOrderByMemo(deps.db, memo);
      if (!r) return null;
      return {
        orderId: r.order_id,
        userId: Number(r.user_id),
        memo: r.memo,
        currencyId: r.currency_id,
        amountUnits: BigInt(r.amount_units),
        status: r.status,
      };
    },

    /** Reports an accepted transfer to the shop (idempotent per hash) and marks our order paid. */
    async fulfil(
      order: TonOrder,
      transfer: IncomingTonTransfer | IncomingJettonTransfer,
    ): Promise<FulfilOutcome> {
      const result = await deps.shop.fulfil({
        orderId: order.orderId,
        provider: 'ton',
        paymentId: transfer.hash,
        paidUnits: transfer.amount,
        currencyId: order.currencyId,
        raw: transferJson(transfer),
      });
      const outcome = result.status;
      if (result.status === 'rejected')
        deps.log?.warn({ orderId: order.orderId, reason: result.reason }, 'shop refused a TON payment');
      if (outcome === 'fulfilled' || outcome === 'duplicate') {
        await markTonOrderPaid(deps.db, order.memo, transfer.hash, iso(now()));
      }
      return outcome;
    },
  };
}

export const TON_CURRENCY_ID = CurrencyId.TON;
