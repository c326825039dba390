/**
 * Payouts in batches from a Highload Wallet v3 (highload.ts), through toncenter v3. The caller
 * (the rewards module's payout-batches.ts) records each signed batch before `submit`, re-submits the
 * same BoC until `check` says it landed or is lost, and learns from `check` which of the batch's
 * messages the wallet actually sent: each is found among the sending transaction's out messages
 * by its destination and body hash.
 */
import type { MessageRelaxed } from '@ton/core';
import { normalizeTonAddress } from './address.ts';
import {
  type HighloadWalletKey,
  highloadWalletFromMnemonic,
  type SignedBatch,
  signBatch,
} from './highload.ts';
import { normalizeTxHash } from './indexer.ts';
import { HIGHLOAD_MAX_MESSAGES } from './limits.ts';
import type { PayoutTransfer } from './payout.ts';
import { jettonTransfer, tonTransfer } from './payout-wallet.ts';
import { createToncenterApi, type ToncenterApiOptions, toncenterTxSchema } from './toncenter-api.ts';

/** One reward's message, built and ready to go into a batch. */
export interface BatchMessage {
  rewardId: number;
  /** raw receiving owner */
  toAddress: string;
  /** raw address the wallet's message goes to (the receiver, or our jetton wallet) */
  destination: string;
  /** hash of the message body, lower-case hex */
  bodyHash: string;
  message: MessageRelaxed;
}

export interface BuiltBatch {
  messages: BatchMessage[];
  /** rewards that cannot go now, and why (nothing was signed for them) */
  refused: { rewardId: number; reason: string }[];
  /** whether the wallet is deployed (else the batch carries its state_init) */
  active: boolean;
}

export type BatchCheck =
  /** landed: `sent` holds `destination|bodyHash` of each message the wallet sent, in order */
  | { state: 'landed'; hash: string; sent: string[] }
  /** not seen yet, and may still land: send it again */
  | { state: 'waiting' }
  /** created_at + timeout (+ grace) passed unseen: it can never land */
  | { state: 'lost' };

export interface RecordedBatch {
  messageHash: string;
  rawHash: string;
  createdAt: number;
  timeout: number;
}

export interface BatchPayoutService {
  readonly kind: 'batch';
  /** our wallet, raw */
  readonly walletAddress: string;
  /** messages per batch at most */
  readonly maxMessages: number;
  /** the wallet's timeout, seconds */
  readonly timeout: number;
  build(transfers: PayoutTransfer[]): Promise<BuiltBatch>;
  /** Signs a batch for the n-th query id; `createdAt` is unix seconds. Pure. */
  sign(messages: BatchMessage[], p: { queryId: number; createdAt: number; active: boolean }): SignedBatch;
  /** Submits a signed batch (again); throws when toncenter refuses or cannot be reached. */
  submit(boc: string): Promise<void>;
  check(b: RecordedBatch): Promise<BatchCheck>;
}

export interface BatchPayoutOptions extends ToncenterApiOptions {
  /** what the wallet sends itself to pay the gas of the batch's actions; comes back; default 0.05 TON */
  internalValueNano?: bigint;
  /** TON attached to each jetton transfer for the jetton wallets' fees; the rest comes back */
  jettonAttachNano?: bigint;
  jettonForwardNano?: bigint;
  /** TON kept back beyond the batch for the wallet's own fees */
  feeReserveNano?: bigint;
  /** TON kept back per message for its forwarding fee; default 0.005 TON */
  messageFeeNano?: bigint;
  /** after created_at + timeout, how long the indexer may lag before a batch counts as lost */
  graceMs?: number;
  maxMessages?: number;
  now?: () => number;
}

export const batchKey = (destination: string, bodyHash: string) => `${destination}|${bodyHash}`;

export async function createHighloadPayoutService(
  opts: BatchPayoutOptions & { mnemonic: string; subwalletId?: number; timeout: number },
): Promise<BatchPayoutService> {
  const wallet = await highloadWalletFromMnemonic(opts.mnemonic, opts);
  return createBatchPayoutServiceForWallet(wallet, opts);
}

export function createBatchPayoutServiceForWallet(
  wallet: HighloadWalletKey,
  opts: BatchPayoutOptions,
): BatchPayoutService {
  const api = createToncenterApi(opts);
  const internalValue = opts.internalValueNano ?? 50_000_000n;
  const attachNano = opts.jettonAttachNano ?? 50_000_000n;
  const forwardNano = opts.jettonForwardNano ?? 1n;
  const feeReserve = opts.feeReserveNano ?? 20_000_000n;
  const messageFee = opts.messageFeeNano ?? 5_000_000n;
  const graceMs = opts.graceMs ?? 120_000;
  const maxMessages = Math.min(opts.maxMessages ?? 100, HIGHLOAD_MAX_MESSAGES);
  const now = opts.now ?? Date.now;

  const bodyHashOf = (m: MessageRelaxed) => m.body.hash().toString('hex');

  /** The wallet's transaction for a message hash, validated; null when the indexer has none. */
  async function ourTx(hash: string) {
    for (const raw of await api.transactionsByMessage(hash)) {
      const tx = toncenterTxSchema.safeParse(raw);
      if (tx.success && normalizeTonAddress(tx.data.account) === wallet.address) return tx.data;
    }
    return null;
  }

  return {
    kind: 'batch',
    walletAddress: wallet.address,
    maxMessages,
    timeout: wallet.timeout,

    async build(transfers) {
      const state = await api.walletState(wallet.address);
      let budget = state.balance - internalValue - feeReserve;
      const jettonBudget = new Map<string, { address: string; balance: bigint } | null>();
      const out: BuiltBatch = { messages: [], refused: [], active: state.active };
      for (const t of transfers.slice(0, maxMessages)) {
        const refuse = (reason: string) => out.refused.push({ rewardId: t.rewardId, reason });
        const to = normalizeTonAddress(t.toAddress);
        if (!to) {
          refuse('the receiving address is not a TON address');
          continue;
        }
        if ((t.amountNano === undefined) === (t.jetton === undefined)) {
          refuse('a payout is either TON or a jetton');
          continue;
        }
        const comment = t.comment ?? null;
        let message: MessageRelaxed;
        let destination: string;
        let needNano: bigint;
        if (t.jetton) {
          const master = normalizeTonAddress(t.jetton.master);
          if (!master) {
            refuse('the jetton master is not a TON address');
            continue;
          }
          if (t.jetton.amount <= 0n) {
            refuse('nothing to send');
            continue;
          }
          if (!jettonBudget.has(master)) {
            jettonBudget.set(master, await api.jettonWalletOf(wallet.address, master));
          }
          const jw = jettonBudget.get(master) ?? null;
          if (!jw) {
            refuse('the payout wallet holds none of this jetton');
            continue;
          }
          if (jw.balance < t.jetton.amount) {
            refuse(`the payout wallet holds ${jw.balance} of ${t.jetton.amount} units`);
            continue;
          }
          needNano = attachNano + messageFee;
          if (budget < needNano) {
            refuse(`the payout wallet holds ${state.balance} nanotons, too few`);
            continue;
          }
          jw.balance -= t.jetton.amount;
          destination = jw.address;
          message = jettonTransfer({
            ourJettonWallet: jw.address,
            ourWallet: wallet.address,
            to,
            amount: t.jetton.amount,
            queryId: BigInt(t.rewardId),
            attachNano,
            forwardTonAmount: forwardNano,
            comment,
          });
        } else {
          const nano = t.amountNano ?? 0n;
          if (nano <= 0n) {
            refuse('nothing to send');
            continue;
          }
          needNano = nano + messageFee;
          if (budget < needNano) {
            refuse(`the payout wallet holds ${state.balance} nanotons, too few`);
            continue;
          }
          destination = to;
          message = tonTransfer(to, nano, comment);
        }
        budget -= needNano;
        out.messages.push({
          rewardId: t.rewardId,
          toAddress: to,
          destination,
          bodyHash: bodyHashOf(message),
          message,
        });
      }
      return out;
    },

    sign(messages, p) {
      return signBatch(wallet, {
        queryId: p.queryId,
        createdAt: p.createdAt,
        messages: messages.map((m) => m.message),
        internalValue,
        withInit: !p.active,
      });
    },

    submit: (boc) => api.sendMessage(boc),

    async check(b) {
      let ext = await ourTx(b.messageHash);
      if (!ext && b.rawHash && b.rawHash !== b.messageHash) ext = await ourTx(b.rawHash);
      if (!ext) {
        const deadline = (b.createdAt + b.timeout) * 1000 + graceMs;
        return now() > deadline ? { state: 'lost' } : { state: 'waiting' };
      }
      // The external message only makes the wallet send itself the batch; that message's
      // transaction is the one that sends the payouts.
      const toSelf = (ext.out_msgs ?? []).find(
        (m) => m.destination && normalizeTonAddress(m.destination) === wallet.address && m.hash,
      );
      if (!toSelf?.hash) return { state: 'landed', hash: normalizeTxHash(ext.hash), sent: [] };
      const batchTx = await ourTx(toSelf.hash);
      // Landed, but the indexer has not caught up with the second transaction yet.
      if (!batchTx) return { state: 'waiting' };
      const sent = (batchTx.out_msgs ?? []).map((m) => {
        const dest = m.destination ? normalizeTonAddress(m.destination) : '';
        const body = m.message_content?.hash ? normalizeTxHash(m.message_content.hash) : '';
        return batchKey(dest, body);
      });
      return { state: 'landed', hash: normalizeTxHash(batchTx.hash), sent };
    },
  };
}
