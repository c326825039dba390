/**
 * Just enough of TON's cell format to write the two payloads the shop sends through the wallet:
 * a text comment and a jetton transfer. Ordinary cells only, serialised as a bag of cells with a
 * CRC32-C, the way @ton/core's `toBoc()` writes them. Kept local because @ton/core needs Node's
 * Buffer in the browser.
 */

const MAX_BITS = 1023;
const MAX_REFS = 4;

export class Cell {
  constructor(
    /** one 0/1 entry per bit */
    readonly bits: readonly number[],
    readonly refs: readonly Cell[],
  ) {}
}

export class CellBuilder {
  private readonly bits: number[] = [];
  private readonly refs: Cell[] = [];

  get bitLength(): number {
    return this.bits.length;
  }

  get freeBits(): number {
    return MAX_BITS - this.bits.length;
  }

  bit(value: boolean | number): this {
    if (this.bits.length >= MAX_BITS) throw new RangeError('cell overflow: more than 1023 bits');
    this.bits.push(value ? 1 : 0);
    return this;
  }

  /** An unsigned integer of `width` bits, big-endian. */
  uint(value: bigint | number, width: number): this {
    const v = BigInt(value);
    if (v < 0n || v >= 1n << BigInt(width)) {
      throw new RangeError(`${v} does not fit in ${width} bits`);
    }
    for (let i = width - 1; i >= 0; i--) this.bit(Number((v >> BigInt(i)) & 1n));
    return this;
  }

  /** A signed integer of `width` bits, two's complement. */
  int(value: number, width: number): this {
    const v = BigInt(value);
    const limit = 1n << BigInt(width - 1);
    if (v < -limit || v >= limit) throw new RangeError(`${v} does not fit in int${width}`);
    return this.uint(v < 0n ? (1n << BigInt(width)) + v : v, width);
  }

  bytes(data: Uint8Array): this {
    for (const b of data) this.uint(b, 8);
    return this;
  }

  /** VarUInteger 16 (Coins): a 4-bit byte length, then the value in that many bytes. */
  coins(value: bigint | string | number): this {
    const v = BigInt(value);
    if (v < 0n) throw new RangeError('coins cannot be negative');
    if (v === 0n) return this.uint(0, 4);
    const hex = v.toString(16);
    const len = Math.ceil(hex.length / 2);
    if (len > 15) throw new RangeError('coins value too large');
    return this.uint(len, 4).uint(v, len * 8);
  }

  /** MsgAddressInt, addr_std without anycast; null writes addr_none. */
  address(addr: TonAddress | null): this {
    if (addr === null) return this.uint(0, 2);
    return this.uint(2, 2).bit(0).int(addr.workchain, 8).bytes(addr.hash);
  }

  ref(cell: Cell): this {
    if (this.refs.length >= MAX_REFS) throw new RangeError('cell overflow: more than 4 references');
    this.refs.push(cell);
    return this;
  }

  end(): Cell {
    return new Cell([...this.bits], [...this.refs]);
  }
}

export function beginCell(): CellBuilder {
  return new CellBuilder();
}

// ---------- addresses ----------

export interface TonAddress {
  workchain: number;
  hash: Uint8Array;
  /** from a user-friendly address's flags; false for raw ones */
  testOnly: boolean;
  bounceable: boolean;
}

function base64ToBytes(text: string): Uint8Array {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(normal);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function bytesToBase64(data: Uint8Array): string {
  let binary = '';
  for (const b of data) binary += String.fromCharCode(b);
  return btoa(binary);
}

function crc16(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
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

// ---------- bag of cells ----------

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of data) crc = CRC32C_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The cell's data bytes with the completion tag (a 1 bit, then zeros) when not byte-aligned. */
function paddedData(bits: readonly number[]): Uint8Array {
  const out = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => {
    if (bit) out[i >> 3]! |= 0x80 >> (i & 7);
  });
  if (bits.length % 8 !== 0) out[bits.length >> 3]! |= 0x80 >> (bits.length & 7);
  return out;
}

/** Cells in an order where every cell comes before the cells it refers to (root first). */
function topoOrder(root: Cell): Cell[] {
  const order: Cell[] = [];
  const state = new Map<Cell, 'visiting' | 'done'>();
  const visit = (cell: Cell) => {
    if (state.get(cell) === 'done') return;
    if (state.get(cell) === 'visiting') throw new Error('cell graph has a cycle');
    state.set(cell, 'visiting');
    for (const r of cell.refs) visit(r);
    state.set(cell, 'done');
    order.push(cell);
  };
  visit(root);
  return order.reverse();
}

function bytesFor(n: number): number {
  let bytes = 1;
  while (n >= 2 ** (8 * bytes)) bytes++;
  return bytes;
}

function pushUint(out: number[], value: number, bytes: number): void {
  for (let i = bytes - 1; i >= 0; i--) out.push(Math.floor(value / 2 ** (8 * i)) & 0xff);
}

/** Serialises a cell tree as a BoC with one root and a CRC32-C, no index. */
export function toBoc(root: Cell): Uint8Array {
  const cells = topoOrder(root);
  const index = new Map<Cell, number>(cells.map((c, i) => [c, i]));
  const sizeBytes = bytesFor(cells.length);
  const body: number[] = [];
  for (const cell of cells) {
    const bits = cell.bits.length;
    body.push(cell.refs.length, Math.floor(bits / 8) + Math.ceil(bits / 8));
    body.push(...paddedData(cell.bits));
    for (const r of cell.refs) pushUint(body, index.get(r)!, sizeBytes);
  }
  const offBytes = bytesFor(body.length);
  const head: number[] = [0xb5, 0xee, 0x9c, 0x72, 0x40 | sizeBytes, offBytes];
  pushUint(head, cells.length, sizeBytes);
  pushUint(head, 1, sizeBytes);
  pushUint(head, 0, sizeBytes);
  pushUint(head, body.length, offBytes);
  pushUint(head, 0, sizeBytes);
  const withoutCrc = Uint8Array.from([...head, ...body]);
  const crc = crc32c(withoutCrc);
  const out = new Uint8Array(withoutCrc.length + 4);
  out.set(withoutCrc);
  // CRC32-C goes little-endian.
  out.set([crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff, (crc >>> 24) & 0xff], withoutCrc.length);
  return out;
}

export function toBocBase64(root: Cell): string {
  return bytesToBase64(toBoc(root));
}
