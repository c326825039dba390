/**
 * Websocket fan-out, in two parts.
 * - The ticker (ticker.ts; one per cluster) turns the committed changes of every instance into
 *   numbered PIXELS frames and publishes them.
 * - The hub (every instance, here) writes each published frame, the same bytes, to every socket it
 *   holds, and answers the sockets' RPCs. Slow sockets that fall too far behind are dropped: their
 *   client resyncs from the snapshot.
 *
 * Keeping the event loop responsive with many sockets and thousands of RPCs a second:
 * - a frame is framed once (websocket header included) and the same bytes are written to every
 *   socket, in slices of at most BROADCAST_SLICE_MS, yielding between them (10,000 sockets take
 *   tens of ms); frames and events keep their order on every socket;
 * - replies are corked per socket and uncorked once per event-loop turn, so the RESULTs a socket
 *   gets together (a committed group answers many at once) leave in one write, not one each.
 */
import type { Socket } from 'node:net';
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
  pixelsFrameSeq,
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
  /** true while a frame is still being written to the sockets (a slow fan-out backs up here) */
  readonly sending: boolean;
  attach(ws: WebSocket, identity: SocketIdentity): void;
  /** Closes every socket with `code` and stops ticking. */
  close(code?: number, reason?: string): Promise<void>;
}

/** Longest synchronous stretch of one broadcast before it yields to the event loop. */
const BROADCAST_SLICE_MS = 5;

interface Client {
  ws: WebSocket;
  identity: SocketIdentity;
  tokens: number;
  refilledAt: number;
  /** the TCP socket under `ws` while this hub holds it corked (replies pending this turn) */
  corked: Socket | null;
}

/** `payload` as one unmasked, final, binary websocket frame (RFC 6455 §5.2), header included. */
export function binaryFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x82;
  if (head === 2) out[1] = n;
  else if (head === 4) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(out, head);
  return out;
}

/** The net.Socket under a ws WebSocket (ws keeps it in `_socket`; absent once closed). */
function tcpOf(ws: WebSocket): Socket | null {
  const s = (ws as unknown as { _socket?: Socket | null })._socket;
  return s && typeof s.cork === 'function' ? s : null;
}

export function createHub(opts: HubOptions): Hub {
  const clients = new Set<Client>();
  const messagesPerSecond = opts.messagesPerSecond ?? 60;
  const maxBuffered = opts.maxBufferedBytes ?? 8 * 1024 * 1024;
  let seq = opts.startSeq;
  let closed = false;

  const unsubscribe = opts.bus.subscribe({
    frame(frame: Uint8Array) {
      const frameSeq = pixelsFrameSeq(frame);
      if (frameSeq === null) return;
      if (frameSeq > seq) seq = frameSeq;
      broadcast(frame);
      opts.metrics?.batch(0, frame.length, clients.size);
    },
    event(event: WallEvent) {
      // A Pixanos' Snap takes a place in the pixel sequence (see the pixanos module).
      if (event.kind === 'snap' && typeof event.seq === 'number' && event.seq > seq) seq = event.seq;
      broadcast(encodeEvent(event));
    },
    control(message) {
      if (message.reason !== 'ban') return;
      for (const c of clients) {
        if (c.identity.userId === message.userId) c.ws.close(CloseCode.Banned, 'banned');
      }
    },
  });

  // Frames (and events) waiting to be written, in order, each to the sockets open when it came.
  const outbox: { buf: Buffer; framed: Buffer; to: Client[]; next: number }[] = [];
  let sending = false;

  function broadcast(frame: Uint8Array): void {
    if (clients.size === 0) return;
    const buf = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
    outbox.push({ buf, framed: binaryFrame(buf), to: [...clients], next: 0 });
    if (!sending) {
      sending = true;
      sendSome();
    }
  }

  function sendSome(): void {
    const until = performance.now() + BROADCAST_SLICE_MS;
    while (outbox.length > 0) {
      const head = outbox[0]!;
      while (head.next < head.to.length) {
        const c = head.to[head.next++]!;
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.ws.bufferedAmount > maxBuffered) {
          c.ws.terminate();
          continue;
        }
        // The frame is built once; without a negotiated extension (the server offers none) ws
        // writes nothing but whole frames, so the same bytes go straight to each TCP socket.
        const tcp = c.ws.extensions === '' ? tcpOf(c.ws) : null;
        if (tcp) tcp.write(head.framed);
        else c.ws.send(head.buf, { binary: true });
        if ((head.next & 63) === 0 && performance.now() >= until) {
          setImmediate(sendSome);
          return;
        }
      }
      outbox.shift();
    }
    sending = false;
  }

  // Replies go out corked; one uncork per event-loop turn writes each socket's replies at once.
  const corked: Client[] = [];
  let uncorkScheduled = false;

  function uncorkAll(): void {
    uncorkScheduled = false;
    for (const c of corked.splice(0)) {
      const s = c.corked;
      c.corked = null;
      if (s && !s.destroyed) s.uncork();
    }
  }

  function reply(c: Client, bytes: Uint8Array): void {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.corked === null) {
      const s = tcpOf(c.ws);
      if (s) {
        s.cork();
        c.corked = s;
        corked.push(c);
        if (!uncorkScheduled) {
          uncorkScheduled = true;
          setImmediate(uncorkAll);
        }
      }
    }
    c.ws.send(bytes);
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
    reply(c, encodeJsonResult(requestId, false, { code, message }));
  }

  async function handleRpc(c: Client, rpc: ClientRpc, helloSeq: number): Promise<void> {
    try {
      if (rpc.rpc === RpcType.Repaint) {
        if (c.identity.userId === null) {
          replyError(c, rpc.requestId, 'UNAUTHORIZED', 'Sign in to paint.');
          return;
        }
        const result = await opts.rpc.repaint(c.identity.userId, rpc.pixelId, rpc.color);
        reply(c, encodeJsonResult(rpc.requestId, true, result));
      } else {
        const snap = await opts.rpc.canvas(helloSeq);
        reply(c, encodeCanvasResult(rpc.requestId, snap.seq, snap.image));
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
    get sending() {
      return sending;
    },
    attach(ws, identity) {
      if (closed) {
        ws.close(CloseCode.ShuttingDown, 'shutting down');
        return;
      }
      const client: Client = {
        ws,
        identity,
        tokens: messagesPerSecond,
        refilledAt: Date.now(),
        corked: null,
      };
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
      // Whatever is still queued or corked goes out before the close frame.
      while (sending) await new Promise((r) => setImmediate(r));
      uncorkAll();
      for (const c of clients) c.ws.close(code, reason);
      clients.clear();
    },
  };
}
