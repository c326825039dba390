import { pixelIdOf } from '@pixel-wall/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPixelStore } from './pixel-store.ts';
import { clampFps, createRenderer } from './renderer.ts';
import { createTestClock } from './test-clock.ts';

/** A recording stand-in for CanvasRenderingContext2D (jsdom has none). */
function fakeContext() {
  return {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    imageSmoothingEnabled: true,
    setTransform: vi.fn(),
    fillRect: vi.fn(),
    drawImage: vi.fn(),
    putImageData: vi.fn(),
    beginPath: vi.fn(),
    moveTo: vi.fn(),
    lineTo: vi.fn(),
    rect: vi.fn(),
    stroke: vi.fn(),
  };
}
type FakeContext = ReturnType<typeof fakeContext>;

function sized(width: number, height: number): HTMLCanvasElement {
  const el = document.createElement('canvas');
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: height });
  return el;
}

function resizeTo(el: HTMLCanvasElement, width: number, height: number): void {
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: height });
}

/** Makes getContext return null (what jsdom does), or fake contexts recorded per element. */
function stubContexts(mode: 'none' | 'fake') {
  const contexts = new Map<HTMLCanvasElement, FakeContext>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    if (mode === 'none') return null;
    const ctx = fakeContext();
    contexts.set(this, ctx);
    return ctx;
  } as unknown as HTMLCanvasElement['getContext']);
  return contexts;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('clampFps', () => {
  it('keeps the rate within 10..60', () => {
    expect(clampFps(5)).toBe(10);
    expect(clampFps(30)).toBe(30);
    expect(clampFps(144)).toBe(60);
    expect(clampFps(Number.NaN)).toBe(60);
  });
});

describe('renderer without a 2D context', () => {
  beforeEach(() => {
    stubContexts('none');
  });

  it('does not crash and measures the element with the device pixel ratio', () => {
    const clock = createTestClock();
    const el = sized(390, 844);
    const onResize = vi.fn();
    const r = createRenderer(el, createPixelStore(), { ...clock, devicePixelRatio: () => 3, onResize });
    expect(r.viewport).toEqual({ width: 390, height: 844, dpr: 3 });
    expect(el.width).toBe(1170);
    expect(el.height).toBe(2532);
    // The first measure is read from `viewport`, not announced.
    expect(onResize).not.toHaveBeenCalled();
    clock.frame();
    expect(r.frames).toBe(1);
    resizeTo(el, 400, 800);
    r.resize();
    expect(onResize).toHaveBeenCalledWith({ width: 400, height: 800, dpr: 3 });
    r.resize();
    expect(onResize).toHaveBeenCalledTimes(1);
    r.destroy();
  });

  it('coalesces any number of changes into one frame', () => {
    const clock = createTestClock();
    const store = createPixelStore();
    const r = createRenderer(sized(100, 100), store, clock);
    clock.frame();
    expect(r.frames).toBe(1);
    r.setCamera({ x: 1, y: 2, scale: 3 });
    r.setSelection({ x: 1, y: 1 });
    store.apply(pixelIdOf(3, 3), 5);
    r.invalidate();
    expect(clock.pending).toBe(1);
    clock.frame();
    expect(r.frames).toBe(2);
    expect(clock.pending).toBe(0);
  });

  it('draws only when something changed', () => {
    const clock = createTestClock();
    const r = createRenderer(sized(100, 100), createPixelStore(), clock);
    clock.frame();
    r.setCamera({ x: 5, y: 5, scale: 2 });
    clock.frame();
    expect(r.frames).toBe(2);
    r.setCamera({ x: 5, y: 5, scale: 2 });
    r.setSelection(null);
    expect(clock.pending).toBe(0);
    r.setSelection({ x: 4, y: 4 });
    clock.frame();
    r.setSelection({ x: 4, y: 4 });
    expect(clock.pending).toBe(0);
    clock.frame(100);
    expect(r.frames).toBe(3);
  });

  it('caps the frame rate: changes inside the interval wait for the next allowed frame', () => {
    const clock = createTestClock();
    const r = createRenderer(sized(100, 100), createPixelStore(), { ...clock, fps: 20 });
    expect(r.fps).toBe(20);
    clock.frame(16);
    expect(r.frames).toBe(1);
    // 50 ms per frame at 20 fps: frames 16 ms apart keep waiting, without losing the change.
    r.setCamera({ x: 1, y: 1, scale: 1 });
    clock.frame(16);
    clock.frame(16);
    expect(r.frames).toBe(1);
    expect(clock.pending).toBe(1);
    clock.frame(16);
    expect(r.frames).toBe(2);
    expect(clock.pending).toBe(0);
    r.setFps(60);
    r.setCamera({ x: 2, y: 1, scale: 1 });
    clock.frame(16);
    expect(r.frames).toBe(3);
    r.setFps(1000);
    expect(r.fps).toBe(60);
  });

  it('at 60 fps on a 60 Hz display every frame with a change is drawn', () => {
    const clock = createTestClock();
    const r = createRenderer(sized(100, 100), createPixelStore(), clock);
    for (let i = 0; i < 10; i++) {
      r.setCamera({ x: i, y: 0, scale: 1 });
      clock.frame(16.7);
    }
    expect(r.frames).toBe(10);
  });

  it('store changes ask for a frame; destroy stops everything', () => {
    const clock = createTestClock();
    const store = createPixelStore();
    const r = createRenderer(sized(100, 100), store, clock);
    clock.frame();
    store.apply(1, 3);
    expect(clock.pending).toBe(1);
    r.destroy();
    expect(clock.pending).toBe(0);
    store.apply(2, 3);
    r.invalidate();
    expect(clock.pending).toBe(0);
  });
});

describe('renderer with a 2D context', () => {
  let contexts: Map<HTMLCanvasElement, FakeContext>;

  beforeEach(() => {
    contexts = stubContexts('fake');
    vi.stubGlobal(
      'ImageData',
      class {
        constructor(
          readonly data: Uint8ClampedArray,
          readonly width: number,
          readonly height: number,
        ) {}
      },
    );
  });

  function setup(width = 200, height = 100, dpr = 2) {
    const clock = createTestClock();
    const store = createPixelStore();
    const el = sized(width, height);
    const r = createRenderer(el, store, { ...clock, devicePixelRatio: () => dpr });
    const ctx = contexts.get(el)!;
    const offscreen = [...contexts.entries()].find(([canvas]) => canvas !== el)!;
    return { clock, store, el, r, ctx, pixels: offscreen[0], pixelsCtx: offscreen[1] };
  }

  it('draws layers after the pixels and before the grid, asks frames for them, and forgets removed ones', () => {
    const { clock, r, ctx } = setup();
    const order: string[] = [];
    ctx.drawImage.mockImplementation(() => order.push('pixels'));
    ctx.stroke.mockImplementation(() => order.push('stroke'));
    let changed = () => {};
    const layer = {
      draw: vi.fn((_ctx: CanvasRenderingContext2D, tf: { scale: number }, w: number, h: number) => {
        order.push(`layer ${tf.scale} ${w}x${h}`);
      }),
      subscribe: (fn: () => void) => {
        changed = fn;
        return () => {
          changed = () => {};
        };
      },
    };
    r.setCamera({ x: 512, y: 512, scale: 24 });
    const remove = r.addLayer(layer);
    clock.frame();
    // The grid (one stroke) comes after the layer, at scale 24.
    expect(order).toEqual(['pixels', 'layer 48 400x200', 'stroke']);
    changed();
    expect(clock.pending).toBe(1);
    clock.frame();
    expect(layer.draw).toHaveBeenCalledTimes(2);
    remove();
    clock.frame();
    expect(layer.draw).toHaveBeenCalledTimes(2);
    changed();
    expect(clock.pending).toBe(0);
  });

  it('uploads the whole buffer once, then only dirty rectangles', () => {
    const { clock, store, pixels, pixelsCtx } = setup();
    expect(pixels.width).toBe(1024);
    expect(pixels.height).toBe(1024);
    clock.frame();
    expect(pixelsCtx.putImageData).toHaveBeenCalledTimes(1);
    const [image, x, y, ...rest] = pixelsCtx.putImageData.mock.calls[0]!;
    expect((image as { data: Uint8ClampedArray }).data).toBe(store.rgba);
    expect([x, y, ...rest]).toEqual([0, 0]);
    store.apply(pixelIdOf(10, 20), 4);
    store.apply(pixelIdOf(12, 21), 4);
    clock.frame();
    expect(pixelsCtx.putImageData).toHaveBeenLastCalledWith(image, 0, 0, 10, 20, 3, 2);
    clock.frame();
    expect(pixelsCtx.putImageData).toHaveBeenCalledTimes(2);
  });

  it('draws at once after a resize, so the cleared backing store never shows', () => {
    const { clock, el, r, ctx } = setup(200, 100, 2);
    clock.frame();
    ctx.fillRect.mockClear();
    resizeTo(el, 300, 100);
    r.resize();
    expect(el.width).toBe(600);
    expect(ctx.fillRect).toHaveBeenCalledWith(0, 0, 600, 200);
    expect(r.frames).toBe(2);
  });

  it('draws the visible part of the wall, unsmoothed, in device pixels', () => {
    const { clock, r, ctx, pixels } = setup(200, 100, 2);
    // Canvas point (100, 50) at the centre, 4 CSS px (8 device px) per pixel: 400×200 device px show 50×25 pixels.
    r.setCamera({ x: 100, y: 50, scale: 4 });
    clock.frame();
    expect(ctx.imageSmoothingEnabled).toBe(false);
    expect(ctx.fillRect).toHaveBeenCalledWith(0, 0, 400, 200);
    expect(ctx.drawImage).toHaveBeenCalledWith(pixels, 75, 37, 50, 26, 0, -4, 400, 208);
    // Below the grid scale: no grid; nothing selected: no outline.
    expect(ctx.stroke).not.toHaveBeenCalled();
  });

  it('draws nothing of the wall when it is off screen', () => {
    const { clock, r, ctx } = setup(200, 100, 1);
    r.setCamera({ x: 0, y: 0, scale: 60 });
    clock.frame();
    // The centre is the canvas corner: a quarter of the view still shows the wall.
    expect(ctx.drawImage).toHaveBeenCalledTimes(1);
    ctx.drawImage.mockClear();
    r.setCamera({ x: -10, y: -10, scale: 60 });
    clock.frame();
    expect(ctx.drawImage).not.toHaveBeenCalled();
  });

  it('draws the grid from scale 12 and the selection outline', () => {
    const { clock, r, ctx } = setup(120, 120, 1);
    r.setCamera({ x: 500, y: 500, scale: 12 });
    clock.frame();
    // 120 px / 12 = 10 pixels across: 11 vertical and 11 horizontal lines.
    expect(ctx.stroke).toHaveBeenCalledTimes(1);
    expect(ctx.moveTo).toHaveBeenCalledTimes(22);
    ctx.stroke.mockClear();
    r.setSelection({ x: 500, y: 500 });
    clock.frame();
    // Grid, then the outline drawn twice (dark halo, white line).
    expect(ctx.stroke).toHaveBeenCalledTimes(3);
    expect(ctx.rect).toHaveBeenCalledWith(59, 59, 14, 14);
  });

  it('draws the overlay at its canvas position with its opacity', () => {
    const { clock, r, ctx } = setup(100, 100, 1);
    const overlay = document.createElement('canvas');
    overlay.width = 32;
    overlay.height = 16;
    r.setCamera({ x: 512, y: 512, scale: 1 });
    r.setOverlay(overlay, 500, 510, 0.5);
    let alphaAtDraw = 0;
    ctx.drawImage.mockImplementation((src: unknown) => {
      if (src === overlay) alphaAtDraw = ctx.globalAlpha;
    });
    clock.frame();
    expect(ctx.drawImage).toHaveBeenCalledWith(overlay, 0, 0, 32, 16, 38, 48, 32, 16);
    expect(alphaAtDraw).toBe(0.5);
    expect(ctx.globalAlpha).toBe(1);
    r.setOverlay(null);
    ctx.drawImage.mockClear();
    clock.frame();
    expect(ctx.drawImage).toHaveBeenCalledTimes(1);
  });
});
