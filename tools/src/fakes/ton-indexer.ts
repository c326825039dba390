/**
 * A local stand-in for the toncenter v3 indexer, speaking the same HTTP for the calls the server
 * makes: `GET /api/v3/transactions` and `GET /api/v3/jetton/transfers` (filters, lt/utime bounds,
 * limit, offset, sort; hashes in base64 and addresses raw upper-case, as toncenter prints them).
 * Transfers are added through a control API, in-process or over HTTP:
 *   POST /_fake/ton-transfers     {from, to, nanotons, comment?, bounced?, aborted?}
 *   POST /_fake/jetton-transfers  {from, to, jettonMaster, amount, comment?, aborted?, forged?}
 *   POST /_fake/reset
 * `POST /api/v3/runGetMethod` answers a master's `get_wallet_address` with the wallet it derives.
 * A jetton transfer also adds the transfer_notification transaction the receiving wallet gets
 * (0.01 TON with the TEP-74 body: amount, sender, comment) from the receiver's jetton wallet, as on
 * chain; a `forged` one comes from another contract instead.
 *
 * Payouts: it plays the payout wallet too. `POST /api/v3/message` takes a signed v4R2 external
 * message and accepts it the way the wallet would (deploying state_init on the first one, the
 * signature, subwallet, expiry and seqno checked, refused otherwise), then records the wallet's
 * transaction with its out messages (findable by `GET /api/v3/transactionsByMessage`). A Highload
 * Wallet v3 message is accepted as that contract would (signature, subwallet, timeout, created_at
 * within the timeout, a query_id not executed before: refused otherwise); its transaction sends the
 * wallet the batch, and a second transaction (found by that message's hash) sends the batch's
 * messages, each listed with its body hash. For either, it takes the
 * TON from the wallet's balance, moves jettons for a TEP-74 transfer, and lists the decoded
 * payout in `sent`. `GET /api/v3/walletInformation` and `GET /api/v3/jetton/wallets` answer for
 * it. Balances come from the control API:
 *   POST /_fake/wallets          {address, nanotons}           credit TON to a wallet
 *   POST /_fake/jetton-balances  {owner, jettonMaster, amount} credit jettons to an owner
 *   GET  /_fake/sent             the payouts accepted so far
 *
 * A wallet's message to another account lands there as that account's transaction, whose in_msg
 * hash is the wallet's out message hash (so `transactionsByMessage` follows a trace, as on
 * chain); an account set to refuse (`refuseIncoming`, or `POST /_fake/refusing {address}`) aborts
 * every message it gets, as a contract that throws, and a bounceable one's value goes back.
 *
 * Get-methods: `POST /api/v3/runGetMethod {address, method, stack}` answers what was set for that
 * account (exit code 11, as TVM answers an unknown method, for one it does not have; HTTP 500 for
 * an account with none set, as for an inactive one):
 *   POST /_fake/get-methods  {address, method, stack?: [{type, value}], exitCode?}
 *
 * CLI for the local demo: node --import tsx tools/src/fakes/ton-indexer.ts [--port 8091] [--api-key K]
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { Address, beginCell, Cell } from '@ton/core';
import { normalizeTonAddress } from '../../../apps/server/src/integrations/ton/address.ts';
import { commentBoc } from '../../../apps/server/src/integrations/ton/comment.ts';
import {
  type DecodedHighloadMessage,
  decodeHighloadExternal,
  HIGHLOAD_INTERNAL_TRANSFER_OP,
  highloadData,
  highloadSignatureHolds,
  isHighloadInit,
} from '../../../apps/server/src/integrations/ton/highload.ts';
import {
  type DecodedOutMessage,
  type DecodedWalletMessage,
  decodeOutMessage,
  decodeWalletExternal,
  publicKeyOfWalletData,
  signatureHolds,
} from '../../../apps/server/src/integrations/ton/payout-decode.ts';
import { V4_SUBWALLET_ID } from '../../../apps/server/src/integrations/ton/payout-wallet.ts';
import { argValue, closeServer, listen, runStandalone } from './serve.ts';

export interface AddTonTransfer {
  from: string;
  to: string;
  nanotons: bigint | number | string;
  comment?: string | null;
  /** the message is a bounce coming back */
  bounced?: boolean;
  /** the receiving transaction aborted (with bounce set, the value went back) */
  aborted?: boolean;
  bounce?: boolean;
  /** unix seconds; default the fake's clock */
  utime?: number;
}

export interface AddJettonTransfer {
  from: string;
  to: string;
  jettonMaster: string;
  amount: bigint | number | string;
  comment?: string | null;
  aborted?: boolean;
  utime?: number;
  /**
   * A forged jetton: a contract that names `jettonMaster` but is not the receiver's jetton wallet
   * sends the notification. The jetton transfer lists show the master all the same.
   */
  forged?: boolean;
}

export interface AddedTransaction {
  /** base64, as toncenter prints it */
  hash: string;
  /** the same, lower-case hex (what the server stores) */
  hashHex: string;
  lt: string;
  /** for a jetton transfer: the transfer_notification transaction the receiving owner got */
  notification?: AddedTransaction;
}

/** A payout the fake accepted from a wallet, decoded. */
export interface SentPayout {
  /** raw sending wallet */
  wallet: string;
  seqno: number;
  /** raw receiving owner: the TON receiver, or the jetton transfer's destination */
  to: string;
  /** TON sent to `to`; for a jetton transfer, the TON attached to our jetton wallet */
  nanotons: string;
  /** raw jetton master for a jetton transfer, else null */
  jettonMaster: string | null;
  /** jetton units for a jetton transfer, else null */
  jettonAmount: string | null;
  queryId: string | null;
  comment: string | null;
  /** the wallet's transaction, lower-case hex */
  txHash: string;
  /** normalised external message hash, lower-case hex */
  messageHash: string;
}

export interface FakeTonIndexer {
  /** base URL to configure as TON_INDEXER_URL */
  url: string;
  addTonTransfer(t: AddTonTransfer): AddedTransaction;
  addJettonTransfer(t: AddJettonTransfer): AddedTransaction;
  /** credits TON to a wallet (the payout wallet needs some before it can send) */
  fundWallet(address: string, nanotons: bigint | number | string): void;
  /** sets a wallet's TON balance (a wallet that spent its funds elsewhere) */
  setBalance(address: string, nanotons: bigint | number | string): void;
  /** credits jettons to an owner's jetton wallet */
  fundJetton(owner: string, jettonMaster: string, amount: bigint | number | string): void;
  /** payouts accepted from wallets, in order */
  sent: SentPayout[];
  /** a wallet's seqno (0 before its first message) */
  seqnoOf(address: string): number;
  /** from now on, messages to this account abort (a contract that throws), bouncing their value */
  refuseIncoming(address: string): void;
  /** what `runGetMethod` answers for this account's method (exit code 0 unless given) */
  setGetMethod(address: string, method: string, result: GetMethodAnswer): void;
  /** requests served, by path (for tests) */
  requests: string[];
  reset(): void;
  close(): Promise<void>;
}

export interface GetMethodAnswer {
  stack?: { type: string; value: string }[];
  exitCode?: number;
}

/** A message a wallet's transaction sent. */
interface OutRecord {
  destination: string;
  value: bigint;
  /** the message's hash, when something finds it (a highload wallet's message to itself) */
  hash?: Buffer;
  bodyHash?: Buffer;
}

interface TxRecord {
  account: string;
  hash: Buffer;
  lt: bigint;
  now: number;
  /** for a wallet's own (external) message: its hashes and what it sent */
  external?: { hash: Buffer; hashNorm: Buffer; out: OutRecord[] };
  /** a highload wallet's batch: the message it sent itself came in, the batch went out */
  batch?: { inHash: Buffer; out: OutRecord[] };
  /** a wallet's message that arrived: its hash, as the sender's out_msgs list it */
  inHash?: Buffer;
  inMsg: {
    source: string;
    destination: string;
    value: bigint;
    opcode: string | null;
    body: string | null;
    comment: string | null;
    bounce: boolean;
    bounced: boolean;
  };
  aborted: boolean;
}

interface JettonRecord {
  from: string;
  to: string;
  sourceWallet: string;
  master: string;
  amount: bigint;
  hash: Buffer;
  lt: bigint;
  now: number;
  aborted: boolean;
  comment: string | null;
}

const JETTON_NOTIFY_OP = '0x7362d09c';
const FORWARD_TON = 10_000_000n;
/** What the fake charges a wallet per external message it accepts. */
const WALLET_FEE = 2_000_000n;

function upperRaw(raw: string): string {
  const [wc, hex] = raw.split(':');
  return `${wc}:${(hex ?? '').toUpperCase()}`;
}

function mustAddress(value: string, what: string): string {
  const raw = normalizeTonAddress(value);
  if (!raw) throw new Error(`${what} is not a TON address: ${value}`);
  return raw;
}

function units(value: bigint | number | string, what: string): bigint {
  const v = typeof value === 'bigint' ? value : BigInt(value);
  if (v < 0n) throw new Error(`${what} must not be negative`);
  return v;
}

/** The TEP-74 transfer_notification body a jetton wallet sends its owner, base64 BoC. */
function notificationBoc(amount: bigint, sender: string, comment: string | null): string {
  const b = beginCell()
    .storeUint(0x7362d09c, 32)
    .storeUint(0, 64)
    .storeCoins(amount)
    .storeAddress(Address.parseRaw(sender));
  if (comment === null) b.storeBit(0);
  else b.storeBit(1).storeRef(beginCell().storeUint(0, 32).storeStringTail(comment).endCell());
  return b.endCell().toBoc().toString('base64');
}

/** The owner address in a get-method's slice argument (base64 BoC), raw, or null. */
function addressOfSlice(boc: string): string | null {
  try {
    return normalizeTonAddress(
      Cell.fromBoc(Buffer.from(boc, 'base64'))[0]!.beginParse().loadAddress().toRawString(),
    );
  } catch {
    return null;
  }
}

/** A stable, unique-looking address for someone's jetton wallet (not the real derivation). */
function derivedWallet(owner: string, master: string): string {
  return `0:${createHash('sha256').update(`${owner}|${master}`).digest('hex')}`;
}

export async function startFakeTonIndexer(
  opts: { port?: number; host?: string; apiKey?: string | null; now?: () => number } = {},
): Promise<FakeTonIndexer> {
  const now = opts.now ?? Date.now;
  let txs: TxRecord[] = [];
  let jettons: JettonRecord[] = [];
  let nextLt = 50_000_000_000_000n;
  let seq = 0;
  const requests: string[] = [];
  interface FakeWallet {
    seqno: number;
    publicKey: Buffer | null;
    balance: bigint;
    /** set for a highload v3 wallet: query ids it executed, with when */
    highload?: { subwalletId: number; timeout: number; processed: Map<number, number> } | null;
  }
  const wallets = new Map<string, FakeWallet>();
  /** jetton units by `${owner}|${master}` */
  const jettonBalances = new Map<string, bigint>();
  /** jetton wallet address → whose and of which jetton */
  const jettonWallets = new Map<string, { owner: string; master: string }>();
  const sent: SentPayout[] = [];
  /** get-method answers by account, then method name */
  const getMethods = new Map<string, Map<string, GetMethodAnswer>>();

  function setGetMethod(address: string, method: string, result: GetMethodAnswer): void {
    const raw = mustAddress(address, 'address');
    let methods = getMethods.get(raw);
    if (!methods) {
      methods = new Map();
      getMethods.set(raw, methods);
    }
    methods.set(method, result);
  }

  function runGetMethod(body: unknown) {
    const b = (body ?? {}) as { address?: unknown; method?: unknown; stack?: unknown };
    const raw = typeof b.address === 'string' ? normalizeTonAddress(b.address) : '';
    if (!raw) throw new HttpError(422, 'address is required and must be an address');
    if (typeof b.method !== 'string' || !b.method) throw new HttpError(422, 'method is required');
    if (!Array.isArray(b.stack)) throw new HttpError(422, 'stack is required');
    const methods = getMethods.get(raw);
    if (!methods) throw new HttpError(500, 'LITE_SERVER_UNKNOWN: cannot run any methods on inactive account');
    const answer = methods.get(b.method);
    if (!answer) return { gas_used: 0, exit_code: 11, stack: [] };
    return { gas_used: 1000, exit_code: answer.exitCode ?? 0, stack: answer.stack ?? [] };
  }

  const newHash = () => createHash('sha256').update(`fake-tx-${++seq}-${now()}`).digest();
  const takeLt = () => {
    nextLt += 1000n;
    return nextLt;
  };
  const clock = () => Math.floor(now() / 1000);
  const added = (hash: Buffer, lt: bigint): AddedTransaction => ({
    hash: hash.toString('base64'),
    hashHex: hash.toString('hex'),
    lt: lt.toString(),
  });

  /** accounts whose incoming messages abort */
  const refusing = new Set<string>();

  function addTonTransfer(t: AddTonTransfer, inHash?: Buffer): AddedTransaction {
    const rec: TxRecord = {
      account: mustAddress(t.to, 'to'),
      hash: newHash(),
      lt: takeLt(),
      now: t.utime ?? clock(),
      inMsg: {
        source: mustAddress(t.from, 'from'),
        destination: mustAddress(t.to, 'to'),
        value: units(t.nanotons, 'nanotons'),
        opcode: t.comment == null ? null : '0x00000000',
        body: t.comment == null ? null : commentBoc(t.comment),
        comment: t.comment ?? null,
        bounce: t.bounce ?? false,
        bounced: t.bounced ?? false,
      },
      aborted: t.aborted ?? false,
      ...(inHash ? { inHash } : {}),
    };
    txs.push(rec);
    return added(rec.hash, rec.lt);
  }

  function addJettonTransfer(t: AddJettonTransfer): AddedTransaction {
    const from = mustAddress(t.from, 'from');
    const to = mustAddress(t.to, 'to');
    const master = mustAddress(t.jettonMaster, 'jettonMaster');
    const rec: JettonRecord = {
      from,
      to,
      sourceWallet: derivedWallet(from, master),
      master,
      amount: units(t.amount, 'amount'),
      hash: newHash(),
      lt: takeLt(),
      now: t.utime ?? clock(),
      aborted: t.aborted ?? false,
      comment: t.comment ?? null,
    };
    jettons.push(rec);
    if (rec.aborted) return added(rec.hash, rec.lt);
    // The receiver's jetton wallet tells its owner: a small TON message with the notification body.
    const notice: TxRecord = {
      account: to,
      hash: newHash(),
      lt: takeLt(),
      now: rec.now,
      inMsg: {
        source: t.forged ? derivedWallet(to, `forged|${master}`) : derivedWallet(to, master),
        destination: to,
        value: FORWARD_TON,
        opcode: JETTON_NOTIFY_OP,
        body: notificationBoc(rec.amount, from, rec.comment),
        comment: null,
        bounce: false,
        bounced: false,
      },
      aborted: false,
    };
    txs.push(notice);
    return { ...added(rec.hash, rec.lt), notification: added(notice.hash, notice.lt) };
  }

  // ---------- HTTP ----------

  class HttpError extends Error {
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }

  function intParam(q: URLSearchParams, name: string): bigint | null {
    const v = q.get(name);
    if (v === null || v === '') return null;
    if (!/^\d{1,20}$/.test(v)) throw new HttpError(422, `${name} must be a non-negative integer`);
    return BigInt(v);
  }

  function pageOf<T extends { lt: bigint; now: number }>(items: T[], q: URLSearchParams): T[] {
    const startLt = intParam(q, 'start_lt');
    const endLt = intParam(q, 'end_lt');
    const startUtime = intParam(q, 'start_utime');
    const endUtime = intParam(q, 'end_utime');
    const limit = Number(intParam(q, 'limit') ?? 10n);
    const offset = Number(intParam(q, 'offset') ?? 0n);
    if (limit < 1 || limit > 1000) throw new HttpError(422, 'limit must be within 1..1000');
    const sort = q.get('sort') ?? 'desc';
    if (sort !== 'asc' && sort !== 'desc') throw new HttpError(422, 'sort must be asc or desc');
    const picked = items
      .filter(
        (x) =>
          (startLt === null || x.lt >= startLt) &&
          (endLt === null || x.lt <= endLt) &&
          (startUtime === null || BigInt(x.now) >= startUtime) &&
          (endUtime === null || BigInt(x.now) <= endUtime),
      )
      .sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
    if (sort === 'desc') picked.reverse();
    return picked.slice(offset, offset + limit);
  }

  function outMsgsJson(t: TxRecord, out: OutRecord[]) {
    return out.map((o, i) => ({
      hash: (o.hash ?? createHash('sha256').update(t.hash).update(`out${i}`).digest()).toString('base64'),
      source: upperRaw(t.account),
      destination: upperRaw(o.destination),
      value: o.value.toString(),
      created_lt: (t.lt + 1n + BigInt(i)).toString(),
      created_at: String(t.now),
      message_content: o.bodyHash ? { hash: o.bodyHash.toString('base64'), body: null, decoded: null } : null,
    }));
  }

  /** A wallet's own transaction: an external message in, what it sent out. */
  function externalTransactionJson(t: TxRecord, ext: NonNullable<TxRecord['external']>) {
    return {
      account: upperRaw(t.account),
      hash: t.hash.toString('base64'),
      lt: t.lt.toString(),
      now: t.now,
      mc_block_seqno: 40_000_000 + Number(t.lt % 1_000_000n),
      trace_id: t.hash.toString('base64'),
      orig_status: 'active',
      end_status: 'active',
      total_fees: '2000000',
      description: {
        type: 'ord',
        aborted: false,
        destroyed: false,
        credit_first: true,
        compute_ph: { skipped: false, success: true, exit_code: 0 },
        action: { success: true, result_code: 0, tot_actions: ext.out.length },
      },
      in_msg: {
        hash: ext.hash.toString('base64'),
        hash_norm: ext.hashNorm.toString('base64'),
        source: null,
        destination: upperRaw(t.account),
        value: null,
        opcode: null,
        bounce: null,
        bounced: null,
        message_content: null,
        init_state: null,
      },
      out_msgs: outMsgsJson(t, ext.out),
      emulated: false,
    };
  }

  function transactionJson(t: TxRecord) {
    if (t.external) return externalTransactionJson(t, t.external);
    const m = t.inMsg;
    return {
      account: upperRaw(t.account),
      hash: t.hash.toString('base64'),
      lt: t.lt.toString(),
      now: t.now,
      mc_block_seqno: 40_000_000 + Number(t.lt % 1_000_000n),
      trace_id: t.hash.toString('base64'),
      prev_trans_hash: Buffer.alloc(32).toString('base64'),
      prev_trans_lt: '0',
      orig_status: 'active',
      end_status: 'active',
      total_fees: '0',
      total_fees_extra_currencies: {},
      description: {
        type: 'ord',
        aborted: t.aborted,
        destroyed: false,
        credit_first: !m.bounce,
        compute_ph: { skipped: false, success: !t.aborted, exit_code: t.aborted ? 33 : 0 },
      },
      block_ref: { workchain: 0, shard: '8000000000000000', seqno: 50_000_000 },
      in_msg: {
        hash: (
          t.batch?.inHash ??
          t.inHash ??
          createHash('sha256').update(t.hash).update('msg').digest()
        ).toString('base64'),
        source: upperRaw(m.source),
        destination: upperRaw(m.destination),
        value: m.value.toString(),
        value_extra_currencies: {},
        fwd_fee: '266669',
        ihr_fee: '0',
        created_lt: (t.lt - 1n).toString(),
        created_at: String(t.now),
        opcode: m.opcode,
        ihr_disabled: true,
        bounce: m.bounce,
        bounced: m.bounced,
        import_fee: null,
        message_content: {
          hash: createHash('sha256')
            .update(m.body ?? '')
            .digest('base64'),
          body: m.body,
          decoded: m.comment === null ? null : { type: 'text_comment', comment: m.comment },
        },
        init_state: null,
      },
      out_msgs: t.batch ? outMsgsJson(t, t.batch.out) : [],
      account_state_before: null,
      account_state_after: null,
      emulated: false,
    };
  }

  function jettonJson(j: JettonRecord) {
    return {
      query_id: '0',
      source: upperRaw(j.from),
      destination: upperRaw(j.to),
      amount: j.amount.toString(),
      source_wallet: upperRaw(j.sourceWallet),
      jetton_master: upperRaw(j.master),
      transaction_hash: j.hash.toString('base64'),
      transaction_lt: j.lt.toString(),
      transaction_now: j.now,
      transaction_aborted: j.aborted,
      response_destination: upperRaw(j.from),
      custom_payload: null,
      decoded_custom_payload: null,
      forward_ton_amount: FORWARD_TON.toString(),
      forward_payload: j.comment === null ? null : commentBoc(j.comment),
      decoded_forward_payload: j.comment === null ? null : { type: 'text_comment', comment: j.comment },
      trace_id: j.hash.toString('base64'),
    };
  }

  function route(method: string, url: URL, body: unknown): unknown {
    const q = url.searchParams;
    if (method === 'GET' && url.pathname === '/api/v3/transactions') {
      const account = q.get('account');
      const raw = account ? normalizeTonAddress(account) : '';
      if (!raw) throw new HttpError(422, 'account is required and must be an address');
      const mine = txs.filter((t) => t.account === raw);
      return { transactions: pageOf(mine, q).map(transactionJson), address_book: {} };
    }
    if (method === 'GET' && url.pathname === '/api/v3/jetton/transfers') {
      const owner = q.get('owner_address');
      const raw = owner ? normalizeTonAddress(owner) : '';
      if (!raw) throw new HttpError(422, 'owner_address is required and must be an address');
      const direction = q.get('direction') ?? 'both';
      const master = q.get('jetton_master');
      const masterRaw = master ? normalizeTonAddress(master) : null;
      const mine = jettons.filter(
        (j) =>
          ((direction !== 'out' && j.to === raw) || (direction !== 'in' && j.from === raw)) &&
          (masterRaw === null || j.master === masterRaw),
      );
      return {
        jetton_transfers: pageOf(mine, q).map(jettonJson),
        address_book: {},
        metadata: {},
      };
    }
    if (method === 'POST' && url.pathname === '/api/v3/runGetMethod') {
      // A master's get_wallet_address: the jetton wallet it derives for an owner. Any other
      // get-method answers what setGetMethod gave for that account.
      const b = body as { address?: string; method?: string; stack?: { type?: string; value?: string }[] };
      if (b.method !== 'get_wallet_address') return runGetMethod(body);
      const master = normalizeTonAddress(b.address ?? '');
      if (!master) throw new HttpError(422, 'address is required and must be an address');
      const arg = b.stack?.[0];
      const owner =
        arg && (arg.type === 'slice' || arg.type === 'cell') ? addressOfSlice(arg.value ?? '') : null;
      if (!owner) return { gas_used: 0, exit_code: 7, stack: [] };
      const wallet = beginCell()
        .storeAddress(Address.parseRaw(derivedWallet(owner, master)))
        .endCell();
      return {
        gas_used: 1000,
        exit_code: 0,
        stack: [{ type: 'slice', value: wallet.toBoc().toString('base64') }],
      };
    }
    if (method === 'POST' && url.pathname === '/_fake/ton-transfers') {
      return addTonTransfer(body as AddTonTransfer);
    }
    if (method === 'POST' && url.pathname === '/_fake/jetton-transfers') {
      return addJettonTransfer(body as AddJettonTransfer);
    }
    if (method === 'GET' && url.pathname === '/api/v3/walletInformation') {
      const raw = normalizeTonAddress(q.get('address') ?? '');
      if (!raw) throw new HttpError(422, 'address is required and must be an address');
      return walletInformation(raw);
    }
    if (method === 'GET' && url.pathname === '/api/v3/jetton/wallets') {
      const owner = normalizeTonAddress(q.get('owner_address') ?? '');
      const master = normalizeTonAddress(q.get('jetton_address') ?? '');
      if (!owner || !master) throw new HttpError(422, 'owner_address and jetton_address are required');
      const balance = jettonBalances.get(`${owner}|${master}`);
      if (balance === undefined) return { jetton_wallets: [], address_book: {}, metadata: {} };
      return {
        jetton_wallets: [
          {
            address: upperRaw(derivedWallet(owner, master)),
            balance: balance.toString(),
            owner: upperRaw(owner),
            jetton: upperRaw(master),
            last_transaction_lt: '0',
            code_hash: Buffer.alloc(32, 1).toString('base64'),
            data_hash: Buffer.alloc(32, 2).toString('base64'),
          },
        ],
        address_book: {},
        metadata: {},
      };
    }
    if (method === 'POST' && url.pathname === '/api/v3/message') {
      const boc = (body as { boc?: unknown }).boc;
      if (typeof boc !== 'string' || boc.length === 0 || boc.length > 64 * 1024) {
        throw new HttpError(422, 'boc is required');
      }
      return acceptMessage(boc);
    }
    if (method === 'GET' && url.pathname === '/api/v3/transactionsByMessage') {
      const given = q.get('msg_hash') ?? '';
      const hex = hashHex(given);
      if (!hex) throw new HttpError(422, 'msg_hash must be a 32-byte hash in hex or base64');
      if ((q.get('direction') ?? 'in') !== 'in') return { transactions: [], address_book: {} };
      const found = txs.filter(
        (t) =>
          (t.external &&
            (t.external.hash.toString('hex') === hex || t.external.hashNorm.toString('hex') === hex)) ||
          t.batch?.inHash.toString('hex') === hex ||
          t.inHash?.toString('hex') === hex,
      );
      return { transactions: found.map(transactionJson), address_book: {} };
    }
    if (method === 'POST' && url.pathname === '/_fake/get-methods') {
      const b = body as { address?: string; method?: string } & GetMethodAnswer;
      if (!b.method) throw new HttpError(422, 'method is required');
      setGetMethod(b.address ?? '', b.method, b);
      return { ok: true };
    }
    if (method === 'POST' && url.pathname === '/_fake/refusing') {
      refusing.add(mustAddress((body as { address?: string }).address ?? '', 'address'));
      return { ok: true };
    }
    if (method === 'POST' && url.pathname === '/_fake/wallets') {
      const b = body as { address?: string; nanotons?: string | number };
      fundWallet(b.address ?? '', b.nanotons ?? '0');
      return { ok: true };
    }
    if (method === 'POST' && url.pathname === '/_fake/jetton-balances') {
      const b = body as { owner?: string; jettonMaster?: string; amount?: string | number };
      fundJetton(b.owner ?? '', b.jettonMaster ?? '', b.amount ?? '0');
      return { ok: true };
    }
    if (method === 'GET' && url.pathname === '/_fake/sent') return { sent };
    if (method === 'POST' && url.pathname === '/_fake/reset') {
      reset();
      return { ok: true };
    }
    throw new HttpError(404, `no route ${method} ${url.pathname}`);
  }

  // ---------- the payout wallet ----------

  function walletOf(raw: string): FakeWallet {
    let w = wallets.get(raw);
    if (!w) {
      w = { seqno: 0, publicKey: null, balance: 0n };
      wallets.set(raw, w);
    }
    return w;
  }

  function fundWallet(address: string, nanotons: bigint | number | string): void {
    walletOf(mustAddress(address, 'address')).balance += units(nanotons, 'nanotons');
  }

  function fundJetton(owner: string, jettonMaster: string, amount: bigint | number | string): void {
    const o = mustAddress(owner, 'owner');
    const m = mustAddress(jettonMaster, 'jettonMaster');
    const key = `${o}|${m}`;
    jettonBalances.set(key, (jettonBalances.get(key) ?? 0n) + units(amount, 'amount'));
    jettonWallets.set(derivedWallet(o, m), { owner: o, master: m });
  }

  function walletInformation(raw: string) {
    const w = wallets.get(raw);
    const last = [...txs].reverse().find((t) => t.account === raw);
    const common = {
      balance: (w?.balance ?? 0n).toString(),
      last_transaction_lt: last ? last.lt.toString() : '0',
      last_transaction_hash: (last?.hash ?? Buffer.alloc(32)).toString('base64'),
    };
    if (!w?.publicKey) {
      return {
        ...common,
        wallet_type: null,
        seqno: null,
        wallet_id: null,
        status: w && w.balance > 0n ? 'uninit' : 'nonexist',
      };
    }
    if (w.highload) {
      return {
        ...common,
        wallet_type: 'wallet highload v3',
        seqno: null,
        wallet_id: w.highload.subwalletId,
        status: 'active',
      };
    }
    return {
      ...common,
      wallet_type: 'wallet v4 r2',
      seqno: w.seqno,
      wallet_id: V4_SUBWALLET_ID,
      status: 'active',
    };
  }

  function hashHex(given: string): string | null {
    if (/^[0-9a-fA-F]{64}$/.test(given)) return given.toLowerCase();
    const bytes = Buffer.from(given.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    return bytes.length === 32 ? bytes.toString('hex') : null;
  }

  const emptyInMsg = (wallet: string): TxRecord['inMsg'] => ({
    source: '',
    destination: wallet,
    value: 0n,
    opcode: null,
    body: null,
    comment: null,
    bounce: false,
    bounced: false,
  });

  /** The message decoded as a highload v3 one, when it is for such a wallet (or deploys one). */
  function highloadMessageOf(boc: string): DecodedHighloadMessage | null {
    let m: DecodedHighloadMessage;
    try {
      m = decodeHighloadExternal(boc);
    } catch {
      return null;
    }
    const w = wallets.get(m.wallet);
    if (w?.highload) return m;
    return !w?.publicKey && isHighloadInit(m.init) ? m : null;
  }

  /** What a liteserver says when the wallet would not accept the message. */
  function refuse(why: string): never {
    const reason = 'cannot apply external message to current state : External message was not accepted';
    throw new HttpError(500, `LITE_SERVER_UNKNOWN: ${reason} (${why})`);
  }

  /**
   * A wallet's out message, sent from its transaction `tx`: the TON leaves its balance (send mode 3
   * ignores errors: one the balance cannot cover is skipped), a jetton transfer moves jettons, and
   * the payout is listed in `sent`.
   */
  function carryOut(
    from: { wallet: string; seqno: number; messageHash: string },
    tx: TxRecord,
    outs: OutRecord[],
    out: DecodedOutMessage,
  ): void {
    const w = walletOf(from.wallet);
    if (w.balance < out.value) return;
    w.balance -= out.value;
    // The receiving transaction's in_msg carries this hash (what outMsgsJson prints for it).
    const outHash = createHash('sha256').update(tx.hash).update(`out${outs.length}`).digest();
    outs.push({
      destination: out.to,
      value: out.value,
      hash: outHash,
      bodyHash: Buffer.from(out.bodyHash, 'hex'),
    });
    const record: SentPayout = {
      wallet: from.wallet,
      seqno: from.seqno,
      to: out.to,
      nanotons: out.value.toString(),
      jettonMaster: null,
      jettonAmount: null,
      queryId: null,
      comment: out.comment,
      txHash: tx.hash.toString('hex'),
      messageHash: from.messageHash,
    };
    if (out.jetton) {
      const j = out.jetton;
      const ours = jettonWallets.get(out.to);
      const key = ours ? `${ours.owner}|${ours.master}` : '';
      // A jetton wallet only takes orders from its owner and only what it holds; else it bounces.
      if (!ours || ours.owner !== from.wallet || (jettonBalances.get(key) ?? 0n) < j.amount) return;
      jettonBalances.set(key, (jettonBalances.get(key) ?? 0n) - j.amount);
      fundJetton(j.destination, ours.master, j.amount);
      addJettonTransfer({
        from: from.wallet,
        to: j.destination,
        jettonMaster: ours.master,
        amount: j.amount,
        comment: j.comment,
      });
      Object.assign(record, {
        to: j.destination,
        jettonMaster: ours.master,
        jettonAmount: j.amount.toString(),
        queryId: j.queryId.toString(),
        comment: j.comment,
      });
    } else {
      const refused = refusing.has(out.to);
      // A refusing contract aborts; a bounceable message's value goes back to the sender.
      if (!refused || !out.bounce) walletOf(out.to).balance += out.value;
      else w.balance += out.value;
      addTonTransfer(
        {
          from: from.wallet,
          to: out.to,
          nanotons: out.value,
          comment: out.comment,
          bounce: out.bounce,
          aborted: refused,
        },
        outHash,
      );
    }
    sent.push(record);
  }

  /**
   * Accepts a signed highload v3 message as the contract would: the signature, subwallet id and
   * timeout, created_at within (now - timeout, now], a query_id not seen within the timeout
   * (exit code 36 on chain: refused here). The wallet then sends itself the batch, and that
   * second transaction sends the batch's messages.
   */
  function acceptHighload(m: DecodedHighloadMessage) {
    const w = walletOf(m.wallet);
    if (!w.publicKey) {
      if (
        !m.init ||
        !m.initHash ||
        `0:${m.initHash.toString('hex')}` !== m.wallet ||
        !isHighloadInit(m.init)
      ) {
        refuse('the wallet is not deployed and no matching state_init came with the message');
      }
      const data = highloadData(m.init.data!);
      w.highload = { subwalletId: data.subwalletId, timeout: data.timeout, processed: new Map() };
      if (!highloadSignatureHolds(m, data.publicKey)) {
        w.highload = null;
        refuse('bad signature');
      }
      w.publicKey = data.publicKey;
    }
    const hl = w.highload;
    if (!hl) refuse('not a highload wallet');
    if (!highloadSignatureHolds(m, w.publicKey)) refuse('bad signature');
    if (m.subwalletId !== hl.subwalletId) refuse('wrong subwallet id');
    if (m.timeout !== hl.timeout) refuse('wrong timeout');
    const t = clock();
    if (!(m.createdAt > t - hl.timeout && m.createdAt <= t)) refuse('created_at outside the timeout');
    for (const [q, at] of hl.processed) if (at <= t - hl.timeout * 2) hl.processed.delete(q);
    if (hl.processed.has(m.queryId)) refuse(`query_id ${m.queryId} already executed`);
    hl.processed.set(m.queryId, t);
    w.balance -= w.balance < WALLET_FEE ? w.balance : WALLET_FEE;

    const selfHash = createHash('sha256').update(`self-${m.normalizedHash}`).digest();
    const tx: TxRecord = {
      account: m.wallet,
      hash: newHash(),
      lt: takeLt(),
      now: t,
      external: {
        hash: Buffer.from(m.messageHash, 'hex'),
        hashNorm: Buffer.from(m.normalizedHash, 'hex'),
        out: [],
      },
      inMsg: emptyInMsg(m.wallet),
      aborted: false,
    };
    txs.push(tx);
    const toSelf = m.toSelf;
    if (toSelf.to === m.wallet && w.balance >= toSelf.value && toSelf.op === HIGHLOAD_INTERNAL_TRANSFER_OP) {
      // The value leaves and comes straight back: only the fees are spent.
      tx.external!.out.push({ destination: m.wallet, value: toSelf.value, hash: selfHash });
      const batchTx: TxRecord = {
        account: m.wallet,
        hash: newHash(),
        lt: takeLt(),
        now: t,
        batch: { inHash: selfHash, out: [] },
        inMsg: { ...emptyInMsg(m.wallet), source: m.wallet, value: toSelf.value },
        aborted: false,
      };
      txs.push(batchTx);
      w.balance -= w.balance < WALLET_FEE ? w.balance : WALLET_FEE;
      for (const a of m.messages) {
        carryOut(
          { wallet: m.wallet, seqno: m.queryId, messageHash: m.normalizedHash },
          batchTx,
          batchTx.batch!.out,
          decodeOutMessage(a.mode, a.message),
        );
      }
    }
    return {
      message_hash: Buffer.from(m.messageHash, 'hex').toString('base64'),
      message_hash_norm: Buffer.from(m.normalizedHash, 'hex').toString('base64'),
    };
  }

  /** Accepts a signed wallet message as a v4R2 wallet would, and carries out what it asks. */
  function acceptMessage(boc: string) {
    const highload = highloadMessageOf(boc);
    if (highload) return acceptHighload(highload);
    let m: DecodedWalletMessage;
    try {
      m = decodeWalletExternal(boc);
    } catch (err) {
      throw new HttpError(400, `cannot decode the message: ${(err as Error).message}`);
    }
    const w = walletOf(m.wallet);
    let publicKey = w.publicKey;
    if (!publicKey) {
      if (!m.initData || !m.initHash || `0:${m.initHash.toString('hex')}` !== m.wallet) {
        refuse('the wallet is not deployed and no matching state_init came with the message');
      }
      publicKey = publicKeyOfWalletData(m.initData);
    }
    if (!signatureHolds(m, publicKey)) refuse('bad signature');
    if (m.subwalletId !== V4_SUBWALLET_ID) refuse('wrong subwallet id');
    if (m.validUntil <= clock()) refuse('expired');
    if (m.seqno !== w.seqno) refuse(`seqno ${m.seqno}, the wallet is at ${w.seqno}`);
    if (m.op !== 0) refuse('only simple sends');
    w.publicKey = publicKey;
    w.seqno++;
    // Gas and storage come off the balance before the wallet's actions run.
    w.balance -= w.balance < WALLET_FEE ? w.balance : WALLET_FEE;

    const tx: TxRecord = {
      account: m.wallet,
      hash: newHash(),
      lt: takeLt(),
      now: clock(),
      external: {
        hash: Buffer.from(m.messageHash, 'hex'),
        hashNorm: Buffer.from(m.normalizedHash, 'hex'),
        out: [],
      },
      inMsg: {
        source: '',
        destination: m.wallet,
        value: 0n,
        opcode: null,
        body: null,
        comment: null,
        bounce: false,
        bounced: false,
      },
      aborted: false,
    };
    txs.push(tx);
    for (const out of m.messages) {
      carryOut(
        { wallet: m.wallet, seqno: m.seqno, messageHash: m.normalizedHash },
        tx,
        tx.external!.out,
        out,
      );
    }
    return {
      message_hash: Buffer.from(m.messageHash, 'hex').toString('base64'),
      message_hash_norm: Buffer.from(m.normalizedHash, 'hex').toString('base64'),
    };
  }

  function reset(): void {
    txs = [];
    jettons = [];
    requests.length = 0;
    wallets.clear();
    jettonBalances.clear();
    jettonWallets.clear();
    getMethods.clear();
    refusing.clear();
    sent.length = 0;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      requests.push(url.pathname);
      let status = 200;
      let out: unknown;
      try {
        const isControl = url.pathname.startsWith('/_fake/');
        if (!isControl && opts.apiKey) {
          const given = req.headers['x-api-key'] ?? url.searchParams.get('api_key');
          if (given !== opts.apiKey) throw new HttpError(401, 'API key does not exist');
        }
        const text = Buffer.concat(chunks).toString('utf8');
        out = route(req.method ?? 'GET', url, text ? JSON.parse(text) : {});
      } catch (err) {
        status = err instanceof HttpError ? err.status : 400;
        out = { error: (err as Error).message };
      }
      const payload = JSON.stringify(out);
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      });
      res.end(payload);
    });
  });

  const url = await listen(server, opts.port, opts.host);

  return {
    url,
    addTonTransfer,
    addJettonTransfer,
    fundWallet,
    setBalance: (address, nanotons) => {
      walletOf(mustAddress(address, 'address')).balance = units(nanotons, 'nanotons');
    },
    fundJetton,
    sent,
    setGetMethod,
    refuseIncoming: (address) => {
      refusing.add(mustAddress(address, 'address'));
    },
    seqnoOf: (address) => wallets.get(mustAddress(address, 'address'))?.seqno ?? 0,
    requests,
    reset,
    close: () => closeServer(server),
  };
}

await runStandalone(
  import.meta.url,
  () =>
    startFakeTonIndexer({
      port: Number(argValue('--port') ?? 8091),
      host: argValue('--host') ?? '127.0.0.1',
      apiKey: argValue('--api-key') ?? null,
    }),
  (fake) => {
    console.info(`fake toncenter v3 listening on ${fake.url} (set TON_INDEXER_URL=${fake.url})`);
    console.info(
      `add a payment: curl -X POST ${fake.url}/_fake/ton-transfers -H 'content-type: application/json' ` +
        `-d '{"from":"<buyer>","to":"<payment wallet>","nanotons":"20000000","comment":"<memo>"}'`,
    );
  },
);
