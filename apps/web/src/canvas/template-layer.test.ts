import { PALETTE_RGB } from '@pixel-wall/shared';
import { describe, expect, it, vi } from 'vitest';
import { createTemplateLayer, LAYER_TRANSPARENT, templateIndicesFromRgba } from './template-layer.ts';

const T = LAYER_TRANSPARENT;

describe('the template layer', () => {
  it('tells the colour the template wants at a canvas pixel, and nothing outside or where clear', () => {
    const layer = createTemplateLayer();
    expect(layer.colorAt(0, 0)).toBeNull();
    layer.setTemplate({ x: 10, y: 20, width: 3, height: 2, indices: new Uint8Array([4, 9, T, 9, 9, 0]) });
    expect(layer.colorAt(10, 20)).toBe(4);
    expect(layer.colorAt(11, 20)).toBe(9);
    expect(layer.colorAt(12, 20)).toBeNull();
    expect(layer.colorAt(12, 21)).toBe(0);
    expect(layer.colorAt(9, 20)).toBeNull();
    expect(layer.colorAt(13, 21)).toBeNull();
    expect(layer.colorAt(10, 22)).toBeNull();
    expect([...layer.counts()].sort()).toEqual([
      [0, 1],
      [4, 1],
      [9, 3],
    ]);
  });

  it('asks the renderer for a frame when the template, opacity or hidden colours change', () => {
    const layer = createTemplateLayer();
    const frame = vi.fn();
    const off = layer.subscribe?.(frame);
    layer.setTemplate({ x: 0, y: 0, width: 1, height: 1, indices: new Uint8Array([3]) });
    layer.setOpacity(0.5);
    layer.setOpacity(0.5);
    layer.setHidden(new Set([3]));
    expect(frame).toHaveBeenCalledTimes(3);
    off?.();
    layer.setOpacity(0.2);
    expect(frame).toHaveBeenCalledTimes(3);
  });

  it('draws nothing without a 2D context (jsdom) and never throws', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const layer = createTemplateLayer();
    layer.setTemplate({ x: 0, y: 0, width: 1, height: 1, indices: new Uint8Array([3]) });
    const ctx = { drawImage: vi.fn(), globalAlpha: 1 } as unknown as CanvasRenderingContext2D;
    layer.draw(ctx, { scale: 1, tx: 0, ty: 0 }, 100, 100);
    expect((ctx.drawImage as ReturnType<typeof vi.fn>).mock.calls).toHaveLength(0);
  });

  it('reads a decoded template file back to palette indices', () => {
    const rgba = new Uint8Array([...PALETTE_RGB.subarray(27, 30), 255, 0, 0, 0, 0, 250, 250, 250, 200]);
    expect([...templateIndicesFromRgba(rgba, 3)]).toEqual([9, T, 0]);
  });
});
