/**
 * Blasts (bomb 5×5, paint can 3×3, pumpkin 7×7): every pixel of the square, clipped at the edges,
 * painted one colour with one owner and one time. A blast costs no charge (it costs an item).
 *
 * The Engine interface has no blast operation yet. The proposed method is
 *
 *   blast(req: BlastRequest): Promise<BlastOutcome>
 *
 * writing every pixel and reading the player's charges in one atomic step (memory engine: one
 * synchronous loop; redis engine: one Lua script over the colour/owner/time strings plus the
 * charges hash). Until it exists, `blast` below does it with what the interface has:
 * `restorePixels` writes all the pixels in one step in both engines today (memory: a synchronous
 * loop; redis: one `pwRestore` script call for up to 65,536 pixels), then `charges` reads the
 * player's charge state for the commit records. The gap: those two are separate steps, so a paint
 * of the same player landing between them makes the blast's records carry charges one paint old;
 * the group commit writes the charges of the last record of a player in a batch, so SQL can hold
 * one charge more than the engine until that player's next paint (only visible after a restart).
 */
import {
  blastPixelIds,
  type ChargeRules,
  type ChargeState,
  isValidPixelId,
  PALETTE_SIZE,
  pointOfPixelId,
} from '@pixel-wall/shared';
import type { Engine } from './types.ts';

export interface BlastRequest {
  userId: number;
  pixelIds: readonly number[];
  /** palette index */
  color: number;
  now: number;
}

export interface BlastOutcome {
  /** the player's charges after the blast (unchanged by it) */
  charges: ChargeState;
  rules: ChargeRules;
}

/** The pixel ids of a blast of side `size` centred on `pixelId`, clipped to the canvas. */
export function blastArea(pixelId: number, size: number): number[] {
  const { x, y } = pointOfPixelId(pixelId);
  return blastPixelIds(x, y, size);
}

/** Validates a blast request; throws a RangeError on anything an engine must never write. */
export function checkBlast(req: BlastRequest): void {
  if (!Number.isSafeInteger(req.userId) || req.userId < 1)
    throw new RangeError(`invalid user id ${req.userId}`);
  if (!Number.isInteger(req.color) || req.color < 0 || req.color >= PALETTE_SIZE) {
    throw new RangeError(`invalid colour ${req.color}`);
  }
  if (req.pixelIds.length === 0 || req.pixelIds.length > 49) {
    throw new RangeError(`a blast paints 1 to 49 pixels, not ${req.pixelIds.length}`);
  }
  for (const id of req.pixelIds) if (!isValidPixelId(id)) throw new RangeError(`invalid pixel id ${id}`);
}

/** Writes a blast through the current Engine interface (see the gap described above). */
export async function blast(
  engine: Pick<Engine, 'restorePixels' | 'charges'>,
  req: BlastRequest,
): Promise<BlastOutcome> {
  checkBlast(req);
  await engine.restorePixels(
    req.pixelIds.map((id) => ({ id, color: req.color, userId: req.userId, paintedAt: req.now })),
  );
  return engine.charges(req.userId, req.now);
}
