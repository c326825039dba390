/**
 * Payouts of token rewards from our own TON wallet, through the toncenter v3 API:
 *   GET  /api/v3/walletInformation?address=…&use_v2=false   balance, seqno, status of our wallet
 *   GET  /api/v3/jetton/wallets?owner_address=…&jetton_address=…   our jetton wallet and balance
 *   POST /api/v3/message {boc}                                  submit the signed external message
 *   GET  /api/v3/transactionsByMessage?msg_hash=…&direction=in   did it land, and what did it send
 *
 * Exactly once: `send` signs a message for the wallet's current seqno and hands it to the caller's
 * `prepared` hook before submitting, so the caller records (seqno, hash, expiry) first. The wallet
 * accepts one message per seqno and none after valid_until, so a recorded message either lands or
 * is provably lost once it has expired; `check` tells which, after a restart too.
 */
import { normalizeTonAddress } from './address.ts';
import { normalizeTxHash } from './indexer.ts';
import {
  jettonTransfer,
  type PayoutWalletKey,
  payoutWalletFromMnemonic,
  signTransfer,
  tonTransfer,
} from './payout-wallet.ts';
import { createToncenterApi, toncenterTxSchema } from './toncenter-api.ts';

export interface PayoutTransfer {
  /** our reward id: the jetton transfer's query_id and the comment name it */
  rewardId: number;
  /** any address spelling */
  toAddress: string;
  /** TON in nanotons; or `jetton` */
  amountNano?: bigint;
  jetton?: { master: string; amount: bigint };
  comment?: string | null;
}

/** What the caller records before the message goes out. */
export interface PreparedPayout {
  seqno: number;
  /** unix seconds */
  validUntil: number;
  /** TEP-467 normalised message hash, lower-case hex */
  messageHash: string;
  /** hash of the message cell as sent, lower-case hex (indexers find either) */
  rawHash: string;
  /** raw address the wallet's outgoing message goes to (the receiver, or our jetton wallet) */
  destination: string;
  /** raw receiving owner */
  toAddress: string;
}

export type PayoutCheck =
  /** the wallet sent it: `hash` is the transaction, for an explorer link */
  | { state: 'landed'; hash: string }
  /** the seqno was used but nothing went out (no funds for the action): safe to send again */
  | { state: 'failed'; hash: string; reason: string }
  /** expired without landing: safe to send again */
  | { state: 'lost' }
  | { state: 'waiting' };

export type PayoutErrorKind =
  /** refused before signing (no funds, no jetton wallet): nothing went out */
  | 'not-sent'
  /** the prepared hook declined (someone else is sending it): nothing went out */
  | 'aborted'
  /** submitted, or maybe submitted, and not seen yet: `check` it later */
  | 'unconfirmed'
  /** landed without sending, or expired: nothing went out */
  | 'failed'
  | 'lost';

export class PayoutError extends Error {
  override name = 'PayoutError';
  constructor(
    readonly kind: PayoutErrorKind,
    message: string,
    readonly prepared: PreparedPayout | null = null,
  ) {
    super(message);
  }
}

export interface PayoutService {
  /** our wallet, raw */
  readonly walletAddress: string;
  /**
   * Sends one transfer and waits for it to land. `prepared` runs after signing and before
   * submitting; returning false cancels the send. Throws PayoutError when it did not land.
   */
  send(
    t: PayoutTransfer,
    hooks?: { prepared?(p: PreparedPayout): Promise<boolean> },
  ): Promise<{ hash: string }>;
  check(p: PreparedPayout): Promise<PayoutCheck>;
}

export interface TonPayoutOptions {
  /** TON_PAYOUT_MNEMONIC */
  mnemonic: string;
  /** toncenter base URL (a trailing /api/v3 is accepted) */
  baseUrl: string;
  apiKey?: string | null;
  timeoutMs?: number;
  /** how long a signed message stays valid; default 120 s */
  validitySeconds?: number;
  /** after expiry, how long the indexer may still lag before a missing message counts as lost */
  graceMs?: number;
  /** how long `send` waits for the message to land before leaving it to `check` */
  confirmTimeoutMs?: number;
  pollMs?: number;
  /** TON attached to a jetton transfer for the jetton wallets' fees; the rest comes back */
  jettonAttachNano?: bigint;
  /** nanotons forwarded to the receiver with the transfer notification (1 makes wallets show it) */
  jettonForwardNano?: bigint;
  /** TON kept back beyond the transfer for our wallet's own fee */
  feeReserveNano?: bigint;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export async function createTonPayoutService(opts: TonPayoutOptions): Promise<PayoutService> {
  const wallet = await payoutWalletFromMnemonic(opts.mnemonic);
  return createPayoutServiceForWallet(wallet, opts);
}

/** The service around an already derived wallet (tests build one from a fresh key). */
export function createPayoutServiceForWallet(
  wallet: PayoutWalletKey,
  opts: Omit<TonPayoutOptions, 'mnemonic'>,
): PayoutService {
  const validity = opts.validitySeconds ?? 120;
  const graceMs = opts.graceMs ?? 120_000;
  const confirmTimeoutMs = opts.confirmTimeoutMs ?? 60_000;
  const pollMs = opts.pollMs ?? 3_000;
  const attachNano = opts.jettonAttachNano ?? 50_000_000n;
  const forwardNano = opts.jettonForwardNano ?? 1n;
  const feeReserve = opts.feeReserveNano ?? 20_000_000n;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  const api = createToncenterApi(opts);

  async function check(p: PreparedPayout): Promise<PayoutCheck> {
    let found = await api.transactionsByMessage(p.messageHash);
    if (found.length === 0 && p.rawHash && p.rawHash !== p.messageHash)
      found = await api.transactionsByMessage(p.rawHash);
    for (const raw of found) {
      const tx = toncenterTxSchema.safeParse(raw);
      if (!tx.success || normalizeTonAddress(tx.data.account) !== wallet.address) continue;
      const hash = normalizeTxHash(tx.data.hash);
      const sent = (tx.data.out_msgs ?? []).some(
        (m) => m.destination && normalizeTonAddress(m.destination) === p.destination,
      );
      if (sent) return { state: 'landed', hash };
      return { state: 'failed', hash, reason: 'the wallet accepted the message but sent nothing' };
    }
    return now() > p.validUntil * 1000 + graceMs ? { state: 'lost' } : { state: 'waiting' };
  }

  return {
    walletAddress: wallet.address,
    check,

    async send(t, hooks = {}) {
      const to = normalizeTonAddress(t.toAddress);
      if (!to) throw new PayoutError('not-sent', 'the receiving address is not a TON address');
      if ((t.amountNano === undefined) === (t.jetton === undefined)) {
        throw new PayoutError('not-sent', 'a payout is either TON or a jetton');
      }
      const comment = t.comment ?? null;
      const state = await api.walletState(wallet.address);
      let message: ReturnType<typeof tonTransfer>;
      let destination: string;
      let needNano: bigint;
      if (t.jetton) {
        const master = normalizeTonAddress(t.jetton.master);
        if (!master) throw new PayoutError('not-sent', 'the jetton master is not a TON address');
        if (t.jetton.amount <= 0n) throw new PayoutError('not-sent', 'nothing to send');
        const jw = await api.jettonWalletOf(wallet.address, master);
        if (!jw) throw new PayoutError('not-sent', 'the payout wallet holds none of this jetton');
        if (jw.balance < t.jetton.amount) {
          throw new PayoutError(
            'not-sent',
            `the payout wallet holds ${jw.balance} of ${t.jetton.amount} units`,
          );
        }
        destination = jw.address;
        needNano = attachNano;
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
        if (nano <= 0n) throw new PayoutError('not-sent', 'nothing to send');
        destination = to;
        needNano = nano;
        message = tonTransfer(to, nano, comment);
      }
      if (state.balance < needNano + feeReserve) {
        throw new PayoutError('not-sent', `the payout wallet holds ${state.balance} nanotons, too few`);
      }

      const signed = signTransfer(wallet, {
        seqno: state.seqno,
        validUntil: Math.floor(now() / 1000) + validity,
        message,
        withInit: !state.active,
      });
      const prepared: PreparedPayout = {
        seqno: signed.seqno,
        validUntil: signed.validUntil,
        messageHash: signed.normalizedHash,
        rawHash: signed.messageHash,
        destination,
        toAddress: to,
      };
      if (hooks.prepared && !(await hooks.prepared(prepared))) {
        throw new PayoutError('aborted', 'another sender has this payout', prepared);
      }

      try {
        // The answer echoes the hashes; ours were recorded already, and `check` finds either.
        await api.sendMessage(signed.boc);
      } catch (err) {
        // Refused or not: the message may be out there. Only `check` can say, once it expires.
        throw new PayoutError('unconfirmed', (err as Error).message, prepared);
      }

      const deadline = now() + confirmTimeoutMs;
      for (;;) {
        const seen = await check(prepared).catch(() => ({ state: 'waiting' }) as const);
        if (seen.state === 'landed') return { hash: seen.hash };
        if (seen.state === 'failed') throw new PayoutError('failed', seen.reason, prepared);
        if (seen.state === 'lost') throw new PayoutError('lost', 'the message expired unseen', prepared);
        if (now() >= deadline) throw new PayoutError('unconfirmed', 'not seen on chain yet', prepared);
        await sleep(pollMs);
      }
    },
  };
}
