import { describe, expect, it } from 'vitest';
import {
  createPaintMark,
  markFrame,
  PAINT_MARK_MS,
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
    expect(markFrame(PAINT_MARK_MS / 3)?.grow).toBeCloseTo(1);
    expect(markFrame(PAINT_MARK_MS / 2)).toEqual({ grow: 1, alpha: 1 });
    expect(markFrame(PAINT_MARK_MS * 0.9)?.alpha).toBeCloseTo(0.3);
    expect(markFrame(PAINT_MARK_MS)).toBeNull();
    expect(markFrame(-1)).toBeNull();
  });
});

describe('createPaintMark', () => {
  it('marks the painted pixel for PAINT_MARK_MS and asks for frames meanwhile', () => {
    let t = 1000;
    const mark = createPaintMark(() => t);
    let frames = 0;
    mark.subscribe?.(() => frames++);
    expect(mark.marked()).toBeNull();
    mark.mark({ x: 3, y: 4 });
    expect(mark.marked()).toEqual({ x: 3, y: 4 });
    expect(frames).toBe(1);

    const strokes: number[] = [];
    const ctx = {
      globalAlpha: 1,
      lineWidth: 1,
      strokeStyle: '',
      beginPath() {},
      rect(_x: number, _y: number, w: number) {
        strokes.push(w);
      },
      stroke() {},
    } as unknown as CanvasRenderingContext2D;
    mark.draw(ctx, { scale: 20, tx: 0, ty: 0 }, 100, 100);
    expect(strokes).toHaveLength(1);
    expect(frames).toBe(2);

    t += PAINT_MARK_MS;
    expect(mark.marked()).toBeNull();
    mark.draw(ctx, { scale: 20, tx: 0, ty: 0 }, 100, 100);
    expect(strokes).toHaveLength(1);
    expect(frames).toBe(2);
  });
});
