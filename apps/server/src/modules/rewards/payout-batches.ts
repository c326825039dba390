/**
 * The batch half of the payout job (highload wallet v3), exactly once:
 *   1. build the messages of up to `maxMessages` claims, take the next query_id from
 *      payout_batch_seq, sign;
 *   2. in ONE transaction record the batch (query_id, created_at, timeout, the signed BoC) and
 *      put each claim into it (reward_payouts.batch_id, only if it is in no batch);
 *   3. send the BoC; then, and on every later run until settled, ask the indexer:
 *      landed → the claims whose message the wallet sent become 'success', the others are freed;
 *      lost (created_at + timeout passed unseen) → all are freed for a new batch;
 *      waiting → the SAME BoC is sent again (the wallet refuses a query_id it has seen).
 * A crash between 2 and 3 leaves a 'recorded' batch, sent on the next run.
 */
import type { Database } from '../../db/client.ts';
import { type BatchPayoutService, batchKey } from '../../integrations/ton/batch-payout.ts';
import { highloadQueryId } from '../../integrations/ton/highload.ts';
import type { PayoutTransfer } from '../../integrations/ton/payout.ts';
import type { PayoutJobLog } from './payouts.ts';
import type { BatchRow } from './store.ts';
import * as store from './store.ts';

export interface BatchRunnerDeps {
  db: Pick<Database, 'query' | 'transaction'>;
  service: BatchPayoutService;
  log: PayoutJobLog;
  now: () => number;
  retryMs: number;
  /** an unconfirmed batch is sent again at most this often */
  resendMs?: number;
  /** created_at is signed this far in the past: the chain's clock may lag ours */
  createdAtLagSeconds?: number;
  /** rewards become 'success' with this transaction hash */
  markSent(rewardId: number, hash: string): Promise<boolean>;
  /** a reward that cannot go now, tried again after retryMs */
  defer(rewardId: number, error: string, toAddress: string | null): Promise<void>;
}

export class BatchTakenError extends Error {
  override name = 'BatchTakenError';
}

export function createBatchRunner(deps: BatchRunnerDeps) {
  const { db, service } = deps;
  const resendMs = deps.resendMs ?? 30_000;
  const lag = deps.createdAtLagSeconds ?? 30;

  /** Frees rewards of a batch (all, or those given) for a later batch. */
  async function release(batchId: number, error: string, rewardIds: number[] | null): Promise<void> {
    await store.releaseBatch(db, batchId, error.slice(0, 500), deps.now() + deps.retryMs, rewardIds);
  }

  async function closeBatch(
    batchId: number,
    state: 'confirmed' | 'lost',
    hash: string | null,
    error: string | null,
  ) {
    await store.closeBatch(db, batchId, state, hash, error);
  }

  async function submit(b: Pick<BatchRow, 'id' | 'boc'>): Promise<void> {
    const id = Number(b.id);
    let error: string | null = null;
    try {
      await service.submit(b.boc);
    } catch (err) {
      // Refused or unreachable: it may still have gone out; the indexer decides on a later run.
      error = (err as Error).message.slice(0, 500);
      deps.log.warn({ batchId: id, reason: error }, 'payout batch not accepted; sending again later');
    }
    await store.recordBatchSend(db, id, deps.now(), error);
  }

  /** Checks an open batch with the indexer; returns the rewards it paid. */
  async function settle(b: BatchRow, justSent = false): Promise<number> {
    const id = Number(b.id);
    const seen = await service.check({
      messageHash: b.message_hash,
      rawHash: b.raw_hash,
      createdAt: Number(b.created_at),
      timeout: b.timeout,
    });
    if (seen.state === 'waiting') {
      const last = b.last_sent_at === null ? null : Number(b.last_sent_at);
      if (justSent || !(b.state === 'recorded' || last === null || deps.now() - last >= resendMs)) return 0;
      await submit(b);
      // A quick indexer shows it at once.
      return settle({ ...b, state: 'sent', last_sent_at: String(deps.now()) }, true);
    }
    if (seen.state === 'lost') {
      deps.log.warn({ batchId: id }, 'payout batch expired unseen; its rewards go into a new batch');
      await release(id, 'the batch expired unseen', null);
      await closeBatch(id, 'lost', null, 'expired unseen');
      return 0;
    }
    const items = await store.unpaidBatchItems(db, id);
    // Each sent message pays one reward whose destination and body match it.
    const left = new Map<string, number>();
    for (const k of seen.sent) left.set(k, (left.get(k) ?? 0) + 1);
    const paid: number[] = [];
    const unsent: number[] = [];
    for (const it of items) {
      const k = batchKey(it.destination, it.body_hash);
      const n = left.get(k) ?? 0;
      if (n > 0) {
        left.set(k, n - 1);
        paid.push(Number(it.reward_id));
      } else unsent.push(Number(it.reward_id));
    }
    let sent = 0;
    for (const rewardId of paid) if (await deps.markSent(rewardId, seen.hash)) sent++;
    const unmatched = [...left.values()].reduce((a, n) => a + n, 0);
    if (unsent.length > 0 && unmatched > 0) {
      // The wallet sent messages we cannot pair with these rewards: never risk paying twice.
      deps.log.error({ batchId: id, rewardIds: unsent }, 'payout batch landed with unmatched messages; held');
      await closeBatch(id, 'confirmed', seen.hash, `held: ${unsent.length} rewards unmatched`);
      return sent;
    }
    if (unsent.length > 0) {
      deps.log.warn(
        { batchId: id, rewardIds: unsent },
        'payout batch landed without some messages; retrying them',
      );
      await release(id, 'the wallet did not send this message (funds?)', unsent);
    }
    await closeBatch(id, 'confirmed', seen.hash, null);
    deps.log.info({ batchId: id, paid: paid.length, hash: seen.hash }, 'payout batch confirmed');
    return sent;
  }

  async function openBatches(): Promise<BatchRow[]> {
    return store.openBatches(db, service.walletAddress);
  }

  return {
    /** Settles the batches of earlier runs; returns the rewards they paid. */
    async reconcile(): Promise<number> {
      let sent = 0;
      for (const b of await openBatches()) sent += await settle(b);
      return sent;
    },

    /**
     * Builds, records, sends and (if the indexer is quick) confirms one batch of these claims.
     * Returns the rewards paid and those deferred.
     */
    async sendBatch(
      transfers: PayoutTransfer[],
    ): Promise<{ sent: number; deferred: number; batched: number }> {
      const built = await service.build(transfers);
      const toOf = new Map(transfers.map((t) => [t.rewardId, t.toAddress]));
      for (const r of built.refused) {
        deps.log.warn({ rewardId: r.rewardId, reason: r.reason }, 'payout not batched; will retry');
        await deps.defer(r.rewardId, r.reason, toOf.get(r.rewardId) ?? null);
      }
      const result = { sent: 0, deferred: built.refused.length, batched: 0 };
      if (built.messages.length === 0) return result;

      const id = await store.nextBatchId(db);
      const createdAt = Math.floor(deps.now() / 1000) - lag;
      const signed = service.sign(built.messages, {
        queryId: highloadQueryId(id),
        createdAt,
        active: built.active,
      });
      try {
        await db.transaction(async (tx) => {
          await store.insertBatch(tx, {
            id,
            wallet: service.walletAddress,
            queryId: signed.queryId,
            createdAt,
            timeout: service.timeout,
            boc: signed.boc,
            messageHash: signed.normalizedHash,
            rawHash: signed.messageHash,
          });
          for (const m of built.messages) {
            const won =
              (await store.lockPendingClaim(tx, m.rewardId)) && (await store.batchPayout(tx, m, id));
            if (!won) throw new BatchTakenError(`reward ${m.rewardId} is no longer waiting`);
          }
        });
      } catch (err) {
        // Nothing was sent: another sender took a reward, or the database failed. Next run rebuilds.
        if (err instanceof BatchTakenError) {
          deps.log.warn({ batchId: id, reason: err.message }, 'payout batch dropped before sending');
          return result;
        }
        throw err;
      }
      result.batched = built.messages.length;
      // Recorded: now it may go out. `settle` sends it (it is 'recorded') and looks for it once.
      const row = await store.openBatch(db, service.walletAddress, id);
      if (row) result.sent += await settle(row);
      return result;
    },
  };
}

export type BatchRunner = ReturnType<typeof createBatchRunner>;
