/**
 * Flying rewards (SPEC §4 overlays): a reward flies from where it was won (the painted pixel, the
 * daily item's button) to the counter that holds it. Pure geometry here; FlyingRewards draws them.
 */
import { type Camera, canvasPoint, canvasToScreen, type Pixel } from '../../canvas/index.ts';

export const FLIGHT_MS = 800;

/** What flies: tokens, or goods (the product when known). */
export type Prize = { kind: 'token' } | { kind: 'goods'; productId: number | null };

export interface Point {
  x: number;
  y: number;
}

export interface Flight {
  id: number;
  /** start and end, in viewport (client) coordinates */
  from: Point;
  to: Point;
  prize: Prize;
}

/** Where the middle of a pixel is in the viewport, given the canvas element's box. */
export function pixelOnScreen(
  cam: Readonly<Camera>,
  box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  pixel: Pixel,
): Point {
  const p = canvasToScreen(
    cam,
    { width: box.width, height: box.height, dpr: 1 },
    canvasPoint(pixel.x + 0.5, pixel.y + 0.5),
  );
  return { x: box.left + p.x, y: box.top + p.y };
}

export function centreOf(box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>): Point {
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

/**
 * The counters a reward can fly to, most specific first: tokens to the mining chip; goods to the
 * product's boost button, else to the charges on the paint button.
 */
export function targetSelectors(prize: Prize): string[] {
  if (prize.kind === 'token') return ['[data-testid="mining-chip"]'];
  const own = prize.productId === null ? [] : [`[data-testid="boost-${prize.productId}"]`];
  return [...own, '[data-testid="charges"]'];
}

/** The first counter on screen for this reward, or null (then nothing flies). */
export function findTarget(doc: Pick<Document, 'querySelector'>, prize: Prize): Element | null {
  for (const selector of targetSelectors(prize)) {
    const el = doc.querySelector(selector);
    if (el) return el;
  }
  return null;
}
