import { inflateRawSync } from 'node:zlib';
import {
  CANVAS_PIXELS,
  CloseCode,
  decodeServerFrame,
  encodeCanvasRpc,
  encodeRepaintRpc,
  FrameType,
  forEachPixelChange,
  parseJson,
  type ServerFrame,
} from '@pixel-wall/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
} from '../testing/harness.ts';

interface Probe {
  ws: WebSocket;
  frames: ServerFrame[];
  closed: Promise<{ code: number; reason: string }>;
  next(pred: (f: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
}

function connect(url: string): Promise<Probe> {
  const ws = new WebSocket(url);
  ws.binaryType = 'nodebuffer';
  const frames: ServerFrame[] = [];
  const waiters: { pred: (f: ServerFrame) => boolean; resolve(f: ServerFrame): void }[] = [];
  ws.on('message', (data: Buffer) => {
    const f = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!f) throw new Error('server sent an undecodable frame');
    frames.push(f);
    for (const w of [...waiters]) {
      if (w.pred(f)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(f);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        ws,
        frames,
        closed,
        next(pred, timeoutMs = 5000) {
          const seen = frames.find(pred);
          if (seen) return Promise.resolve(seen);
          return new Promise((res, rej) => {
            const t = setTimeout(() => rej(new Error('timed out waiting for a frame')), timeoutMs);
            waiters.push({
              pred,
              resolve: (f) => {
                clearTimeout(t);
                res(f);
              },
            });
          });
        },
      }),
    );
  });
}

function pixelsOf(f: ServerFrame): Map<number, number> {
  if (f.type !== FrameType.Pixels) throw new Error('not a pixel frame');
  const body = f.deflated ? new Uint8Array(inflateRawSync(f.body)) : f.body;
  const out = new Map<number, number>();
  expect(forEachPixelChange(body, (id, c) => out.set(id, c))).toBe(true);
  return out;
}

describe('realtime', () => {
  let store: TestStore;
  let run: RunningApp;
  let token: string;
  let wsToken: string;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store);
    token = (await telegramSignIn(run.baseUrl, { id: 3001, first_name: 'Wes' })).token;
    wsToken = (await api<{ websocketToken: string }>(run.baseUrl, 'GET', '/api/v1/users/me', { token })).body
      .websocketToken;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('lets a guest watch a paint made over HTTP arrive as a pixel batch', async () => {
    const guest = await connect(`${run.wsUrl}/ws`);
    const hello = await guest.next((f) => f.type === FrameType.Hello);
    expect(hello).toMatchObject({ signedIn: false });
    const r = await api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
      token,
      body: { pixelId: 77, newColor: '#3690EA' },
    });
    expect(r.status).toBe(200);
    const batch = await guest.next((f) => f.type === FrameType.Pixels && pixelsOf(f).has(77));
    expect(pixelsOf(batch).get(77)).toBe(21);
    guest.ws.close();
  });

  it('paints over the websocket RPC, and refuses guests', async () => {
    const player = await connect(`${run.wsUrl}/ws?token=${encodeURIComponent(wsToken)}`);
    expect(await player.next((f) => f.type === FrameType.Hello)).toMatchObject({ signedIn: true });
    player.ws.send(encodeRepaintRpc(7, 99, 4));
    const res = await player.next((f) => f.type === FrameType.Result && f.requestId === 7);
    if (res.type !== FrameType.Result) throw new Error('unreachable');
    expect(res.ok).toBe(true);
    expect(parseJson(res.payload)).toMatchObject({ success: true });
    await player.next((f) => f.type === FrameType.Pixels && pixelsOf(f).get(99) === 4);
    player.ws.close();

    const guest = await connect(`${run.wsUrl}/ws`);
    guest.ws.send(encodeRepaintRpc(8, 100, 4));
    const refused = await guest.next((f) => f.type === FrameType.Result && f.requestId === 8);
    if (refused.type !== FrameType.Result) throw new Error('unreachable');
    expect(refused.ok).toBe(false);
    expect(parseJson(refused.payload)).toMatchObject({ code: 'UNAUTHORIZED' });
    guest.ws.close();
  });

  it('answers bad arguments with an error and closes on malformed frames', async () => {
    const p = await connect(`${run.wsUrl}/ws?token=${encodeURIComponent(wsToken)}`);
    p.ws.send(encodeRepaintRpc(9, 0, 4)); // pixel id 0
    const bad = await p.next((f) => f.type === FrameType.Result && f.requestId === 9);
    if (bad.type !== FrameType.Result) throw new Error('unreachable');
    expect(parseJson(bad.payload)).toMatchObject({ code: 'INVALID_PIXEL' });
    p.ws.send(encodeRepaintRpc(10, 5, 200)); // colour out of the palette
    const badColor = await p.next((f) => f.type === FrameType.Result && f.requestId === 10);
    if (badColor.type !== FrameType.Result) throw new Error('unreachable');
    expect(parseJson(badColor.payload)).toMatchObject({ code: 'INVALID_COLOR' });
    p.ws.send(Buffer.from([42, 1, 0, 0, 0]));
    const unknown = await p.next((f) => f.type === FrameType.Result && f.requestId === 1);
    if (unknown.type !== FrameType.Result) throw new Error('unreachable');
    expect(parseJson(unknown.payload)).toMatchObject({ code: 'BAD_REQUEST' });
    p.ws.send(Buffer.from([0, 1]));
    expect((await p.closed).code).toBe(CloseCode.BadFrame);

    const text = await connect(`${run.wsUrl}/ws`);
    text.ws.send('hello');
    expect((await text.closed).code).toBe(CloseCode.BadFrame);
    // The server is still fine.
    expect((await api(run.baseUrl, 'GET', '/healthz')).status).toBe(200);
  });

  it('closes sockets with a forged token', async () => {
    const p = await connect(`${run.wsUrl}/ws?token=pws1.forged.token`);
    expect((await p.closed).code).toBe(CloseCode.Unauthorized);
  });

  it('serves canvas:main as webp with a sequence at least the hello one', async () => {
    const p = await connect(`${run.wsUrl}/ws`);
    const hello = await p.next((f) => f.type === FrameType.Hello);
    if (hello.type !== FrameType.Hello) throw new Error('unreachable');
    p.ws.send(encodeCanvasRpc(11));
    const res = await p.next((f) => f.type === FrameType.Result && f.requestId === 11);
    if (res.type !== FrameType.Result) throw new Error('unreachable');
    expect(res.ok).toBe(true);
    const seq = new DataView(res.payload.buffer, res.payload.byteOffset).getUint32(0, true);
    expect(seq).toBeGreaterThanOrEqual(hello.seq);
    const meta = await sharp(Buffer.from(res.payload.subarray(4))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1024, height: 1024 });
    p.ws.close();
  });

  it('a client that joins mid-stream ends with the server canvas byte for byte', async () => {
    const painters = await Promise.all(
      Array.from({ length: 4 }, (_, i) => telegramSignIn(run.baseUrl, { id: 3100 + i, first_name: `P${i}` })),
    );
    const paintSome = (round: number) =>
      Promise.all(
        painters.map((p, i) =>
          api(run.baseUrl, 'POST', '/api/v1/repaint/start', {
            token: p.token,
            body: {
              pixelId: 5000 + i * 7 + round,
              newColor: ['#FF4500', '#00A368', '#3690EA', '#000000'][round % 4],
            },
          }),
        ),
      );
    await paintSome(0);
    // Join: socket first, then a snapshot at least as new as the hello, then newer batches.
    const client = await connect(`${run.wsUrl}/ws`);
    const hello = await client.next((f) => f.type === FrameType.Hello);
    if (hello.type !== FrameType.Hello) throw new Error('unreachable');
    const during = paintSome(1);
    const snapRes = await fetch(`${run.baseUrl}/api/v1/image/canvas?format=raw&after=${hello.seq}`);
    const snapSeq = Number(snapRes.headers.get('x-canvas-seq'));
    const canvas = new Uint8Array(inflateRawSync(Buffer.from(await snapRes.arrayBuffer())));
    await during;
    await paintSome(2);
    await new Promise((r) => setTimeout(r, 150));
    let last = snapSeq;
    for (const f of client.frames) {
      if (f.type !== FrameType.Pixels || f.seq <= snapSeq) continue;
      expect(f.seq).toBe(last + 1); // no gap
      last = f.seq;
      for (const [id, c] of pixelsOf(f)) canvas[id - 1] = c;
    }
    const server = await fetch(`${run.baseUrl}/api/v1/image/canvas?format=raw&after=${last}`);
    const truth = new Uint8Array(inflateRawSync(Buffer.from(await server.arrayBuffer())));
    expect(Number(server.headers.get('x-canvas-seq'))).toBe(last);
    expect(truth.length).toBe(CANVAS_PIXELS);
    expect(Buffer.compare(Buffer.from(canvas), Buffer.from(truth))).toBe(0);
    client.ws.close();
  });
});
