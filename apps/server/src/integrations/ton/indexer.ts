/**
 * Client of the toncenter v3 indexer HTTP API, reduced to what payments need: incoming TON
 * transfers to an account (`/api/v3/transactions`, jetton transfer notifications among them),
 * incoming jetton transfers to an owner (`/api/v3/jetton/transfers`) and a jetton master's
 * `get_wallet_address` (`/api/v3/runGetMethod`). Responses are validated item by item: one odd transaction (a spam
 * comment, a field the indexer added) is skipped and counted, never allowed to stall the watcher.
 */
import { Address, beginCell, Cell } from '@ton/core';
import { z } from 'zod';
import { normalizeTonAddress } from './address.ts';
import { commentFromBoc } from './comment.ts';

/** TEP-74 transfer_notification: a jetton wallet tells its owner that jettons arrived. */
export const JETTON_TRANSFER_NOTIFICATION_OP = 0x7362d09c;

/** What a transfer_notification body says; who sent it decides whether it is true. */
export interface JettonNotification {
  /** jetton units */
  amount: bigint;
  /** raw address of the previous owner of the jettons, '' when none */
  sender: string;
  /** the text comment in the forward payload */
  comment: string | null;
}

export interface IncomingTonTransfer {
  kind: 'ton';
  /** transaction hash, lower-case hex */
  hash: string;
  lt: bigint;
  utime: number;
  /** raw sender address, '' when unknown */
  from: string;
  /** raw receiving account */
  to: string;
  /** nanotons */
  amount: bigint;
  comment: string | null;
  /** a bounce of one of our own messages coming back: never a payment */
  bounced: boolean;
  /** the sender asked for a bounce if the receiver fails */
  bounce: boolean;
  aborted: boolean;
  /** a TEP-74 transfer_notification body (the sender claims to be a jetton wallet), else null */
  notification: JettonNotification | null;
}

export interface IncomingJettonTransfer {
  kind: 'jetton';
  hash: string;
  lt: bigint;
  utime: number;
  /** raw address of the sending owner (not its jetton wallet) */
  from: string;
  /** raw address of the receiving owner */
  to: string;
  /** raw address of the jetton master */
  jettonMaster: string;
  /** in the jetton's smallest units */
  amount: bigint;
  comment: string | null;
  aborted: boolean;
}

export interface IndexerPage<T> {
  items: T[];
  /** raw rows the indexer returned (a full page means there may be more) */
  fetched: number;
  /** rows that did not validate and were skipped */
  skipped: number;
  /** highest lt and utime among the valid rows, transfers or not: the cursor moves past them */
  maxLt: bigint | null;
  maxUtime: number | null;
}

export interface TransactionsQuery {
  account: string;
  /** inclusive */
  startLt?: bigint;
  /** inclusive, unix seconds */
  startUtime?: number;
  limit: number;
  offset?: number;
}

export interface JettonTransfersQuery {
  owner: string;
  startLt?: bigint;
  startUtime?: number;
  limit: number;
  offset?: number;
}

export interface TonIndexer {
  /** Incoming internal transfers to `account`, oldest first. */
  transactions(q: TransactionsQuery): Promise<IndexerPage<IncomingTonTransfer>>;
  /** Incoming jetton transfers to the owner, oldest first. */
  jettonTransfersIn(q: JettonTransfersQuery): Promise<IndexerPage<IncomingJettonTransfer>>;
  /** The jetton wallet the master reports for `owner` (its `get_wallet_address`), raw. */
  jettonWalletAddress(master: string, owner: string): Promise<string>;
}

export class TonIndexerError extends Error {
  override name = 'TonIndexerError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** toncenter caps page sizes; we ask for no more than this. */
export const MAX_PAGE_SIZE = 256;
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

// ---------- response schemas (bounded, lenient where the indexer may add or null fields) ----------

const digits = z.string().regex(/^\d{1,40}$/);
const lt = z.union([digits, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]);
const address = z.string().max(128);
const hash = z
  .string()
  .min(1)
  .max(128)
  .refine((h) => /^[0-9a-f]{64}$/.test(normalizeTxHash(h)), 'not a 32-byte hash');
const boc = z.string().max(64 * 1024);
const decoded = z
  .object({ type: z.string().max(64).optional(), comment: z.string().max(4096).optional() })
  .loose()
  .nullish();

const messageSchema = z.object({
  source: address.nullish(),
  destination: address.nullish(),
  value: z.union([digits, z.number().int().nonnegative()]).nullish(),
  bounce: z.boolean().nullish(),
  bounced: z.boolean().nullish(),
  message_content: z.object({ body: boc.nullish(), decoded }).loose().nullish(),
});

const transactionSchema = z.object({
  hash,
  lt,
  now: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 32),
  account: address.optional(),
  description: z.object({ aborted: z.boolean().nullish() }).loose().nullish(),
  in_msg: messageSchema.nullish(),
});

const jettonTransferSchema = z.object({
  source: address.nullish(),
  destination: address,
  amount: digits,
  jetton_master: address,
  transaction_hash: hash,
  transaction_lt: lt,
  transaction_now: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 32),
  transaction_aborted: z.boolean().nullish(),
  forward_payload: boc.nullish(),
  decoded_forward_payload: decoded,
});

const rows = (key: string) => z.object({ [key]: z.array(z.unknown()).max(10_000) });

/** toncenter v3 prints hashes in base64; we keep lower-case hex. */
export function normalizeTxHash(h: string): string {
  if (/^[0-9a-fA-F]{64}$/.test(h)) return h.toLowerCase();
  const bytes = Buffer.from(h.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : h;
}

function commentOf(bocText: string | null | undefined, dec: z.infer<typeof decoded>): string | null {
  const fromBoc = commentFromBoc(bocText);
  if (fromBoc !== null) return fromBoc;
  // Only when the raw payload is absent: the indexer's own decoding of a text comment.
  if (!bocText && dec?.type === 'text_comment' && typeof dec.comment === 'string') return dec.comment;
  return null;
}

/** The transfer_notification in a base64 message body, or null when the body is something else. */
export function notificationFromBoc(bocText: string | null | undefined): JettonNotification | null {
  if (!bocText) return null;
  try {
    const cells = Cell.fromBoc(Buffer.from(bocText, 'base64'));
    if (cells.length !== 1 || cells[0]!.isExotic) return null;
    const s = cells[0]!.beginParse();
    if (s.remainingBits < 32 || s.loadUint(32) !== JETTON_TRANSFER_NOTIFICATION_OP) return null;
    s.skip(64);
    const amount = s.loadCoins();
    const sender = s.loadMaybeAddress();
    // forward_payload: Either Cell ^Cell, as the comment reader understands it.
    const rest = s.remainingBits > 0 || s.remainingRefs > 0 ? beginCell().storeSlice(s).endCell() : null;
    const comment = rest ? commentFromBoc(rest.toBoc().toString('base64')) : null;
    return { amount, sender: sender ? normalizeTonAddress(sender.toRawString()) : '', comment };
  } catch {
    return null;
  }
}

const stackEntry = z.object({ type: z.string().max(16), value: z.string().max(64 * 1024) }).loose();
const getMethodSchema = z.object({ exit_code: z.number().int(), stack: z.array(stackEntry).max(64) });

function parseRows<T, S extends z.ZodType>(
  raw: unknown[],
  schema: S,
  map: (row: z.infer<S>) => { item: T | null; lt: bigint; utime: number },
): IndexerPage<T> {
  const page: IndexerPage<T> = { items: [], fetched: raw.length, skipped: 0, maxLt: null, maxUtime: null };
  for (const r of raw) {
    const parsed = schema.safeParse(r);
    if (!parsed.success) {
      page.skipped++;
      continue;
    }
    const { item, lt: rowLt, utime } = map(parsed.data);
    if (page.maxLt === null || rowLt > page.maxLt) page.maxLt = rowLt;
    if (page.maxUtime === null || utime > page.maxUtime) page.maxUtime = utime;
    if (item) page.items.push(item);
  }
  return page;
}

export interface TonIndexerOptions {
  /** e.g. https://toncenter.com (a trailing /api/v3 is accepted) */
  baseUrl: string;
  apiKey?: string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * One toncenter v3 request (GET with query parameters, or POST with a JSON body): the API key, the
 * timeout, the size bound and the JSON parse, each failure a TonIndexerError naming the path (and
 * what toncenter said, when it explains a refusal). Every toncenter call of the server goes
 * through here; `service` names the caller in the messages.
 */
export function toncenterRequest(
  opts: TonIndexerOptions,
  maxBytes = MAX_RESPONSE_BYTES,
  service = 'indexer',
): (path: string, req?: { query?: Record<string, string | undefined>; body?: unknown }) => Promise<unknown> {
  const base = opts.baseUrl.replace(/\/+$/, '').replace(/\/api\/v3$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const doFetch = opts.fetch ?? fetch;
  return async (path, req = {}) => {
    const url = new URL(`${base}/api/v3/${path}`);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
    let res: Response;
    try {
      res = await doFetch(
        url,
        req.body === undefined
          ? { headers, signal: AbortSignal.timeout(timeoutMs) }
          : {
              method: 'POST',
              headers,
              body: JSON.stringify(req.body),
              signal: AbortSignal.timeout(timeoutMs),
            },
      );
    } catch (err) {
      throw new TonIndexerError(`${service} unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) {
      const detail = text.length <= maxBytes ? refusalOf(text) : '';
      throw new TonIndexerError(`${service} answered ${res.status} for ${path} ${detail}`.trim(), res.status);
    }
    if (text.length > maxBytes) throw new TonIndexerError(`${service} response too large for ${path}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new TonIndexerError(`${service} sent malformed JSON for ${path}`, res.status);
    }
  };
}

/** The `error` of a refusal's JSON body (toncenter says why it refused a message), bounded. */
function refusalOf(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && 'error' in parsed
      ? String(parsed.error).slice(0, 300)
      : '';
  } catch {
    return '';
  }
}

export function createToncenterIndexer(opts: TonIndexerOptions): TonIndexer {
  const request = toncenterRequest(opts);
  const get = (path: string, query: Record<string, string | undefined>) => request(path, { query });
  const post = (path: string, body: unknown) => request(path, { body });

  const pageParams = (q: { startLt?: bigint; startUtime?: number; limit: number; offset?: number }) => ({
    start_lt: q.startLt === undefined ? undefined : q.startLt.toString(),
    start_utime: q.startUtime === undefined ? undefined : String(q.startUtime),
    limit: String(Math.min(Math.max(1, q.limit), MAX_PAGE_SIZE)),
    offset: String(q.offset ?? 0),
    sort: 'asc',
  });

  return {
    async transactions(q) {
      const body = rows('transactions').safeParse(
        await get('transactions', { account: q.account, ...pageParams(q) }),
      );
      if (!body.success) throw new TonIndexerError('indexer sent an unexpected transactions shape');
      const account = normalizeTonAddress(q.account);
      return parseRows(body.data.transactions as unknown[], transactionSchema, (t) => {
        const rowLt = BigInt(t.lt);
        const m = t.in_msg;
        // External messages (no source) are our own wallet's outgoing orders, not payments.
        const source = m?.source ? normalizeTonAddress(m.source) : '';
        const to = m?.destination ? normalizeTonAddress(m.destination) : '';
        const item: IncomingTonTransfer | null =
          m && source && to && (account === '' || to === account)
            ? {
                kind: 'ton',
                hash: normalizeTxHash(t.hash),
                lt: rowLt,
                utime: t.now,
                from: source,
                to,
                amount: BigInt(m.value ?? 0),
                comment: commentOf(m.message_content?.body, m.message_content?.decoded),
                bounced: m.bounced === true,
                bounce: m.bounce === true,
                aborted: t.description?.aborted === true,
                notification: notificationFromBoc(m.message_content?.body),
              }
            : null;
        return { item, lt: rowLt, utime: t.now };
      });
    },

    async jettonWalletAddress(master, owner) {
      const ownerSlice = beginCell()
        .storeAddress(Address.parseRaw(normalizeTonAddress(owner)))
        .endCell();
      const body = getMethodSchema.safeParse(
        await post('runGetMethod', {
          address: master,
          method: 'get_wallet_address',
          stack: [{ type: 'slice', value: ownerSlice.toBoc().toString('base64') }],
        }),
      );
      if (!body.success) throw new TonIndexerError('indexer sent an unexpected runGetMethod shape');
      const top = body.data.stack[0];
      if (body.data.exit_code !== 0 || !top) {
        throw new TonIndexerError(
          `get_wallet_address of ${master} failed (exit code ${body.data.exit_code})`,
        );
      }
      try {
        const address = Cell.fromBoc(Buffer.from(top.value, 'base64'))[0]!.beginParse().loadAddress();
        return normalizeTonAddress(address.toRawString());
      } catch {
        throw new TonIndexerError(`get_wallet_address of ${master} returned no address`);
      }
    },

    async jettonTransfersIn(q) {
      const body = rows('jetton_transfers').safeParse(
        await get('jetton/transfers', { owner_address: q.owner, direction: 'in', ...pageParams(q) }),
      );
      if (!body.success) throw new TonIndexerError('indexer sent an unexpected jetton_transfers shape');
      return parseRows(body.data.jetton_transfers as unknown[], jettonTransferSchema, (j) => {
        const rowLt = BigInt(j.transaction_lt);
        const to = normalizeTonAddress(j.destination);
        const master = normalizeTonAddress(j.jetton_master);
        const item: IncomingJettonTransfer | null =
          to && master
            ? {
                kind: 'jetton',
                hash: normalizeTxHash(j.transaction_hash),
                lt: rowLt,
                utime: j.transaction_now,
                from: j.source ? normalizeTonAddress(j.source) : '',
                to,
                jettonMaster: master,
                amount: BigInt(j.amount),
                comment: commentOf(j.forward_payload, j.decoded_forward_payload),
                aborted: j.transaction_aborted === true,
              }
            : null;
        return { item, lt: rowLt, utime: j.transaction_now };
      });
    },
  };
}
