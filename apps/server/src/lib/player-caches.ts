/**
 * Every per-player cache of an instance in one registry, and one way to drop a player from all of
 * them on every instance. Each cache registers itself (`register(name, drop)`); a change to a
 * player that any cache may hold (ban, unban, role, boost, squad) calls `forgetPlayer(id, reason)`,
 * which drops the player here at once and publishes ONE `forget` message on the bus; every instance
 * (this one included) drops the player from every cache it registered when the message arrives.
 *
 * A load that started before a forget and finishes after it would put the old value back: caches
 * stamp their loads with `epoch()` and keep a result only while `current(stamp)` says no player was
 * forgotten meanwhile (forgets are rare, so the cost is an occasional uncached read).
 */
import type { Bus, ControlMessage, ForgetReason } from '../realtime/bus.ts';

export type { ForgetReason } from '../realtime/bus.ts';

export interface PlayerCaches {
  /** Adds a cache; `drop` removes one player's entries. Returns a function that removes it again. */
  register(name: string, drop: (userId: number) => void): () => void;
  /** Drops the player from every registered cache here, then on every instance through the bus. */
  forgetPlayer(userId: number, reason: ForgetReason): Promise<void>;
  /** Drops the player from every cache registered on this instance only (what the bus delivers). */
  dropLocal(userId: number): void;
  /** A stamp for a load about to start. */
  epoch(): number;
  /** Whether nothing was forgotten since `stamp` was taken (a load may keep its result). */
  current(stamp: number): boolean;
  /** Names of the registered caches. */
  readonly names: readonly string[];
}

export interface PlayerCachesDeps {
  /** where `forget` messages go; set later with `attach` when the bus is built after the caches */
  bus?: Pick<Bus, 'publishControl' | 'subscribe'>;
  log?: { warn(obj: object, msg: string): void };
}

export function createPlayerCaches(deps: PlayerCachesDeps = {}): PlayerCaches & {
  /** Connects the bus: publishes forgets there and drops what any instance forgets. */
  attach(bus: Pick<Bus, 'publishControl' | 'subscribe'>): () => void;
} {
  const caches = new Map<string, (userId: number) => void>();
  let bus = deps.bus ?? null;
  let forgets = 0;

  function dropLocal(userId: number): void {
    forgets++;
    for (const [name, drop] of caches) {
      try {
        drop(userId);
      } catch (err) {
        deps.log?.warn({ err, cache: name, userId }, 'dropping a player from a cache failed');
      }
    }
  }

  function onControl(message: ControlMessage): void {
    if (message.kind === 'forget') dropLocal(message.userId);
  }

  let unsubscribe = bus ? bus.subscribe({ control: onControl }) : null;

  return {
    register(name, drop) {
      if (caches.has(name)) throw new Error(`a player cache named "${name}" is registered already`);
      caches.set(name, drop);
      return () => {
        if (caches.get(name) === drop) caches.delete(name);
      };
    },
    async forgetPlayer(userId, reason) {
      dropLocal(userId);
      if (bus) await bus.publishControl({ kind: 'forget', userId, reason });
    },
    dropLocal,
    epoch: () => forgets,
    current: (stamp) => stamp === forgets,
    get names() {
      return [...caches.keys()];
    },
    attach(b) {
      unsubscribe?.();
      bus = b;
      unsubscribe = b.subscribe({ control: onControl });
      return () => {
        unsubscribe?.();
        unsubscribe = null;
        bus = null;
      };
    },
  };
}
