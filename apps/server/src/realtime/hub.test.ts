import type { AddressInfo, Socket } from 'node:net';
import {
  decodeServerFrame,
  encodePixelsFrame,
  encodeRepaintRpc,
  FrameType,
  type ServerFrame,
} from '@pixel-wall/shared';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createMemoryBus } from './bus.ts';
import { createHub, type Hub } from './hub.ts';

interface Setup {
  hub: Hub;
  bus: ReturnType<typeof createMemoryBus>;
  url: string;
  /** the server side of each connection, in the order they came */
  sockets: WebSocket[];
  close(): Promise<void>;
}

const open: Setup[] = [];

async function setup(
  repaint: (userId: number, pixelId: number) => Promise<unknown>,
  sliceMs?: number,
): Promise<Setup> {
  const bus = createMemoryBus();
  const hub = createHub({
    bus,
    startSeq: 0,
    messagesPerSecond: 1000,
    sliceMs,
    rpc: { repaint: (u, p) => repaint(u, p), canvas: async () => ({ seq: 0, image: new Uint8Array() }) },
  });
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const sockets: WebSocket[] = [];
  wss.on('connection', (ws) => {
    sockets.push(ws);
    hub.attach(ws, { userId: 1 });
  });
  const s: Setup = {
    hub,
    bus,
    sockets,
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    async close() {
      await hub.close();
      await new Promise((r) => wss.close(r));
      await bus.close();
    },
  };
  open.push(s);
  return s;
}

/** A hub whose repaints wait in the handler until `release()`, then complete in one go, as a committed group does. */
async function gatedSetup(): Promise<{ s: Setup; release: () => void; waiting: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let waiting = 0;
  const s = await setup(async (_u, pixelId) => {
    waiting++;
    await gate;
    return { pixelId };
  });
  return { s, release, waiting: () => waiting };
}

function client(url: string): Promise<{ ws: WebSocket; frames: ServerFrame[] }> {
  const ws = new WebSocket(url);
  const frames: ServerFrame[] = [];
  ws.on('message', (data: Buffer) => {
    const f = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (f) frames.push(f);
  });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    // HELLO first: the hub has attached the socket.
    ws.once('message', () => resolve({ ws, frames }));
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

describe('hub', () => {
  it('writes every frame and event to every socket, in publishing order', async () => {
    const s = await setup(async () => ({}));
    const clients = await Promise.all(Array.from({ length: 30 }, () => client(s.url)));
    const frames = 200;
    for (let seq = 1; seq <= frames; seq++) {
      await s.bus.publishFrame(encodePixelsFrame(seq, new Uint8Array([seq & 0xff, 0, 0, 1]), false));
      if (seq % 50 === 0) {
        await s.bus.publishEvent({
          kind: 'bomb',
          user: { id: 1, firstName: 'A', userPic: null },
          pixelId: seq,
        });
      }
    }
    const expected: string[] = [];
    for (let seq = 1; seq <= frames; seq++) {
      expected.push(`p${seq}`);
      if (seq % 50 === 0) expected.push(`e${seq}`);
    }
    const seen = (c: { frames: ServerFrame[] }) =>
      c.frames.flatMap((f) =>
        f.type === FrameType.Pixels
          ? [`p${f.seq}`]
          : f.type === FrameType.Event
            ? [`e${f.event.pixelId}`]
            : [],
      );
    await until(() => clients.every((c) => seen(c).length === expected.length), 'every frame');
    for (const c of clients) expect(seen(c)).toEqual(expected);
    expect(s.hub.seq).toBe(frames);
    for (const c of clients) c.ws.terminate();
  });

  it('gives a frame that comes mid-broadcast to every socket after the one before it, and lets both go', async () => {
    // No time slice: the broadcast yields after every 64 sockets.
    const s = await setup(async () => ({}), 0);
    const clients = await Promise.all(Array.from({ length: 200 }, () => client(s.url)));
    await s.bus.publishFrame(encodePixelsFrame(1, new Uint8Array([1, 0, 0, 1]), false));
    expect(s.hub.sending).toBe(true);
    await s.bus.publishFrame(encodePixelsFrame(2, new Uint8Array([2, 0, 0, 1]), false));
    // The second rides along with the first to the sockets the first has not reached yet.
    expect(s.hub.backlog).toBe(2);
    const seqs = (c: { frames: ServerFrame[] }) =>
      c.frames.flatMap((f) => (f.type === FrameType.Pixels ? [f.seq] : []));
    await until(() => clients.every((c) => seqs(c).length === 2), 'both frames everywhere');
    for (const c of clients) expect(seqs(c)).toEqual([1, 2]);
    expect(s.hub.sending).toBe(false);
    expect(s.hub.backlog).toBe(0);
    // A socket that joins now gets the next frame only.
    const late = await client(s.url);
    await s.bus.publishFrame(encodePixelsFrame(3, new Uint8Array([3, 0, 0, 1]), false));
    await until(() => seqs(late).length === 1, 'the late socket gets the next frame');
    expect(seqs(late)).toEqual([3]);
    for (const c of [...clients, late]) c.ws.terminate();
  });

  it("reports the thread time of the last finished broadcast's writes", async () => {
    // No time slice: the broadcast yields after every 64 sockets, in four slices here.
    const s = await setup(async () => ({}), 0);
    const clients = await Promise.all(Array.from({ length: 200 }, () => client(s.url)));
    expect(s.hub.writeMs).toBe(0);
    const t0 = performance.now();
    await s.bus.publishFrame(encodePixelsFrame(1, new Uint8Array([1, 0, 0, 1]), false));
    // Still going out: the last finished broadcast is none yet.
    expect(s.hub.sending).toBe(true);
    expect(s.hub.writeMs).toBe(0);
    await until(() => !s.hub.sending, 'the broadcast is written');
    const elapsed = performance.now() - t0;
    expect(s.hub.writeMs).toBeGreaterThan(0);
    expect(s.hub.writeMs).toBeLessThanOrEqual(elapsed);
    for (const c of clients) c.ws.terminate();
  });

  it('writes frames of every length class byte for byte (7-, 16- and 64-bit lengths)', async () => {
    const s = await setup(async () => ({}));
    const c = await client(s.url);
    const bodies = [4, 124, 400, 70_000].map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 7) & 0xff));
    for (const [k, body] of bodies.entries()) await s.bus.publishFrame(encodePixelsFrame(k + 1, body, false));
    const pixels = () => c.frames.filter((f) => f.type === FrameType.Pixels);
    await until(() => pixels().length === bodies.length, 'all frames');
    expect(pixels().map((f) => (f.type === FrameType.Pixels ? Array.from(f.body) : []))).toEqual(
      bodies.map((b) => Array.from(b)),
    );
    c.ws.terminate();
  });

  it("writes a group's replies before the frame that follows it to other sockets", async () => {
    const { s, release, waiting } = await gatedSetup();
    const painter = await client(s.url);
    const watcher = await client(s.url);
    // What reaches each server-side TCP socket, in order: the painter's reply leaves when its
    // socket is uncorked for good; the watcher's frame when it is written.
    const log: string[] = [];
    const [painterTcp, watcherTcp] = s.sockets.map(
      (ws) => (ws as unknown as { _socket: Socket })._socket,
    ) as [Socket, Socket];
    const uncork = painterTcp.uncork.bind(painterTcp);
    painterTcp.uncork = () => {
      uncork();
      if (painterTcp.writableCorked === 0) log.push('painter reply');
    };
    const write = watcherTcp.write.bind(watcherTcp) as (b: Uint8Array) => boolean;
    watcherTcp.write = ((b: Uint8Array) => {
      log.push('watcher frame');
      return write(b);
    }) as typeof watcherTcp.write;
    painter.ws.send(encodeRepaintRpc(1, 7, 1));
    await until(() => waiting() === 1, 'the RPC in the handler');
    // The frame is published one macrotask after the commit, as the ticker does on a quiet wall;
    // the reply is corked until the end of that turn.
    setImmediate(() => void s.bus.publishFrame(encodePixelsFrame(1, new Uint8Array([7, 0, 0, 1]), false)));
    release();
    await until(() => watcher.frames.some((f) => f.type === FrameType.Pixels), 'the frame');
    await until(() => painter.frames.some((f) => f.type === FrameType.Result), 'the result');
    expect(log).toEqual(['painter reply', 'watcher frame']);
    painter.ws.terminate();
    watcher.ws.terminate();
  });

  it('answers every RPC of a socket when a whole group of them completes at once', async () => {
    const { s, release, waiting } = await gatedSetup();
    const c = await client(s.url);
    for (let id = 1; id <= 40; id++) c.ws.send(encodeRepaintRpc(id, id, 1));
    // All 40 wait in the handler, then complete in one go, as a committed group does.
    await until(() => waiting() === 40, 'all RPCs in the handler');
    release();
    const results = () => c.frames.filter((f) => f.type === FrameType.Result);
    await until(() => results().length === 40, 'all results');
    expect(results().map((f) => (f.type === FrameType.Result ? f.requestId : 0))).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    c.ws.terminate();
  });
});
