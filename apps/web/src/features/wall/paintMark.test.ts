import { describe, expect, it } from 'vitest';
import {
  createPaintMark,
  markFrame,
  PAINT_MARK_MS,
  PAINT_MARK_STEP_MS,
  PAINT_ZOOM_SCALE,
  paintZoom,
  VISIBLE_SCALE,
} from './paintMark.ts';

describe('paintZoom', () => {
  it('zooms in to a paint only when one pixel is too small to see', () => {
    expect(paintZoom(0.38)).toBe(PAINT_ZOOM_SCALE);
    expect(paintZoom(VISIBLE_SCALE - 0.01)).toBe(PAINT_ZOOM_SCALE);
    expect(paintZoom(VISIBLE_SCALE)).toBeNull();
    expect(paintZoom(40)).toBeNull();
  });
});

describe('markFrame', () => {
  it('shrinks onto the pixel, holds, fades, and ends', () => {
    expect(markFrame(0)).toEqual({ grow: 4, alpha: 1 });
    // In steps of PAINT_MARK_STEP_MS: the same ring all through a step.
    expect(markFrame(PAINT_MARK_STEP_MS - 1)).toEqual(markFrame(0));
    expect(markFrame(500)?.grow).toBe(1);
    expect(markFrame(PAINT_MARK_MS / 2)).toEqual({ grow: 1, alpha: 1 });
    expect(markFrame(1260)?.alpha).toBeCloseTo(3 * (1 - 1200 / 1400));
    expect(markFrame(PAINT_MARK_MS)).toBeNull();
    expect(markFrame(-1)).toBeNull();
  });
});

describe('createPaintMark', () => {
  function fakeClock() {
    let t = 1000;
    const timers: { at: number; fn: () => void }[] = [];
    return {
      now: () => t,
      setTimeout: (fn: () => void, ms: number) => {
        const timer = { at: t + ms, fn };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (handle: unknown) => {
        const i = timers.indexOf(handle as (typeof timers)[number]);
        if (i >= 0) timers.splice(i, 1);
      },
      /** Moves time on by `ms`, running the timers due. */
      advance(ms: number) {
        t += ms;
        for (const timer of timers.filter((x) => x.at <= t)) {
          timers.splice(timers.indexOf(timer), 1);
          timer.fn();
        }
      },
      pending: () => timers.length,
    };
  }

  const rects: number[] = [];
  const ctx = {
    globalAlpha: 1,
    lineWidth: 1,
    strokeStyle: '',
    beginPath() {},
    rect(_x: number, _y: number, w: number) {
      rects.push(w);
    },
    stroke() {},
  } as unknown as CanvasRenderingContext2D;
  const tf = { scale: 20, tx: 0, ty: 0 };

  it('marks the painted pixel for PAINT_MARK_MS, asking for one frame a step', () => {
    rects.length = 0;
    const clock = fakeClock();
    const mark = createPaintMark(clock);
    let frames = 0;
    mark.subscribe?.(() => {
      frames++;
      mark.draw(ctx, tf, 100, 100);
    });
    expect(mark.marked()).toBeNull();
    mark.mark({ x: 3, y: 4 });
    expect(mark.marked()).toEqual({ x: 3, y: 4 });
    expect(frames).toBe(1);
    expect(rects).toHaveLength(1);
    // Nothing more within a step: the wall is not redrawn every frame.
    clock.advance(PAINT_MARK_STEP_MS - 1);
    expect(frames).toBe(1);
    clock.advance(1);
    expect(frames).toBe(2);
    // The ring shrinks onto the pixel.
    expect(rects[1]!).toBeLessThan(rects[0]!);

    for (let i = 0; i < PAINT_MARK_MS / PAINT_MARK_STEP_MS; i++) clock.advance(PAINT_MARK_STEP_MS);
    expect(mark.marked()).toBeNull();
    expect(frames).toBe(PAINT_MARK_MS / PAINT_MARK_STEP_MS + 1);
    // The last frame drew nothing and asked for no more.
    expect(rects).toHaveLength(PAINT_MARK_MS / PAINT_MARK_STEP_MS);
    expect(clock.pending()).toBe(0);
  });

  it('starts again on a new paint, and stops asking once unsubscribed', () => {
    const clock = fakeClock();
    const mark = createPaintMark(clock);
    let frames = 0;
    const unsubscribe = mark.subscribe?.(() => {
      frames++;
      mark.draw(ctx, tf, 100, 100);
    });
    mark.mark({ x: 1, y: 1 });
    clock.advance(PAINT_MARK_STEP_MS * 5);
    mark.mark({ x: 2, y: 2 });
    expect(mark.marked()).toEqual({ x: 2, y: 2 });
    clock.advance(PAINT_MARK_MS - 1);
    expect(mark.marked()).toEqual({ x: 2, y: 2 });
    unsubscribe?.();
    const before = frames;
    clock.advance(PAINT_MARK_MS);
    expect(frames).toBe(before);
    expect(clock.pending()).toBe(0);
  });
});
