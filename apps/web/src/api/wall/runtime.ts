/**
 * The Wall's long-lived parts: the pixel store and the sync with the server. They outlive the
 * page (navigating to /ratings and back keeps the canvas live); the view is attached per mount.
 */
import type { RepaintResult, WallEvent } from '@pixel-wall/shared';
import { createPixelStore, type PixelStore } from '../../canvas/index.ts';
import { noticeBanned } from '../banned.ts';
import { decodeCanvasImage, fetchSnapshot, inflateRaw, openBrowserSocket, wsUrl } from './browser.ts';
import { createWallSync, RpcError, type SyncStatus, type WallSync } from './sync.ts';

export interface WallRuntime {
  store: PixelStore;
  sync: WallSync;
  /** Sets the websocket token (null for a guest) and reconnects when it changed. */
  setToken(token: string | null): void;
  /** Repaints over the socket; falls back to HTTP when the socket is down. */
  repaint(
    pixelId: number,
    color: number,
    http: (pixelId: number, color: number) => Promise<RepaintResult>,
  ): Promise<RepaintResult>;
  subscribeStatus(fn: (s: SyncStatus) => void): () => void;
  subscribeEvents(fn: (e: WallEvent) => void): () => void;
  subscribeOnline(fn: (n: number) => void): () => void;
  onUnauthorized: (() => Promise<void> | void) | null;
}

let runtime: WallRuntime | null = null;

const waiting = new Set<(r: WallRuntime) => void>();

export function wallRuntime(): WallRuntime {
  if (!runtime) {
    runtime = createWallRuntime();
    for (const fn of waiting) fn(runtime);
    waiting.clear();
  }
  return runtime;
}

/**
 * Calls `fn` with the runtime once the Wall has started it (at once if it has), without starting
 * it: listeners on other pages (the Pixanos' Snap) need no socket of their own. Returns a cancel.
 */
export function whenWallRuntime(fn: (r: WallRuntime) => void): () => void {
  if (runtime) {
    fn(runtime);
    return () => {};
  }
  waiting.add(fn);
  return () => waiting.delete(fn);
}

export function createWallRuntime(): WallRuntime {
  const store = createPixelStore();
  let token: string | null = null;
  const statusListeners = new Set<(s: SyncStatus) => void>();
  const eventListeners = new Set<(e: WallEvent) => void>();
  const onlineListeners = new Set<(n: number) => void>();
  const self: WallRuntime = {
    store,
    sync: undefined as unknown as WallSync,
    onUnauthorized: null,
    setToken(next) {
      if (next === token) return;
      token = next;
      self.sync.reconnect();
    },
    async repaint(pixelId, color, http) {
      try {
        return await self.sync.repaint(pixelId, color);
      } catch (err) {
        if (err instanceof RpcError && (err.code === 'UNAVAILABLE' || err.code === 'TIMEOUT')) {
          return http(pixelId, color);
        }
        noticeBanned(err);
        throw err;
      }
    },
    subscribeStatus(fn) {
      statusListeners.add(fn);
      return () => statusListeners.delete(fn);
    },
    subscribeEvents(fn) {
      eventListeners.add(fn);
      return () => eventListeners.delete(fn);
    },
    subscribeOnline(fn) {
      onlineListeners.add(fn);
      return () => onlineListeners.delete(fn);
    },
  };
  self.sync = createWallSync({
    store,
    url: () => wsUrl(token),
    openSocket: openBrowserSocket,
    fetchSnapshot,
    decodeCanvas: decodeCanvasImage,
    inflate: inflateRaw,
    onStatus: (s) => {
      for (const fn of statusListeners) fn(s);
    },
    onEvent: (e) => {
      for (const fn of eventListeners) fn(e);
    },
    onOnline: (n) => {
      for (const fn of onlineListeners) fn(n);
    },
    onUnauthorized: () => self.onUnauthorized?.(),
    onWarning: (message, detail) => console.warn(message, detail ?? ''),
  });
  self.sync.start();
  // Read-only, for browser tests: the canvas this client holds (palette indices) and its sequence.
  (globalThis as { __pixelWallCanvas?: () => { seq: number; indices: Uint8Array } }).__pixelWallCanvas =
    () => ({
      seq: store.seq,
      indices: store.indices,
    });
  return self;
}
