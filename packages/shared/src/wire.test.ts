import { describe, expect, it } from 'vitest';
import { MAX_PIXEL_ID, MIN_PIXEL_ID } from './canvas.ts';
import { PALETTE_SIZE } from './palette.ts';
import {
  BYTES_PER_CHANGE,
  type ClientRpc,
  colorAt,
  decodeCanvasPayload,
  decodeClientRpc,
  decodePixelBody,
  decodeServerFrame,
  encodeCanvasResult,
  encodeCanvasRpc,
  encodeEvent,
  encodeHello,
  encodeJsonResult,
  encodeOnline,
  encodePixelBody,
  encodePixelsFrame,
  encodeRepaintRpc,
  encodeResult,
  FrameType,
  forEachPixelChange,
  PIXELS_HEADER_BYTES,
  type PixelChange,
  parseJson,
  pixelChangeCount,
  pixelIdAt,
  pixelsFrameBody,
  pixelsFrameDeflated,
  pixelsFrameSeq,
  RpcType,
  type ServerFrame,
  type WallEvent,
  writePixelChange,
} from './wire.ts';

/** Small seeded PRNG (mulberry32): the fuzz cases are the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const U32_MAX = 0xffff_ffff;
const bytes = (...b: number[]) => Uint8Array.from(b);
const utf8 = (s: string) => new TextEncoder().encode(s);
/** The same bytes at an odd offset inside a bigger buffer, as a socket library may hand them over. */
function embedded(frame: Uint8Array): Uint8Array {
  const buf = new Uint8Array(frame.length + 11).fill(0xee);
  buf.set(frame, 7);
  return buf.subarray(7, 7 + frame.length);
}

const EVENT: WallEvent = {
  kind: 'bomb',
  user: { id: 42, firstName: 'Ада 🎨', userPic: null },
  pixelId: 524_801,
  color: '#FF4500',
};

describe('pixel bodies', () => {
  const changes: PixelChange[] = [
    { pixelId: MIN_PIXEL_ID, color: 0 },
    { pixelId: MAX_PIXEL_ID, color: PALETTE_SIZE - 1 },
    { pixelId: 0x0f3456, color: 7 },
    { pixelId: 256, color: 1 },
  ];

  it('packs 4 bytes per change, id little-endian', () => {
    const body = encodePixelBody(changes);
    expect(body).toHaveLength(changes.length * BYTES_PER_CHANGE);
    expect(Array.from(body.subarray(0, 4))).toEqual([1, 0, 0, 0]);
    expect(Array.from(body.subarray(4, 8))).toEqual([0x00, 0x00, 0x10, 29]);
    expect(Array.from(body.subarray(8, 12))).toEqual([0x56, 0x34, 0x0f, 7]);
  });

  it('round-trips', () => {
    expect(decodePixelBody(encodePixelBody(changes))).toEqual(changes);
    expect(decodePixelBody(embedded(encodePixelBody(changes)))).toEqual(changes);
    expect(decodePixelBody(encodePixelBody([]))).toEqual([]);
  });

  it('encodes from any iterable, and only the first `count`', () => {
    expect(decodePixelBody(encodePixelBody(new Set(changes)))).toEqual(changes);
    expect(decodePixelBody(encodePixelBody(changes, 2))).toEqual(changes.slice(0, 2));
  });

  it('writes and reads one change at a time, at its index', () => {
    const body = new Uint8Array(changes.length * BYTES_PER_CHANGE);
    for (const [i, c] of changes.entries()) writePixelChange(body, i, c.pixelId, c.color);
    expect(body).toEqual(encodePixelBody(changes));
    expect(pixelChangeCount(body)).toBe(changes.length);
    const back = changes.map((_, i) => ({ pixelId: pixelIdAt(body, i), color: colorAt(body, i) }));
    expect(back).toEqual(changes);
    const inside = embedded(body);
    expect(pixelIdAt(inside, 2)).toBe(0x0f3456);
    expect(colorAt(inside, 1)).toBe(PALETTE_SIZE - 1);
  });

  it.each([
    ['length not a multiple of 4', bytes(1, 0, 0)],
    ['pixel id 0', bytes(0, 0, 0, 1)],
    ['pixel id above the canvas', bytes(1, 0, 0x10, 1)],
    ['colour outside the palette', bytes(1, 0, 0, PALETTE_SIZE)],
    ['one bad change among good ones', bytes(1, 0, 0, 1, 2, 0, 0, 255)],
  ])('rejects %s and visits nothing', (_, body) => {
    expect(decodePixelBody(body)).toBeNull();
    let visited = 0;
    expect(forEachPixelChange(body, () => visited++)).toBe(false);
    expect(visited).toBe(0);
  });
});

describe('server frames round-trip', () => {
  it.each([
    [0, false, 0],
    [1, true, 17],
    [U32_MAX, true, U32_MAX],
  ])('HELLO seq %i signed in %s online %i', (seq, signedIn, online) => {
    const frame = encodeHello(seq, signedIn, online);
    expect(frame[0]).toBe(FrameType.Hello);
    expect(decodeServerFrame(frame)).toEqual({ type: FrameType.Hello, seq, signedIn, online });
    expect(decodeServerFrame(embedded(frame))).toEqual({ type: FrameType.Hello, seq, signedIn, online });
  });

  it('wraps sequence numbers to 32 bits', () => {
    expect(decodeServerFrame(encodeHello(2 ** 32 + 5, false, 0))).toMatchObject({ seq: 5 });
    expect(decodeServerFrame(encodePixelsFrame(2 ** 32 + 1, new Uint8Array(), false))).toMatchObject({
      seq: 1,
    });
  });

  it.each([false, true])('PIXELS deflated=%s', (deflated) => {
    const body = deflated ? bytes(0x78, 0x9c, 0x03) : encodePixelBody([{ pixelId: 99, color: 3 }]);
    const frame = encodePixelsFrame(123_456, body, deflated);
    expect(frame).toHaveLength(PIXELS_HEADER_BYTES + body.length);
    const decoded = decodeServerFrame(embedded(frame));
    expect(decoded).toMatchObject({ type: FrameType.Pixels, seq: 123_456, deflated });
    expect(Array.from((decoded as { body: Uint8Array }).body)).toEqual(Array.from(body));
  });

  it('reads a PIXELS header without decoding the frame', () => {
    const body = encodePixelBody([{ pixelId: 99, color: 3 }]);
    for (const [seq, deflated] of [
      [0, false],
      [0x01020304, true],
      [U32_MAX, false],
    ] as const) {
      const frame = embedded(encodePixelsFrame(seq, body, deflated));
      expect(pixelsFrameSeq(frame)).toBe(seq);
      expect(pixelsFrameDeflated(frame)).toBe(deflated);
      expect(Array.from(pixelsFrameBody(frame))).toEqual(Array.from(body));
    }
    expect(pixelsFrameSeq(encodeHello(5, false, 0))).toBeNull();
    expect(pixelsFrameSeq(encodePixelsFrame(5, body, false).subarray(0, PIXELS_HEADER_BYTES - 1))).toBeNull();
  });

  it('PIXELS with an empty batch', () => {
    expect(decodeServerFrame(encodePixelsFrame(9, new Uint8Array(), false))).toMatchObject({
      type: FrameType.Pixels,
      seq: 9,
      deflated: false,
    });
  });

  it.each<WallEvent>([
    EVENT,
    {
      kind: 'paintcan',
      user: { id: 1, firstName: 'a', userPic: 'https://x/y.png' },
      pixelId: 1,
      color: '#000000',
    },
    { kind: 'pumpkin', user: { id: 2, firstName: 'b', userPic: null }, pixelId: MAX_PIXEL_ID },
    {
      kind: 'snap',
      user: { id: 3, firstName: 'c', userPic: null },
      pixelId: 1,
      seed: 987_654,
      percentage: 50,
      color: '#D4D7D9',
      seq: 41,
    },
    {
      kind: 'snap',
      user: { id: 4, firstName: 'd', userPic: null },
      pixelId: 524_801,
      seed: U32_MAX,
      percentage: 100,
      color: '#FF4500',
      seq: U32_MAX,
    },
  ])('EVENT $kind', (event) => {
    expect(decodeServerFrame(embedded(encodeEvent(event)))).toEqual({ type: FrameType.Event, event });
  });

  const SNAP: WallEvent = {
    kind: 'snap',
    user: { id: 3, firstName: 'c', userPic: null },
    pixelId: 1,
    seed: 5,
    percentage: 50,
    color: '#FF4500',
    seq: 9,
  };
  it.each<[string, Record<string, unknown>]>([
    ['no seed', { seed: undefined }],
    ['a negative seed', { seed: -1 }],
    ['a seed above u32', { seed: U32_MAX + 1 }],
    ['a fractional percentage', { percentage: 12.5 }],
    ['percentage 0', { percentage: 0 }],
    ['percentage 101', { percentage: 101 }],
    ['a colour outside the palette', { color: '#123456' }],
    ['no colour', { color: undefined }],
    ['no seq', { seq: undefined }],
    ['seq 0', { seq: 0 }],
  ])('a snap EVENT with %s is refused', (_, change) => {
    expect(decodeServerFrame(encodeEvent({ ...SNAP, ...change } as WallEvent))).toBeNull();
  });

  it('RESULT with a JSON payload, ok and error', () => {
    const ok = { success: true, charges: 4 };
    const decoded = decodeServerFrame(encodeJsonResult(7, true, ok));
    expect(decoded).toMatchObject({ type: FrameType.Result, requestId: 7, ok: true });
    expect(parseJson((decoded as { payload: Uint8Array }).payload)).toEqual(ok);

    const err = { code: 'NO_CHARGES', message: 'Energy is over' };
    const failed = decodeServerFrame(encodeJsonResult(U32_MAX, false, err));
    expect(failed).toMatchObject({ type: FrameType.Result, requestId: U32_MAX, ok: false });
    expect(parseJson((failed as { payload: Uint8Array }).payload)).toEqual(err);
  });

  it('RESULT of canvas:main carries the sequence and the image', () => {
    const image = bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3);
    const decoded = decodeServerFrame(embedded(encodeCanvasResult(3, 0xdead_beef, image)));
    expect(decoded).toMatchObject({ type: FrameType.Result, requestId: 3, ok: true });
    const canvas = decodeCanvasPayload((decoded as { payload: Uint8Array }).payload);
    expect(canvas?.seq).toBe(0xdead_beef);
    expect(Array.from(canvas!.image)).toEqual(Array.from(image));
  });

  it('RESULT with an empty payload', () => {
    expect(decodeServerFrame(encodeResult(1, true, new Uint8Array()))).toMatchObject({
      type: FrameType.Result,
      requestId: 1,
      ok: true,
    });
  });

  it.each([0, 1, 12_345, U32_MAX])('ONLINE %i', (visitors) => {
    expect(decodeServerFrame(embedded(encodeOnline(visitors)))).toEqual({ type: FrameType.Online, visitors });
  });
});

describe('malformed server frames decode to null', () => {
  const hello = encodeHello(1, true, 2);
  it.each([
    ['empty', new Uint8Array()],
    ['unknown type 0', bytes(0)],
    ['unknown type 6', bytes(6, 0, 0, 0, 0)],
    ['unknown type 255', bytes(255)],
    ['HELLO too short', hello.subarray(0, 9)],
    ['HELLO too long', bytes(...hello, 0)],
    ['HELLO with flag 2', bytes(1, 0, 0, 0, 0, 2, 0, 0, 0, 0)],
    ['PIXELS without a header', bytes(2, 0, 0, 0, 0)],
    ['PIXELS with an unknown flag', bytes(2, 2, 0, 0, 0, 0)],
    ['PIXELS plain body of 3 bytes', bytes(2, 0, 0, 0, 0, 0, 1, 0, 0)],
    ['EVENT with no body', bytes(3)],
    ['EVENT not JSON', bytes(3, ...utf8('{nope'))],
    ['EVENT invalid UTF-8', bytes(3, 0xff, 0xfe, 0xfd)],
    ['EVENT JSON null', bytes(3, ...utf8('null'))],
    ['EVENT JSON array', bytes(3, ...utf8('[1,2]'))],
    ['EVENT unknown kind', bytes(3, ...utf8(JSON.stringify({ ...EVENT, kind: 'nuke' })))],
    ['EVENT without user', bytes(3, ...utf8(JSON.stringify({ kind: 'bomb', pixelId: 1 })))],
    ['EVENT with a string pixel id', bytes(3, ...utf8(JSON.stringify({ ...EVENT, pixelId: '1' })))],
    ['EVENT user without a name', bytes(3, ...utf8(JSON.stringify({ ...EVENT, user: { id: 1 } })))],
    ['RESULT too short', bytes(4, 0, 0, 0, 0)],
    ['RESULT with status 2', bytes(4, 0, 0, 0, 0, 2)],
    ['ONLINE too short', bytes(5, 0, 0, 0)],
    ['ONLINE too long', bytes(5, 0, 0, 0, 0, 0)],
  ])('%s', (_, frame) => {
    expect(decodeServerFrame(frame)).toBeNull();
  });

  it('parseJson returns undefined for non-JSON and a canvas payload needs 4 bytes', () => {
    expect(parseJson(utf8('not json'))).toBeUndefined();
    expect(parseJson(new Uint8Array())).toBeUndefined();
    expect(decodeCanvasPayload(bytes(1, 2, 3))).toBeNull();
    expect(decodeCanvasPayload(bytes(1, 0, 0, 0))).toEqual({ seq: 1, image: new Uint8Array() });
  });
});

describe('client RPCs', () => {
  it.each([
    [0, MIN_PIXEL_ID, 0],
    [1, MAX_PIXEL_ID, PALETTE_SIZE - 1],
    [U32_MAX, 524_801, 10],
  ])('repaint: request %i, pixel %i, colour %i', (requestId, pixelId, color) => {
    const frame = encodeRepaintRpc(requestId, pixelId, color);
    expect(frame[0]).toBe(RpcType.Repaint);
    expect(decodeClientRpc(embedded(frame))).toEqual({ rpc: RpcType.Repaint, requestId, pixelId, color });
  });

  it.each([0, 77, U32_MAX])('canvas:main: request %i', (requestId) => {
    const frame = encodeCanvasRpc(requestId);
    expect(frame).toHaveLength(5);
    expect(decodeClientRpc(embedded(frame))).toEqual({ rpc: RpcType.CanvasMain, requestId });
  });

  it.each([
    ['empty', new Uint8Array()],
    ['no full request id', bytes(0, 1, 2, 3)],
  ])('%s cannot be answered: null', (_, frame) => {
    expect(decodeClientRpc(frame)).toBeNull();
  });

  it.each([
    ['repaint too short', bytes(0, 9, 0, 0, 0, 1, 0, 0, 0), 'BAD_ARGUMENTS'],
    ['repaint too long', bytes(...encodeRepaintRpc(9, 1, 1), 0), 'BAD_ARGUMENTS'],
    ['canvas:main with arguments', bytes(1, 9, 0, 0, 0, 0), 'BAD_ARGUMENTS'],
    ['unknown rpc 2', bytes(2, 9, 0, 0, 0), 'UNKNOWN_RPC'],
    ['unknown rpc 255', bytes(255, 9, 0, 0, 0, 1, 2, 3), 'UNKNOWN_RPC'],
  ])('%s is answered with %s', (_, frame, error) => {
    expect(decodeClientRpc(frame)).toEqual({ requestId: 9, error });
  });
});

describe('fuzz: 20,000 random byte arrays', () => {
  const EVENT_KINDS = ['bomb', 'paintcan', 'pumpkin', 'snap'];
  const isU32 = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= U32_MAX;
  const same = (a: Uint8Array, b: Uint8Array) => expect(Array.from(a)).toEqual(Array.from(b));

  function checkServerFrame(input: Uint8Array, f: ServerFrame | null): void {
    if (f === null) return;
    switch (f.type) {
      case FrameType.Hello:
        expect(isU32(f.seq) && isU32(f.online) && typeof f.signedIn === 'boolean').toBe(true);
        same(encodeHello(f.seq, f.signedIn, f.online), input);
        break;
      case FrameType.Pixels:
        expect(isU32(f.seq)).toBe(true);
        expect(f.body.length).toBe(input.length - PIXELS_HEADER_BYTES);
        if (!f.deflated) expect(f.body.length % BYTES_PER_CHANGE).toBe(0);
        same(encodePixelsFrame(f.seq, f.body, f.deflated), input);
        break;
      case FrameType.Event:
        expect(EVENT_KINDS).toContain(f.event.kind);
        expect(typeof f.event.pixelId).toBe('number');
        expect(typeof f.event.user.firstName).toBe('string');
        break;
      case FrameType.Result:
        expect(isU32(f.requestId) && typeof f.ok === 'boolean').toBe(true);
        same(encodeResult(f.requestId, f.ok, f.payload), input);
        break;
      case FrameType.Online:
        expect(isU32(f.visitors)).toBe(true);
        same(encodeOnline(f.visitors), input);
        break;
      default:
        throw new Error(`unexpected frame ${JSON.stringify(f)}`);
    }
  }

  function checkRpc(input: Uint8Array, r: ReturnType<typeof decodeClientRpc>): void {
    if (input.length < 5) {
      expect(r).toBeNull();
      return;
    }
    expect(r).not.toBeNull();
    expect(isU32(r!.requestId)).toBe(true);
    if ('error' in r!) {
      expect(['UNKNOWN_RPC', 'BAD_ARGUMENTS']).toContain(r.error);
      return;
    }
    const rpc: ClientRpc = r!;
    if (rpc.rpc === RpcType.Repaint) {
      expect(isU32(rpc.pixelId) && rpc.color >= 0 && rpc.color <= 255).toBe(true);
      same(encodeRepaintRpc(rpc.requestId, rpc.pixelId, rpc.color), input);
    } else {
      expect(rpc.rpc).toBe(RpcType.CanvasMain);
      same(encodeCanvasRpc(rpc.requestId), input);
    }
  }

  function checkBody(input: Uint8Array, changes: PixelChange[] | null): void {
    if (input.length % BYTES_PER_CHANGE !== 0) expect(changes).toBeNull();
    if (changes === null) return;
    expect(changes).toHaveLength(input.length / BYTES_PER_CHANGE);
    for (const c of changes) {
      expect(c.pixelId >= MIN_PIXEL_ID && c.pixelId <= MAX_PIXEL_ID).toBe(true);
      expect(c.color >= 0 && c.color < PALETTE_SIZE).toBe(true);
    }
    same(encodePixelBody(changes), input);
  }

  it('never throws and returns null or a valid shape', () => {
    const rnd = prng(0x5eed_1024);
    const seen = { frames: new Set<number>(), rpcs: new Set<string>(), bodies: 0 };
    for (let i = 0; i < 20_000; i++) {
      // Lengths 0..64, with the exact lengths of fixed frames (5, 10) made more likely.
      const length = rnd() < 0.2 ? (rnd() < 0.5 ? 5 : 10) : Math.floor(rnd() * 65);
      const input = new Uint8Array(length);
      for (let j = 0; j < input.length; j++) input[j] = Math.floor(rnd() * 256);
      // Half the cases get a known type byte and a plausible flag byte, so decoders get past their
      // first checks.
      if (input.length > 0 && rnd() < 0.5) {
        input[0] = Math.floor(rnd() * 7);
        if (input.length > 5) input[5] = Math.floor(rnd() * 3);
      }
      // Some get small ids and colours, so a pixel body can be valid.
      if (rnd() < 0.25) {
        for (let o = 2; o < input.length; o += 4) input[o] = Math.floor(rnd() * 0x11);
        for (let o = 3; o < input.length; o += 4) input[o] = Math.floor(rnd() * PALETTE_SIZE);
      }

      const frame = decodeServerFrame(input);
      checkServerFrame(input, frame);
      if (frame) seen.frames.add(frame.type);

      const rpc = decodeClientRpc(input);
      checkRpc(input, rpc);
      if (rpc) seen.rpcs.add('error' in rpc ? rpc.error : `rpc${rpc.rpc}`);

      const body = decodePixelBody(input);
      checkBody(input, body);
      if (body && body.length > 0) seen.bodies++;
    }
    // The fuzz reached the interesting branches, not only the early rejections.
    expect([...seen.frames].sort()).toEqual([
      FrameType.Hello,
      FrameType.Pixels,
      FrameType.Result,
      FrameType.Online,
    ]);
    expect([...seen.rpcs].sort()).toEqual(['BAD_ARGUMENTS', 'UNKNOWN_RPC', 'rpc0', 'rpc1']);
    expect(seen.bodies).toBeGreaterThan(100);
  });

  it('survives 2,000 mutated EVENT frames', () => {
    const rnd = prng(7);
    const valid = encodeEvent(EVENT);
    let decoded = 0;
    for (let i = 0; i < 2000; i++) {
      const input = valid.slice(0, 1 + Math.floor(rnd() * valid.length));
      const flips = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < flips; k++)
        input[1 + Math.floor(rnd() * (input.length - 1))] = Math.floor(rnd() * 256);
      const frame = decodeServerFrame(input);
      checkServerFrame(input, frame);
      if (frame) decoded++;
    }
    expect(decoded).toBeLessThan(2000);
  });
});
