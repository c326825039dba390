import { describe, expect, it } from 'vitest';
import {
  nextQuantity,
  positionOfValue,
  SLIDER_MAX,
  SLIDER_MIN,
  SLIDER_POSITION_COUNT,
  sliderLabel,
  sliderPositions,
  sliderStep,
  snapQuantity,
  valueAtPosition,
} from './slider.ts';

describe('slider bands (SPEC §5)', () => {
  it('runs from 1 to 5000', () => {
    expect([SLIDER_MIN, SLIDER_MAX]).toEqual([1, 5000]);
  });

  it.each([
    [1, 1],
    [50, 1],
    [99, 1],
    [100, 5],
    [250, 5],
    [499, 5],
    [500, 10],
    [999, 10],
    [1000, 50],
    [2500, 50],
    [5000, 50],
  ])('step at %i is %i', (value, step) => {
    expect(sliderStep(value)).toBe(step);
  });
});

describe('snapQuantity', () => {
  it.each([
    [1, 1],
    [0, 1],
    [-10, 1],
    [Number.NaN, 1],
    [Number.NEGATIVE_INFINITY, 1],
    [1.4, 1],
    [1.5, 2],
    [99, 99],
    [99.6, 100],
    [100, 100],
    [102, 100],
    [103, 105],
    [497, 495],
    [498, 500],
    [500, 500],
    [504, 500],
    [505, 510],
    [994, 990],
    [995, 1000],
    [1024, 1000],
    [1025, 1050],
    [4975, 5000],
    [4974, 4950],
    [5000, 5000],
    [5001, 5000],
    [1e9, 5000],
    [Number.POSITIVE_INFINITY, 5000],
  ])('%d → %i', (value, expected) => {
    expect(snapQuantity(value)).toBe(expected);
  });
});

describe('positions', () => {
  const positions = sliderPositions();

  it('lists every reachable quantity in order', () => {
    const expected = [
      ...Array.from({ length: 99 }, (_, i) => 1 + i),
      ...Array.from({ length: 80 }, (_, i) => 100 + 5 * i),
      ...Array.from({ length: 50 }, (_, i) => 500 + 10 * i),
      ...Array.from({ length: 81 }, (_, i) => 1000 + 50 * i),
    ];
    expect(positions).toEqual(expected);
    expect(SLIDER_POSITION_COUNT).toBe(310);
    expect(positions[0]).toBe(1);
    expect(positions.at(-1)).toBe(5000);
  });

  it('contains only snapped values, each exactly once', () => {
    expect(new Set(positions).size).toBe(positions.length);
    for (const v of positions) expect(snapQuantity(v)).toBe(v);
  });

  it('maps positions and values both ways', () => {
    positions.forEach((v, i) => {
      expect(valueAtPosition(i)).toBe(v);
      expect(positionOfValue(v)).toBe(i);
    });
  });

  it.each([
    [-5, 1],
    [Number.NaN, 1],
    [98, 99],
    [99, 100],
    [178, 495],
    [179, 500],
    [229, 1000],
    [309, 5000],
    [310, 5000],
    [1e6, 5000],
    [98.6, 100],
  ])('position %d holds %i', (position, value) => {
    expect(valueAtPosition(position)).toBe(value);
  });

  it('snaps a value before locating it', () => {
    expect(positionOfValue(1024)).toBe(positionOfValue(1000));
    expect(positionOfValue(0)).toBe(0);
    expect(positionOfValue(9999)).toBe(309);
  });
});

describe('nextQuantity', () => {
  it.each<[number, 1 | -1, number]>([
    [1, 1, 2],
    [1, -1, 1],
    [98, 1, 99],
    [99, 1, 100],
    [100, 1, 105],
    [100, -1, 99],
    [495, 1, 500],
    [500, -1, 495],
    [500, 1, 510],
    [990, 1, 1000],
    [1000, -1, 990],
    [1000, 1, 1050],
    [4950, 1, 5000],
    [5000, 1, 5000],
    [5000, -1, 4950],
    [102, 1, 105],
    [1024, 1, 1050],
  ])('%i %i → %i', (value, dir, expected) => {
    expect(nextQuantity(value, dir)).toBe(expected);
  });

  it('walks the whole range in 309 steps each way', () => {
    let v = SLIDER_MIN;
    let steps = 0;
    while (v < SLIDER_MAX) {
      v = nextQuantity(v, 1);
      steps++;
    }
    expect(steps).toBe(309);
    while (v > SLIDER_MIN) {
      v = nextQuantity(v, -1);
      steps--;
    }
    expect(steps).toBe(0);
  });
});

describe('sliderLabel', () => {
  it.each<[number, number | undefined, string]>([
    [1, undefined, '1'],
    [250, undefined, '250'],
    [4950, undefined, '4950'],
    [5000, undefined, '5000'],
    [9999, undefined, '5000'],
    [100, 100, '100+'],
    [99, 100, '99'],
    [250, 100, '100+'],
    [1000, 1234, '1000'],
    [1250, 1234, '1234+'],
    [5000, 5000, '5000'],
    [5000, 8000, '5000'],
    [1, 1, '1+'],
  ])('(%i, max %j) → %s', (value, max, expected) => {
    expect(sliderLabel(value, max)).toBe(expected);
  });
});
