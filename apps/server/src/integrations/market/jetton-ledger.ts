/**
 * A wallet's PX history from the toncenter v3 indexer: `GET /api/v3/jetton/transfers` for the
 * owner and the PX jetton master, both directions, newest first. Each transfer becomes a signed
 * amount (into the wallet positive, out of it negative) with its date, comment and explorer link.
 * Addresses and hashes are normalised with the TON integration's own helpers.
 */
import { z } from 'zod';
import { normalizeTonAddress, toFriendlyAddress } from '../ton/address.ts';
import { commentFromBoc } from '../ton/comment.ts';
import { MAX_PAGE_SIZE, normalizeTxHash } from '../ton/indexer.ts';
import { getJson, UpstreamError } from './http.ts';

export interface LedgerEntry {
  /** lower-case hex transaction hash */
  hash: string;
  utime: number;
  /** in the jetton's smallest units; negative when it left the wallet */
  amount: bigint;
  comment: string;
}

export interface JettonLedgerSource {
  /** The owner's transfers of `master`, newest first, at most `limit`. */
  transfers(owner: string, master: string, limit: number): Promise<LedgerEntry[]>;
}

export interface JettonLedgerOptions {
  /** toncenter base URL (a trailing /api/v3 is accepted) */
  baseUrl: string;
  apiKey?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof fetch;
}

const digits = z.string().regex(/^\d{1,40}$/);
const transferSchema = z.object({
  source: z.string().max(128).nullish(),
  destination: z.string().max(128),
  amount: digits,
  transaction_hash: z.string().min(1).max(128),
  transaction_now: z
    .number()
    .int()
    .nonnegative()
    .max(2 ** 32),
  transaction_aborted: z.boolean().nullish(),
  forward_payload: z
    .string()
    .max(64 * 1024)
    .nullish(),
  decoded_forward_payload: z
    .object({ type: z.string().max(64).optional(), comment: z.string().max(4096).optional() })
    .loose()
    .nullish(),
});
const pageSchema = z.object({ jetton_transfers: z.array(z.unknown()).max(10_000) });

export function createToncenterJettonLedger(opts: JettonLedgerOptions): JettonLedgerSource {
  const base = opts.baseUrl.replace(/\/+$/, '').replace(/\/api\/v3$/, '');
  const request = {
    name: 'TON indexer',
    timeoutMs: opts.timeoutMs ?? 10_000,
    maxBytes: opts.maxBytes ?? 4 * 1024 * 1024,
    headers: (opts.apiKey ? { 'x-api-key': opts.apiKey } : {}) as Record<string, string>,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  };

  return {
    async transfers(owner, master, limit) {
      const ownerRaw = normalizeTonAddress(owner);
      if (!ownerRaw) throw new UpstreamError(`not a TON address: '${owner}'`);
      const url = new URL(`${base}/api/v3/jetton/transfers`);
      url.searchParams.set('owner_address', owner);
      url.searchParams.set('jetton_master', master);
      url.searchParams.set('limit', String(Math.min(Math.max(1, limit), MAX_PAGE_SIZE)));
      url.searchParams.set('offset', '0');
      url.searchParams.set('sort', 'desc');
      const page = pageSchema.safeParse(await getJson(url, request));
      if (!page.success) throw new UpstreamError('TON indexer sent an unexpected jetton_transfers shape');
      const out: LedgerEntry[] = [];
      for (const row of page.data.jetton_transfers) {
        const parsed = transferSchema.safeParse(row);
        // One odd row (a field the indexer changed) is left out rather than failing the whole list.
        if (!parsed.success) continue;
        const t = parsed.data;
        if (t.transaction_aborted === true) continue;
        const into = normalizeTonAddress(t.destination) === ownerRaw;
        const outOf = t.source ? normalizeTonAddress(t.source) === ownerRaw : false;
        if (into === outOf) continue; // not ours, or to itself: no change
        const amount = BigInt(t.amount);
        const decoded = t.decoded_forward_payload;
        const comment =
          commentFromBoc(t.forward_payload) ??
          (decoded?.type === 'text_comment' && typeof decoded.comment === 'string' ? decoded.comment : '');
        out.push({
          hash: normalizeTxHash(t.transaction_hash),
          utime: t.transaction_now,
          amount: into ? amount : -amount,
          comment: comment.slice(0, 256),
        });
      }
      return out.sort((a, b) => b.utime - a.utime);
    },
  };
}

/** The explorer for a network: mainnet or testnet tonviewer. */
export function tonExplorer(testnet: boolean) {
  const origin = testnet ? 'https://testnet.tonviewer.com' : 'https://tonviewer.com';
  return {
    transaction: (hashHex: string) => `${origin}/transaction/${encodeURIComponent(hashHex)}`,
    account: (address: string) =>
      `${origin}/${encodeURIComponent(toFriendlyAddress(address, { bounceable: true, testOnly: testnet }) || address)}`,
    friendly: (address: string) =>
      toFriendlyAddress(address, { bounceable: true, testOnly: testnet }) || address,
  };
}
