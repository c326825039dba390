/**
 * Draws the wall into a <canvas>: the pixel buffer lives in an offscreen 1024×1024 canvas updated
 * with putImageData of the dirty rectangle only, then is scaled onto the visible canvas without
 * smoothing. Frames are coalesced to one per animation frame, capped to the configured FPS, and
 * drawn only when something changed. Without a 2D context (jsdom, a lost context) nothing is drawn.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@pixel-wall/shared/core';
import { defaultCancelRaf, defaultNow, defaultRaf, type FrameClock } from './animation.ts';
import { type Camera, type DeviceTransform, deviceTransform, type Pixel, type Viewport } from './camera.ts';
import { DEFAULT_FPS, GRID_MIN_SCALE, MAX_FPS, MIN_FPS } from './constants.ts';
import type { PixelStore } from './pixel-store.ts';

export type OverlayImage = HTMLImageElement | HTMLCanvasElement | ImageBitmap | OffscreenCanvas;

/** Something drawn over the wall: after the pixels, under the grid and the selection. */
export interface CanvasLayer {
  /** `tf` maps canvas pixels to device pixels of the `width`×`height` backing store. */
  draw(ctx: CanvasRenderingContext2D, tf: Readonly<DeviceTransform>, width: number, height: number): void;
  /** Called with the renderer's invalidate: the layer asks for a frame when it changes. */
  subscribe?(onChange: () => void): () => void;
}

export interface RendererOptions extends FrameClock {
  /** Frame rate cap, MIN_FPS..MAX_FPS. */
  fps?: number;
  /** Colour around the canvas. */
  background?: string;
  devicePixelRatio?: () => number;
  /** Called when the element's CSS size or the device pixel ratio changes (not for the first measure). */
  onResize?: (viewport: Viewport) => void;
}

export interface Renderer {
  /** CSS size of the element and the device pixel ratio of its backing store. */
  readonly viewport: Viewport;
  readonly fps: number;
  /** Frames drawn so far (diagnostics and tests). */
  readonly frames: number;
  setCamera(cam: Readonly<Camera>): void;
  setSelection(pixel: Pixel | null): void;
  /** A template drawn over the wall with its top-left at canvas pixel (x, y), 1 image px per canvas px. */
  setOverlay(image: OverlayImage | null, x?: number, y?: number, opacity?: number): void;
  /** Adds a layer drawn every frame; returns its removal. */
  addLayer(layer: CanvasLayer): () => void;
  setFps(fps: number): void;
  /** Measures the element again; called by the ResizeObserver, callable by hand. */
  resize(): void;
  /** Asks for a frame. */
  invalidate(): void;
  destroy(): void;
}

const BACKGROUND = '#e4e5e9';
const GRID_STYLE = 'rgba(0, 0, 0, 0.14)';
// A raf may come a little early for the cap; without slack a 30 fps cap on a 60 Hz display jitters to 20.
const FRAME_SLACK_MS = 2;

export function clampFps(fps: number): number {
  if (!Number.isFinite(fps)) return DEFAULT_FPS;
  return Math.min(MAX_FPS, Math.max(MIN_FPS, Math.round(fps)));
}

function defaultDpr(): number {
  return typeof window === 'undefined' ? 1 : window.devicePixelRatio;
}

export function createRenderer(
  el: HTMLCanvasElement,
  store: PixelStore,
  options: RendererOptions = {},
): Renderer {
  const now = options.now ?? defaultNow;
  const raf = options.raf ?? defaultRaf;
  const cancelRaf = options.cancelRaf ?? defaultCancelRaf;
  const readDpr = options.devicePixelRatio ?? defaultDpr;
  const background = options.background ?? BACKGROUND;
  let fps = clampFps(options.fps ?? DEFAULT_FPS);

  const ctx = el.getContext('2d', { alpha: false });
  let pixels: HTMLCanvasElement | null = null;
  let pixelsCtx: CanvasRenderingContext2D | null = null;
  let image: ImageData | null = null;
  if (ctx !== null) {
    pixels = document.createElement('canvas');
    pixels.width = CANVAS_WIDTH;
    pixels.height = CANVAS_HEIGHT;
    pixelsCtx = pixels.getContext('2d');
    // Shares the store's buffer: uploading a rectangle copies nothing in JS.
    if (pixelsCtx !== null) image = new ImageData(store.rgba, CANVAS_WIDTH, CANVAS_HEIGHT);
  }

  const cam: Camera = { x: CANVAS_WIDTH / 2, y: CANVAS_HEIGHT / 2, scale: 1 };
  const tf: DeviceTransform = { scale: 1, tx: 0, ty: 0 };
  let viewport: Viewport = { width: 0, height: 0, dpr: 1 };
  let selection: Pixel | null = null;
  let overlay: OverlayImage | null = null;
  let overlayX = 0;
  let overlayY = 0;
  let overlayOpacity = 1;
  const layers: CanvasLayer[] = [];

  let handle: number | null = null;
  let needsDraw = false;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let frames = 0;
  let fullUpload = true;
  let destroyed = false;

  function invalidate(): void {
    needsDraw = true;
    if (handle === null && !destroyed) handle = raf(onAnimationFrame);
  }

  function onAnimationFrame(): void {
    handle = null;
    if (!needsDraw || destroyed) return;
    const t = now();
    if (t - lastDraw < 1000 / fps - FRAME_SLACK_MS) {
      handle = raf(onAnimationFrame);
      return;
    }
    drawNow(t);
  }

  function drawNow(t: number): void {
    lastDraw = t;
    needsDraw = false;
    frames++;
    draw();
  }

  function upload(): void {
    if (pixelsCtx === null || image === null) return;
    const dirty = store.takeDirty();
    if (fullUpload) {
      fullUpload = false;
      pixelsCtx.putImageData(image, 0, 0);
    } else if (dirty !== null) {
      pixelsCtx.putImageData(image, 0, 0, dirty.x0, dirty.y0, dirty.x1 - dirty.x0, dirty.y1 - dirty.y0);
    }
  }

  function draw(): void {
    if (ctx === null) return;
    upload();
    const width = el.width;
    const height = el.height;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
    deviceTransform(cam, viewport, tf);
    ctx.imageSmoothingEnabled = false;
    if (pixels !== null) drawClipped(ctx, pixels, CANVAS_WIDTH, CANVAS_HEIGHT, 0, 0, tf, width, height);
    if (overlay !== null && overlayOpacity > 0) {
      ctx.globalAlpha = overlayOpacity;
      drawClipped(
        ctx,
        overlay,
        imageWidth(overlay),
        imageHeight(overlay),
        overlayX,
        overlayY,
        tf,
        width,
        height,
      );
      ctx.globalAlpha = 1;
    }
    for (const layer of layers) {
      layer.draw(ctx, tf, width, height);
      ctx.globalAlpha = 1;
    }
    if (cam.scale >= GRID_MIN_SCALE) drawGrid(ctx, tf, width, height);
    if (selection !== null) drawSelection(ctx, tf, selection, viewport.dpr);
  }

  function measure(notify: boolean): void {
    const dpr = readDpr() || 1;
    const width = el.clientWidth;
    const height = el.clientHeight;
    if (width === viewport.width && height === viewport.height && dpr === viewport.dpr) return;
    viewport = { width, height, dpr };
    el.width = Math.round(width * dpr);
    el.height = Math.round(height * dpr);
    if (!notify) {
      invalidate();
      return;
    }
    options.onResize?.(viewport);
    // Resizing cleared the backing store: draw now, or the next frame would show it blank.
    if (ctx !== null) drawNow(now());
    else invalidate();
  }

  function resize(): void {
    measure(true);
  }

  let observer: ResizeObserver | null = null;
  if (typeof ResizeObserver !== 'undefined') {
    observer = new ResizeObserver(resize);
    observer.observe(el);
  } else if (typeof window !== 'undefined') {
    window.addEventListener('resize', resize);
  }

  // A ResizeObserver does not see the device pixel ratio change (browser zoom, another monitor).
  let dprQuery: MediaQueryList | null = null;
  function watchDpr(): void {
    dprQuery?.removeEventListener('change', onDprChange);
    dprQuery = null;
    if (typeof matchMedia !== 'function') return;
    dprQuery = matchMedia(`(resolution: ${readDpr() || 1}dppx)`);
    dprQuery.addEventListener('change', onDprChange);
  }
  function onDprChange(): void {
    resize();
    watchDpr();
  }
  watchDpr();

  const unsubscribe = store.subscribe(invalidate);
  // The first measure is silent: the owner reads `viewport` after creating the renderer.
  measure(false);
  // Nothing measured yet still deserves a first frame (the wall is drawn once laid out).
  invalidate();

  return {
    get viewport() {
      return viewport;
    },
    get fps() {
      return fps;
    },
    get frames() {
      return frames;
    },
    setCamera(next) {
      if (next.x === cam.x && next.y === cam.y && next.scale === cam.scale) return;
      cam.x = next.x;
      cam.y = next.y;
      cam.scale = next.scale;
      invalidate();
    },
    setSelection(pixel) {
      if (
        pixel === selection ||
        (pixel !== null && selection !== null && pixel.x === selection.x && pixel.y === selection.y)
      ) {
        return;
      }
      selection = pixel === null ? null : { x: pixel.x, y: pixel.y };
      invalidate();
    },
    setOverlay(next, x = 0, y = 0, opacity = 1) {
      overlay = next;
      overlayX = x;
      overlayY = y;
      overlayOpacity = Math.min(1, Math.max(0, opacity));
      invalidate();
    },
    addLayer(layer) {
      layers.push(layer);
      const unsubscribe = layer.subscribe?.(invalidate);
      invalidate();
      return () => {
        unsubscribe?.();
        const i = layers.indexOf(layer);
        if (i >= 0) layers.splice(i, 1);
        invalidate();
      };
    },
    setFps(next) {
      fps = clampFps(next);
    },
    resize,
    invalidate,
    destroy() {
      destroyed = true;
      if (handle !== null) cancelRaf(handle);
      handle = null;
      unsubscribe();
      observer?.disconnect();
      if (observer === null && typeof window !== 'undefined') window.removeEventListener('resize', resize);
      dprQuery?.removeEventListener('change', onDprChange);
    },
  };
}

function imageWidth(image: OverlayImage): number {
  return 'naturalWidth' in image ? image.naturalWidth : image.width;
}

function imageHeight(image: OverlayImage): number {
  return 'naturalHeight' in image ? image.naturalHeight : image.height;
}

/**
 * Draws the visible part of a `w`×`h` image placed at canvas pixel (ox, oy): only the source
 * rectangle on screen, so deep zoom never asks for a destination tens of thousands of pixels wide.
 */
export function drawClipped(
  ctx: CanvasRenderingContext2D,
  src: CanvasImageSource,
  w: number,
  h: number,
  ox: number,
  oy: number,
  tf: DeviceTransform,
  width: number,
  height: number,
): void {
  const s = tf.scale;
  const left = tf.tx + ox * s;
  const top = tf.ty + oy * s;
  const sx0 = Math.max(0, Math.floor(-left / s));
  const sy0 = Math.max(0, Math.floor(-top / s));
  const sx1 = Math.min(w, Math.ceil((width - left) / s));
  const sy1 = Math.min(h, Math.ceil((height - top) / s));
  if (sx1 <= sx0 || sy1 <= sy0) return;
  ctx.drawImage(
    src,
    sx0,
    sy0,
    sx1 - sx0,
    sy1 - sy0,
    left + sx0 * s,
    top + sy0 * s,
    (sx1 - sx0) * s,
    (sy1 - sy0) * s,
  );
}

function drawGrid(ctx: CanvasRenderingContext2D, tf: DeviceTransform, width: number, height: number): void {
  const s = tf.scale;
  const x0 = Math.max(0, Math.ceil(-tf.tx / s));
  const x1 = Math.min(CANVAS_WIDTH, Math.floor((width - tf.tx) / s));
  const y0 = Math.max(0, Math.ceil(-tf.ty / s));
  const y1 = Math.min(CANVAS_HEIGHT, Math.floor((height - tf.ty) / s));
  const top = Math.max(0, tf.ty);
  const bottom = Math.min(height, tf.ty + CANVAS_HEIGHT * s);
  const left = Math.max(0, tf.tx);
  const right = Math.min(width, tf.tx + CANVAS_WIDTH * s);
  ctx.beginPath();
  // Half-pixel offsets keep one-device-pixel lines crisp.
  for (let i = x0; i <= x1; i++) {
    const x = Math.round(tf.tx + i * s) + 0.5;
    ctx.moveTo(x, top);
    ctx.lineTo(x, bottom);
  }
  for (let j = y0; j <= y1; j++) {
    const y = Math.round(tf.ty + j * s) + 0.5;
    ctx.moveTo(left, y);
    ctx.lineTo(right, y);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = GRID_STYLE;
  ctx.stroke();
}

function drawSelection(ctx: CanvasRenderingContext2D, tf: DeviceTransform, p: Pixel, dpr: number): void {
  const s = tf.scale;
  const cx = tf.tx + (p.x + 0.5) * s;
  const cy = tf.ty + (p.y + 0.5) * s;
  // Never smaller than a finger can see, even zoomed far out.
  const half = Math.max(s, 10 * dpr) / 2 + dpr;
  const arm = 8 * dpr;
  ctx.beginPath();
  ctx.rect(cx - half, cy - half, half * 2, half * 2);
  ctx.moveTo(cx, cy - half);
  ctx.lineTo(cx, cy - half - arm);
  ctx.moveTo(cx, cy + half);
  ctx.lineTo(cx, cy + half + arm);
  ctx.moveTo(cx - half, cy);
  ctx.lineTo(cx - half - arm, cy);
  ctx.moveTo(cx + half, cy);
  ctx.lineTo(cx + half + arm, cy);
  // A dark halo under a white line reads on every palette colour.
  ctx.lineWidth = 3 * dpr;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.75)';
  ctx.stroke();
  ctx.lineWidth = 1.5 * dpr;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
}
