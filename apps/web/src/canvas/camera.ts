/**
 * Coordinate spaces and the camera. Two spaces, two branded types, one pair of conversions:
 * - ScreenPoint: CSS px relative to the canvas element's top-left corner (what pointer events give);
 * - CanvasPoint: canvas pixel units, fractional; pixel (x, y) covers [x, x+1) × [y, y+1).
 * Device pixels appear only in `deviceTransform`, which the renderer uses to draw.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@pixel-wall/shared/core';
import { MAX_SCALE, MIN_SCALE } from './constants.ts';

declare const screenSpace: unique symbol;
declare const canvasSpace: unique symbol;

export type ScreenPoint = { readonly x: number; readonly y: number; readonly [screenSpace]: true };
export type CanvasPoint = { readonly x: number; readonly y: number; readonly [canvasSpace]: true };

export function screenPoint(x: number, y: number): ScreenPoint {
  return { x, y } as ScreenPoint;
}

export function canvasPoint(x: number, y: number): CanvasPoint {
  return { x, y } as CanvasPoint;
}

/** A whole canvas pixel. */
export interface Pixel {
  readonly x: number;
  readonly y: number;
}

/** Canvas point (x, y) is at the viewport centre; one canvas pixel is `scale` CSS px. */
export interface Camera {
  x: number;
  y: number;
  scale: number;
}

/**
 * CSS px of the viewport that chrome covers at the top (header) and bottom (the bottom panel):
 * what is left between them is where the player looks, and where `centreOn` puts a pixel.
 */
export interface Insets {
  readonly top: number;
  readonly bottom: number;
}

export const NO_INSETS: Insets = { top: 0, bottom: 0 };

/** The canvas element's size in CSS px and the device pixel ratio of its backing store. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

export function screenToCanvas(cam: Readonly<Camera>, vp: Viewport, p: ScreenPoint): CanvasPoint {
  return canvasPoint(cam.x + (p.x - vp.width / 2) / cam.scale, cam.y + (p.y - vp.height / 2) / cam.scale);
}

export function canvasToScreen(cam: Readonly<Camera>, vp: Viewport, p: CanvasPoint): ScreenPoint {
  return screenPoint((p.x - cam.x) * cam.scale + vp.width / 2, (p.y - cam.y) * cam.scale + vp.height / 2);
}

/** The canvas pixel under a screen point, or null off the canvas. */
export function pixelAt(cam: Readonly<Camera>, vp: Viewport, p: ScreenPoint): Pixel | null {
  const x = Math.floor(cam.x + (p.x - vp.width / 2) / cam.scale);
  const y = Math.floor(cam.y + (p.y - vp.height / 2) / cam.scale);
  return x >= 0 && x < CANVAS_WIDTH && y >= 0 && y < CANVAS_HEIGHT ? { x, y } : null;
}

/**
 * Canvas → device pixels of the backing store: device = canvas * scale + (tx, ty).
 * The renderer draws with this; it agrees with canvasToScreen times dpr.
 */
export interface DeviceTransform {
  scale: number;
  tx: number;
  ty: number;
}

export function deviceTransform(
  cam: Readonly<Camera>,
  vp: Viewport,
  out: DeviceTransform = { scale: 0, tx: 0, ty: 0 },
): DeviceTransform {
  const s = cam.scale * vp.dpr;
  out.scale = s;
  out.tx = (vp.width / 2) * vp.dpr - cam.x * s;
  out.ty = (vp.height / 2) * vp.dpr - cam.y * s;
  return out;
}

export function clampScale(scale: number): number {
  return clamp(scale, MIN_SCALE, MAX_SCALE);
}

/**
 * Multiplies the scale by `factor` (clamped to MIN_SCALE..MAX_SCALE) keeping the canvas point under
 * `anchor` where it is. `out` may be `cam` itself: hot paths update one camera without allocating.
 */
export function zoomAt(
  cam: Readonly<Camera>,
  vp: Viewport,
  anchor: ScreenPoint,
  factor: number,
  out: Camera = { x: 0, y: 0, scale: 0 },
): Camera {
  const ox = anchor.x - vp.width / 2;
  const oy = anchor.y - vp.height / 2;
  const ax = cam.x + ox / cam.scale;
  const ay = cam.y + oy / cam.scale;
  const scale = clampScale(cam.scale * factor);
  out.x = ax - ox / scale;
  out.y = ay - oy / scale;
  out.scale = scale;
  return out;
}

/** Moves the camera so the content follows a drag of (dx, dy) CSS px. `out` may be `cam`. */
export function panBy(
  cam: Readonly<Camera>,
  dx: number,
  dy: number,
  out: Camera = { x: 0, y: 0, scale: 0 },
): Camera {
  out.x = cam.x - dx / cam.scale;
  out.y = cam.y - dy / cam.scale;
  out.scale = cam.scale;
  return out;
}

/** The largest scale showing the whole canvas, centred. */
export function fitCamera(vp: Viewport): Camera {
  const scale = clampScale(Math.min(vp.width / CANVAS_WIDTH, vp.height / CANVAS_HEIGHT));
  return { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2, scale };
}

/** Keeps the canvas reachable: the centre stays within the canvas and the scale within limits. `out` may be `cam`. */
export function clampCamera(cam: Readonly<Camera>, out: Camera = { x: 0, y: 0, scale: 0 }): Camera {
  out.x = clamp(cam.x, 0, CANVAS_WIDTH);
  out.y = clamp(cam.y, 0, CANVAS_HEIGHT);
  out.scale = clampScale(cam.scale);
  return out;
}

/**
 * A camera showing the middle of pixel (x, y) in the middle of the uncovered part of the viewport
 * (between `insets.top` and `insets.bottom`), at `scale` or the current one.
 */
export function centreOn(
  cam: Readonly<Camera>,
  x: number,
  y: number,
  scale: number = cam.scale,
  insets: Insets = NO_INSETS,
): Camera {
  const s = clampScale(scale);
  // The uncovered middle lies (bottom - top) / 2 CSS px above the viewport's middle.
  return clampCamera({ x: x + 0.5, y: y + 0.5 + (insets.bottom - insets.top) / 2 / s, scale: s });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function sameCamera(a: Readonly<Camera>, b: Readonly<Camera>): boolean {
  return a.x === b.x && a.y === b.y && a.scale === b.scale;
}
