/**
 * Background job: moves drawings from 'minting' to 'minted' once their mint is seen on chain,
 * through the toncenter v3 API (`transactionsByMessage`, the payouts' client):
 *  1. the player's wallet took the external message it reported (found by the message's hash) and
 *     sent the mint message to the collection;
 *  2. the collection's transaction that took that message (found by the out message's hash) did
 *     not abort: the item is minted; its hash is kept for the explorer link.
 * A wallet transaction that aborted or sent nothing to the collection, or a collection that
 * refused the mint, puts the drawing back to 'approved' (the player may mint again); so does a
 * message not seen on chain after its valid_until and a grace (the wallet never sent it, it
 * cannot land any more). Otherwise it waits for the next poll.
 * Run it on one instance only (the cluster leader).
 */

import type { Sql } from '../../db/client.ts';
import { normalizeTonAddress } from '../../integrations/ton/address.ts';
import { normalizeTxHash } from '../../integrations/ton/indexer.ts';
import {
  type ToncenterApi,
  type ToncenterTx,
  toncenterTxSchema,
} from '../../integrations/ton/toncenter-api.ts';
import { createPollLoop } from '../../lib/poll-loop.ts';
import { MINT_VALID_SECONDS } from './mint.ts';
import * as store from './store.ts';

export interface NftWatcherLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface NftWatcherDeps {
  db: Pick<Sql, 'query'>;
  api: Pick<ToncenterApi, 'transactionsByMessage'>;
  /** the collection minted into, any spelling */
  collection: string;
  intervalMs: number;
  log: NftWatcherLog;
  /** after valid_until, how long an unseen message may still show up in the indexer, ms */
  graceMs?: number;
  /** drawings checked per poll */
  batch?: number;
  now?: () => number;
}

/** What one drawing's check found. */
export type MintCheck =
  | { state: 'minted'; tx: string }
  | { state: 'failed'; reason: string }
  | { state: 'expired' }
  | { state: 'waiting' };

export interface MintPollStats {
  checked: number;
  minted: number;
  failed: number;
  expired: number;
  waiting: number;
}

export interface NftWatcher {
  start(): void;
  /** Stops the timer and waits for a poll in progress. */
  stop(): Promise<void>;
  pollOnce(): Promise<MintPollStats>;
  check(row: store.MintingRow): Promise<MintCheck>;
}

const DEFAULT_GRACE_MS = 120_000;

function parsedTxs(raw: unknown[]): ToncenterTx[] {
  const out: ToncenterTx[] = [];
  for (const r of raw) {
    const tx = toncenterTxSchema.safeParse(r);
    if (tx.success) out.push(tx.data);
  }
  return out;
}

/** Did the transaction run to the end: not aborted, and its actions (if reported) succeeded. */
function succeeded(tx: ToncenterTx): boolean {
  return tx.description?.aborted !== true && tx.description?.action?.success !== false;
}

export function createNftWatcher(deps: NftWatcherDeps): NftWatcher {
  const collection = normalizeTonAddress(deps.collection);
  if (!collection) throw new Error('the NFT collection is not a TON address');
  const now = deps.now ?? Date.now;
  const graceMs = deps.graceMs ?? DEFAULT_GRACE_MS;
  const batch = deps.batch ?? 50;

  async function check(row: store.MintingRow): Promise<MintCheck> {
    const owner = row.mint_owner ? normalizeTonAddress(row.mint_owner) : '';
    const walletTx = parsedTxs(await deps.api.transactionsByMessage(row.mint_hash)).find(
      (tx) => !owner || normalizeTonAddress(tx.account) === owner,
    );
    if (!walletTx) {
      const deadline = row.sent_ms + MINT_VALID_SECONDS * 1000 + graceMs;
      return now() > deadline ? { state: 'expired' } : { state: 'waiting' };
    }
    if (!succeeded(walletTx)) return { state: 'failed', reason: 'the wallet transaction failed' };
    const toCollection = (walletTx.out_msgs ?? []).find(
      (m) => m.destination && normalizeTonAddress(m.destination) === collection,
    );
    if (!toCollection?.hash) {
      return { state: 'failed', reason: 'the wallet sent nothing to the collection' };
    }
    const collectionTx = parsedTxs(await deps.api.transactionsByMessage(toCollection.hash)).find(
      (tx) => normalizeTonAddress(tx.account) === collection,
    );
    if (!collectionTx) return { state: 'waiting' };
    if (!succeeded(collectionTx)) return { state: 'failed', reason: 'the collection refused the mint' };
    return { state: 'minted', tx: normalizeTxHash(collectionTx.hash) };
  }

  async function pollOnce(): Promise<MintPollStats> {
    const stats: MintPollStats = { checked: 0, minted: 0, failed: 0, expired: 0, waiting: 0 };
    for (const row of await store.mintingPage(deps.db, batch)) {
      stats.checked++;
      let found: MintCheck;
      try {
        found = await check(row);
      } catch (err) {
        // The indexer's hiccup on one drawing: the others still get their turn.
        deps.log.warn({ err, nftId: row.id }, 'NFT mint check failed; retrying next interval');
        stats.waiting++;
        continue;
      }
      stats[found.state]++;
      if (found.state === 'minted') {
        if (await store.markMinted(deps.db, row.id, row.mint_hash, found.tx)) {
          deps.log.info({ nftId: row.id, approvalNo: row.approval_no, tx: found.tx }, 'NFT minted');
        }
      } else if (found.state === 'failed' || found.state === 'expired') {
        if (await store.mintLost(deps.db, row.id, row.mint_hash)) {
          deps.log.warn(
            {
              nftId: row.id,
              approvalNo: row.approval_no,
              reason: found.state === 'failed' ? found.reason : 'not seen on chain before it expired',
            },
            'NFT mint did not happen; the drawing may be minted again',
          );
        }
      }
    }
    return stats;
  }

  const loop = createPollLoop({
    intervalMs: deps.intervalMs,
    run: pollOnce,
    onError: (err) => deps.log.warn({ err }, 'NFT mint watcher poll failed; retrying next interval'),
  });

  return {
    start: loop.start,
    stop: loop.stop,
    pollOnce,
    check,
  };
}
