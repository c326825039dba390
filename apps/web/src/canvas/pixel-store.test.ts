import { CANVAS_PIXELS, encodePixelBody, PALETTE_RGB, pixelIdOf } from '@pixel-wall/shared';
import { describe, expect, it, vi } from 'vitest';
import { indicesFromRgba } from './palette-indices.ts';
import { createPixelStore } from './pixel-store.ts';

function rgbaAt(store: ReturnType<typeof createPixelStore>, x: number, y: number): number[] {
  const o = (x + y * 1024) * 4;
  return Array.from(store.rgba.subarray(o, o + 4));
}

function paletteRgba(index: number): number[] {
  return [PALETTE_RGB[index * 3]!, PALETTE_RGB[index * 3 + 1]!, PALETTE_RGB[index * 3 + 2]!, 255];
}

describe('createPixelStore', () => {
  it('starts blank (white, opaque) with no sequence and nothing dirty', () => {
    const store = createPixelStore();
    expect(store.seq).toBe(-1);
    expect(store.indices.length).toBe(CANVAS_PIXELS);
    expect(store.rgba.length).toBe(CANVAS_PIXELS * 4);
    expect(store.colorAt(0, 0)).toBe(0);
    expect(rgbaAt(store, 1023, 1023)).toEqual([255, 255, 255, 255]);
    expect(store.takeDirty()).toBeNull();
  });

  it('setAll replaces everything, maps unknown bytes to blank, marks the whole canvas dirty', () => {
    const store = createPixelStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const src = new Uint8Array(CANVAS_PIXELS);
    src[5] = 4;
    src[1024 * 3 + 7] = 29;
    src[9] = 200;
    store.setAll(src, 42);
    expect(store.seq).toBe(42);
    expect(store.colorAt(5, 0)).toBe(4);
    expect(store.colorAt(7, 3)).toBe(29);
    expect(store.colorAt(9, 0)).toBe(0);
    expect(rgbaAt(store, 5, 0)).toEqual([0, 0, 0, 255]);
    expect(rgbaAt(store, 7, 3)).toEqual(paletteRgba(29));
    expect(store.takeDirty()).toEqual({ x0: 0, y0: 0, x1: 1024, y1: 1024 });
    expect(store.takeDirty()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.version).toBe(1);
  });

  it('setAll refuses a buffer of the wrong size', () => {
    expect(() => createPixelStore().setAll(new Uint8Array(10), 1)).toThrow(RangeError);
  });

  it('applyChanges applies a batch, tracks the bounding dirty rectangle and notifies once', () => {
    const store = createPixelStore();
    store.setAll(new Uint8Array(CANVAS_PIXELS), 10);
    store.takeDirty();
    const listener = vi.fn();
    store.subscribe(listener);
    const body = encodePixelBody([
      { pixelId: pixelIdOf(10, 20), color: 9 },
      { pixelId: pixelIdOf(30, 5), color: 13 },
      { pixelId: pixelIdOf(12, 40), color: 1 },
    ]);
    expect(store.applyChanges(body, 11)).toBe(true);
    expect(store.seq).toBe(11);
    expect(store.colorAt(10, 20)).toBe(9);
    expect(store.colorAt(30, 5)).toBe(13);
    expect(rgbaAt(store, 12, 40)).toEqual(paletteRgba(1));
    expect(store.takeDirty()).toEqual({ x0: 10, y0: 5, x1: 31, y1: 41 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('counts the repaints that arrive in batches, not snapshots, stale batches or local paints', () => {
    const store = createPixelStore();
    store.setAll(new Uint8Array(CANVAS_PIXELS), 10);
    expect(store.repaints).toBe(0);
    const two = encodePixelBody([
      { pixelId: pixelIdOf(1, 1), color: 3 },
      { pixelId: pixelIdOf(2, 1), color: 4 },
    ]);
    store.applyChanges(two, 11);
    expect(store.repaints).toBe(2);
    // Already in the canvas: skipped, not counted again.
    store.applyChanges(two, 11);
    store.apply(pixelIdOf(5, 5), 2);
    store.setAll(new Uint8Array(CANVAS_PIXELS), 20);
    expect(store.repaints).toBe(2);
    store.applyChanges(encodePixelBody([{ pixelId: pixelIdOf(3, 3), color: 1 }]), 21);
    expect(store.repaints).toBe(3);
  });

  it('applyChanges rejects a malformed body and applies nothing of it', () => {
    const store = createPixelStore();
    const good = encodePixelBody([{ pixelId: pixelIdOf(1, 1), color: 5 }]);
    const bad = new Uint8Array([...good, 0, 0, 0, 99]);
    expect(store.applyChanges(bad, 3)).toBe(false);
    expect(store.applyChanges(good.subarray(0, 3), 3)).toBe(false);
    expect(store.colorAt(1, 1)).toBe(0);
    expect(store.seq).toBe(-1);
    expect(store.takeDirty()).toBeNull();
  });

  it('applyChanges skips a batch already contained in the snapshot', () => {
    const store = createPixelStore();
    store.setAll(new Uint8Array(CANVAS_PIXELS), 50);
    store.takeDirty();
    const body = encodePixelBody([{ pixelId: pixelIdOf(2, 2), color: 7 }]);
    expect(store.applyChanges(body, 50)).toBe(true);
    expect(store.applyChanges(body, 49)).toBe(true);
    expect(store.applyChanges(new Uint8Array(3), 49)).toBe(false);
    expect(store.colorAt(2, 2)).toBe(0);
    expect(store.seq).toBe(50);
    expect(store.takeDirty()).toBeNull();
  });

  it('a batch that changes nothing moves the sequence but does not notify', () => {
    const store = createPixelStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.applyChanges(encodePixelBody([{ pixelId: 1, color: 0 }]), 1)).toBe(true);
    expect(store.seq).toBe(1);
    expect(listener).not.toHaveBeenCalled();
  });

  it('apply sets one pixel and validates its arguments', () => {
    const store = createPixelStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.apply(pixelIdOf(1023, 1023), 27)).toBe(true);
    expect(store.colorAt(1023, 1023)).toBe(27);
    expect(store.takeDirty()).toEqual({ x0: 1023, y0: 1023, x1: 1024, y1: 1024 });
    expect(store.apply(0, 1)).toBe(false);
    expect(store.apply(CANVAS_PIXELS + 1, 1)).toBe(false);
    expect(store.apply(1, 30)).toBe(false);
    expect(store.apply(1, -1)).toBe(false);
    expect(store.apply(1, 1.5)).toBe(false);
    // Same colour again: nothing changed.
    expect(store.apply(pixelIdOf(1023, 1023), 27)).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.apply(1, 3);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.seq).toBe(-1);
  });

  it('colorAt is -1 off the canvas', () => {
    const store = createPixelStore();
    expect(store.colorAt(-1, 0)).toBe(-1);
    expect(store.colorAt(0, 1024)).toBe(-1);
    expect(store.colorAt(0.5, 0)).toBe(-1);
  });
});

describe('indicesFromRgba', () => {
  it('maps palette colours exactly, others to the nearest, transparent to blank', () => {
    const rgba = new Uint8ClampedArray([
      ...paletteRgba(9),
      ...paletteRgba(9),
      ...paletteRgba(21),
      // Lossy red: nearest is #FF4500 (index 10).
      ...[250, 2, 3, 255],
      ...[0, 0, 0, 0],
      ...[1, 1, 1, 255],
    ]);
    const out = indicesFromRgba(rgba);
    expect(out.length).toBe(6);
    expect(Array.from(out.subarray(0, 3))).toEqual([9, 9, 21]);
    expect(out[3]).toBe(10);
    expect(out[4]).toBe(0);
    expect(out[5]).toBe(4);
  });

  it('round-trips the store mirror', () => {
    const store = createPixelStore();
    const src = new Uint8Array(CANVAS_PIXELS);
    for (let i = 0; i < src.length; i++) src[i] = (i * 7) % 30;
    store.setAll(src, 1);
    const out = indicesFromRgba(store.rgba);
    // A deep toEqual over a megabyte is slow: compare by hand.
    expect(out.length).toBe(src.length);
    expect(out.findIndex((v, i) => v !== src[i])).toBe(-1);
  });
});
