/**
 * The bus carries committed pixel changes and wall events between instances. Embedded: in
 * process. Cluster: Redis pub/sub. Both pass the same contract tests.
 */
import type { PixelChange, WallEvent } from '@pixel-wall/shared';

export interface BusHandlers {
  pixels(changes: readonly PixelChange[]): void;
  event(event: WallEvent): void;
}

export interface Bus {
  publishPixels(changes: readonly PixelChange[]): Promise<void>;
  publishEvent(event: WallEvent): Promise<void>;
  subscribe(handlers: BusHandlers): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const subscribers = new Set<BusHandlers>();
  return {
    async publishPixels(changes) {
      for (const s of subscribers) s.pixels(changes);
    },
    async publishEvent(event) {
      for (const s of subscribers) s.event(event);
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
