/**
 * The canvas view: DOM pointer and wheel events → gesture machine → camera → renderer.
 * React mounts it on a <canvas> and talks to it through this object; nothing here re-renders React
 * per frame: camera notifications are throttled to CAMERA_NOTIFY_MS for the chrome (zoom buttons).
 */
import { isValidCoordinate } from '@pixel-wall/shared/core';
import {
  animateCamera,
  createZoomRepeater,
  defaultNow,
  defaultTimers,
  type Easing,
  easeOutCubic,
  type FrameClock,
  type TimerApi,
} from './animation.ts';
import {
  type Camera,
  centreOn,
  clampCamera,
  fitCamera,
  type Insets,
  NO_INSETS,
  type Pixel,
  panBy,
  pixelAt,
  type ScreenPoint,
  sameCamera,
  screenPoint,
  zoomAt,
} from './camera.ts';
import { CAMERA_NOTIFY_MS, DOUBLE_TAP_ZOOM_MS, MAX_SCALE, ZOOM_STEP, ZOOM_STEP_MS } from './constants.ts';
import { createGestureMachine, type PointerInput, type WheelInput } from './gestures.ts';
import type { PixelStore } from './pixel-store.ts';
import { type CanvasLayer, createRenderer, type OverlayImage } from './renderer.ts';

export interface CanvasViewOptions extends FrameClock {
  /** A tap chose a pixel, or null for a tap off the canvas. Not called by `select`. */
  onSelect: (pixel: Pixel | null) => void;
  /** The camera changed; at most once per CAMERA_NOTIFY_MS, always with the final state last. */
  onCameraChange?: (cam: Readonly<Camera>) => void;
  /** A double tap toggled the zoom; the pixel under it (null off the canvas). */
  onDoubleTap?: (pixel: Pixel | null) => void;
  fps?: number;
  background?: string;
  devicePixelRatio?: () => number;
  setTimeout?: TimerApi['setTimeout'];
  clearTimeout?: TimerApi['clearTimeout'];
}

export interface CanvasView {
  /** Selects a pixel (or clears the selection) without calling onSelect. */
  select(pixel: Pixel | null): void;
  getSelection(): Pixel | null;
  /**
   * Puts the middle of pixel (x, y) in the middle of what the chrome leaves uncovered (see
   * `setInsets`), at `scale` or the current one. It stays there while the insets change (a panel
   * opening below it) until the player takes the camera: a touch, the wheel, zoom or fit.
   */
  centreOn(x: number, y: number, scale?: number, animate?: boolean): void;
  /** How much of the viewport the chrome covers at the top and bottom, in CSS px. */
  setInsets(insets: Insets): void;
  /** One ZOOM_STEP about the viewport centre, animated over ZOOM_STEP_MS. */
  zoomIn(): void;
  zoomOut(): void;
  /** Zoom button pressed (1 in, -1 out): one step now, repeating while held. */
  startZoomRepeat(direction: 1 | -1): void;
  stopZoomRepeat(): void;
  /** The whole canvas, centred. Until the user moves the camera again, resizes keep it fitted. */
  fit(animate?: boolean): void;
  /** A copy of the live camera. */
  getCamera(): Camera;
  /** True while the camera shows the fitted canvas by default (the player has not moved it). */
  isFitted(): boolean;
  /** Puts the camera back where `getCamera` found it (coming back to a page): no longer fitted on resize. */
  setCamera(camera: Readonly<Camera>): void;
  /** For useSyncExternalStore: notified at most every CAMERA_NOTIFY_MS. */
  subscribe(listener: () => void): () => void;
  /** For useSyncExternalStore: the camera as last notified; the same object until the next notification. */
  getSnapshot(): Readonly<Camera>;
  setFps(fps: number): void;
  /** Off (the animations setting or prefers-reduced-motion): camera moves jump to their end. */
  setMotion(enabled: boolean): void;
  setOverlay(image: OverlayImage | null, x?: number, y?: number, opacity?: number): void;
  /** Draws a layer over the wall (see renderer.ts); returns its removal. */
  addLayer(layer: CanvasLayer): () => void;
  /** Off in fast modes (SPEC §4): every tap is then a tap, and double taps do not zoom. */
  setDoubleTapZoom(enabled: boolean): void;
  /** Measures the element again (a ResizeObserver does it by itself where there is one). */
  resize(): void;
  destroy(): void;
}

const LINE_PX = 16;

export function createCanvasView(
  el: HTMLCanvasElement,
  store: PixelStore,
  options: CanvasViewOptions,
): CanvasView {
  const now = options.now ?? defaultNow;
  const setTimer = options.setTimeout ?? defaultTimers.setTimeout;
  const clearTimer = options.clearTimeout ?? defaultTimers.clearTimeout;
  const clock: FrameClock = { now, raf: options.raf, cancelRaf: options.cancelRaf };

  const renderer = createRenderer(el, store, {
    ...clock,
    fps: options.fps,
    background: options.background,
    devicePixelRatio: options.devicePixelRatio,
    onResize,
  });

  // The live camera, updated in place by gestures: no allocation per pointer move.
  const cam: Camera = fitCamera(renderer.viewport);
  // False while the camera shows the fitted canvas by default: resizes then fit it again.
  let touched = false;
  let selection: Pixel | null = null;
  let cancelAnimation: (() => void) | null = null;
  // Where the running animation ends: zoom steps repeat faster than they animate, so they chain from it.
  let animationTarget: Camera | null = null;
  let motion = true;
  let insets: Insets = NO_INSETS;
  // The pixel centreOn aimed at, kept in the uncovered middle until the player moves the camera.
  let focus: Pixel | null = null;

  const listeners = new Set<() => void>();
  let snapshot: Readonly<Camera> = { ...cam };
  let lastNotify = Number.NEGATIVE_INFINITY;
  let notifyTimer: unknown = null;

  function notify(): void {
    notifyTimer = null;
    if (sameCamera(snapshot, cam)) return;
    lastNotify = now();
    snapshot = { x: cam.x, y: cam.y, scale: cam.scale };
    for (const listener of listeners) listener();
    options.onCameraChange?.(snapshot);
  }

  function scheduleNotify(): void {
    if (notifyTimer !== null) return;
    const wait = lastNotify + CAMERA_NOTIFY_MS - now();
    if (wait <= 0) notify();
    else notifyTimer = setTimer(notify, wait);
  }

  function applyCamera(): void {
    renderer.setCamera(cam);
    scheduleNotify();
  }

  function setCamera(next: Readonly<Camera>): void {
    clampCamera(next, cam);
    applyCamera();
  }

  function stopAnimation(): void {
    cancelAnimation?.();
    cancelAnimation = null;
    animationTarget = null;
  }

  function animateTo(target: Readonly<Camera>, durationMs: number, easing: Easing = easeOutCubic): void {
    stopAnimation();
    const to = clampCamera(target);
    if (!motion) {
      setCamera(to);
      return;
    }
    animationTarget = to;
    cancelAnimation = animateCamera(cam, to, durationMs, easing, setCamera, {
      ...clock,
      onDone: () => {
        cancelAnimation = null;
        animationTarget = null;
      },
    });
  }

  function onResize(): void {
    if (touched) {
      setCamera(cam);
      return;
    }
    stopAnimation();
    setCamera(fitCamera(renderer.viewport));
  }

  function centre(): ScreenPoint {
    const vp = renderer.viewport;
    return screenPoint(vp.width / 2, vp.height / 2);
  }

  function aimAt(pixel: Pixel, scale: number | undefined, animate: boolean): void {
    const target = centreOn(animationTarget ?? cam, pixel.x, pixel.y, scale, insets);
    touched = true;
    focus = pixel;
    if (animate) animateTo(target, DOUBLE_TAP_ZOOM_MS);
    else {
      stopAnimation();
      setCamera(target);
    }
  }

  function stepZoom(factor: number): void {
    focus = null;
    const base = animationTarget ?? cam;
    const target = zoomAt(base, renderer.viewport, centre(), factor);
    if (target.scale === base.scale) return;
    touched = true;
    animateTo(target, ZOOM_STEP_MS);
  }

  function fit(animate = false): void {
    focus = null;
    const target = fitCamera(renderer.viewport);
    if (animate) animateTo(target, DOUBLE_TAP_ZOOM_MS);
    else {
      stopAnimation();
      setCamera(target);
    }
    touched = false;
  }

  function setSelection(pixel: Pixel | null): void {
    selection = pixel === null || !isValidCoordinate(pixel.x, pixel.y) ? null : { x: pixel.x, y: pixel.y };
    renderer.setSelection(selection);
  }

  const machine = createGestureMachine({
    onTap(p) {
      const pixel = pixelAt(cam, renderer.viewport, p);
      setSelection(pixel);
      options.onSelect(pixel);
    },
    onDoubleTap(p) {
      const pixel = pixelAt(cam, renderer.viewport, p);
      // Toggle: zoomed in all the way → back to fit; anything else → MAX_SCALE keeping the tap in place.
      if (cam.scale >= MAX_SCALE * 0.99) fit(true);
      else {
        touched = true;
        animateTo(zoomAt(cam, renderer.viewport, p, MAX_SCALE / cam.scale), DOUBLE_TAP_ZOOM_MS);
      }
      options.onDoubleTap?.(pixel);
    },
    onPan(dx, dy) {
      stopAnimation();
      touched = true;
      panBy(cam, dx, dy, cam);
      setCamera(cam);
    },
    onPinch(p, factor) {
      stopAnimation();
      touched = true;
      zoomAt(cam, renderer.viewport, p, factor, cam);
      setCamera(cam);
    },
    onWheelZoom(p, factor) {
      stopAnimation();
      touched = true;
      zoomAt(cam, renderer.viewport, p, factor, cam);
      setCamera(cam);
    },
  });

  const repeater = createZoomRepeater({
    onStep: stepZoom,
    now,
    setTimeout: setTimer,
    clearTimeout: clearTimer,
  });

  // One reused input object per kind: the machine copies what it keeps.
  const pointer: PointerInput = { type: 'down', id: 0, x: 0, y: 0, t: 0 };
  const wheel: WheelInput = { type: 'wheel', x: 0, y: 0, deltaY: 0, ctrlKey: false, t: 0 };
  let originX = 0;
  let originY = 0;

  // Read on press and wheel only; moves reuse it instead of forcing a layout read each.
  function measureOrigin(): void {
    const rect = el.getBoundingClientRect();
    originX = rect.left + el.clientLeft;
    originY = rect.top + el.clientTop;
  }

  function feed(type: PointerInput['type'], e: PointerEvent): void {
    pointer.type = type;
    pointer.id = e.pointerId;
    pointer.x = e.clientX - originX;
    pointer.y = e.clientY - originY;
    pointer.t = e.timeStamp;
    machine.handle(pointer);
  }

  function onPointerDown(e: PointerEvent): void {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    focus = null;
    measureOrigin();
    stopAnimation();
    try {
      el.setPointerCapture?.(e.pointerId);
    } catch {
      // The pointer is already gone (synthetic or cancelled): moves still reach the element.
    }
    feed('down', e);
  }

  function onPointerMove(e: PointerEvent): void {
    if (machine.state !== 'idle') feed('move', e);
  }

  function onPointerUp(e: PointerEvent): void {
    feed('up', e);
  }

  function onPointerCancel(e: PointerEvent): void {
    feed('cancel', e);
  }

  function onWheel(e: WheelEvent): void {
    e.preventDefault();
    focus = null;
    measureOrigin();
    const unit = e.deltaMode === 1 ? LINE_PX : e.deltaMode === 2 ? renderer.viewport.height || 800 : 1;
    wheel.x = e.clientX - originX;
    wheel.y = e.clientY - originY;
    wheel.deltaY = e.deltaY * unit;
    wheel.ctrlKey = e.ctrlKey;
    wheel.t = e.timeStamp;
    machine.handle(wheel);
  }

  el.style.touchAction = 'none';
  el.addEventListener('pointerdown', onPointerDown);
  el.addEventListener('pointermove', onPointerMove);
  el.addEventListener('pointerup', onPointerUp);
  el.addEventListener('pointercancel', onPointerCancel);
  // Capture taken away mid-gesture (not the implicit release after pointerup): end the gesture.
  el.addEventListener('lostpointercapture', onPointerCancel);
  el.addEventListener('wheel', onWheel, { passive: false });

  setCamera(cam);

  return {
    select: setSelection,
    getSelection: () => selection,
    centreOn(x, y, scale, animate = false) {
      aimAt({ x, y }, scale, animate);
    },
    setInsets(next) {
      if (next.top === insets.top && next.bottom === insets.bottom) return;
      insets = { top: next.top, bottom: next.bottom };
      if (focus) aimAt(focus, undefined, animationTarget !== null);
    },
    zoomIn: () => stepZoom(ZOOM_STEP),
    zoomOut: () => stepZoom(1 / ZOOM_STEP),
    startZoomRepeat: (direction) => repeater.press(direction),
    stopZoomRepeat: () => repeater.release(),
    fit,
    getCamera: () => ({ x: cam.x, y: cam.y, scale: cam.scale }),
    isFitted: () => !touched,
    setCamera(camera) {
      focus = null;
      stopAnimation();
      touched = true;
      setCamera(camera);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    setFps: (fps) => renderer.setFps(fps),
    setMotion: (enabled) => {
      motion = enabled;
    },
    setOverlay: (image, x, y, opacity) => renderer.setOverlay(image, x, y, opacity),
    addLayer: (layer) => renderer.addLayer(layer),
    setDoubleTapZoom: (enabled) => machine.setDoubleTap(enabled),
    resize: () => renderer.resize(),
    destroy() {
      stopAnimation();
      repeater.release();
      if (notifyTimer !== null) clearTimer(notifyTimer);
      notifyTimer = null;
      listeners.clear();
      el.removeEventListener('pointerdown', onPointerDown);
      el.removeEventListener('pointermove', onPointerMove);
      el.removeEventListener('pointerup', onPointerUp);
      el.removeEventListener('pointercancel', onPointerCancel);
      el.removeEventListener('lostpointercapture', onPointerCancel);
      el.removeEventListener('wheel', onWheel);
      renderer.destroy();
    },
  };
}
