/**
 * Background job: watches the payment wallet through the indexer and settles TON orders.
 * One stream, the payment wallet's incoming transactions by logical time, with a cursor in SQL so
 * a restart resumes where it stopped (exact: one account's lts only grow). It holds both kinds of
 * payment:
 *  - plain TON transfers to the wallet;
 *  - jetton payments, as the TEP-74 transfer_notification our own jetton wallet sends us. Which
 *    wallet that is, the currency's jetton master says (`get_wallet_address` for the payment
 *    wallet, asked once per master). A notification from any other address is a forged jetton
 *    (a contract can name any master and any amount) and pays nothing: recorded as 'forged'.
 * Each transaction is judged once (its hash is recorded with the outcome). A transfer settles an
 * order only when its comment is the order's memo, its currency is the order's and it pays at
 * least the total. Then the shop's `fulfil` is called, keyed by the transaction hash.
 * A transfer whose memo is a wallet verification's (POST /transactions/start with `{buyerWallet}`
 * alone) verifies that wallet when it comes from it.
 * Run it on one instance only (the cluster leader).
 */
import { CurrencyId } from '@pixel-wall/shared';
import { normalizeTonAddress } from '../../integrations/ton/address.ts';
import type {
  IncomingJettonTransfer,
  IncomingTonTransfer,
  IndexerPage,
  TonIndexer,
} from '../../integrations/ton/indexer.ts';
import { createPollLoop } from '../../lib/poll-loop.ts';
import type { TonOrder } from './service.ts';
import type { TonPaymentOutcome, TonWatchCursor, TonWatchStore } from './store.ts';
import type { FulfilOutcome, TonCurrency } from './types.ts';

export interface TonWatcherLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface TonWatcherOrders {
  currencies: ReadonlyMap<number, TonCurrency>;
  findByMemo(memo: string): Promise<TonOrder | null>;
  /** A wallet-verification transfer's outcome, or null when the memo is no verification's. */
  verifyWallet?(
    memo: string,
    transfer: IncomingTonTransfer | IncomingJettonTransfer,
  ): Promise<TonPaymentOutcome | null>;
  fulfil(order: TonOrder, transfer: IncomingTonTransfer | IncomingJettonTransfer): Promise<FulfilOutcome>;
}

export interface TonWatcherDeps {
  indexer: TonIndexer;
  orders: TonWatcherOrders;
  store: TonWatchStore;
  paymentWallet: string;
  intervalMs: number;
  log: TonWatcherLog;
  pageSize?: number;
  /** Pages per stream per poll; the rest waits for the next poll. */
  maxPagesPerPoll?: number;
  /** Without a cursor (first start), look back this far: older transfers predate our orders. */
  initialLookbackSeconds?: number;
  now?: () => number;
}

export interface PollStats {
  transfers: number;
  skippedSeen: number;
  outcomes: Partial<Record<TonPaymentOutcome, number>>;
}

export interface TonWatcher {
  start(): void;
  /** Stops the timer and waits for a poll in progress. */
  stop(): Promise<void>;
  pollOnce(): Promise<PollStats>;
}

type Transfer = IncomingTonTransfer | IncomingJettonTransfer;

function later(a: TonWatchCursor | null, b: TonWatchCursor): TonWatchCursor {
  if (!a) return b;
  return { lt: a.lt > b.lt ? a.lt : b.lt, utime: Math.max(a.utime, b.utime) };
}

export function createTonWatcher(deps: TonWatcherDeps): TonWatcher {
  const wallet = normalizeTonAddress(deps.paymentWallet);
  if (!wallet) throw new Error('the TON payment wallet is not a TON address');
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? 100;
  const maxPages = deps.maxPagesPerPoll ?? 20;
  const lookback = deps.initialLookbackSeconds ?? 86_400;
  const tonStream = `ton:${wallet}`;
  /** jetton master → our jetton wallet, as the master reports it */
  const ourJettonWallets = new Map<string, Promise<string>>();

  function ourJettonWallet(master: string): Promise<string> {
    let known = ourJettonWallets.get(master);
    if (!known) {
      known = deps.indexer.jettonWalletAddress(master, wallet);
      // A failed look-up fails this poll and is asked again on the next.
      known.catch(() => ourJettonWallets.delete(master));
      ourJettonWallets.set(master, known);
    }
    return known;
  }

  /** The jetton payment a notification proves, or null when no currency's master vouches for it. */
  async function jettonOf(t: IncomingTonTransfer): Promise<IncomingJettonTransfer | null> {
    const n = t.notification;
    if (!n) return null;
    for (const currency of deps.orders.currencies.values()) {
      if (currency.jettonMaster === null) continue;
      if ((await ourJettonWallet(currency.jettonMaster)) !== t.from) continue;
      return {
        kind: 'jetton',
        hash: t.hash,
        lt: t.lt,
        utime: t.utime,
        from: n.sender,
        to: t.to,
        jettonMaster: currency.jettonMaster,
        amount: n.amount,
        comment: n.comment,
        // The jettons are in our jetton wallet once it notifies, whatever our wallet did next.
        aborted: false,
      };
    }
    return null;
  }

  async function judge(t: Transfer): Promise<{ outcome: TonPaymentOutcome; order: TonOrder | null }> {
    if (t.kind === 'ton' && t.bounced) return { outcome: 'bounced', order: null };
    // An aborted transaction that bounces returns the value: nothing was paid.
    if (t.aborted && (t.kind === 'jetton' || t.bounce)) return { outcome: 'aborted', order: null };
    const memo = t.comment?.trim() ?? '';
    if (!memo) return { outcome: 'no_memo', order: null };
    if (/\p{Cc}/u.test(memo)) return { outcome: 'unknown_memo', order: null };
    const order = await deps.orders.findByMemo(memo);
    if (!order) {
      const verification = (await deps.orders.verifyWallet?.(memo, t)) ?? null;
      return { outcome: verification ?? 'unknown_memo', order: null };
    }

    const currency = deps.orders.currencies.get(order.currencyId);
    const rightCurrency =
      t.kind === 'ton'
        ? order.currencyId === CurrencyId.TON
        : currency?.jettonMaster != null && currency.jettonMaster === t.jettonMaster;
    if (!rightCurrency) return { outcome: 'wrong_currency', order };
    if (t.amount < order.amountUnits) return { outcome: 'underpaid', order };
    return { outcome: await deps.orders.fulfil(order, t), order };
  }

  /** A notification no master vouches for: the order it names (if any) is noted, nothing is paid. */
  async function judgeForged(
    t: IncomingTonTransfer,
  ): Promise<{ outcome: TonPaymentOutcome; order: TonOrder | null }> {
    const memo = t.notification?.comment?.trim() ?? '';
    const order = memo && !/\p{Cc}/u.test(memo) ? await deps.orders.findByMemo(memo) : null;
    return { outcome: 'forged', order };
  }

  async function handle(received: IncomingTonTransfer, stats: PollStats): Promise<void> {
    stats.transfers++;
    if (await deps.store.seen(received.hash)) {
      stats.skippedSeen++;
      return;
    }
    const jetton = received.notification && !received.bounced ? await jettonOf(received) : null;
    const t: Transfer = jetton ?? received;
    const { outcome, order } =
      received.notification && !received.bounced && !jetton ? await judgeForged(received) : await judge(t);
    await deps.store.record({
      hash: t.hash,
      kind: t.kind,
      lt: t.lt,
      utime: t.utime,
      sender: t.from,
      jettonMaster: t.kind === 'jetton' ? t.jettonMaster : null,
      amount: jetton || !received.notification ? t.amount : received.notification.amount,
      memo: jetton || !received.notification ? t.comment : received.notification.comment,
      orderId: order?.orderId ?? null,
      outcome,
    });
    stats.outcomes[outcome] = (stats.outcomes[outcome] ?? 0) + 1;
    if (order) {
      const due = order.amountUnits.toString();
      const log = outcome === 'fulfilled' || outcome === 'duplicate' ? deps.log.info : deps.log.warn;
      log.call(
        deps.log,
        { hash: t.hash, orderId: order.orderId, outcome, paid: t.amount.toString(), due },
        'TON payment judged',
      );
    }
  }

  async function drain(
    stream: string,
    fetchPage: (cursor: TonWatchCursor | null, offset: number) => Promise<IndexerPage<IncomingTonTransfer>>,
    accept: (t: IncomingTonTransfer) => boolean,
    stats: PollStats,
  ): Promise<void> {
    const cursor = await deps.store.cursor(stream);
    let next: TonWatchCursor | null = null;
    for (let page = 0, offset = 0; page < maxPages; page++, offset += pageSize) {
      const res = await fetchPage(cursor, offset);
      for (const t of res.items) if (accept(t)) await handle(t, stats);
      if (res.maxLt !== null && res.maxUtime !== null)
        next = later(next, { lt: res.maxLt, utime: res.maxUtime });
      // Saved per page: a failure on a later page does not re-read this one.
      if (next) await deps.store.saveCursor(stream, next);
      if (res.fetched < pageSize) break;
    }
  }

  const startUtime = () => Math.max(0, Math.floor(now() / 1000) - lookback);

  async function pollOnce(): Promise<PollStats> {
    const stats: PollStats = { transfers: 0, skippedSeen: 0, outcomes: {} };
    await drain(
      tonStream,
      (cursor, offset) =>
        deps.indexer.transactions({
          account: wallet,
          ...(cursor ? { startLt: cursor.lt + 1n } : { startUtime: startUtime() }),
          limit: pageSize,
          offset,
        }),
      (t) => t.to === wallet,
      stats,
    );
    return stats;
  }

  const loop = createPollLoop({
    intervalMs: deps.intervalMs,
    run: pollOnce,
    onError: (err) => deps.log.warn({ err }, 'TON watcher poll failed; retrying next interval'),
  });

  return {
    start: loop.start,
    stop: loop.stop,
    pollOnce,
  };
}
