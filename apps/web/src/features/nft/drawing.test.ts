import { NFT_BYTES, NFT_ZOOM_MAX, NFT_ZOOM_MIN } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  decodeDrawing,
  emptyDrawing,
  encodeDrawing,
  isEmptyDrawing,
  loadDrawing,
  setPixel,
} from './drawing.ts';

describe('drawing', () => {
  it('paints and clears pixels as RGBA, reporting changes', () => {
    const d = emptyDrawing();
    expect(isEmptyDrawing(d)).toBe(true);
    expect(setPixel(d, 1, 2, '#FF4500')).toBe(true);
    expect(Array.from(d.subarray((2 * 64 + 1) * 4, (2 * 64 + 1) * 4 + 4))).toEqual([255, 69, 0, 255]);
    expect(setPixel(d, 1, 2, '#FF4500')).toBe(false);
    expect(isEmptyDrawing(d)).toBe(false);
    expect(setPixel(d, 64, 0, '#FF4500')).toBe(false);
    expect(setPixel(d, 1, 2, null)).toBe(true);
    expect(isEmptyDrawing(d)).toBe(true);
  });

  it('round-trips through base64 and refuses anything not 64×64 RGBA', () => {
    const d = emptyDrawing();
    setPixel(d, 63, 63, '#2450A4');
    expect(decodeDrawing(encodeDrawing(d))).toEqual(d);
    expect(decodeDrawing(btoa('short'))).toBeNull();
    expect(decodeDrawing('%%%')).toBeNull();
    expect(decodeDrawing(null)).toBeNull();
    expect(loadDrawing({ getItem: () => 'junk' })).toHaveLength(NFT_BYTES);
  });

  it('keeps the zoom within 5 to 60', () => {
    expect(clampZoom(1)).toBe(NFT_ZOOM_MIN);
    expect(clampZoom(100)).toBe(NFT_ZOOM_MAX);
    expect(clampZoom(12.4)).toBe(12);
  });
});
