/**
 * TON addresses (SPEC §5: "parsed and normalised as TON addresses; empty output on failure").
 * Two spellings of one account: raw `<workchain>:<64 hex>` and the 48-character user-friendly
 * base64 (or base64url) form carrying a tag byte (bounceable / non-bounceable, test-only flag),
 * the workchain byte and a CRC16-XMODEM checksum. We store and compare the raw form.
 *
 * Decoding and encoding are @ton/core's `Address`; this wrapper adds what it leaves to the caller:
 * a strict shape check before parsing (its `isRaw` accepts any digits before the colon and its
 * friendly parser a mix of the two base64 alphabets), only the basechain and the masterchain, and
 * '' / null instead of exceptions.
 */
import type * as TonCore from '@ton/core';
import { lazyRequire } from '../../lib/lazy-require.ts';

/**
 * Loaded at the first address decoded or encoded: config.ts checks configured addresses with this
 * module, and main.ts loads config.ts before the database starts opening.
 */
const ton = lazyRequire<typeof TonCore>('@ton/core');

export interface TonAddress {
  workchain: number;
  /** 32-byte account id */
  hash: Buffer;
  /** From the friendly form's tag; null when parsed from the raw form. */
  bounceable: boolean | null;
  testOnly: boolean | null;
}

const RAW = /^(-?\d{1,3}):([0-9a-fA-F]{64})$/;
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;

/** Only the basechain and the masterchain exist; anything else is a typo or an attack. */
function isKnownWorkchain(wc: number): boolean {
  return wc === 0 || wc === -1;
}

/** CRC16-XMODEM (poly 0x1021, init 0), as the friendly form uses. */
export function crc16(data: Uint8Array): number {
  return ton().crc16(Buffer.from(data)).readUInt16BE(0);
}

export function parseTonAddress(input: string): TonAddress | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const raw = RAW.exec(text);
  if (raw) {
    const workchain = Number(raw[1]);
    if (!isKnownWorkchain(workchain)) return null;
    return { workchain, hash: Buffer.from(raw[2]!, 'hex'), bounceable: null, testOnly: null };
  }
  if (!FRIENDLY.test(text)) return null;
  // One alphabet per address: a mix of '+/' and '-_' is not something any encoder produces.
  if (/[+/]/.test(text) && /[-_]/.test(text)) return null;
  let parsed: ReturnType<typeof TonCore.Address.parseFriendly>;
  try {
    // Checks the length, the CRC and the tag (bounceable or not, optionally test-only).
    parsed = ton().Address.parseFriendly(text);
  } catch {
    return null;
  }
  const { workChain, hash } = parsed.address;
  if (!isKnownWorkchain(workChain)) return null;
  return {
    workchain: workChain,
    hash: Buffer.from(hash),
    bounceable: parsed.isBounceable,
    testOnly: parsed.isTestOnly,
  };
}

export function rawAddress(a: Pick<TonAddress, 'workchain' | 'hash'>): string {
  return `${a.workchain}:${a.hash.toString('hex')}`;
}

/** Any spelling → the raw lower-case form `0:ab…`, or '' when it is not a valid address. */
export function normalizeTonAddress(input: string): string {
  const parsed = parseTonAddress(input);
  return parsed ? rawAddress(parsed) : '';
}

export interface FriendlyOptions {
  bounceable: boolean;
  testOnly?: boolean;
  /** base64url (the form wallets show); default true */
  urlSafe?: boolean;
}

/** Any spelling → the user-friendly form with the given flags, or '' when it is not valid. */
export function toFriendlyAddress(input: string | TonAddress, opts: FriendlyOptions): string {
  const parsed = typeof input === 'string' ? parseTonAddress(input) : input;
  if (parsed?.hash.length !== 32 || !isKnownWorkchain(parsed.workchain)) return '';
  return new (ton().Address)(parsed.workchain, parsed.hash).toString({
    bounceable: opts.bounceable,
    testOnly: opts.testOnly ?? false,
    urlSafe: opts.urlSafe ?? true,
  });
}

/** Same account, whatever the spelling; false when either is not an address. */
export function sameTonAddress(a: string, b: string): boolean {
  const x = normalizeTonAddress(a);
  return x !== '' && x === normalizeTonAddress(b);
}
