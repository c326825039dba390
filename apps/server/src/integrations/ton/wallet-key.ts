/**
 * A wallet's public key from the chain, for ton_proof with a wallet contract outside the five we
 * read from state_init: its `get_public_key` get-method, run by the toncenter v3 indexer
 *   POST /api/v3/runGetMethod {address, method: 'get_public_key', stack: []}
 *   → {gas_used, exit_code, stack: [{type: 'num', value: '0x…'}]}
 * Answers are cached per address: a key for a day (a wallet's key does not change), a refusal
 * (no such method, not deployed) for a minute, so a retry after deploying works. Network errors
 * are not cached.
 */
import { z } from 'zod';
import { normalizeTonAddress } from './address.ts';
import { TonIndexerError, type TonIndexerOptions, toncenterRequest } from './indexer.ts';
import type { WalletKeyLookup } from './proof.ts';

export interface GetMethodResult {
  exitCode: number;
  stack: { type: string; value: unknown }[];
}

/** Runs a get-method without arguments on an account. */
export type RunGetMethod = (address: string, method: string) => Promise<GetMethodResult>;

const MAX_RESPONSE_BYTES = 256 * 1024;

const runGetMethodSchema = z.object({
  exit_code: z.number().int(),
  stack: z
    .array(z.object({ type: z.string().max(32), value: z.unknown() }).loose())
    .max(64)
    .nullish(),
});

export function createToncenterRunGetMethod(opts: TonIndexerOptions): RunGetMethod {
  const request = toncenterRequest(opts, MAX_RESPONSE_BYTES);
  return async (address, method) => {
    const body = runGetMethodSchema.safeParse(
      await request('runGetMethod', { body: { address, method, stack: [] } }),
    );
    if (!body.success) throw new TonIndexerError('indexer sent an unexpected runGetMethod shape');
    return { exitCode: body.data.exit_code, stack: body.data.stack ?? [] };
  };
}

/** A 256-bit number as toncenter prints it ('0x…' hex, or decimal), as 64 hex digits; null if not one. */
export function uint256Hex(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 80) return null;
  let n: bigint;
  try {
    const negative = value.startsWith('-');
    n = BigInt(negative ? value.slice(1) : value);
    if (negative) return null;
  } catch {
    return null;
  }
  if (n >= 1n << 256n) return null;
  return n.toString(16).padStart(64, '0');
}

export interface WalletKeyLookupOptions {
  runGetMethod: RunGetMethod;
  /** how long a found key is kept; default a day */
  keyTtlMs?: number;
  /** how long a refusal (no method, not deployed) is kept; default a minute */
  refusalTtlMs?: number;
  /** addresses kept at most; the oldest go first */
  maxEntries?: number;
  now?: () => number;
}

type Answer = Awaited<ReturnType<WalletKeyLookup>>;

export function createWalletKeyLookup(opts: WalletKeyLookupOptions): WalletKeyLookup {
  const keyTtl = opts.keyTtlMs ?? 86_400_000;
  const refusalTtl = opts.refusalTtlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { answer: Answer; until: number }>();
  /** one indexer call per address at a time */
  const inflight = new Map<string, Promise<Answer>>();

  function remember(address: string, answer: Answer) {
    cache.delete(address);
    cache.set(address, { answer, until: now() + (answer.ok ? keyTtl : refusalTtl) });
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
  }

  async function ask(address: string): Promise<Answer> {
    let result: GetMethodResult;
    try {
      result = await opts.runGetMethod(address, 'get_public_key');
    } catch (err) {
      return { ok: false, reason: `could not ask the wallet for its public key: ${(err as Error).message}` };
    }
    let answer: Answer;
    if (result.exitCode !== 0) {
      answer = {
        ok: false,
        reason: `the wallet has no get_public_key method (exit code ${result.exitCode}); it may not be deployed yet`,
      };
    } else {
      const top = result.stack[0];
      const hex = top && top.type === 'num' ? uint256Hex(top.value) : null;
      answer = hex
        ? { ok: true, publicKey: hex }
        : { ok: false, reason: 'the wallet answered get_public_key without a 256-bit key' };
    }
    remember(address, answer);
    return answer;
  }

  return async (address) => {
    const raw = normalizeTonAddress(address);
    if (!raw) return { ok: false, reason: 'bad address' };
    const hit = cache.get(raw);
    if (hit && hit.until > now()) return hit.answer;
    const pending = inflight.get(raw);
    if (pending) return pending;
    const p = ask(raw).finally(() => inflight.delete(raw));
    inflight.set(raw, p);
    return p;
  };
}
