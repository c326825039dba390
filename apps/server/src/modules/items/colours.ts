/**
 * Who may paint beyond the basic colour line (SPEC §2, §9): the holders of All colours (14).
 *
 * It is asked on every paint, so it answers from memory: a basic colour needs no look-up at all,
 * and whether a player holds the product is read once (one inventory row) and kept until the
 * player is forgotten (lib/player-caches.ts). A fulfilled or refunded order of a kept product
 * forgets the player on every instance, so the next paint reads the row again.
 */
import { isBasicColorIndex, mayPaintColorIndex, PALETTE_SIZE, ProductId } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { PlayerCaches } from '../../lib/player-caches.ts';
import { quantityOf } from './store.ts';

export interface ColourUnlocksDeps {
  db: Sql;
  caches?: Pick<PlayerCaches, 'register' | 'epoch' | 'current'>;
  /** entries kept before the map starts again (bounds memory under many players) */
  maxEntries?: number;
}

export const COLOR_LOCKED_MESSAGE = 'This colour is locked. Unlock all colours in the shop to paint with it.';
export const SNAP_COLOR_LOCKED_MESSAGE =
  "This colour is locked: Pixanos' Snap paints only colours you may paint. Choose a basic colour or unlock all colours.";

export function createColourUnlocks(deps: ColourUnlocksDeps) {
  const maxEntries = deps.maxEntries ?? 200_000;
  const unlocked = new BoundedMap<number, boolean>(maxEntries);
  const reading = new Map<number, { stamp: number; read: Promise<boolean> }>();
  deps.caches?.register('colours', (userId) => unlocked.delete(userId));
  const epoch = () => deps.caches?.epoch() ?? 0;
  const current = (stamp: number) => deps.caches?.current(stamp) ?? true;

  function load(userId: number): Promise<boolean> {
    const stamp = epoch();
    const inFlight = reading.get(userId);
    if (inFlight && inFlight.stamp === stamp) return inFlight.read;
    const read = quantityOf(deps.db, userId, ProductId.AllColors)
      .then((qty) => {
        const held = qty > 0;
        // A read that began before a forget (a purchase) must not be kept after it.
        if (current(stamp)) unlocked.set(userId, held);
        return held;
      })
      .finally(() => {
        if (reading.get(userId)?.read === read) reading.delete(userId);
      });
    reading.set(userId, { stamp, read });
    return read;
  }

  return {
    /** Whether the player holds All colours: from memory after the first read. */
    hasAll(userId: number): boolean | Promise<boolean> {
      return unlocked.get(userId) ?? load(userId);
    },

    /**
     * Whether the player may paint the palette index: synchronous for a basic colour and for a
     * player already read, a promise only for the first non-basic paint of a player.
     */
    allows(userId: number, color: number): boolean | Promise<boolean> {
      if (isBasicColorIndex(color)) return true;
      if (!Number.isInteger(color) || color < 0 || color >= PALETTE_SIZE) return false;
      const held = this.hasAll(userId);
      return typeof held === 'boolean'
        ? mayPaintColorIndex(color, held)
        : held.then((h) => mayPaintColorIndex(color, h));
    },

    /** Refuses a colour the player may not paint with COLOR_LOCKED. */
    async require(userId: number, color: number): Promise<void> {
      const ok = this.allows(userId, color);
      if (ok === true || (ok !== false && (await ok))) return;
      throw new AppError('COLOR_LOCKED', COLOR_LOCKED_MESSAGE, { color });
    },
  };
}

export type ColourUnlocks = ReturnType<typeof createColourUnlocks>;

/**
 * The same rule read from SQL at the moment, without the cache: for acts far rarer than a paint
 * that must not go by a copy another instance has not dropped yet (ordering Pixanos' Snap in a
 * colour, using it). Refuses a colour the player may not paint with COLOR_LOCKED.
 */
export async function requireColourNow(
  db: Sql,
  userId: number,
  color: number,
  message = COLOR_LOCKED_MESSAGE,
): Promise<void> {
  if (isBasicColorIndex(color)) return;
  const held = (await quantityOf(db, userId, ProductId.AllColors)) > 0;
  if (!mayPaintColorIndex(color, held)) throw new AppError('COLOR_LOCKED', message, { color });
}
