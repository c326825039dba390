import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  animateCamera,
  createZoomRepeater,
  easeInOutCubic,
  easeOutCubic,
  interpolateCamera,
  linear,
} from './animation.ts';
import { type Camera, screenPoint, screenToCanvas, type Viewport, zoomAt } from './camera.ts';
import { ZOOM_STEP } from './constants.ts';
import { createTestClock } from './test-clock.ts';

describe('easings', () => {
  it('start at 0 and end at 1', () => {
    for (const easing of [linear, easeOutCubic, easeInOutCubic]) {
      expect(easing(0)).toBe(0);
      expect(easing(1)).toBe(1);
      expect(easing(0.5)).toBeGreaterThan(0);
      expect(easing(0.5)).toBeLessThan(1);
    }
  });
});

describe('interpolateCamera', () => {
  it('keeps the anchor of an anchored zoom still all the way', () => {
    const vp: Viewport = { width: 390, height: 844, dpr: 2 };
    const from = { x: 512, y: 512, scale: 0.38 };
    const anchor = screenPoint(300, 200);
    const to = zoomAt(from, vp, anchor, 60 / 0.38);
    const fixed = screenToCanvas(from, vp, anchor);
    const cam = { x: 0, y: 0, scale: 0 };
    for (const e of [0, 0.1, 0.33, 0.5, 0.9, 1]) {
      interpolateCamera(from, to, e, cam);
      const p = screenToCanvas(cam, vp, anchor);
      expect(p.x).toBeCloseTo(fixed.x, 6);
      expect(p.y).toBeCloseTo(fixed.y, 6);
    }
  });

  it('moves the scale geometrically and pans linearly at a constant scale', () => {
    const cam = { x: 0, y: 0, scale: 0 };
    interpolateCamera({ x: 0, y: 0, scale: 1 }, { x: 0, y: 0, scale: 4 }, 0.5, cam);
    expect(cam.scale).toBeCloseTo(2, 9);
    interpolateCamera({ x: 0, y: 10, scale: 3 }, { x: 100, y: 30, scale: 3 }, 0.25, cam);
    expect(cam).toEqual({ x: 25, y: 15, scale: 3 });
  });
});

describe('animateCamera', () => {
  it('calls onFrame once per frame and ends exactly on the target', () => {
    const clock = createTestClock();
    const frames: Camera[] = [];
    const onDone = vi.fn();
    animateCamera(
      { x: 0, y: 0, scale: 1 },
      { x: 100, y: 50, scale: 1 },
      100,
      linear,
      (c) => frames.push({ ...c }),
      { ...clock, onDone },
    );
    expect(frames).toEqual([]);
    clock.frame(25);
    expect(frames.at(-1)).toEqual({ x: 25, y: 12.5, scale: 1 });
    clock.frame(50);
    expect(frames.at(-1)).toEqual({ x: 75, y: 37.5, scale: 1 });
    expect(onDone).not.toHaveBeenCalled();
    clock.frame(40);
    expect(frames.at(-1)).toEqual({ x: 100, y: 50, scale: 1 });
    expect(frames).toHaveLength(3);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(clock.pending).toBe(0);
  });

  it('can be cancelled, and then never finishes', () => {
    const clock = createTestClock();
    const onFrame = vi.fn();
    const onDone = vi.fn();
    const cancel = animateCamera(
      { x: 0, y: 0, scale: 1 },
      { x: 0, y: 0, scale: 60 },
      400,
      easeOutCubic,
      onFrame,
      {
        ...clock,
        onDone,
      },
    );
    clock.frame();
    cancel();
    clock.frame(1000);
    expect(onFrame).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(clock.pending).toBe(0);
  });

  it('jumps at once with no duration', () => {
    const onFrame = vi.fn();
    const onDone = vi.fn();
    animateCamera({ x: 0, y: 0, scale: 1 }, { x: 3, y: 4, scale: 2 }, 0, linear, onFrame, { onDone });
    expect(onFrame).toHaveBeenCalledWith({ x: 3, y: 4, scale: 2 });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('copies its endpoints, so callers may change them meanwhile', () => {
    const clock = createTestClock();
    const from = { x: 0, y: 0, scale: 1 };
    const to = { x: 10, y: 0, scale: 1 };
    let last: Camera | null = null;
    animateCamera(
      from,
      to,
      10,
      linear,
      (c) => {
        last = { ...c };
      },
      clock,
    );
    to.x = 999;
    clock.frame(20);
    expect(last).toEqual({ x: 10, y: 0, scale: 1 });
  });
});

describe('createZoomRepeater', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const onStep = vi.fn();
    const repeater = createZoomRepeater({ onStep, now: () => Date.now() });
    return { onStep, repeater };
  }

  it('a short press is exactly one step', () => {
    const { onStep, repeater } = setup();
    repeater.press(1);
    expect(onStep).toHaveBeenCalledTimes(1);
    expect(onStep).toHaveBeenLastCalledWith(ZOOM_STEP);
    vi.advanceTimersByTime(199);
    repeater.release();
    vi.advanceTimersByTime(1000);
    expect(onStep).toHaveBeenCalledTimes(1);
    expect(repeater.held).toBe(false);
  });

  it('held, it repeats after 200 ms and then every 90 ms until released', () => {
    const { onStep, repeater } = setup();
    repeater.press(-1);
    expect(onStep).toHaveBeenLastCalledWith(1 / ZOOM_STEP);
    vi.advanceTimersByTime(200);
    expect(onStep).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(89);
    expect(onStep).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(onStep).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(90 * 4);
    expect(onStep).toHaveBeenCalledTimes(7);
    expect(repeater.held).toBe(true);
    repeater.release();
    vi.advanceTimersByTime(1000);
    expect(onStep).toHaveBeenCalledTimes(7);
    for (const call of onStep.mock.calls) expect(call[0]).toBe(1 / ZOOM_STEP);
  });

  it('a new press restarts the timing and may change direction', () => {
    const { onStep, repeater } = setup();
    repeater.press(1);
    vi.advanceTimersByTime(150);
    repeater.press(-1);
    expect(onStep).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(150);
    expect(onStep).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(50);
    expect(onStep).toHaveBeenCalledTimes(3);
    expect(onStep).toHaveBeenLastCalledWith(1 / ZOOM_STEP);
    repeater.release();
  });
});
