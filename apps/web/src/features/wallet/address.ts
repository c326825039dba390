/**
 * TON addresses in the browser, only as far as telling whether two spellings name one account:
 * raw `<workchain>:<64 hex>` (what TON Connect reports) and the 48-character user-friendly form
 * (what the server shows), whose CRC16-XMODEM is checked. Everything sent to a wallet comes
 * ready-made from the server.
 */

export interface TonAddress {
  workchain: number;
  /** 32-byte account id */
  hash: Uint8Array;
  /** from a user-friendly address's flags; false for raw ones */
  testOnly: boolean;
  bounceable: boolean;
}

function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Parses `0:hex` or a 48-character user-friendly address; null when it is neither. */
export function parseTonAddress(text: string): TonAddress | null {
  const raw = /^(-?\d+):([0-9a-fA-F]{64})$/.exec(text.trim());
  if (raw) {
    const hash = new Uint8Array(32);
    for (let i = 0; i < 32; i++) hash[i] = Number.parseInt(raw[2]!.slice(i * 2, i * 2 + 2), 16);
    return { workchain: Number(raw[1]), hash, testOnly: false, bounceable: true };
  }
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(text.trim())) return null;
  let data: Uint8Array;
  try {
    data = base64ToBytes(text.trim());
  } catch {
    return null;
  }
  if (data.length !== 36) return null;
  if (crc16(data.subarray(0, 34)) !== ((data[34]! << 8) | data[35]!)) return null;
  const flags = data[0]!;
  const tag = flags & 0x7f;
  if (tag !== 0x11 && tag !== 0x51) return null;
  const wc = data[1]!;
  return {
    workchain: wc > 127 ? wc - 256 : wc,
    hash: data.slice(2, 34),
    testOnly: (flags & 0x80) !== 0,
    bounceable: tag === 0x11,
  };
}

/** A long address as the menu shows it: its first and last four characters. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 4)}…${address.slice(-4)}` : address;
}
