/**
 * The player's last painted pixel, kept on this device (per player), so that after a reload, when
 * the Wall opens on the whole canvas where one pixel is a speck, "Back to my last pixel" leads there.
 */
import { isValidCoordinate } from '@pixel-wall/shared/core';
import type { Pixel } from '../../canvas/index.ts';
import { readLocal, writeLocal } from '../../platform/storage.ts';

export const LAST_PIXEL_KEY = 'lastPixel';

/** The last pixel `userId` painted here, or null (none, another player's, or not one). */
export function readLastPixel(userId: number, raw: string | null = readLocal(LAST_PIXEL_KEY)): Pixel | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { userId?: unknown; x?: unknown; y?: unknown } | null;
    if (!v || v.userId !== userId) return null;
    const { x, y } = v;
    return typeof x === 'number' && typeof y === 'number' && isValidCoordinate(x, y) ? { x, y } : null;
  } catch {
    return null;
  }
}

export function writeLastPixel(userId: number, pixel: Pixel): void {
  writeLocal(LAST_PIXEL_KEY, JSON.stringify({ userId, x: pixel.x, y: pixel.y }));
}
