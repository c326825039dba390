/**
 * The engine is the hot copy of the game state that paints touch: canvas colours and owners,
 * players' charges, wall counters. Two implementations share this contract: memory (embedded)
 * and redis (cluster). SQL stays the source of truth; the engine is rebuilt from it when empty.
 */
import type { ChargeRules, ChargeState } from '@pixel-wall/shared';

export interface PaintRequest {
  userId: number;
  pixelId: number;
  /** palette index */
  color: number;
  now: number;
}

export type PaintOutcome =
  | { ok: true; charges: ChargeState; rules: ChargeRules }
  | { ok: false; code: 'NO_CHARGES'; charges: ChargeState; rules: ChargeRules };

export interface PixelRecord {
  color: number;
  userId: number;
  /** epoch ms */
  paintedAt: number;
}

/** What the engine needs to know of a player it has not seen yet (read from SQL). */
export interface StoredCharges {
  charges: number;
  updatedAt: number;
}

/** Many pixels painted one colour by one owner at one time, as one atomic step (Pixanos' Snap). */
export interface BulkPaint {
  /** distinct pixel ids, ascending */
  pixelIds: Uint32Array;
  /** palette index */
  color: number;
  userId: number;
  now: number;
}

export interface EngineDeps {
  rulesFor(userId: number): ChargeRules;
  loadCharges(userId: number): Promise<StoredCharges | null>;
}

export interface Engine {
  /** Atomically per player: refill, refuse at 0, spend one, write the pixel. */
  paint(req: PaintRequest): Promise<PaintOutcome>;
  /** The player's charges after refill (loads them on first sight). */
  charges(userId: number, now: number): Promise<{ charges: ChargeState; rules: ChargeRules }>;
  pixel(pixelId: number): Promise<PixelRecord | null>;
  /** A copy of the canvas, palette indices, one byte per pixel. */
  canvas(): Promise<Uint8Array>;
  /** Fills an empty engine from SQL rows (restart, or an empty Redis). */
  restorePixels(
    rows: Iterable<{ id: number; color: number; userId: number; paintedAt: number }>,
  ): Promise<void>;
  /** Writes every pixel of `req` in one atomic step: no paint lands between two of them. */
  paintBulk(req: BulkPaint): Promise<void>;
  /** Forgets a player's cached charges (after an out-of-band change in SQL). */
  forget(userId: number): Promise<void>;
  close(): Promise<void>;
}
