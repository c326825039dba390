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
 * - one cursor walks the socket list and writes each socket every broadcast it lacks in one corked
 *   write, so a frame that comes mid-broadcast rides along (no list copy or closure per frame);
 * - a socket costs one record and listeners shared by every socket (found through a symbol key);
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
import type { RawData, WebSocket } from 'ws';
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
  /** longest synchronous stretch of a broadcast before it yields (default BROADCAST_SLICE_MS) */
  sliceMs?: number;
}

export interface Hub {
  readonly seq: number;
  readonly online: number;
  /** true while a frame is still being written to the sockets (a slow fan-out backs up here) */
  readonly sending: boolean;
  /** broadcasts not yet written to every socket (more than one: a newer one rides along) */
  readonly backlog: number;
  /**
   * Milliseconds of this thread a broadcast takes to write (its slices added up, not the time
   * between them), averaged over the last few finished ones: what one more frame costs the event
   * loop at this many sockets.
   */
  readonly writeMs: number;
  attach(ws: WebSocket, identity: SocketIdentity): void;
  /** Closes every socket with `code` and stops ticking. */
  close(code?: number, reason?: string): Promise<void>;
}

/** How much the newest broadcast moves the average write time (`writeMs`). */
const WRITE_MS_WEIGHT = 0.2;

/** Longest synchronous stretch of one broadcast before it yields to the event loop. */
const BROADCAST_SLICE_MS = 5;

/** The hub's record of a socket, found from the socket through this key (no closure per socket). */
const kClient = Symbol('pixel-wall.hub-client');

type HubSocket = WebSocket & { [kClient]?: Client };

interface Client {
  ws: WebSocket;
  /** the TCP socket under `ws`, when frames may be written to it as they are (no extension) */
  tcp: Socket | null;
  userId: number | null;
  /** the sequence its HELLO carried: its canvas RPCs answer with a snapshot at least this new */
  helloSeq: number;
  tokens: number;
  refilledAt: number;
  /** its TCP socket is corked until the end of this turn (replies pending) */
  corked: boolean;
  /** its index in the hub's socket list */
  slot: number;
  /** the number of the last broadcast written to it (or sent before it joined) */
  sent: number;
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

interface Broadcast {
  /** the websocket frame, header included, written as it is to every TCP socket */
  framed: Buffer;
  /** the payload alone, for a socket that frames itself (an extension was negotiated) */
  payload: Buffer;
  /** sockets that have not had it yet */
  remaining: number;
}

export function createHub(opts: HubOptions): Hub {
  const messagesPerSecond = opts.messagesPerSecond ?? 60;
  const maxBuffered = opts.maxBufferedBytes ?? 8 * 1024 * 1024;
  const sliceMs = opts.sliceMs ?? BROADCAST_SLICE_MS;
  let seq = opts.startSeq;
  let closed = false;

  // The sockets, in the order they joined; a closed one leaves a hole until the list is compacted
  // (never while a broadcast is being written: its cursor walks the list by index).
  const list: (Client | null)[] = [];
  let live = 0;
  let holes = 0;

  const unsubscribe = opts.bus.subscribe({
    frame(frame: Uint8Array) {
      const frameSeq = pixelsFrameSeq(frame);
      if (frameSeq === null) return;
      if (frameSeq > seq) seq = frameSeq;
      broadcast(frame);
      opts.metrics?.batch(0, frame.length, live);
    },
    event(event: WallEvent) {
      // A Pixanos' Snap takes a place in the pixel sequence (see the pixanos module).
      if (event.kind === 'snap' && typeof event.seq === 'number' && event.seq > seq) seq = event.seq;
      broadcast(encodeEvent(event));
    },
    control(message) {
      if (message.reason !== 'ban') return;
      for (const c of list) {
        if (c !== null && c.userId === message.userId) c.ws.close(CloseCode.Banned, 'banned');
      }
    },
  });

  // Broadcasts not yet written to every socket, oldest first; `queue[i]` is number `firstId + i`.
  // One cursor walks the socket list and gives each socket, in one corked write, every broadcast
  // it has not had: a frame that comes while the previous one is still going out rides along
  // with it to the sockets not reached yet, and the cursor wraps round for the others.
  const queue: Broadcast[] = [];
  let firstId = 1;
  let lastId = 0;
  /** open sockets that lack at least the last broadcast */
  let behind = 0;
  let cursor = 0;
  let sending = false;
  /** this thread's time in the broadcast going out, slice by slice; the average of finished ones */
  let runMs = 0;
  let averageWriteMs = 0;

  function broadcast(frame: Uint8Array): void {
    if (live === 0) return;
    const payload = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
    queue.push({ framed: binaryFrame(payload), payload, remaining: live });
    lastId++;
    behind = live;
    if (!sending) {
      sending = true;
      sendSome();
    }
  }

  /** Marks every broadcast after `c.sent` as had by `c`, and drops the ones every socket has had. */
  function settle(c: Client): void {
    for (let id = Math.max(c.sent + 1, firstId); id <= lastId; id++) queue[id - firstId]!.remaining--;
    c.sent = lastId;
    behind--;
    while (queue.length > 0 && queue[0]!.remaining <= 0) {
      queue.shift();
      firstId++;
    }
  }

  function deliver(c: Client): void {
    const from = Math.max(c.sent + 1 - firstId, 0);
    const to = lastId - firstId;
    const { ws, tcp } = c;
    if (ws.readyState !== ws.OPEN) {
      settle(c);
      return;
    }
    if ((tcp ? tcp.writableLength : ws.bufferedAmount) > maxBuffered) {
      settle(c);
      ws.terminate();
      return;
    }
    // Without a negotiated extension (the server offers none) ws writes nothing but whole frames,
    // so the same bytes go straight to the TCP socket; two or more leave in one write.
    const many = to > from && tcp !== null;
    if (many) tcp.cork();
    for (let i = from; i <= to; i++) {
      const b = queue[i]!;
      if (tcp) tcp.write(b.framed);
      else ws.send(b.payload, { binary: true });
    }
    if (many) tcp.uncork();
    settle(c);
  }

  function sendSome(): void {
    // Replies corked this turn (a committed group's acknowledgements) leave before the frame,
    // which can take many milliseconds to write to every socket: a quiet wall's frame goes out
    // the macrotask after its commit, ahead of the turn-end uncork.
    if (uncorkScheduled) uncorkAll();
    const start = performance.now();
    const until = start + sliceMs;
    let n = 0;
    let passed = 0;
    while (behind > 0) {
      if (cursor >= list.length) cursor = 0;
      const c = list[cursor++];
      if (c == null || c.sent === lastId) {
        // A whole round with nobody behind: the count is off; never spin on it, nor hold the ticker.
        if (++passed > list.length) {
          behind = 0;
          queue.length = 0;
          firstId = lastId + 1;
        }
        continue;
      }
      passed = 0;
      deliver(c);
      if ((++n & 63) === 0) {
        const now = performance.now();
        if (now >= until) {
          runMs += now - start;
          setImmediate(sendSome);
          return;
        }
      }
    }
    const ms = runMs + (performance.now() - start);
    // A moving average: one slow broadcast (a collection in the middle of it) does not space the
    // next frames by itself.
    averageWriteMs = averageWriteMs === 0 ? ms : averageWriteMs + WRITE_MS_WEIGHT * (ms - averageWriteMs);
    runMs = 0;
    sending = false;
    if (holes > 64 && holes * 2 > list.length) compact();
  }

  function compact(): void {
    let j = 0;
    for (const c of list) {
      if (c === null) continue;
      c.slot = j;
      list[j++] = c;
    }
    list.length = j;
    holes = 0;
    cursor = 0;
  }

  // Replies go out corked; one uncork per event-loop turn writes each socket's replies at once.
  const corked: Client[] = [];
  let uncorkScheduled = false;

  function uncorkAll(): void {
    uncorkScheduled = false;
    for (const c of corked) {
      c.corked = false;
      if (c.tcp && !c.tcp.destroyed) c.tcp.uncork();
    }
    corked.length = 0;
  }

  function reply(c: Client, bytes: Uint8Array): void {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (!c.corked && c.tcp) {
      c.tcp.cork();
      c.corked = true;
      corked.push(c);
      if (!uncorkScheduled) {
        uncorkScheduled = true;
        setImmediate(uncorkAll);
      }
    }
    c.ws.send(bytes);
  }

  const onlineTimer = setInterval(() => broadcast(encodeOnline(live)), opts.onlineEveryMs ?? 10_000);
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

  async function handleRpc(c: Client, rpc: ClientRpc): Promise<void> {
    try {
      if (rpc.rpc === RpcType.Repaint) {
        if (c.userId === null) {
          replyError(c, rpc.requestId, 'UNAUTHORIZED', 'Sign in to paint.');
          return;
        }
        const result = await opts.rpc.repaint(c.userId, rpc.pixelId, rpc.color);
        reply(c, encodeJsonResult(rpc.requestId, true, result));
      } else {
        const snap = await opts.rpc.canvas(c.helloSeq);
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

  // The listeners every socket shares; `this` is the socket.
  function onMessage(this: HubSocket, data: RawData, isBinary: boolean): void {
    const c = this[kClient];
    if (!c) return;
    if (!allow(c)) {
      this.close(CloseCode.RateLimited, 'too many messages');
      return;
    }
    if (!isBinary || !Buffer.isBuffer(data)) {
      this.close(CloseCode.BadFrame, 'binary frames only');
      return;
    }
    const decoded = decodeClientRpc(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (decoded === null) {
      this.close(CloseCode.BadFrame, 'malformed frame');
      return;
    }
    if ('error' in decoded) {
      replyError(
        c,
        decoded.requestId,
        'BAD_REQUEST',
        decoded.error === 'UNKNOWN_RPC' ? 'Unknown request type.' : 'Malformed request arguments.',
      );
      return;
    }
    void handleRpc(c, decoded);
  }

  function onClose(this: HubSocket): void {
    const c = this[kClient];
    if (!c) return;
    this[kClient] = undefined;
    if (list[c.slot] === c) {
      list[c.slot] = null;
      holes++;
    }
    live--;
    if (c.sent < lastId) settle(c);
    opts.metrics?.sockets(live);
    if (!sending && holes > 64 && holes * 2 > list.length) compact();
  }

  function onError(this: WebSocket): void {
    this.terminate();
  }

  return {
    get seq() {
      return seq;
    },
    get online() {
      return live;
    },
    get sending() {
      return sending;
    },
    get backlog() {
      return queue.length;
    },
    get writeMs() {
      return averageWriteMs;
    },
    attach(ws, identity) {
      if (closed) {
        ws.close(CloseCode.ShuttingDown, 'shutting down');
        return;
      }
      const client: Client = {
        ws,
        tcp: ws.extensions === '' ? tcpOf(ws) : null,
        userId: identity.userId,
        helloSeq: seq,
        tokens: messagesPerSecond,
        refilledAt: Date.now(),
        corked: false,
        slot: list.length,
        // Broadcasts queued before it joined are not its: its HELLO carries their sequence.
        sent: lastId,
      };
      list.push(client);
      live++;
      (ws as HubSocket)[kClient] = client;
      opts.metrics?.sockets(live);
      ws.binaryType = 'nodebuffer';
      ws.send(encodeHello(client.helloSeq, identity.userId !== null, live));
      ws.on('message', onMessage);
      ws.on('close', onClose);
      ws.on('error', onError);
    },
    async close(code = CloseCode.ShuttingDown, reason = 'shutting down') {
      if (closed) return;
      closed = true;
      clearInterval(onlineTimer);
      unsubscribe();
      // Whatever is still queued or corked goes out before the close frame.
      while (sending) await new Promise((r) => setImmediate(r));
      uncorkAll();
      for (const c of list) c?.ws.close(code, reason);
    },
  };
}
