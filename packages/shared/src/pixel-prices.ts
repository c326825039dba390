/** Pixel prices without schemas: first-screen code (the profile's pixel lists) takes them from shared/core. */
import { CANVAS_HEIGHT, CANVAS_WIDTH, pointOfPixelId } from './canvas.ts';

/**
 * Pixel prices in PX by region: the closer to the centre of the wall, the dearer. A pixel's ring is
 * its Chebyshev distance from the centre, 0 for the four centre pixels up to 511 at the edge;
 * each tier covers the rings up to `maxRing`.
 */
export const PIXEL_PRICE_TIERS = [
  { maxRing: 63, price: 8 },
  { maxRing: 191, price: 4 },
  { maxRing: 383, price: 2 },
  { maxRing: 511, price: 1 },
] as const;
export const PIXEL_PRICE_CURRENCY = 'PX';

export function pixelRing(pixelId: number): number {
  const { x, y } = pointOfPixelId(pixelId);
  return Math.floor(
    Math.max(Math.abs(2 * x - (CANVAS_WIDTH - 1)), Math.abs(2 * y - (CANVAS_HEIGHT - 1))) / 2,
  );
}

export function pixelPrice(pixelId: number): number {
  const ring = pixelRing(pixelId);
  for (const tier of PIXEL_PRICE_TIERS) if (ring <= tier.maxRing) return tier.price;
  return PIXEL_PRICE_TIERS.at(-1)!.price;
}
