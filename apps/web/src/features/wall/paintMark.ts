/**
 * What a paint shows the painter: at the fitted zoom one canvas pixel is a fraction of a screen
 * pixel, so a paint there would change nothing visible. The camera zooms in to the painted pixel
 * when it is too small to see, and a ring shrinks onto it for a moment.
 */
import { useEffect, useState } from 'react';
import type { CanvasLayer, CanvasView, DeviceTransform, Pixel } from '../../canvas/index.ts';

/** CSS px per canvas pixel below which a single pixel cannot be made out. */
export const VISIBLE_SCALE = 6;
/** The zoom a paint too small to see is shown at: a pixel about as wide as a fingertip's mark. */
export const PAINT_ZOOM_SCALE = 20;
/** How long the ring marks the painted pixel. */
export const PAINT_MARK_MS = 1400;
/**
 * The ring moves in steps, like the rest of the pixel chrome: the wall is redrawn once a step, not
 * every frame, so the mark costs a handful of frames while the socket brings others' paints.
 */
export const PAINT_MARK_STEP_MS = 100;

/** The zoom to show a paint at, or null when the pixel is already seen at `scale`. */
export function paintZoom(scale: number): number | null {
  return scale < VISIBLE_SCALE ? PAINT_ZOOM_SCALE : null;
}

/** The ring at `elapsed` ms: its half size over the pixel's, and its opacity; null once over. */
export function markFrame(elapsed: number): { grow: number; alpha: number } | null {
  if (elapsed < 0 || elapsed >= PAINT_MARK_MS) return null;
  const t = (Math.floor(elapsed / PAINT_MARK_STEP_MS) * PAINT_MARK_STEP_MS) / PAINT_MARK_MS;
  // Shrinks onto the pixel in the first third, then holds and fades.
  const grow = t < 1 / 3 ? 1 + 3 * (1 - 3 * t) : 1;
  const alpha = t < 2 / 3 ? 1 : 3 * (1 - t);
  return { grow, alpha };
}

export interface PaintMark extends CanvasLayer {
  /** Rings `pixel` from now for PAINT_MARK_MS. */
  mark(pixel: Pixel): void;
  /** the pixel marked now, if any (tests and the browser tests) */
  marked(): Pixel | null;
}

export interface PaintMarkClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const DEFAULT_CLOCK: PaintMarkClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createPaintMark(clock: PaintMarkClock = DEFAULT_CLOCK): PaintMark {
  const now = () => clock.now();
  let pixel: Pixel | null = null;
  let since = 0;
  let onChange: (() => void) | null = null;
  let step: unknown = null;

  /** The next step's frame (and the one that clears the ring after the last). */
  const nextStep = (elapsed: number) => {
    if (step !== null) return;
    step = clock.setTimeout(
      () => {
        step = null;
        onChange?.();
      },
      PAINT_MARK_STEP_MS - (elapsed % PAINT_MARK_STEP_MS),
    );
  };

  const live = () => (pixel !== null && markFrame(now() - since) !== null ? pixel : null);

  return {
    mark(next) {
      pixel = { x: next.x, y: next.y };
      since = now();
      if (step !== null) clock.clearTimeout(step);
      step = null;
      onChange?.();
    },
    marked: live,
    subscribe(fn) {
      onChange = fn;
      return () => {
        onChange = null;
        if (step !== null) clock.clearTimeout(step);
        step = null;
      };
    },
    draw(ctx: CanvasRenderingContext2D, tf: Readonly<DeviceTransform>) {
      if (pixel === null) return;
      const elapsed = now() - since;
      const frame = markFrame(elapsed);
      if (frame === null) {
        pixel = null;
        return;
      }
      const s = tf.scale;
      const cx = tf.tx + (pixel.x + 0.5) * s;
      const cy = tf.ty + (pixel.y + 0.5) * s;
      const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
      // Never smaller than the selection's square, so the ring is seen round it.
      const half = (Math.max(s, 12 * dpr) / 2 + 4 * dpr) * frame.grow;
      ctx.globalAlpha = frame.alpha;
      ctx.beginPath();
      ctx.rect(cx - half, cy - half, half * 2, half * 2);
      ctx.lineWidth = 5 * dpr;
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.6)';
      ctx.stroke();
      ctx.lineWidth = 2.5 * dpr;
      ctx.strokeStyle = '#ffd635';
      ctx.stroke();
      ctx.globalAlpha = 1;
      // The ring moves on at the next step, and is cleared after the last.
      nextStep(elapsed);
    },
  };
}

/**
 * The Wall's paint mark as a hook: adds the ring layer to the view and returns what to call after a
 * paint (zoom in to the pixel when it is too small to see, then ring it).
 */
export function usePaintMark(view: CanvasView | null): (p: Pixel) => void {
  const [mark] = useState(() => createPaintMark());
  useEffect(() => (view ? view.addLayer(mark) : undefined), [view, mark]);
  return (p) => {
    if (!view) return;
    const zoom = paintZoom(view.getCamera().scale);
    if (zoom !== null) view.centreOn(p.x, p.y, zoom, true);
    mark.mark(p);
  };
}
