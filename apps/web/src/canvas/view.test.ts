import { pixelIdOf } from '@pixel-wall/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Camera } from './camera.ts';
import { MAX_SCALE, ZOOM_STEP } from './constants.ts';
import { createPixelStore } from './pixel-store.ts';
import { type CanvasViewOptions, createCanvasView } from './view.ts';

const WIDTH = 400;
const HEIGHT = 800;
const FIT = WIDTH / 1024;

function sized(width: number, height: number): HTMLCanvasElement {
  const el = document.createElement('canvas');
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: height });
  document.body.append(el);
  return el;
}

function setup(extra: Partial<CanvasViewOptions> = {}) {
  const el = sized(WIDTH, HEIGHT);
  const store = createPixelStore();
  const onSelect = vi.fn();
  const onCameraChange = vi.fn();
  const onDoubleTap = vi.fn();
  const view = createCanvasView(el, store, {
    onSelect,
    onCameraChange,
    onDoubleTap,
    devicePixelRatio: () => 2,
    ...extra,
  });
  const send = (type: string, x: number, y: number, id = 1, init: PointerEventInit = {}) => {
    const e = new PointerEvent(type, {
      pointerId: id,
      pointerType: 'touch',
      clientX: x,
      clientY: y,
      bubbles: true,
      cancelable: true,
      ...init,
    });
    // Timestamps follow the faked clock, as real ones follow performance.now().
    Object.defineProperty(e, 'timeStamp', { value: performance.now() });
    el.dispatchEvent(e);
  };
  const tap = (x: number, y: number, id = 1) => {
    send('pointerdown', x, y, id);
    send('pointerup', x, y, id);
  };
  const drag = (points: [number, number][], id = 1) => {
    const [first, ...rest] = points;
    send('pointerdown', first![0], first![1], id);
    for (const [x, y] of rest) send('pointermove', x, y, id);
    send('pointerup', rest.at(-1)![0], rest.at(-1)![1], id);
  };
  return { el, store, view, onSelect, onCameraChange, onDoubleTap, send, tap, drag };
}

function expectCamera(actual: Camera, expected: Camera): void {
  expect(actual.x).toBeCloseTo(expected.x, 6);
  expect(actual.y).toBeCloseTo(expected.y, 6);
  expect(actual.scale).toBeCloseTo(expected.scale, 6);
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'Date',
    ],
  });
  // jsdom has no 2D context: the renderer skips drawing (stubbed to keep jsdom from logging).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('createCanvasView', () => {
  it('starts fitted, with touch-action none', () => {
    const { el, view } = setup();
    expect(el.style.touchAction).toBe('none');
    expect(view.getCamera()).toEqual({ x: 512, y: 512, scale: FIT });
    expect(view.getSnapshot()).toBe(view.getSnapshot());
    expect(view.getSnapshot()).toEqual({ x: 512, y: 512, scale: FIT });
    expect(el.width).toBe(800);
  });

  it('a tap selects the pixel under it', () => {
    const { view, onSelect, tap } = setup();
    // Centre of the view is canvas (512, 512); 10 CSS px right is 10 / FIT pixels further.
    tap(210, 400);
    expect(onSelect).toHaveBeenCalledWith({ x: Math.floor(512 + 10 / FIT), y: 512 });
    expect(view.getSelection()).toEqual({ x: 537, y: 512 });
  });

  it('a tap off the canvas clears the selection', () => {
    const { view, onSelect, tap } = setup();
    tap(200, 400);
    tap(200, 10);
    expect(onSelect).toHaveBeenLastCalledWith(null);
    expect(view.getSelection()).toBeNull();
  });

  it('a drag pans and never selects; the selection stays across pans', () => {
    const { view, onSelect, tap, drag } = setup();
    tap(200, 400);
    expect(onSelect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    drag([
      [200, 400],
      [230, 400],
      [260, 380],
    ]);
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(view.getSelection()).toEqual({ x: 512, y: 512 });
    expectCamera(view.getCamera(), { x: 512 - 60 / FIT, y: 512 + 20 / FIT, scale: FIT });
  });

  it('losing the pointer capture ends the gesture', () => {
    const { view, send, onSelect } = setup();
    send('pointerdown', 200, 400);
    send('pointermove', 220, 400);
    send('lostpointercapture', 220, 400);
    const cam = view.getCamera();
    send('pointermove', 300, 400);
    send('pointerup', 300, 400);
    expect(view.getCamera()).toEqual(cam);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('mouse buttons other than the primary one do nothing', () => {
    const { onSelect, send } = setup();
    send('pointerdown', 200, 400, 1, { pointerType: 'mouse', button: 2 });
    send('pointerup', 200, 400, 1, { pointerType: 'mouse', button: 2 });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('a double tap zooms to the maximum about the tap over 400 ms, and the next one back to fit', () => {
    const { view, onSelect, onDoubleTap, tap } = setup();
    tap(300, 500);
    vi.advanceTimersByTime(100);
    tap(302, 500);
    expect(onSelect).toHaveBeenCalledTimes(1);
    const anchor = { x: 512 + 100 / FIT, y: 512 + 100 / FIT };
    expect(onDoubleTap).toHaveBeenCalledWith({ x: Math.floor(512 + 102 / FIT), y: Math.floor(anchor.y) });
    vi.advanceTimersByTime(200);
    const mid = view.getCamera();
    expect(mid.scale).toBeGreaterThan(FIT);
    expect(mid.scale).toBeLessThan(MAX_SCALE);
    vi.advanceTimersByTime(250);
    const cam = view.getCamera();
    expect(cam.scale).toBe(MAX_SCALE);
    // The point under the second tap stayed under it.
    expect(cam.x + (302 - 200) / MAX_SCALE).toBeCloseTo(512 + 102 / FIT, 6);
    vi.advanceTimersByTime(1000);
    tap(100, 100);
    vi.advanceTimersByTime(100);
    tap(100, 100);
    vi.advanceTimersByTime(500);
    expectCamera(view.getCamera(), { x: 512, y: 512, scale: FIT });
    expect(onDoubleTap).toHaveBeenCalledTimes(2);
  });

  it('with double-tap zoom off (fast modes) every tap selects', () => {
    const { view, onSelect, onDoubleTap, tap } = setup();
    view.setDoubleTapZoom(false);
    tap(200, 400);
    vi.advanceTimersByTime(50);
    tap(200, 400);
    expect(onSelect).toHaveBeenCalledTimes(2);
    expect(onDoubleTap).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(view.getCamera().scale).toBe(FIT);
  });

  it('zoomIn and zoomOut step by 1.8× about the centre over 100 ms; quick steps chain', () => {
    const { view } = setup();
    view.zoomIn();
    vi.advanceTimersByTime(50);
    expect(view.getCamera().scale).toBeGreaterThan(FIT);
    view.zoomIn();
    vi.advanceTimersByTime(150);
    expectCamera(view.getCamera(), { x: 512, y: 512, scale: FIT * ZOOM_STEP * ZOOM_STEP });
    view.zoomOut();
    vi.advanceTimersByTime(150);
    expect(view.getCamera().scale).toBeCloseTo(FIT * ZOOM_STEP, 9);
  });

  it('with motion off, zoom steps and double taps jump to their end at once', () => {
    const { view, tap } = setup();
    view.setMotion(false);
    view.zoomIn();
    expectCamera(view.getCamera(), { x: 512, y: 512, scale: FIT * ZOOM_STEP });
    tap(200, 400);
    vi.advanceTimersByTime(50);
    tap(200, 400);
    expect(view.getCamera().scale).toBe(MAX_SCALE);
    view.setMotion(true);
    view.zoomOut();
    expect(view.getCamera().scale).toBe(MAX_SCALE);
  });

  it('a held zoom button repeats; a short press is one step', () => {
    const { view } = setup();
    view.startZoomRepeat(1);
    vi.advanceTimersByTime(150);
    view.stopZoomRepeat();
    vi.advanceTimersByTime(500);
    expect(view.getCamera().scale).toBeCloseTo(FIT * ZOOM_STEP, 9);
    view.startZoomRepeat(1);
    vi.advanceTimersByTime(200 + 90 * 2);
    view.stopZoomRepeat();
    vi.advanceTimersByTime(500);
    expect(view.getCamera().scale).toBeCloseTo(FIT * ZOOM_STEP ** 5, 9);
    // Held long enough, it stops at the maximum.
    view.startZoomRepeat(1);
    vi.advanceTimersByTime(3000);
    view.stopZoomRepeat();
    vi.advanceTimersByTime(500);
    expect(view.getCamera().scale).toBe(MAX_SCALE);
  });

  it('the wheel zooms about the cursor and keeps the page from scrolling', () => {
    const { el, view } = setup();
    const e = new WheelEvent('wheel', { deltaY: -100, clientX: 100, clientY: 400, cancelable: true });
    el.dispatchEvent(e);
    expect(e.defaultPrevented).toBe(true);
    const cam = view.getCamera();
    expect(cam.scale).toBeCloseTo(FIT * Math.exp(0.2), 9);
    expect(cam.x - 100 / cam.scale).toBeCloseTo(512 - 100 / FIT, 6);
    // Line deltas count as 16 px.
    el.dispatchEvent(new WheelEvent('wheel', { deltaY: 3, deltaMode: 1, clientX: 200, clientY: 400 }));
    expect(view.getCamera().scale).toBeCloseTo(FIT * Math.exp(0.2) * Math.exp(-0.096), 9);
  });

  it('two fingers pinch-zoom', () => {
    const { view, send, onSelect } = setup();
    send('pointerdown', 150, 400, 1);
    send('pointerdown', 250, 400, 2);
    send('pointermove', 100, 400, 1);
    send('pointermove', 300, 400, 2);
    send('pointerup', 100, 400, 1);
    send('pointerup', 300, 400, 2);
    expect(view.getCamera().scale).toBeCloseTo(FIT * 2, 9);
    expect(view.getCamera().x).toBeCloseTo(512, 6);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('a touch stops a running animation where it is', () => {
    const { view, send } = setup();
    view.zoomIn();
    vi.advanceTimersByTime(40);
    send('pointerdown', 10, 10, 5);
    const stopped = view.getCamera();
    vi.advanceTimersByTime(500);
    expect(view.getCamera()).toEqual(stopped);
    expect(stopped.scale).toBeLessThan(FIT * ZOOM_STEP);
  });

  it('camera notifications are throttled to 10/s with the final state last', () => {
    const { view, send, onCameraChange } = setup();
    const listener = vi.fn();
    const unsubscribe = view.subscribe(listener);
    send('pointerdown', 200, 400);
    for (let i = 1; i <= 30; i++) {
      send('pointermove', 200 + 10 + i, 400);
      vi.advanceTimersByTime(5);
    }
    send('pointerup', 240, 400);
    // 150 ms of moves: the first at once, one 100 ms later.
    expect(listener).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(100);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(onCameraChange).toHaveBeenCalledTimes(3);
    expect(view.getSnapshot()).toEqual(view.getCamera());
    expect(onCameraChange).toHaveBeenLastCalledWith(view.getSnapshot());
    const snapshot = view.getSnapshot();
    vi.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(3);
    expect(view.getSnapshot()).toBe(snapshot);
    unsubscribe();
    view.centreOn(0, 0);
    vi.advanceTimersByTime(200);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('centreOn and fit', () => {
    const { view } = setup();
    view.centreOn(100, 200, 20);
    expect(view.getCamera()).toEqual({ x: 100.5, y: 200.5, scale: 20 });
    view.centreOn(5, 6);
    expect(view.getCamera()).toEqual({ x: 5.5, y: 6.5, scale: 20 });
    view.centreOn(900, 900, 10, true);
    vi.advanceTimersByTime(500);
    expectCamera(view.getCamera(), { x: 900.5, y: 900.5, scale: 10 });
    view.fit();
    expect(view.getCamera()).toEqual({ x: 512, y: 512, scale: FIT });
  });

  it('centreOn aims at the middle of what the chrome leaves uncovered', () => {
    const { view } = setup();
    view.setInsets({ top: 80, bottom: 300 });
    view.centreOn(100, 200, 20);
    // (300 - 80) / 2 CSS px above the viewport middle is 5.5 wall pixels at scale 20.
    expect(view.getCamera()).toEqual({ x: 100.5, y: 206, scale: 20 });
  });

  it('keeps a centred pixel in the uncovered middle as the insets change, until the player moves', () => {
    const { view, tap } = setup();
    view.centreOn(100, 200, 20);
    expect(view.getCamera()).toEqual({ x: 100.5, y: 200.5, scale: 20 });
    // A bottom panel opens under the pixel: it moves up into what is left.
    view.setInsets({ top: 80, bottom: 300 });
    expect(view.getCamera()).toEqual({ x: 100.5, y: 206, scale: 20 });
    view.setInsets({ top: 80, bottom: 120 });
    expect(view.getCamera()).toEqual({ x: 100.5, y: 201.5, scale: 20 });
    // Once the player touches the Wall, the camera is theirs.
    tap(10, 10);
    view.setInsets({ top: 0, bottom: 0 });
    expect(view.getCamera()).toEqual({ x: 100.5, y: 201.5, scale: 20 });
  });

  it('zoom and fit end the keeping too', () => {
    const { view } = setup();
    view.centreOn(100, 200, 20);
    view.zoomIn();
    vi.advanceTimersByTime(500);
    const zoomed = view.getCamera();
    view.setInsets({ top: 80, bottom: 300 });
    expect(view.getCamera()).toEqual(zoomed);
    view.centreOn(100, 200, 20);
    view.fit();
    view.setInsets({ top: 0, bottom: 0 });
    expect(view.getCamera()).toEqual({ x: 512, y: 512, scale: FIT });
  });

  it('resizes keep the canvas fitted until the user moves it', () => {
    const { el, view, drag } = setup();
    Object.defineProperty(el, 'clientWidth', { configurable: true, value: 800 });
    view.resize();
    expect(view.getCamera().scale).toBeCloseTo(800 / 1024, 9);
    drag([
      [100, 100],
      [150, 100],
    ]);
    const moved = view.getCamera();
    Object.defineProperty(el, 'clientWidth', { configurable: true, value: 300 });
    view.resize();
    expect(view.getCamera()).toEqual(moved);
  });

  it('fits once laid out when created before layout', () => {
    const el = sized(0, 0);
    const view = createCanvasView(el, createPixelStore(), { onSelect: () => {} });
    Object.defineProperty(el, 'clientWidth', { configurable: true, value: WIDTH });
    Object.defineProperty(el, 'clientHeight', { configurable: true, value: HEIGHT });
    view.resize();
    expect(view.getCamera()).toEqual({ x: 512, y: 512, scale: FIT });
    view.destroy();
  });

  it('programmatic select does not call onSelect; pixel changes do not move anything', () => {
    const { view, store, onSelect, onCameraChange } = setup();
    view.select({ x: 3, y: 4 });
    expect(view.getSelection()).toEqual({ x: 3, y: 4 });
    view.select({ x: 5000, y: 4 });
    expect(view.getSelection()).toBeNull();
    store.apply(pixelIdOf(3, 4), 6);
    vi.advanceTimersByTime(100);
    expect(onSelect).not.toHaveBeenCalled();
    expect(onCameraChange).not.toHaveBeenCalled();
  });

  it('setFps and setOverlay pass through; destroy detaches everything', () => {
    const { view, onSelect, tap } = setup();
    view.setFps(30);
    view.setOverlay(document.createElement('canvas'), 0, 0, 0.5);
    view.startZoomRepeat(1);
    view.destroy();
    const scale = view.getCamera().scale;
    vi.advanceTimersByTime(1000);
    tap(200, 400);
    expect(onSelect).not.toHaveBeenCalled();
    expect(view.getCamera().scale).toBe(scale);
  });
});
