import { describe, expect, it } from 'vitest';
import {
  BASIC_COLORS,
  BLANK_COLOR_INDEX,
  colorOfIndex,
  DEFAULT_COLOR,
  isBasicColor,
  isBasicColorIndex,
  isPaletteColor,
  mayPaintColorIndex,
  nearestPaletteIndex,
  normalizeHex,
  PALETTE,
  PALETTE_RGB,
  PALETTE_SIZE,
  paletteIndexOf,
  paletteIndexOfRgb,
} from './palette.ts';

describe('palette', () => {
  it('has 30 unique upper-case #RRGGBB colours', () => {
    expect(PALETTE_SIZE).toBe(30);
    expect(PALETTE).toHaveLength(30);
    expect(new Set(PALETTE).size).toBe(30);
    for (const c of PALETTE) expect(c).toMatch(/^#[0-9A-F]{6}$/);
  });

  it('starts with white, the blank canvas and default colour', () => {
    expect(PALETTE[BLANK_COLOR_INDEX]).toBe('#FFFFFF');
    expect(DEFAULT_COLOR).toBe('#FFFFFF');
  });

  it('fits an index in one byte of the wire', () => {
    expect(PALETTE_SIZE).toBeLessThanOrEqual(256);
  });
});

describe('normalizeHex', () => {
  it.each<[string, string | null]>([
    ['#FFFFFF', '#FFFFFF'],
    ['#ffffff', '#FFFFFF'],
    ['ffffff', '#FFFFFF'],
    ['#fff', '#FFFFFF'],
    ['fff', '#FFFFFF'],
    ['#abc', '#AABBCC'],
    ['#00a368', '#00A368'],
    ['  #00a368 ', '#00A368'],
    ['#Ff4500', '#FF4500'],
    ['', null],
    ['#', null],
    ['#ff', null],
    ['#ffff', null],
    ['#fffff', null],
    ['#1234567', null],
    ['#GGGGGG', null],
    ['##ffffff', null],
    ['rgb(0,0,0)', null],
    ['#ff ff ff', null],
  ])('%j → %j', (input, expected) => {
    expect(normalizeHex(input)).toBe(expected);
  });
});

describe('lookups', () => {
  it('maps every colour to its index and back, in any spelling', () => {
    PALETTE.forEach((hex, i) => {
      expect(paletteIndexOf(hex)).toBe(i);
      expect(paletteIndexOf(hex.toLowerCase())).toBe(i);
      expect(paletteIndexOf(hex.slice(1))).toBe(i);
      expect(colorOfIndex(i)).toBe(hex);
      expect(isPaletteColor(hex)).toBe(true);
    });
  });

  it.each([['#123456'], ['#FFFFFE'], ['nope'], ['']])('%j is not in the palette', (c) => {
    expect(paletteIndexOf(c)).toBe(-1);
    expect(isPaletteColor(c)).toBe(false);
  });

  it('accepts the short form of palette colours', () => {
    expect(paletteIndexOf('#fff')).toBe(0);
    expect(paletteIndexOf('#000')).toBe(4);
  });

  it.each([[-1], [30], [1.5]])('colorOfIndex(%d) throws', (i) => {
    expect(() => colorOfIndex(i)).toThrow(RangeError);
  });
});

describe('RGB', () => {
  it('packs 3 bytes per colour matching the hex', () => {
    expect(PALETTE_RGB).toHaveLength(90);
    PALETTE.forEach((hex, i) => {
      const rgb = [PALETTE_RGB[i * 3]!, PALETTE_RGB[i * 3 + 1]!, PALETTE_RGB[i * 3 + 2]!];
      const back = `#${rgb.map((b) => b.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
      expect(back).toBe(hex);
      expect(paletteIndexOfRgb(rgb[0]!, rgb[1]!, rgb[2]!)).toBe(i);
      expect(nearestPaletteIndex(rgb[0]!, rgb[1]!, rgb[2]!)).toBe(i);
    });
  });

  it('finds no exact match off the palette, and the nearest colour', () => {
    expect(paletteIndexOfRgb(1, 2, 3)).toBe(-1);
    expect(nearestPaletteIndex(250, 250, 250)).toBe(0);
    expect(nearestPaletteIndex(5, 5, 5)).toBe(4);
    expect(nearestPaletteIndex(255, 70, 2)).toBe(paletteIndexOf('#FF4500'));
  });
});

describe('the basic colour line', () => {
  it('is ten distinct palette colours with white and black', () => {
    expect(BASIC_COLORS).toHaveLength(10);
    expect(new Set(BASIC_COLORS).size).toBe(10);
    for (const c of BASIC_COLORS) expect(isPaletteColor(c)).toBe(true);
    expect(BASIC_COLORS).toContain('#FFFFFF');
    expect(BASIC_COLORS).toContain('#000000');
  });

  it('answers by palette index and by colour', () => {
    const basic = PALETTE.map((_, i) => i).filter((i) => isBasicColorIndex(i));
    expect(basic.map((i) => PALETTE[i])).toEqual(PALETTE.filter((c) => BASIC_COLORS.some((b) => b === c)));
    expect(isBasicColor('#fff')).toBe(true);
    expect(isBasicColor('#ff4500')).toBe(true);
    expect(isBasicColor('#6D001A')).toBe(false);
    expect(isBasicColor('#123456')).toBe(false);
    for (const bad of [-1, 30, 255, 1.5, Number.NaN]) expect(isBasicColorIndex(bad)).toBe(false);
  });

  it.each([
    [0, false, true],
    [paletteIndexOf('#6D001A'), false, false],
    [paletteIndexOf('#6D001A'), true, true],
    [30, true, false],
    [-1, true, false],
  ])('index %i, unlocked %s: may paint %s', (index, unlocked, allowed) => {
    expect(mayPaintColorIndex(index, unlocked)).toBe(allowed);
  });
});
