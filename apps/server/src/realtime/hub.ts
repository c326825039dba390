/**
 * Websocket fan-out, in two parts.
 * - The ticker (one per cluster: the leader; always on when embedded) collects the committed
 *   changes of every instance from the bus; for each batch it takes the next cluster-wide sequence,
 *   encodes one PIXELS frame (deflated when smaller) and publishes it. A quiet wall publishes a
 *   change as soon as its commit lands; a busy one sends at most one frame per TICK_MS.
 * - The hub (every instance) writes each published frame, the same bytes, to every socket it holds,
 *   and answers the sockets' RPCs. Slow sockets that fall too far behind are dropped: their client
 *   resyncs from the snapshot.
 *
 * Keeping the event loop responsive with many sockets and thousands of RPCs a second:
 * - a frame is framed once (websocket header included) and the same bytes are written to every
 *   socket, in slices of at most BROADCAST_SLICE_MS, yielding between them (10,000 sockets take
 *   tens of ms); frames and events keep their order on every socket;
 * - replies are corked per socket and uncorked once per event-loop turn, so the RESULTs a socket
 *   gets together (a committed group answers many at once) leave in one write, not one each.
 */
import type { Socket } from 'node:net';
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
  /** true while a frame is still being written to the sockets (a slow fan-out backs up here) */
  readonly sending: boolean;
  attach(ws: WebSocket, identity: SocketIdentity): void;
  /** Closes every socket with `code` and stops ticking. */
  close(code?: number, reason?: string): Promise<void>;
}

const DEFLATE_MIN_BYTES = 128;
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

export interface TickerOptions {
  bus: Bus;
  tickMs: number;
  /**
   * While this says true (this instance's hub is still writing the previous frame), a tick waits
   * and its changes join the next frame: frames grow instead of queueing up when the fan-out
   * cannot keep up with TICK_MS.
   */
  hold?: () => boolean;
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
  /** Publishes what is pending now (used on shutdown), held or not. */
  flush(): Promise<void>;
  /** One tick now, as the timer would run it (it honours `hold`). */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export function createTicker(opts: TickerOptions & { active?: boolean }): Ticker {
  const pending = new Map<number, number>();
  let running: Promise<void> | null = null;
  let active = opts.active ?? true;
  let skipSeq = false;
  let closed = false;
  // When the last frame went out: a change that arrives later than TICK_MS after it goes out at
  // once (a quiet wall shows a paint as soon as its commit lands); changes that arrive sooner wait
  // for the rest of the interval and leave together (a busy wall sends at most one frame per tick).
  let lastPublishAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let immediate: ReturnType<typeof setImmediate> | null = null;
  const unsubscribe = opts.bus.subscribe({
    pixels(changes: readonly PixelChange[]) {
      if (!active) return;
      // Map order is insertion order: delete first so "last change wins, in the order it happened".
      for (const c of changes) {
        pending.delete(c.pixelId);
        pending.set(c.pixelId, c.color);
      }
      schedule();
    },
  });

  /** Arms the next run: at once when the last frame is older than TICK_MS, else when it is due. */
  function schedule(delayMs?: number): void {
    if (closed || running || timer || immediate) return;
    const wait = delayMs ?? lastPublishAt + opts.tickMs - performance.now();
    if (wait <= 0) {
      // One macrotask later, so that every change of the same commit joins the frame.
      immediate = setImmediate(fire);
    } else {
      timer = setTimeout(fire, wait);
      timer.unref();
    }
  }

  function fire(): void {
    timer = null;
    immediate = null;
    void run();
  }

  /** Returns false when the tick was held back (the hub is still writing the previous frame). */
  async function tick(force: boolean): Promise<boolean> {
    if (!active) {
      pending.clear();
      return true;
    }
    if (!force && opts.hold?.()) return false;
    if (skipSeq) {
      skipSeq = false;
      await opts.bus.nextSeq();
    }
    if (pending.size === 0) return true;
    lastPublishAt = performance.now();
    const body = encodePendingBody();
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
    return true;
  }

  function encodePendingBody(): Buffer {
    const body = Buffer.allocUnsafe(pending.size * 4);
    let o = 0;
    for (const [pixelId, color] of pending) {
      body[o] = pixelId & 0xff;
      body[o + 1] = (pixelId >>> 8) & 0xff;
      body[o + 2] = (pixelId >>> 16) & 0xff;
      body[o + 3] = color;
      o += 4;
    }
    return body;
  }

  function run(force = false): Promise<void> {
    // Runs never overlap: a slow one (the bus is busy) delays the next.
    running ??= tick(force)
      .catch((err: unknown) => {
        opts.log?.warn({ err }, 'pixel tick failed');
        return false;
      })
      .then((done) => {
        running = null;
        // Held back, or failed: try again after one interval, as a busy wall would. Changes that
        // arrived while this run was out are sent when their interval is due.
        if (!done) schedule(opts.tickMs);
        else if (pending.size > 0 || skipSeq) schedule();
      });
    return running;
  }

  return {
    setActive(next) {
      if (next && !active) {
        skipSeq = true;
        active = next;
        schedule();
        return;
      }
      if (!next) pending.clear();
      active = next;
    },
    get active() {
      return active;
    },
    async flush() {
      await running;
      await run(true);
    },
    async tick() {
      await running;
      await run();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = null;
      immediate = null;
      await this.flush();
      unsubscribe();
    },
  };
}
