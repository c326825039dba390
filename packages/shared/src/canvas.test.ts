import { describe, expect, it } from 'vitest';
import {
  blastPixelIds,
  CANVAS_HEIGHT,
  CANVAS_PIXELS,
  CANVAS_WIDTH,
  isValidCoordinate,
  isValidPixelId,
  MAX_PIXEL_ID,
  MIN_PIXEL_ID,
  pixelIdOf,
  pointOfPixelId,
} from './canvas.ts';

describe('canvas constants', () => {
  it('is 1024 × 1024 with 1-based ids', () => {
    expect([CANVAS_WIDTH, CANVAS_HEIGHT, CANVAS_PIXELS]).toEqual([1024, 1024, 1_048_576]);
    expect([MIN_PIXEL_ID, MAX_PIXEL_ID]).toEqual([1, 1_048_576]);
  });
});

describe('pixel ids: id = x + y*1024 + 1', () => {
  it.each([
    [0, 0, 1],
    [1, 0, 2],
    [1023, 0, 1024],
    [0, 1, 1025],
    [0, 1023, 1_047_553],
    [1023, 1023, 1_048_576],
    [10, 20, 20_491],
    [512, 512, 524_801],
  ])('(%i, %i) ↔ %i', (x, y, id) => {
    expect(pixelIdOf(x, y)).toBe(id);
    expect(pointOfPixelId(id)).toEqual({ x, y });
  });

  it('round-trips every pixel of the first and last rows and columns', () => {
    for (let i = 0; i < 1024; i++) {
      for (const [x, y] of [
        [i, 0],
        [i, 1023],
        [0, i],
        [1023, i],
      ] as const) {
        expect(pointOfPixelId(pixelIdOf(x, y))).toEqual({ x, y });
      }
    }
  });

  it.each([
    [-1, 0],
    [0, -1],
    [1024, 0],
    [0, 1024],
    [1.5, 0],
    [Number.NaN, 0],
  ])('refuses coordinates (%d, %d)', (x, y) => {
    expect(isValidCoordinate(x, y)).toBe(false);
    expect(() => pixelIdOf(x, y)).toThrow(RangeError);
  });

  it.each([[0], [-1], [1_048_577], [1.5], [Number.NaN]])('refuses pixel id %d', (id) => {
    expect(isValidPixelId(id)).toBe(false);
    expect(() => pointOfPixelId(id)).toThrow(RangeError);
  });

  it('validates unknown input without throwing', () => {
    expect(isValidCoordinate('1', 2)).toBe(false);
    expect(isValidPixelId('5')).toBe(false);
    expect(isValidPixelId(null)).toBe(false);
  });
});

describe('blastPixelIds', () => {
  const square = (x0: number, y0: number, x1: number, y1: number): number[] => {
    const ids: number[] = [];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) ids.push(pixelIdOf(x, y));
    return ids;
  };

  it.each([
    [3, 9],
    [5, 25],
    [7, 49],
  ])('a %i×%i blast in the middle covers %i pixels', (size, count) => {
    const ids = blastPixelIds(512, 512, size);
    expect(ids).toHaveLength(count);
    const r = (size - 1) / 2;
    expect(ids).toEqual(square(512 - r, 512 - r, 512 + r, 512 + r));
  });

  it.each([
    [0, 0, 3, square(0, 0, 1, 1)],
    [0, 0, 5, square(0, 0, 2, 2)],
    [0, 0, 7, square(0, 0, 3, 3)],
    [1023, 1023, 5, square(1021, 1021, 1023, 1023)],
    [1023, 0, 7, square(1020, 0, 1023, 3)],
    [0, 1023, 3, square(0, 1022, 1, 1023)],
    [1, 0, 5, square(0, 0, 3, 2)],
    [512, 0, 5, square(510, 0, 514, 2)],
    [1022, 512, 7, square(1019, 509, 1023, 515)],
  ])('clips a blast at (%i, %i) size %i to the canvas', (x, y, size, expected) => {
    expect(blastPixelIds(x, y, size)).toEqual(expected);
  });

  it('gives only valid, distinct ids', () => {
    for (const [x, y] of [
      [0, 0],
      [1023, 1023],
      [2, 1021],
    ] as const) {
      const ids = blastPixelIds(x, y, 7);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(isValidPixelId(id)).toBe(true);
    }
  });

  it('a size of 1 is the pixel itself', () => {
    expect(blastPixelIds(7, 9, 1)).toEqual([pixelIdOf(7, 9)]);
  });
});
