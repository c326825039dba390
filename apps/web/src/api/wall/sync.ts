/**
 * Keeps the local canvas equal to the server's. Order matters: open the socket first (its hello
 * says which batch is current), then fetch a snapshot at least that new, then replay the batches
 * buffered meanwhile. A batch whose sequence does not follow the canvas's is a gap: refetch.
 * The snapshot comes through the socket's canvas:main RPC when the sync can decode its webp, with
 * HTTP (/image/canvas) as the fallback; when both fail it is retried after 2 s × the attempt.
 * Also the binary RPC (repaint) over the same socket, with request ids.
 */
import type { RepaintResult, ServerFrame, WallEvent } from '@pixel-wall/shared';
import {
  CloseCode,
  decodeCanvasPayload,
  decodeServerFrame,
  encodeCanvasRpc,
  encodeRepaintRpc,
  FrameType,
  paletteIndexOf,
  parseJson,
  snapChangesBody,
} from '@pixel-wall/shared/core';
import type { PixelStore } from '../../canvas/index.ts';
import { noticeSocketClose } from '../banned.ts';

/** The pixels a snap event repaints, as a PIXELS body; null for other events. */
function snapBody(event: WallEvent): Uint8Array | null {
  if (event.kind !== 'snap' || event.seed === undefined || event.percentage === undefined) return null;
  const color = paletteIndexOf(event.color ?? '');
  return color < 0 ? null : snapChangesBody(event.seed, event.percentage, color);
}

export type SyncStatus = 'connecting' | 'syncing' | 'live' | 'offline';

export interface Snapshot {
  seq: number;
  indices: Uint8Array;
}

export interface SocketLike {
  binaryType: string;
  readyState: number;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: (() => void) | null;
}

export interface WallSyncOptions {
  store: PixelStore;
  /** websocket URL, with the player's token when signed in */
  url(): string;
  openSocket(url: string): SocketLike;
  /** the HTTP snapshot: the fallback when the socket's canvas:main cannot give one */
  fetchSnapshot(afterSeq: number, signal: AbortSignal): Promise<Snapshot>;
  /**
   * Decodes the webp bytes of the canvas:main RPC to palette indices. Without it the snapshot is
   * always fetched over HTTP.
   */
  decodeCanvas?(image: Uint8Array): Promise<Uint8Array>;
  inflate(body: Uint8Array): Promise<Uint8Array>;
  onStatus?(status: SyncStatus): void;
  onEvent?(event: WallEvent): void;
  onOnline?(visitors: number): void;
  /** the socket token was refused: get a fresh one before reconnecting */
  onUnauthorized?(): Promise<void> | void;
  onWarning?(message: string, detail?: unknown): void;
  setTimeout?(fn: () => void, ms: number): unknown;
  clearTimeout?(id: unknown): void;
  rpcTimeoutMs?: number;
}

export class RpcError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

export interface WallSync {
  start(): void;
  stop(): void;
  /** Reconnects now (after sign-in or sign-out changed the token). */
  reconnect(): void;
  repaint(pixelId: number, color: number): Promise<RepaintResult>;
  readonly status: SyncStatus;
}

const OPEN = 1;

export function createWallSync(opts: WallSyncOptions): WallSync {
  const setT = opts.setTimeout ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearT = opts.clearTimeout ?? ((id) => globalThis.clearTimeout(id as number));
  const rpcTimeout = opts.rpcTimeoutMs ?? 10_000;
  let socket: SocketLike | null = null;
  let status: SyncStatus = 'offline';
  let running = false;
  let attempt = 0;
  let reconnectTimer: unknown = null;
  let snapshotAbort: AbortController | null = null;
  // Frames are handled strictly in order, even though inflating is asynchronous.
  let chain: Promise<void> = Promise.resolve();
  let buffered: { seq: number; body: Uint8Array }[] = [];
  let synced = false;
  let helloSeq = 0;
  let nextRequestId = 1;
  /** RPCs in flight by request id: each settles from its RESULT frame's status and payload */
  const pending = new Map<
    number,
    { settle(ok: boolean, payload: Uint8Array): void; reject(e: Error): void; timer: unknown }
  >();

  function setStatus(s: SyncStatus): void {
    if (s === status) return;
    status = s;
    opts.onStatus?.(s);
  }

  function failPending(reason: string): void {
    for (const [id, p] of pending) {
      clearT(p.timer);
      p.reject(new RpcError('UNAVAILABLE', reason));
      pending.delete(id);
    }
  }

  function rpcError(payload: Uint8Array): RpcError {
    const value = parseJson(payload) as Record<string, unknown> | undefined;
    return new RpcError(String(value?.code ?? 'INTERNAL'), String(value?.message ?? 'Request failed'));
  }

  /** Sends one RPC frame and waits for its RESULT; rejects on error, timeout or a lost socket. */
  function call<T>(
    encode: (requestId: number) => Uint8Array,
    read: (payload: Uint8Array) => T | undefined,
  ): Promise<T> {
    const ws = socket;
    if (!ws || ws.readyState !== OPEN) return Promise.reject(new RpcError('UNAVAILABLE', 'Not connected.'));
    const requestId = nextRequestId++;
    if (nextRequestId > 0xffffffff) nextRequestId = 1;
    return new Promise<T>((resolve, reject) => {
      const timer = setT(() => {
        pending.delete(requestId);
        reject(new RpcError('TIMEOUT', 'The server did not answer in time.'));
      }, rpcTimeout);
      const settle = (ok: boolean, payload: Uint8Array) => {
        if (!ok) return reject(rpcError(payload));
        const value = read(payload);
        if (value === undefined) reject(new RpcError('INTERNAL', 'The answer could not be read.'));
        else resolve(value);
      };
      pending.set(requestId, { settle, reject, timer });
      ws.send(encode(requestId));
    });
  }

  /**
   * The canvas at least as new as `afterSeq`: through the socket's canvas:main RPC first, over
   * HTTP when that fails or answers with an older canvas (the RPC's floor is the hello's sequence).
   */
  async function loadSnapshot(afterSeq: number, signal: AbortSignal): Promise<Snapshot> {
    const decode = opts.decodeCanvas;
    if (decode && socket?.readyState === OPEN) {
      try {
        const canvas = await call(encodeCanvasRpc, (payload) => decodeCanvasPayload(payload) ?? undefined);
        if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        if (canvas.seq >= afterSeq) return { seq: canvas.seq, indices: await decode(canvas.image) };
        opts.onWarning?.('canvas over the socket is older than needed; loading it over HTTP', {
          have: canvas.seq,
          need: afterSeq,
        });
      } catch (err) {
        if (signal.aborted) throw err;
        opts.onWarning?.('canvas over the socket failed; loading it over HTTP', err);
      }
    }
    return opts.fetchSnapshot(afterSeq, signal);
  }

  async function resync(afterSeq: number, tries = 0): Promise<void> {
    synced = false;
    setStatus('syncing');
    snapshotAbort?.abort();
    const abort = new AbortController();
    snapshotAbort = abort;
    try {
      const snap = await loadSnapshot(afterSeq, abort.signal);
      if (abort.signal.aborted) return;
      opts.store.setAll(snap.indices, snap.seq);
      const later = buffered.filter((b) => b.seq > snap.seq).sort((a, b) => a.seq - b.seq);
      buffered = [];
      for (const b of later) {
        if (b.seq !== opts.store.seq + 1) {
          opts.onWarning?.('pixel batches have a gap after the snapshot; refetching', { at: b.seq });
          return resync(b.seq);
        }
        opts.store.applyChanges(b.body, b.seq);
      }
      synced = true;
      setStatus('live');
    } catch (err) {
      if (abort.signal.aborted) return;
      // The canvas image failed: retry with a growing delay (2 s × attempt).
      opts.onWarning?.('canvas snapshot failed; retrying', err);
      await new Promise<void>((r) => setT(r, 2000 * (tries + 1)));
      if (running && snapshotAbort === abort) return resync(afterSeq, tries + 1);
    }
  }

  async function onPixels(seq: number, raw: Uint8Array, deflated: boolean): Promise<void> {
    let body: Uint8Array;
    try {
      body = deflated ? await opts.inflate(raw) : raw;
    } catch (err) {
      opts.onWarning?.('pixel update could not be decoded', err);
      return;
    }
    if (!synced) {
      buffered.push({ seq, body });
      return;
    }
    if (seq <= opts.store.seq) return;
    if (seq !== opts.store.seq + 1) {
      opts.onWarning?.('pixel batches have a gap; refetching the canvas', { have: opts.store.seq, got: seq });
      buffered.push({ seq, body });
      await resync(seq - 1);
      return;
    }
    if (!opts.store.applyChanges(body, seq)) opts.onWarning?.('pixel update could not be decoded');
  }

  function handle(frame: ServerFrame): void {
    switch (frame.type) {
      case FrameType.Hello:
        attempt = 0;
        helloSeq = frame.seq;
        opts.onOnline?.(frame.online);
        chain = chain.then(() => resync(helloSeq));
        return;
      case FrameType.Pixels:
        chain = chain.then(() => onPixels(frame.seq, frame.body, frame.deflated));
        return;
      case FrameType.Event: {
        // A Pixanos' Snap is a step of the pixel sequence: repainted here from its seed, in order.
        const body = snapBody(frame.event);
        const seq = frame.event.seq;
        if (body && seq !== undefined) chain = chain.then(() => onPixels(seq, body, false));
        opts.onEvent?.(frame.event);
        return;
      }
      case FrameType.Online:
        opts.onOnline?.(frame.visitors);
        return;
      case FrameType.Result: {
        const p = pending.get(frame.requestId);
        if (!p) return;
        pending.delete(frame.requestId);
        clearT(p.timer);
        p.settle(frame.ok, frame.payload);
        return;
      }
    }
  }

  function connect(): void {
    if (!running) return;
    setStatus('connecting');
    synced = false;
    buffered = [];
    const ws = opts.openSocket(opts.url());
    socket = ws;
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (ev) => {
      if (socket !== ws || !(ev.data instanceof ArrayBuffer)) return;
      const frame = decodeServerFrame(new Uint8Array(ev.data));
      if (!frame) {
        opts.onWarning?.('pixel update could not be decoded');
        return;
      }
      handle(frame);
    };
    ws.onclose = (ev) => {
      if (socket !== ws) return;
      noticeSocketClose(ev.code);
      socket = null;
      snapshotAbort?.abort();
      failPending('The connection was lost.');
      setStatus('offline');
      // A banned player's socket is refused every time: retrying only adds load.
      if (!running || ev.code === CloseCode.Banned) return;
      const delay = Math.min(15_000, 500 * 2 ** attempt++) * (0.75 + Math.random() * 0.5);
      const again = async () => {
        if (ev.code === CloseCode.Unauthorized) await opts.onUnauthorized?.();
        connect();
      };
      reconnectTimer = setT(() => void again(), delay);
    };
    ws.onerror = () => {};
  }

  return {
    get status() {
      return status;
    },
    start() {
      if (running) return;
      running = true;
      connect();
    },
    stop() {
      running = false;
      if (reconnectTimer !== null) clearT(reconnectTimer);
      snapshotAbort?.abort();
      failPending('Stopped.');
      const ws = socket;
      socket = null;
      ws?.close(1000, 'bye');
      setStatus('offline');
    },
    reconnect() {
      if (!running) return;
      if (reconnectTimer !== null) clearT(reconnectTimer);
      const ws = socket;
      socket = null;
      ws?.close(1000, 'reconnect');
      failPending('Reconnecting.');
      attempt = 0;
      connect();
    },
    repaint(pixelId, color) {
      return call(
        (requestId) => encodeRepaintRpc(requestId, pixelId, color),
        (payload) => {
          const value = parseJson(payload);
          return typeof value === 'object' && value !== null ? (value as RepaintResult) : undefined;
        },
      );
    },
  };
}
