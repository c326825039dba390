/** SQL state of the TON watcher: where each stream stopped, and every transfer already judged. */
import type { Database } from '../../db/client.ts';

export interface TonWatchCursor {
  lt: bigint;
  utime: number;
}

export type TonPaymentOutcome =
  | 'fulfilled'
  | 'duplicate'
  | 'rejected'
  | 'underpaid'
  | 'wrong_currency'
  | 'unknown_memo'
  | 'no_memo'
  | 'bounced'
  | 'aborted'
  /** a jetton transfer notification from a wallet no currency's master vouches for */
  | 'forged'
  /** a wallet-verification transfer from the wallet it names: the wallet is verified */
  | 'verified'
  /** a wallet-verification memo sent from another wallet (or as a jetton): proves nothing */
  | 'wrong_sender';

export interface TonPaymentRecord {
  hash: string;
  kind: 'ton' | 'jetton';
  lt: bigint;
  utime: number;
  sender: string;
  jettonMaster: string | null;
  amount: bigint;
  memo: string | null;
  orderId: string | null;
  outcome: TonPaymentOutcome;
}

export interface TonWatchStore {
  cursor(stream: string): Promise<TonWatchCursor | null>;
  /** Moves the cursor forward only: a stale writer never rewinds it. */
  saveCursor(stream: string, cursor: TonWatchCursor): Promise<void>;
  /** True when this transaction was judged before. */
  seen(hash: string): Promise<boolean>;
  record(r: TonPaymentRecord): Promise<void>;
}

export function createTonWatchStore(db: Pick<Database, 'query'>): TonWatchStore {
  return {
    async cursor(stream) {
      const rows = await db.query<{ lt: string; utime: string }>(
        'SELECT lt::text AS lt, utime::text AS utime FROM ton_watch_cursors WHERE stream = $1',
        [stream],
      );
      const r = rows[0];
      return r ? { lt: BigInt(r.lt), utime: Number(r.utime) } : null;
    },

    async saveCursor(stream, c) {
      await db.query(
        `INSERT INTO ton_watch_cursors (stream, lt, utime, updated_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (stream) DO UPDATE SET lt = GREATEST(ton_watch_cursors.lt, EXCLUDED.lt),
           utime = GREATEST(ton_watch_cursors.utime, EXCLUDED.utime), updated_at = now()`,
        [stream, c.lt.toString(), c.utime],
      );
    },

    async seen(hash) {
      const rows = await db.query('SELECT 1 FROM ton_payments WHERE tx_hash = $1', [hash]);
      return rows.length > 0;
    },

    async record(r) {
      await db.query(
        `INSERT INTO ton_payments (tx_hash, kind, lt, utime, sender, jetton_master, amount_units, memo,
           order_id, outcome)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (tx_hash) DO NOTHING`,
        [
          r.hash,
          r.kind,
          r.lt.toString(),
          r.utime,
          r.sender,
          r.jettonMaster,
          r.amount.toString(),
          // Text columns refuse NUL; a comment is kept for support, so control characters go.
          r.memo === null ? null : r.memo.replace(/\p{Cc}/gu, '').slice(0, 256),
          r.orderId,
          r.outcome,
        ],
      );
    },
  };
}

// ── ton_orders: the TON invoices of shop orders ──

export interface TonOrderRecord {
  memo: string;
  orderId: string;
  userId: number;
  currencyId: number;
  amountUnits: string;
  buyerWallet: string | null;
  payTo: string;
  jettonMaster: string | null;
  validUntil: string;
  createdAt: string;
}

export async function insertTonOrder(q: Pick<Database, 'query'>, o: TonOrderRecord): Promise<void> {
  await q.query(
    `INSERT INTO ton_orders (memo, order_id, user_id, currency_id, amount_units, buyer_wallet, pay_to,
           jetton_master, valid_until, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      o.memo,
      o.orderId,
      o.userId,
      o.currencyId,
      o.amountUnits,
      o.buyerWallet,
      o.payTo,
      o.jettonMaster,
      o.validUntil,
      o.createdAt,
    ],
  );
}

export interface TonOrderRow {
  order_id: string;
  user_id: number | string;
  memo: string;
  currency_id: number;
  amount_units: string;
  status: string;
}

export async function tonOrderByMemo(
  q: Pick<Database, 'query'>,
  memo: string,
): Promise<TonOrderRow | undefined> {
  const rows = await q.query<TonOrderRow>(
    `SELECT order_id, user_id, memo, currency_id, amount_units::text AS amount_units, status
         FROM ton_orders WHERE memo = $1`,
    [memo],
  );
  return rows[0];
}

/** A pending order becomes paid by the transfer `hash`. */
export async function markTonOrderPaid(
  q: Pick<Database, 'query'>,
  memo: string,
  hash: string,
  at: string,
): Promise<void> {
  await q.query(
    `UPDATE ton_orders SET status = 'paid', payment_hash = $2, settled_at = $3
           WHERE memo = $1 AND status = 'pending'`,
    [memo, hash, at],
  );
}

// ── ton_wallet_verifications: transfers that verify a player's wallet ──

export interface WalletVerificationRecord {
  memo: string;
  userId: number;
  /** raw address of the wallet the transfer must come from */
  wallet: string;
  amountUnits: string;
  validUntil: string;
  createdAt: string;
}

export async function insertWalletVerification(
  q: Pick<Database, 'query'>,
  v: WalletVerificationRecord,
): Promise<void> {
  await q.query(
    `INSERT INTO ton_wallet_verifications (memo, user_id, wallet, amount_units, valid_until, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
    [v.memo, v.userId, v.wallet, v.amountUnits, v.validUntil, v.createdAt],
  );
}

export interface WalletVerificationRow {
  memo: string;
  user_id: number | string;
  wallet: string;
  amount_units: string;
  status: string;
}

export async function walletVerificationByMemo(
  q: Pick<Database, 'query'>,
  memo: string,
): Promise<WalletVerificationRow | undefined> {
  const rows = await q.query<WalletVerificationRow>(
    `SELECT memo, user_id, wallet, amount_units::text AS amount_units, status
         FROM ton_wallet_verifications WHERE memo = $1`,
    [memo],
  );
  return rows[0];
}

/** A pending verification is done by the transfer `hash`; false when it was done before. */
export async function markWalletVerified(
  q: Pick<Database, 'query'>,
  memo: string,
  hash: string,
  at: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE ton_wallet_verifications SET status = 'verified', tx_hash = $2, verified_at = $3
           WHERE memo = $1 AND status = 'pending' RETURNING memo`,
    [memo, hash, at],
  );
  return rows.length > 0;
}
