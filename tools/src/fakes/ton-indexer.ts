/**
 * A local stand-in for the toncenter v3 indexer, speaking the same HTTP for the calls the server
 * makes: `GET /api/v3/transactions` and `GET /api/v3/jetton/transfers` (filters, lt/utime bounds,
 * limit, offset, sort; hashes in base64 and addresses raw upper-case, as toncenter prints them).
 * Transfers are added through a control API, in-process or over HTTP:
 *   POST /_fake/ton-transfers     {from, to, nanotons, comment?, bounced?, aborted?}
 *   POST /_fake/jetton-transfers  {from, to, jettonMaster, amount, comment?, aborted?}
 *   POST /_fake/reset
 * A jetton transfer also adds the transfer_notification transaction the receiving wallet gets
 * (0.01 TON, no text comment), as on chain.
 *
 * CLI for the local demo: node --import tsx tools/src/fakes/ton-indexer.ts [--port 8091] [--api-key K]
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { normalizeTonAddress } from '../../../apps/server/src/integrations/ton/address.ts';
import { commentBoc } from '../../../apps/server/src/integrations/ton/comment.ts';

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
}

export interface AddedTransaction {
  /** base64, as toncenter prints it */
  hash: string;
  /** the same, lower-case hex (what the server stores) */
  hashHex: string;
  lt: string;
}

export interface FakeTonIndexer {
  /** base URL to configure as TON_INDEXER_URL */
  url: string;
  addTonTransfer(t: AddTonTransfer): AddedTransaction;
  addJettonTransfer(t: AddJettonTransfer): AddedTransaction;
  /** requests served, by path (for tests) */
  requests: string[];
  reset(): void;
  close(): Promise<void>;
}

interface TxRecord {
  account: string;
  hash: Buffer;
  lt: bigint;
  now: number;
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

  function addTonTransfer(t: AddTonTransfer): AddedTransaction {
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
    if (!rec.aborted) {
      // The receiver's jetton wallet tells its owner: a small TON message with a non-text body.
      txs.push({
        account: to,
        hash: newHash(),
        lt: takeLt(),
        now: rec.now,
        inMsg: {
          source: derivedWallet(to, master),
          destination: to,
          value: FORWARD_TON,
          opcode: JETTON_NOTIFY_OP,
          body: null,
          comment: null,
          bounce: false,
          bounced: false,
        },
        aborted: false,
      });
    }
    return added(rec.hash, rec.lt);
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

  function transactionJson(t: TxRecord) {
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
        hash: createHash('sha256').update(t.hash).update('msg').digest('base64'),
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
      out_msgs: [],
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
    if (method === 'POST' && url.pathname === '/_fake/ton-transfers') {
      return addTonTransfer(body as AddTonTransfer);
    }
    if (method === 'POST' && url.pathname === '/_fake/jetton-transfers') {
      return addJettonTransfer(body as AddJettonTransfer);
    }
    if (method === 'POST' && url.pathname === '/_fake/reset') {
      reset();
      return { ok: true };
    }
    throw new HttpError(404, `no route ${method} ${url.pathname}`);
  }

  function reset(): void {
    txs = [];
    jettons = [];
    requests.length = 0;
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

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    addTonTransfer,
    addJettonTransfer,
    requests,
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeTonIndexer({
    port: Number(argValue('--port') ?? 8091),
    host: argValue('--host') ?? '127.0.0.1',
    apiKey: argValue('--api-key') ?? null,
  });
  console.info(`fake toncenter v3 listening on ${fake.url} (set TON_INDEXER_URL=${fake.url})`);
  console.info(
    `add a payment: curl -X POST ${fake.url}/_fake/ton-transfers -H 'content-type: application/json' ` +
      `-d '{"from":"<buyer>","to":"<payment wallet>","nanotons":"20000000","comment":"<memo>"}'`,
  );
  const shutdown = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
