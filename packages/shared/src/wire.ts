/**
 * The websocket wire. Every frame is binary and starts with a type byte.
 *
 * Server → client
 *   HELLO    [1][seq u32][flags u8: bit0 signed in][online u32]
 *   PIXELS   [2][flags u8: bit0 deflated][seq u32][body]   body = n × (pixel id u24 LE, palette index u8)
 *   EVENT    [3][utf-8 JSON of a WallEvent]
 *   RESULT   [4][request id u32][status u8: 0 ok, 1 error][payload]
 *              repaint ok:      utf-8 JSON of a RepaintResult
 *              canvas:main ok:  [seq u32][webp bytes]
 *              error:           utf-8 JSON {code, message}
 *   ONLINE   [5][visitors u32]
 *
 * Client → server (RPC)
 *   [rpc u8][request id u32][args]
 *     rpc 0 repaint:      [pixel id u32][palette index u8]
 *     rpc 1 canvas:main:  (none)
 *
 * All integers little-endian. Decoders never throw: they return null for anything malformed.
 * Compression is not done here (no I/O in this package): callers deflate/inflate the PIXELS body.
 */
import { MAX_PIXEL_ID, MIN_PIXEL_ID } from './canvas.ts';
import { isPaletteColor, PALETTE_SIZE } from './palette.ts';
import { WALL_EVENT_KINDS, type WallEventKind } from './products.ts';

export const FrameType = {
  Hello: 1,
  Pixels: 2,
  Event: 3,
  Result: 4,
  Online: 5,
} as const;
export type FrameType = (typeof FrameType)[keyof typeof FrameType];

export const RpcType = {
  Repaint: 0,
  CanvasMain: 1,
} as const;
export type RpcType = (typeof RpcType)[keyof typeof RpcType];

export const PIXEL_FLAG_DEFLATED = 1;
export const PIXELS_HEADER_BYTES = 6;
export const BYTES_PER_CHANGE = 4;

/** Websocket close codes the server uses. */
export const CloseCode = {
  BadFrame: 4400,
  Unauthorized: 4401,
  Banned: 4403,
  RateLimited: 4429,
  ShuttingDown: 1001,
} as const;

export interface PixelChange {
  pixelId: number;
  color: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

// ---------- pixel bodies ----------

/** Writes change number `index` of a PIXELS body: pixel id u24 LE, then the palette index. */
export function writePixelChange(body: Uint8Array, index: number, pixelId: number, color: number): void {
  const o = index * BYTES_PER_CHANGE;
  body[o] = pixelId & 0xff;
  body[o + 1] = (pixelId >>> 8) & 0xff;
  body[o + 2] = (pixelId >>> 16) & 0xff;
  body[o + 3] = color;
}

/** The pixel id of change number `index` of a PIXELS body (unchecked). */
export function pixelIdAt(body: Uint8Array, index: number): number {
  const o = index * BYTES_PER_CHANGE;
  return body[o]! | (body[o + 1]! << 8) | (body[o + 2]! << 16);
}

/** The palette index of change number `index` of a PIXELS body (unchecked). */
export function colorAt(body: Uint8Array, index: number): number {
  return body[index * BYTES_PER_CHANGE + 3]!;
}

/** How many changes a PIXELS body holds (its length must be a multiple of 4). */
export function pixelChangeCount(body: Uint8Array): number {
  return Math.floor(body.length / BYTES_PER_CHANGE);
}

/** Packs changes into the PIXELS body: 4 bytes per change. */
export function encodePixelBody(
  changes: Iterable<PixelChange> | ArrayLike<PixelChange>,
  count?: number,
): Uint8Array {
  const list = Array.isArray(changes)
    ? (changes as PixelChange[])
    : Array.from(changes as Iterable<PixelChange>);
  const n = count ?? list.length;
  const out = new Uint8Array(n * BYTES_PER_CHANGE);
  for (let i = 0; i < n; i++) {
    const c = list[i]!;
    writePixelChange(out, i, c.pixelId, c.color);
  }
  return out;
}

/**
 * Calls `visit` for each change of a PIXELS body; false when the body is malformed
 * (length not a multiple of 4, a pixel id or colour out of range). Nothing is visited then.
 */
export function forEachPixelChange(
  body: Uint8Array,
  visit: (pixelId: number, color: number) => void,
): boolean {
  if (body.length % BYTES_PER_CHANGE !== 0) return false;
  const n = body.length / BYTES_PER_CHANGE;
  for (let i = 0; i < n; i++) {
    const id = pixelIdAt(body, i);
    if (id < MIN_PIXEL_ID || id > MAX_PIXEL_ID || colorAt(body, i) >= PALETTE_SIZE) return false;
  }
  for (let i = 0; i < n; i++) visit(pixelIdAt(body, i), colorAt(body, i));
  return true;
}

export function decodePixelBody(body: Uint8Array): PixelChange[] | null {
  const out: PixelChange[] = [];
  return forEachPixelChange(body, (pixelId, color) => out.push({ pixelId, color })) ? out : null;
}

// ---------- server → client ----------

export function encodeHello(seq: number, signedIn: boolean, online: number): Uint8Array {
  const out = new Uint8Array(10);
  const v = new DataView(out.buffer);
  out[0] = FrameType.Hello;
  v.setUint32(1, seq >>> 0, true);
  out[5] = signedIn ? 1 : 0;
  v.setUint32(6, online >>> 0, true);
  return out;
}

/** A PIXELS frame around an already packed (and possibly deflated) body. */
export function encodePixelsFrame(seq: number, body: Uint8Array, deflated: boolean): Uint8Array {
  const out = new Uint8Array(PIXELS_HEADER_BYTES + body.length);
  out[0] = FrameType.Pixels;
  out[1] = deflated ? PIXEL_FLAG_DEFLATED : 0;
  new DataView(out.buffer).setUint32(2, seq >>> 0, true);
  out.set(body, PIXELS_HEADER_BYTES);
  return out;
}

/**
 * The sequence number of a PIXELS frame, read from its header alone (no allocation: the fan-out
 * reads it from every frame); null when `frame` is not a PIXELS frame.
 */
export function pixelsFrameSeq(frame: Uint8Array): number | null {
  if (frame.length < PIXELS_HEADER_BYTES || frame[0] !== FrameType.Pixels) return null;
  return (frame[2]! | (frame[3]! << 8) | (frame[4]! << 16)) + frame[5]! * 0x1000000;
}

/** Whether a PIXELS frame's body is deflated (read from its header). */
export function pixelsFrameDeflated(frame: Uint8Array): boolean {
  return frame[1] === PIXEL_FLAG_DEFLATED;
}

/** The body of a PIXELS frame (a view, not a copy), deflated or not as its header says. */
export function pixelsFrameBody(frame: Uint8Array): Uint8Array {
  return frame.subarray(PIXELS_HEADER_BYTES);
}

export function encodeEvent(event: WallEvent): Uint8Array {
  const json = encoder.encode(JSON.stringify(event));
  const out = new Uint8Array(1 + json.length);
  out[0] = FrameType.Event;
  out.set(json, 1);
  return out;
}

export function encodeOnline(visitors: number): Uint8Array {
  const out = new Uint8Array(5);
  out[0] = FrameType.Online;
  new DataView(out.buffer).setUint32(1, visitors >>> 0, true);
  return out;
}

export function encodeResult(requestId: number, ok: boolean, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(6 + payload.length);
  out[0] = FrameType.Result;
  new DataView(out.buffer).setUint32(1, requestId >>> 0, true);
  out[5] = ok ? 0 : 1;
  out.set(payload, 6);
  return out;
}

export function encodeJsonResult(requestId: number, ok: boolean, value: unknown): Uint8Array {
  return encodeResult(requestId, ok, encoder.encode(JSON.stringify(value)));
}

export function encodeCanvasResult(requestId: number, seq: number, image: Uint8Array): Uint8Array {
  const payload = new Uint8Array(4 + image.length);
  new DataView(payload.buffer).setUint32(0, seq >>> 0, true);
  payload.set(image, 4);
  return encodeResult(requestId, true, payload);
}

/** A wall-wide event: blasts and the Pixanos' Snap, with who did it and where. */
export interface WallEvent {
  /** The blast's kind, or 'snap': the catalogue's wall event kinds. */
  kind: WallEventKind;
  user: { id: number; firstName: string; userPic: string | null };
  pixelId: number;
  color?: string;
  seed?: number;
  percentage?: number;
  /**
   * Snap only: the sequence number the snap takes in the pixel stream. It is applied on top of
   * batch seq−1, batches after it follow it; a client that missed it sees a gap and refetches.
   */
  seq?: number;
}

export type ServerFrame =
  | { type: typeof FrameType.Hello; seq: number; signedIn: boolean; online: number }
  | { type: typeof FrameType.Pixels; seq: number; deflated: boolean; body: Uint8Array }
  | { type: typeof FrameType.Event; event: WallEvent }
  | { type: typeof FrameType.Result; requestId: number; ok: boolean; payload: Uint8Array }
  | { type: typeof FrameType.Online; visitors: number };

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeServerFrame(bytes: Uint8Array): ServerFrame | null {
  if (bytes.length < 1) return null;
  const v = view(bytes);
  switch (bytes[0]) {
    case FrameType.Hello:
      if (bytes.length !== 10 || bytes[5]! > 1) return null;
      return {
        type: FrameType.Hello,
        seq: v.getUint32(1, true),
        signedIn: bytes[5] === 1,
        online: v.getUint32(6, true),
      };
    case FrameType.Pixels: {
      const seq = pixelsFrameSeq(bytes);
      if (seq === null || bytes[1]! > PIXEL_FLAG_DEFLATED) return null;
      const deflated = pixelsFrameDeflated(bytes);
      const body = pixelsFrameBody(bytes);
      if (!deflated && body.length % BYTES_PER_CHANGE !== 0) return null;
      return { type: FrameType.Pixels, seq, deflated, body };
    }
    case FrameType.Event: {
      const event = parseJson(bytes.subarray(1));
      return isWallEvent(event) ? { type: FrameType.Event, event } : null;
    }
    case FrameType.Result:
      if (bytes.length < 6 || bytes[5]! > 1) return null;
      return {
        type: FrameType.Result,
        requestId: v.getUint32(1, true),
        ok: bytes[5] === 0,
        payload: bytes.subarray(6),
      };
    case FrameType.Online:
      if (bytes.length !== 5) return null;
      return { type: FrameType.Online, visitors: v.getUint32(1, true) };
    default:
      return null;
  }
}

/** Reads the JSON payload of a RESULT frame; undefined when it is not JSON. */
export function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

export function decodeCanvasPayload(payload: Uint8Array): { seq: number; image: Uint8Array } | null {
  if (payload.length < 4) return null;
  return { seq: view(payload).getUint32(0, true), image: payload.subarray(4) };
}

const EVENT_KINDS: ReadonlySet<string> = new Set(WALL_EVENT_KINDS);

function isWallEvent(value: unknown): value is WallEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const user = e.user as Record<string, unknown> | null | undefined;
  return (
    typeof e.kind === 'string' &&
    EVENT_KINDS.has(e.kind) &&
    typeof e.pixelId === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'number' &&
    typeof user.firstName === 'string' &&
    (e.kind !== 'snap' || isSnapInfo(e))
  );
}

/** A snap event carries everything a client needs to repaint: seed, percentage, colour, seq. */
function isSnapInfo(e: Record<string, unknown>): boolean {
  const { seed, percentage, color, seq } = e;
  return (
    Number.isInteger(seed) &&
    (seed as number) >= 0 &&
    (seed as number) <= 0xffffffff &&
    Number.isInteger(percentage) &&
    (percentage as number) >= 1 &&
    (percentage as number) <= 100 &&
    typeof color === 'string' &&
    isPaletteColor(color) &&
    Number.isInteger(seq) &&
    (seq as number) >= 1 &&
    (seq as number) <= 0xffffffff
  );
}

// ---------- client → server ----------

export type ClientRpc =
  | { rpc: typeof RpcType.Repaint; requestId: number; pixelId: number; color: number }
  | { rpc: typeof RpcType.CanvasMain; requestId: number };

export function encodeRepaintRpc(requestId: number, pixelId: number, color: number): Uint8Array {
  const out = new Uint8Array(10);
  const v = new DataView(out.buffer);
  out[0] = RpcType.Repaint;
  v.setUint32(1, requestId >>> 0, true);
  v.setUint32(5, pixelId >>> 0, true);
  out[9] = color;
  return out;
}

export function encodeCanvasRpc(requestId: number): Uint8Array {
  const out = new Uint8Array(5);
  out[0] = RpcType.CanvasMain;
  new DataView(out.buffer).setUint32(1, requestId >>> 0, true);
  return out;
}

/**
 * Decodes a client RPC frame. `null` means the frame cannot be understood at all (the
 * connection should be closed); `{ requestId, error }` means it can be answered with an error.
 */
export function decodeClientRpc(
  bytes: Uint8Array,
): ClientRpc | { requestId: number; error: 'UNKNOWN_RPC' | 'BAD_ARGUMENTS' } | null {
  if (bytes.length < 5) return null;
  const v = view(bytes);
  const requestId = v.getUint32(1, true);
  switch (bytes[0]) {
    case RpcType.Repaint:
      if (bytes.length !== 10) return { requestId, error: 'BAD_ARGUMENTS' };
      return { rpc: RpcType.Repaint, requestId, pixelId: v.getUint32(5, true), color: bytes[9]! };
    case RpcType.CanvasMain:
      if (bytes.length !== 5) return { requestId, error: 'BAD_ARGUMENTS' };
      return { rpc: RpcType.CanvasMain, requestId };
    default:
      return { requestId, error: 'UNKNOWN_RPC' };
  }
}
