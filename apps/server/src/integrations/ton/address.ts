/**
 * TON addresses (SPEC §5: "parsed and normalised as TON addresses; empty output on failure").
 * Two spellings of one account: raw `<workchain>:<64 hex>` and the 48-character user-friendly
 * base64 (or base64url) form carrying a tag byte (bounceable / non-bounceable, test-only flag),
 * the workchain byte and a CRC16-XMODEM checksum. We store and compare the raw form.
 */

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
const TAG_BOUNCEABLE = 0x11;
const TAG_NON_BOUNCEABLE = 0x51;
const TAG_TEST_ONLY = 0x80;

/** Only the basechain and the masterchain exist; anything else is a typo or an attack. */
function isKnownWorkchain(wc: number): boolean {
  return wc === 0 || wc === -1;
}

/** CRC16-XMODEM (poly 0x1021, init 0), as the friendly form uses. */
export function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
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
  const bytes = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
  if (bytes.length !== 36) return null;
  const body = bytes.subarray(0, 34);
  if (crc16(body) !== bytes.readUInt16BE(34)) return null;
  let tag = bytes[0]!;
  const testOnly = (tag & TAG_TEST_ONLY) !== 0;
  tag &= ~TAG_TEST_ONLY;
  if (tag !== TAG_BOUNCEABLE && tag !== TAG_NON_BOUNCEABLE) return null;
  const workchain = bytes.readInt8(1);
  if (!isKnownWorkchain(workchain)) return null;
  return {
    workchain,
    hash: Buffer.from(bytes.subarray(2, 34)),
    bounceable: tag === TAG_BOUNCEABLE,
    testOnly,
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
  const bytes = Buffer.alloc(36);
  bytes[0] = (opts.bounceable ? TAG_BOUNCEABLE : TAG_NON_BOUNCEABLE) | (opts.testOnly ? TAG_TEST_ONLY : 0);
  bytes.writeInt8(parsed.workchain, 1);
  parsed.hash.copy(bytes, 2);
  bytes.writeUInt16BE(crc16(bytes.subarray(0, 34)), 34);
  const b64 = bytes.toString('base64');
  return opts.urlSafe === false ? b64 : b64.replaceAll('+', '-').replaceAll('/', '_');
}

/** Same account, whatever the spelling; false when either is not an address. */
export function sameTonAddress(a: string, b: string): boolean {
  const x = normalizeTonAddress(a);
  return x !== '' && x === normalizeTonAddress(b);
}
