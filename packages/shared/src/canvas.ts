/** The Wall: one shared square canvas. Pixel ids are 1-based: id = x + y * width + 1. */
export const CANVAS_WIDTH = 1024;
export const CANVAS_HEIGHT = 1024;
export const CANVAS_PIXELS = CANVAS_WIDTH * CANVAS_HEIGHT;
export const MIN_PIXEL_ID = 1;
export const MAX_PIXEL_ID = CANVAS_PIXELS;

export interface CanvasPoint {
  readonly x: number;
  readonly y: number;
}

export function isValidCoordinate(x: unknown, y: unknown): boolean {
  return (
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    (x as number) >= 0 &&
    (x as number) < CANVAS_WIDTH &&
    (y as number) >= 0 &&
    (y as number) < CANVAS_HEIGHT
  );
}

export function isValidPixelId(id: unknown): id is number {
  return Number.isInteger(id) && (id as number) >= MIN_PIXEL_ID && (id as number) <= MAX_PIXEL_ID;
}

export function pixelIdOf(x: number, y: number): number {
  if (!isValidCoordinate(x, y)) throw new RangeError(`coordinates out of the canvas: ${x},${y}`);
  return x + y * CANVAS_WIDTH + 1;
}

export function pointOfPixelId(id: number): CanvasPoint {
  if (!isValidPixelId(id)) throw new RangeError(`pixel id out of range: ${id}`);
  const index = id - 1;
  return { x: index % CANVAS_WIDTH, y: Math.floor(index / CANVAS_WIDTH) };
}

/** Pixel ids of a square blast of `size` (odd) centred on (x, y), clipped to the canvas. */
export function blastPixelIds(x: number, y: number, size: number): number[] {
  const r = Math.floor(size / 2);
  const ids: number[] = [];
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const px = x + dx;
      const py = y + dy;
      if (px >= 0 && px < CANVAS_WIDTH && py >= 0 && py < CANVAS_HEIGHT) ids.push(px + py * CANVAS_WIDTH + 1);
    }
  }
  return ids;
}
