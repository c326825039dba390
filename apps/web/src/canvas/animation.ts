import type { Camera } from './camera.ts';
import { ZOOM_HOLD_MS, ZOOM_REPEAT_MS, ZOOM_STEP } from './constants.ts';

export type Easing = (t: number) => number;

export const linear: Easing = (t) => t;
export const easeOutCubic: Easing = (t) => 1 - (1 - t) ** 3;
export const easeInOutCubic: Easing = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Clock and frame source; injectable so tests drive time by hand. */
export interface FrameClock {
  now?: () => number;
  raf?: (callback: (time: number) => void) => number;
  cancelRaf?: (handle: number) => void;
}

export interface TimerApi {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const defaultNow = (): number => performance.now();
export const defaultRaf = (callback: (time: number) => void): number => requestAnimationFrame(callback);
export const defaultCancelRaf = (handle: number): void => cancelAnimationFrame(handle);
// Looked up at call time so fake timers installed later still apply.
export const defaultTimers: TimerApi = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/**
 * Interpolates `into` between two cameras at eased progress `e` (0..1). The scale moves
 * geometrically, so every zoom step feels the same; the centre moves linearly in 1/scale, which
 * is exactly what keeps the anchor of an anchored zoom (zoomAt) still on screen for the whole way.
 */
export function interpolateCamera(
  from: Readonly<Camera>,
  to: Readonly<Camera>,
  e: number,
  into: Camera,
): Camera {
  const scale =
    from.scale === to.scale ? to.scale : Math.exp(Math.log(from.scale) + Math.log(to.scale / from.scale) * e);
  const inv0 = 1 / from.scale;
  const inv1 = 1 / to.scale;
  const k = Math.abs(inv0 - inv1) < 1e-12 ? 1 - e : (1 / scale - inv1) / (inv0 - inv1);
  into.x = to.x + (from.x - to.x) * k;
  into.y = to.y + (from.y - to.y) * k;
  into.scale = scale;
  return into;
}

export interface AnimateOptions extends FrameClock {
  /** Called once after the last frame; not called when cancelled. */
  onDone?: () => void;
}

/**
 * Animates the camera from `from` to `to`, calling `onFrame` once per animation frame (the last
 * call gets exactly `to`). The camera passed to `onFrame` is reused between frames: copy it to keep it.
 * Returns a cancel function. A non-positive duration jumps at once, synchronously.
 */
export function animateCamera(
  from: Readonly<Camera>,
  to: Readonly<Camera>,
  durationMs: number,
  easing: Easing,
  onFrame: (cam: Readonly<Camera>) => void,
  options: AnimateOptions = {},
): () => void {
  const now = options.now ?? defaultNow;
  const raf = options.raf ?? defaultRaf;
  const cancelRaf = options.cancelRaf ?? defaultCancelRaf;
  const a = { x: from.x, y: from.y, scale: from.scale };
  const b = { x: to.x, y: to.y, scale: to.scale };
  const cam = { x: a.x, y: a.y, scale: a.scale };
  if (!(durationMs > 0)) {
    onFrame(b);
    options.onDone?.();
    return () => {};
  }
  const start = now();
  let handle: number | null = raf(frame);

  function frame(): void {
    const t = Math.min(1, (now() - start) / durationMs);
    if (t >= 1) {
      handle = null;
      onFrame(b);
      options.onDone?.();
      return;
    }
    handle = raf(frame);
    onFrame(interpolateCamera(a, b, easing(t), cam));
  }

  return () => {
    if (handle !== null) cancelRaf(handle);
    handle = null;
  };
}

export interface ZoomRepeaterOptions {
  /** One zoom step: ZOOM_STEP to zoom in, 1 / ZOOM_STEP to zoom out. */
  onStep: (factor: number) => void;
  now?: () => number;
  setTimeout?: TimerApi['setTimeout'];
  clearTimeout?: TimerApi['clearTimeout'];
}

export interface ZoomRepeater {
  /** A zoom button went down: one step now, and more while held (1 = in, -1 = out). */
  press(direction: 1 | -1): void;
  /** The button went up (or the pointer left it). */
  release(): void;
  readonly held: boolean;
}

/**
 * Zoom buttons (SPEC §9): a press steps once at once; held for ZOOM_HOLD_MS it steps again, then every
 * ZOOM_REPEAT_MS until released. A press shorter than ZOOM_HOLD_MS is therefore exactly one step.
 * Repeats are scheduled against the press time, so timer lateness does not accumulate.
 */
export function createZoomRepeater(options: ZoomRepeaterOptions): ZoomRepeater {
  const now = options.now ?? defaultNow;
  const setTimer = options.setTimeout ?? defaultTimers.setTimeout;
  const clearTimer = options.clearTimeout ?? defaultTimers.clearTimeout;
  let timer: unknown = null;
  let factor = ZOOM_STEP;
  let pressedAt = 0;
  let steps = 0;

  function schedule(): void {
    const due = pressedAt + ZOOM_HOLD_MS + (steps - 1) * ZOOM_REPEAT_MS;
    timer = setTimer(tick, Math.max(0, due - now()));
  }

  function tick(): void {
    timer = null;
    steps++;
    options.onStep(factor);
    schedule();
  }

  function release(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  return {
    press(direction) {
      release();
      factor = direction > 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      pressedAt = now();
      steps = 1;
      options.onStep(factor);
      schedule();
    },
    release,
    get held() {
      return timer !== null;
    },
  };
}
