/**
 * Websocket paint load: K sockets, each keeping up to W repaint RPCs in flight (pipelined by request
 * id) under a per-socket send rate. The server closes a socket that sends more than 60 messages a
 * second (hub.ts), so the load comes from many sockets rather than deep pipelines.
 */
import { decodeServerFrame, encodeRepaintRpc, FrameType, parseJson } from '@pixel-wall/shared';
import WebSocket from 'ws';
import { randomColor, randomPixel } from './http-paint.ts';
import type { Player } from './players.ts';
import { bump, type LatencySummary, Samples } from './stats.ts';

/** Under the server's 60 messages/s per socket, with room for timer jitter. */
export const SAFE_SOCKET_RATE = 50;

export interface WsPaintLoad {
  sockets: number;
  inFlight: number;
  /** RPCs per second per socket */
  perSocketRate: number;
  seconds: number;
  maxRequests: number;
  warmupSeconds?: number;
  /** called at each send, e.g. to stamp the send time of a pixel */
  onSend?(pixelId: number, at: number): void;
}

export interface WsPaintRun {
  sockets: number;
  inFlight: number;
  seconds: number;
  sent: number;
  ok: number;
  noCharges: number;
  errors: Map<string, number>;
  closes: Map<string, number>;
  paintsPerSecond: number;
  latency: LatencySummary;
  /** distinct pixels acknowledged (for the snapshot fill) */
  painted: Set<number> | null;
}

interface Conn {
  ws: WebSocket;
  nextId: number;
  inFlight: Map<number, { at: number; pixelId: number; counted: boolean }>;
  /** send budget: a token bucket refilled at the per-socket rate */
  tokens: number;
  refilledAt: number;
  open: boolean;
}

/** Opens one socket per player (cycling through them when K > players) and waits for HELLO. */
export async function openPainterSockets(wsUrl: string, players: readonly Player[], k: number) {
  const conns: Conn[] = [];
  const batch = 64;
  for (let i = 0; i < k; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, k - i) }, (_, j) =>
        openOne(`${wsUrl}?token=${encodeURIComponent(players[(i + j) % players.length]!.wsToken)}`),
      ),
    );
    conns.push(...opened);
  }
  return conns;
}

function openOne(url: string): Promise<Conn> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.binaryType = 'nodebuffer';
    const conn: Conn = { ws, nextId: 1, inFlight: new Map(), tokens: 0, refilledAt: 0, open: true };
    ws.once('message', (data: Buffer) => {
      const frame = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (frame?.type === FrameType.Hello && frame.signedIn) resolve(conn);
      else reject(new Error('no signed-in HELLO'));
    });
    ws.once('error', reject);
    ws.once('close', () => {
      conn.open = false;
    });
  });
}

export async function runWsPaint(conns: Conn[], load: WsPaintLoad, keepPainted = false): Promise<WsPaintRun> {
  const started = performance.now();
  const measureFrom = started + (load.warmupSeconds ?? 1) * 1000;
  const deadline = measureFrom + load.seconds * 1000;
  const latency = new Samples();
  const errors = new Map<string, number>();
  const closes = new Map<string, number>();
  const painted = keepPainted ? new Set<number>() : null;
  let sent = 0;
  let ok = 0;
  let noCharges = 0;
  let lastDone = measureFrom;
  let finish: () => void = () => {};
  const finished = new Promise<void>((r) => {
    finish = r;
  });
  // A small burst lets a socket refill its pipeline after a slow reply without ever averaging more
  // than the per-socket rate.
  const burst = Math.max(1, Math.min(load.inFlight, 10));
  for (const c of conns) {
    c.tokens = 1;
    c.refilledAt = started;
  }

  const stopped = () => performance.now() >= deadline || sent >= load.maxRequests;
  const settledAll = () => conns.every((c) => c.inFlight.size === 0 || !c.open);

  const pump = (c: Conn) => {
    if (!c.open) return;
    const now = performance.now();
    c.tokens = Math.min(burst, c.tokens + ((now - c.refilledAt) / 1000) * load.perSocketRate);
    c.refilledAt = now;
    while (c.inFlight.size < load.inFlight && c.tokens >= 1 && !stopped()) {
      c.tokens -= 1;
      const id = c.nextId++;
      const pixelId = randomPixel();
      const at = performance.now();
      const counted = at >= measureFrom;
      if (counted) sent++;
      c.inFlight.set(id, { at, pixelId, counted });
      load.onSend?.(pixelId, at);
      c.ws.send(encodeRepaintRpc(id, pixelId, randomColor()));
    }
  };

  const handlers = conns.map((c) => {
    const onMessage = (data: Buffer) => {
      if (data[0] !== FrameType.Result) return;
      const frame = decodeServerFrame(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (frame?.type !== FrameType.Result) return;
      const req = c.inFlight.get(frame.requestId);
      if (!req) return;
      c.inFlight.delete(frame.requestId);
      const t = performance.now();
      if (req.counted) {
        lastDone = t;
        if (frame.ok) {
          ok++;
          latency.push(t - req.at);
          painted?.add(req.pixelId);
        } else {
          const code = (parseJson(frame.payload) as { code?: unknown } | undefined)?.code;
          if (code === 'NO_CHARGES') noCharges++;
          else bump(errors, typeof code === 'string' ? code : 'unreadable error');
        }
      }
      if (!stopped()) pump(c);
      else if (settledAll()) finish();
    };
    const onClose = (code: number) => {
      c.open = false;
      bump(closes, String(code));
      if (settledAll()) finish();
    };
    c.ws.on('message', onMessage);
    c.ws.on('close', onClose);
    return { c, onMessage, onClose };
  });

  // A pacing tick tops sockets up as their send budget grows; replies top them up in between.
  const ticker = setInterval(() => {
    if (stopped()) {
      if (settledAll()) finish();
      return;
    }
    for (const c of conns) pump(c);
  }, 5);
  // Replies lost to a closed socket must not hang the run.
  const guard = setTimeout(finish, (load.warmupSeconds ?? 1) * 1000 + load.seconds * 1000 + 15_000);
  await finished;
  clearInterval(ticker);
  clearTimeout(guard);
  for (const h of handlers) {
    h.c.ws.off('message', h.onMessage);
    h.c.ws.off('close', h.onClose);
    h.c.inFlight.clear();
  }
  const seconds = (lastDone - measureFrom) / 1000;
  return {
    sockets: conns.length,
    inFlight: load.inFlight,
    seconds,
    sent,
    ok,
    noCharges,
    errors,
    closes,
    paintsPerSecond: seconds > 0 ? ok / seconds : 0,
    latency: latency.summary(),
    painted,
  };
}

export async function closeSockets(conns: Conn[]): Promise<void> {
  await Promise.all(
    conns.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.ws.readyState === WebSocket.CLOSED) return resolve();
          c.ws.once('close', () => resolve());
          c.ws.close();
          setTimeout(() => {
            c.ws.terminate();
            resolve();
          }, 2000).unref();
        }),
    ),
  );
}

export type PainterSocket = Conn;
