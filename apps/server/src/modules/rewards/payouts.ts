/**
 * The payout job (on the cluster leader): claimed token rewards ('pending', action 'claim') go out
 * from the payout wallet to the player's connected wallet and become 'success' with the
 * transaction hash; burned ones ('pending', action 'burn') become 'success' without sending.
 * Without a payout service (no TON_PAYOUT_MNEMONIC) it only finishes burns: claims stay pending.
 *
 * With a highload wallet (the default) claims go in batches: payout-batches.ts. With a v4R2 wallet,
 * each reward is sent once, even with two jobs running (a leader hand-over) or a crash mid-send:
 * a reward is reserved in reward_payouts with its signed message's seqno and hash before the
 * message is submitted (an atomic insert-or-update that only one sender wins), a reserved reward
 * is never signed again until the payout service says its message landed, or provably cannot
 * (expired unseen, or accepted without sending), and the wallet itself takes one message per seqno.
 */
import { API_PREFIX, fromUnits, payoutStatusResponse, toUnits } from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import type { App } from '../../http.ts';
import { toFriendlyAddress } from '../../integrations/ton/address.ts';
import type { BatchPayoutService } from '../../integrations/ton/batch-payout.ts';
import {
  PayoutError,
  type PayoutService,
  type PayoutTransfer,
  type PreparedPayout,
} from '../../integrations/ton/payout.ts';
import { createBatchRunner } from './payout-batches.ts';
import * as store from './store.ts';

export interface PayoutCurrency {
  decimals: number;
  /** raw jetton master; null for TON itself */
  jettonMaster: string | null;
}

export interface PayoutJobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PayoutJobDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  /**
   * null: payouts are off (no mnemonic). A batch service (highload wallet v3) sends claims in
   * batches (payout-batches.ts); a single one (wallet v4R2) one message per seqno.
   */
  payout: PayoutService | BatchPayoutService | null;
  /** what can be paid, by currency id (the TON module's `orders.currencies`) */
  currencies: ReadonlyMap<number, PayoutCurrency>;
  /** the player's connected wallet, raw; null when none */
  addressOf(userId: number): Promise<string | null>;
  log: PayoutJobLog;
  intervalMs?: number;
  /** rewards sent per run at most (v4R2); batches per run at most (highload) */
  batch?: number;
  /** a reward that could not be sent is tried again this much later */
  retryMs?: number;
  /** testnet prints addresses with the test-only flag */
  testOnly?: boolean;
  now?: () => number;
}

export interface PayoutRunResult {
  sent: number;
  burned: number;
  /** rewards tried and left pending (no wallet, no funds, unconfirmed) */
  deferred: number;
}

type Candidate = store.PayoutCandidateRow;

const isBatch = (p: PayoutService | BatchPayoutService): p is BatchPayoutService =>
  'kind' in p && p.kind === 'batch';

/** Batches a highload run signs at most, one after another. */
const BATCHES_PER_RUN = 10;

export function createPayoutJob(deps: PayoutJobDeps) {
  const now = deps.now ?? Date.now;
  const intervalMs = deps.intervalMs ?? 15_000;
  const batch = deps.batch ?? 20;
  const retryMs = deps.retryMs ?? 10 * 60_000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<PayoutRunResult> | null = null;
  let stopped = true;
  // Set by stop(): a pass under way finishes the reward in hand and sends no more.
  let halt = false;

  async function finishBurns(): Promise<number> {
    return store.finishBurns(deps.db);
  }

  async function markSent(rewardId: number, hash: string): Promise<boolean> {
    return deps.db.transaction((tx) => store.markPayoutSent(tx, rewardId, hash));
  }

  /** Frees a reservation whose message can no longer land, for a later try. */
  async function release(rewardId: number, messageHash: string, error: string): Promise<void> {
    await store.releasePayout(deps.db, rewardId, messageHash, error.slice(0, 500), now() + retryMs);
  }

  async function defer(rewardId: number, error: string, toAddress: string | null = null): Promise<void> {
    await store.deferPayout(deps.db, rewardId, toAddress, error.slice(0, 500), now() + retryMs);
  }

  /** Wins the reward for this sender, or false when it is no longer a claim waiting to go. */
  async function reserve(rewardId: number, p: PreparedPayout): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      if (!(await store.lockPendingClaim(tx, rewardId))) return false;
      return store.reservePayout(tx, rewardId, p);
    });
  }

  /** Settles reservations from earlier runs; true while one may still land (the wallet is busy). */
  async function reconcile(payout: PayoutService): Promise<{ busy: boolean; sent: number }> {
    const rows = await store.reservedPayouts(deps.db);
    let busy = false;
    let sent = 0;
    for (const r of rows) {
      const prepared: PreparedPayout = {
        seqno: Number(r.seqno),
        validUntil: Number(r.valid_until),
        messageHash: r.message_hash,
        rawHash: r.raw_hash ?? '',
        destination: r.destination,
        toAddress: r.to_address,
      };
      const seen = await payout.check(prepared);
      const id = Number(r.reward_id);
      if (seen.state === 'landed') {
        if (await markSent(id, seen.hash)) sent++;
      } else if (seen.state === 'failed') {
        deps.log.warn({ rewardId: id, tx: seen.hash }, `payout landed without sending: ${seen.reason}`);
        await release(id, r.message_hash, seen.reason);
      } else if (seen.state === 'lost') {
        await release(id, r.message_hash, 'the message expired unseen');
      } else busy = true;
    }
    return { busy, sent };
  }

  function transferOf(c: Candidate, to: string) {
    const currency = deps.currencies.get(c.currency_id ?? 10);
    if (!currency) return { error: `currency ${c.currency_id} cannot be paid out` } as const;
    let units: bigint;
    try {
      units = toUnits(c.amount, currency.decimals);
    } catch {
      return { error: `amount ${c.amount} does not fit the currency's decimals` } as const;
    }
    const comment = `Pixel Wall reward #${c.id}: ${fromUnits(units, currency.decimals)}`;
    return {
      transfer: {
        rewardId: c.id,
        toAddress: to,
        comment,
        ...(currency.jettonMaster
          ? { jetton: { master: currency.jettonMaster, amount: units } }
          : { amountNano: units }),
      },
    } as const;
  }

  const batches =
    deps.payout && isBatch(deps.payout)
      ? createBatchRunner({
          db: deps.db,
          service: deps.payout,
          log: deps.log,
          now,
          retryMs,
          markSent,
          defer,
        })
      : null;

  /** Claims waiting to go, with their transfers; those that cannot go are deferred here. */
  async function nextTransfers(
    limit: number,
  ): Promise<{ transfers: PayoutTransfer[]; seen: number; deferred: number }> {
    const candidates = await store.payoutCandidates(deps.db, now(), limit);
    const out = { transfers: [] as PayoutTransfer[], seen: candidates.length, deferred: 0 };
    for (const raw of candidates) {
      const c = { ...raw, id: Number(raw.id), user_id: Number(raw.user_id) };
      const to = await deps.addressOf(c.user_id);
      if (!to) {
        await defer(c.id, 'no TON wallet connected');
        out.deferred++;
        continue;
      }
      const built = transferOf(c, to);
      if ('error' in built) {
        deps.log.error({ rewardId: c.id }, built.error ?? 'cannot pay');
        await defer(c.id, built.error ?? 'cannot pay', to);
        out.deferred++;
        continue;
      }
      out.transfers.push(built.transfer);
    }
    return out;
  }

  async function runBatches(service: BatchPayoutService, result: PayoutRunResult): Promise<PayoutRunResult> {
    if (!batches) return result;
    result.sent += await batches.reconcile();
    for (let i = 0; i < BATCHES_PER_RUN && !halt; i++) {
      const next = await nextTransfers(service.maxMessages);
      result.deferred += next.deferred;
      if (next.transfers.length > 0) {
        const r = await batches.sendBatch(next.transfers);
        result.sent += r.sent;
        result.deferred += r.deferred;
        if (r.batched === 0) break;
      }
      if (next.seen < service.maxMessages) break;
    }
    return result;
  }

  async function runOnceInner(): Promise<PayoutRunResult> {
    const result: PayoutRunResult = { sent: 0, burned: await finishBurns(), deferred: 0 };
    const payout = deps.payout;
    if (!payout) return result;
    if (isBatch(payout)) return runBatches(payout, result);

    const settled = await reconcile(payout);
    result.sent += settled.sent;
    // One message per seqno: while an earlier one may still land, a new one would only race it.
    if (settled.busy) return result;

    const next = await nextTransfers(batch);
    result.deferred += next.deferred;
    for (const transfer of next.transfers) {
      if (halt) break;
      const c = { id: transfer.rewardId };
      const to = transfer.toAddress;
      try {
        const { hash } = await payout.send(transfer, { prepared: (p) => reserve(c.id, p) });
        if (await markSent(c.id, hash)) result.sent++;
        deps.log.info({ rewardId: c.id, hash }, 'reward paid out');
      } catch (err) {
        if (!(err instanceof PayoutError)) {
          // The indexer, the network or the database failed: the next run tries again (a
          // reservation made before the failure is settled by `reconcile` first).
          deps.log.warn({ err, rewardId: c.id }, 'payout interrupted; will retry');
          result.deferred++;
          break;
        }
        if (err.kind === 'aborted') continue;
        result.deferred++;
        if (err.kind === 'not-sent') {
          deps.log.warn({ rewardId: c.id, reason: err.message }, 'payout not sent; will retry');
          await defer(c.id, err.message, to);
          continue;
        }
        if ((err.kind === 'failed' || err.kind === 'lost') && err.prepared) {
          await release(c.id, err.prepared.messageHash, err.message);
          continue;
        }
        // Unconfirmed: it may still land; the next run checks before sending anything else.
        deps.log.warn({ rewardId: c.id, reason: err.message }, 'payout unconfirmed; checking next run');
        break;
      }
    }
    return result;
  }

  /** One pass; overlapping calls in this process share the pass under way. */
  function runOnce(): Promise<PayoutRunResult> {
    running ??= runOnceInner().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void runOnce()
        .catch((err: unknown) => deps.log.error({ err }, 'payout run failed'))
        .finally(schedule);
    }, intervalMs);
    timer.unref?.();
  }

  return {
    /** whether claims are sent (a payout wallet is configured) */
    enabled: deps.payout !== null,
    walletAddress: deps.payout?.walletAddress ?? null,
    runOnce,

    /** Starts the timer (call on the leader only). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      halt = false;
      schedule();
    },

    /** Stops the timer and waits for a pass under way. */
    async stop(): Promise<void> {
      stopped = true;
      halt = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },

    /** GET /rewards/payouts: whether claims are being sent, and from which wallet. */
    register(app: App): void {
      app.get(
        `${API_PREFIX}/rewards/payouts`,
        { schema: { response: { 200: payoutStatusResponse } }, config: { auth: 'none' } },
        async () => ({
          enabled: deps.payout !== null,
          wallet: deps.payout
            ? toFriendlyAddress(deps.payout.walletAddress, {
                bounceable: false,
                testOnly: deps.testOnly ?? false,
              })
            : null,
        }),
      );
    },
  };
}

export type PayoutJob = ReturnType<typeof createPayoutJob>;
