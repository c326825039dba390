/**
 * Websocket fan-out, in two parts.
 * - The ticker (one per cluster: the leader; always on when embedded) collects the committed
 *   changes of every instance from the bus; every tick it takes the next cluster-wide sequence,
 *   encodes one PIXELS frame (deflated when smaller) and publishes it.
 * - The hub (every instance) writes each published frame, the same bytes, to every socket it holds,
 *   and answers the sockets' RPCs. Slow sockets that fall too far behind are dropped: their client
 *   resyncs from the snapshot.
 */
import { deflateRawSync } from 'node:zlib';
import {
  type ClientRpc,
  CloseCode,
  decodeClientRpc,
  type ErrorCode,
  encodeCanvasResult,
  encodeEvent,
  encodeHello,
  encodeJsonResult,
  encodeOnline,
  encodePixelsFrame,
  PIXELS_HEADER_BYTES,
  type PixelChange,
  RpcType,
  type WallEvent,
} from '@pixel-wall/shared';
import type { WebSocket } from 'ws';
import { AppError } from '../errors.ts';
import type { Bus } from './bus.ts';

export interface SocketIdentity {
  userId: number | null;
}

export interface RpcHandlers {
  repaint(userId: number, pixelId: number, color: number): Promise<unknown>;
  canvas(minSeq: number): Promise<{ seq: number; image: Uint8Array }>;
}

export interface HubMetrics {
  sockets(n: number): void;
  batch(changes: number, bytes: number, sockets: number): void;
}

export interface HubOptions {
  bus: Bus;
  /** the sequence of the last frame published before this hub started */
  startSeq: number;
  rpc: RpcHandlers;
  metrics?: HubMetrics;
  log?: { warn(obj: object, msg: string): void };
  /** messages a socket may send per second before it is closed */
  messagesPerSecond?: number;
  /** bytes buffered for a socket before it is dropped */
  maxBufferedBytes?: number;
  onlineEveryMs?: number;
}

export interface Hub {
  readonly seq: number;
  readonly online: number;
  attach(ws: WebSocket, identity: SocketIdentity): void;
  /** Closes every socket with `code` and stops ticking. */
  close(code?: number, reason?: string): Promise<void>;
}

const DEFLATE_MIN_BYTES = 128;

interface Client {
  ws: WebSocket;
  identity: SocketIdentity;
  tokens: number;
  refilledAt: number;
}

export function createHub(opts: HubOptions): Hub {
  const clients = new Set<Client>();
  const messagesPerSecond = opts.messagesPerSecond ?? 60;
  const maxBuffered = opts.maxBufferedBytes ?? 8 * 1024 * 1024;
  let seq = opts.startSeq;
  let closed = false;

  const unsubscribe = opts.bus.subscribe({
    frame(frame: Uint8Array) {
      if (frame.length < PIXELS_HEADER_BYTES) return;
      const frameSeq = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(2, true);
      if (frameSeq > seq) seq = frameSeq;
      broadcast(frame);
      opts.metrics?.batch(0, frame.length, clients.size);
    },
    event(event: WallEvent) {
      // A Pixanos' Snap takes a place in the pixel sequence (see modules/pixanos).
      if (event.kind === 'snap' && typeof event.seq === 'number' && event.seq > seq) seq = event.seq;
      broadcast(encodeEvent(event));
    },
    control(message) {
      if (message.kind !== 'kick') return;
      for (const c of clients) {
        if (c.identity.userId === message.userId) c.ws.close(CloseCode.Banned, 'banned');
      }
    },
  });

  function broadcast(frame: Uint8Array): void {
    const buf = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
    for (const c of clients) {
      if (c.ws.readyState !== c.ws.OPEN) continue;
      if (c.ws.bufferedAmount > maxBuffered) {
        c.ws.terminate();
        continue;
      }
      c.ws.send(buf, { binary: true });
    }
  }

  const onlineTimer = setInterval(() => broadcast(encodeOnline(clients.size)), opts.onlineEveryMs ?? 10_000);
  onlineTimer.unref();

  function allow(c: Client): boolean {
    const now = Date.now();
    c.tokens = Math.min(messagesPerSecond, c.tokens + ((now - c.refilledAt) / 1000) * messagesPerSecond);
    c.refilledAt = now;
    if (c.tokens < 1) return false;
    c.tokens -= 1;
    return true;
  }

  function replyError(c: Client, requestId: number, code: ErrorCode, message: string): void {
    c.ws.send(encodeJsonResult(requestId, false, { code, message }));
  }

  async function handleRpc(c: Client, rpc: ClientRpc, helloSeq: number): Promise<void> {
    try {
      if (rpc.rpc === RpcType.Repaint) {
        if (c.identity.userId === null) {
          replyError(c, rpc.requestId, 'UNAUTHORIZED', 'Sign in to paint.');
          return;
        }
        const result = await opts.rpc.repaint(c.identity.userId, rpc.pixelId, rpc.color);
        if (c.ws.readyState === c.ws.OPEN) c.ws.send(encodeJsonResult(rpc.requestId, true, result));
      } else {
        const snap = await opts.rpc.canvas(helloSeq);
        if (c.ws.readyState === c.ws.OPEN) c.ws.send(encodeCanvasResult(rpc.requestId, snap.seq, snap.image));
      }
    } catch (err) {
      if (c.ws.readyState !== c.ws.OPEN) return;
      if (err instanceof AppError) replyError(c, rpc.requestId, err.code, err.message);
      else {
        opts.log?.warn({ err }, 'websocket rpc failed');
        replyError(c, rpc.requestId, 'INTERNAL', 'Something went wrong.');
      }
    }
  }

  return {
    get seq() {
      return seq;
    },
    get online() {
      return clients.size;
    },
    attach(ws, identity) {
      if (closed) {
        ws.close(CloseCode.ShuttingDown, 'shutting down');
        return;
      }
      const client: Client = { ws, identity, tokens: messagesPerSecond, refilledAt: Date.now() };
      const helloSeq = seq;
      clients.add(client);
      opts.metrics?.sockets(clients.size);
      ws.binaryType = 'nodebuffer';
      ws.send(encodeHello(helloSeq, identity.userId !== null, clients.size));
      ws.on('message', (data, isBinary) => {
        if (!allow(client)) {
          ws.close(CloseCode.RateLimited, 'too many messages');
          return;
        }
        if (!isBinary || !Buffer.isBuffer(data)) {
          ws.close(CloseCode.BadFrame, 'binary frames only');
          return;
        }
        const decoded = decodeClientRpc(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (decoded === null) {
          ws.close(CloseCode.BadFrame, 'malformed frame');
          return;
        }
        if ('error' in decoded) {
          replyError(
            client,
            decoded.requestId,
            'BAD_REQUEST',
            decoded.error === 'UNKNOWN_RPC' ? 'Unknown request type.' : 'Malformed request arguments.',
          );
          return;
        }
        void handleRpc(client, decoded, helloSeq);
      });
      ws.on('close', () => {
        clients.delete(client);
        opts.metrics?.sockets(clients.size);
      });
      ws.on('error', () => ws.terminate());
    },
    async close(code = CloseCode.ShuttingDown, reason = 'shutting down') {
      if (closed) return;
      closed = true;
      clearInterval(onlineTimer);
      unsubscribe();
      for (const c of clients) c.ws.close(code, reason);
      clients.clear();
    },
  };
}

export interface TickerOptions {
  bus: Bus;
  tickMs: number;
  log?: { warn(obj: object, msg: string): void };
  metrics?: { batch(changes: number, bytes: number): void };
}

export interface Ticker {
  /**
   * Only the active ticker (the cluster's leader) publishes; the others drop what they collect.
   * On becoming active it skips one sequence number, so every client sees a gap and refetches
   * the snapshot: changes the previous leader collected but never published are not lost to them.
   */
  setActive(active: boolean): void;
  readonly active: boolean;
  /** Publishes what is pending now (used on shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createTicker(opts: TickerOptions & { active?: boolean }): Ticker {
  const pending = new Map<number, number>();
  let running: Promise<void> | null = null;
  let active = opts.active ?? true;
  let skipSeq = false;
  const unsubscribe = opts.bus.subscribe({
    pixels(changes: readonly PixelChange[]) {
      // Map order is insertion order: delete first so "last change wins, in the order it happened".
      for (const c of changes) {
        pending.delete(c.pixelId);
        pending.set(c.pixelId, c.color);
      }
    },
  });

  async function tick(): Promise<void> {
    if (!active) {
      pending.clear();
      return;
    }
    if (skipSeq) {
      skipSeq = false;
      await opts.bus.nextSeq();
    }
    if (pending.size === 0) return;
    const body = Buffer.allocUnsafe(pending.size * 4);
    let o = 0;
    for (const [pixelId, color] of pending) {
      body[o] = pixelId & 0xff;
      body[o + 1] = (pixelId >>> 8) & 0xff;
      body[o + 2] = (pixelId >>> 16) & 0xff;
      body[o + 3] = color;
      o += 4;
    }
    const changes = pending.size;
    pending.clear();
    let payload: Uint8Array = body;
    let deflated = false;
    if (body.length >= DEFLATE_MIN_BYTES) {
      const z = deflateRawSync(body);
      if (z.length < body.length) {
        payload = z;
        deflated = true;
      }
    }
    const seq = await opts.bus.nextSeq();
    const frame = encodePixelsFrame(seq, payload, deflated);
    await opts.bus.publishFrame(frame);
    opts.metrics?.batch(changes, frame.length);
  }

  function run(): Promise<void> {
    // Ticks never overlap: a slow one (the bus is busy) delays the next.
    running ??= tick()
      .catch((err: unknown) => opts.log?.warn({ err }, 'pixel tick failed'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = setInterval(() => void run(), opts.tickMs);
  timer.unref();
  return {
    setActive(next) {
      if (next && !active) skipSeq = true;
      active = next;
    },
    get active() {
      return active;
    },
    async flush() {
      await running;
      await run();
    },
    async close() {
      clearInterval(timer);
      await this.flush();
      unsubscribe();
    },
  };
}
