/**
 * The Wall's long-lived parts: the pixel store and the sync with the server. They outlive the
 * page (navigating to /ratings and back keeps the canvas live); the view is attached per mount.
 */
import type { RepaintResult, WallEvent } from '@pixel-wall/shared';
import { createPixelStore, type PixelStore } from '../../canvas/index.ts';
import { noticeBanned } from '../moderation/banned.ts';
import { fetchSnapshot, inflateRaw, openBrowserSocket, wsUrl } from './browser.ts';
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

export function wallRuntime(): WallRuntime {
  runtime ??= createWallRuntime();
  return runtime;
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
  return self;
}
