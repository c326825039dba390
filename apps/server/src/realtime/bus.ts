/**
 * The bus carries committed pixel changes, wall events and the encoded pixel frames between
 * instances. Embedded: in process. Cluster: Redis pub/sub. Both pass the same contract tests.
 *
 * Frames: one instance (the ticker; in the cluster the elected leader) batches the pixel changes of
 * every instance each tick, takes the next cluster-wide sequence number from `nextSeq`, encodes one
 * PIXELS frame and publishes it; every instance relays those same bytes to its sockets. So every
 * socket in the cluster sees one numbering.
 */
import type { PixelChange, WallEvent } from '@pixel-wall/shared';

/** What changed about a player whose cached state every instance must drop. */
/** 'goods': a kept product (All colours) was bought or refunded. */
export const FORGET_REASONS = ['ban', 'unban', 'role', 'boost', 'squad', 'goods'] as const;
export type ForgetReason = (typeof FORGET_REASONS)[number];

/**
 * What every instance must carry out: drop a player from every per-player cache after a change
 * (lib/player-caches.ts); for a ban, also close the player's sockets.
 */
export type ControlMessage = { kind: 'forget'; userId: number; reason: ForgetReason };

export interface BusHandlers {
  pixels?(changes: readonly PixelChange[]): void;
  event?(event: WallEvent): void;
  frame?(frame: Uint8Array): void;
  control?(message: ControlMessage): void;
}

export interface Bus {
  publishPixels(changes: readonly PixelChange[]): Promise<void>;
  publishEvent(event: WallEvent): Promise<void>;
  publishFrame(frame: Uint8Array): Promise<void>;
  publishControl(message: ControlMessage): Promise<void>;
  /** The next frame sequence number, shared by every instance; starts at 1. */
  nextSeq(): Promise<number>;
  /** The last sequence handed out (0 when none). */
  currentSeq(): Promise<number>;
  subscribe(handlers: BusHandlers): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const subscribers = new Set<BusHandlers>();
  let seq = 0;
  return {
    async publishPixels(changes) {
      for (const s of subscribers) s.pixels?.(changes);
    },
    async publishEvent(event) {
      for (const s of subscribers) s.event?.(event);
    },
    async publishFrame(frame) {
      for (const s of subscribers) s.frame?.(frame);
    },
    async publishControl(message) {
      for (const s of subscribers) s.control?.(message);
    },
    async nextSeq() {
      return ++seq;
    },
    async currentSeq() {
      return seq;
    },
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    async close() {
      subscribers.clear();
    },
  };
}
