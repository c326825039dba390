import { BASIC_COLORS } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOR_START,
  parseRecent,
  pushRecent,
  randomPaletteColor,
  randomStartColor,
  recentOrDefault,
} from './colors.ts';

describe('recent colours', () => {
  it('moves a used colour to the front and keeps eight', () => {
    let r: string[] = [];
    for (const c of [
      '#000000',
      '#FF4500',
      '#FFFFFF',
      '#00A368',
      '#2450A4',
      '#6D001A',
      '#BE0039',
      '#FFA800',
      '#FFD635',
    ]) {
      r = pushRecent(r, c);
    }
    expect(r).toHaveLength(8);
    expect(r[0]).toBe('#FFD635');
    expect(r).not.toContain('#000000');
    expect(pushRecent(r, '#FF4500')[0]).toBe('#FF4500');
    expect(pushRecent(r, '#FF4500')).toHaveLength(8);
  });

  it('parses only palette colours from storage, tolerating garbage', () => {
    expect(parseRecent(null)).toEqual([]);
    expect(parseRecent('nope')).toEqual([]);
    expect(parseRecent('{"a":1}')).toEqual([]);
    expect(parseRecent('["#ff4500", "#123456", 5, "#FF4500", "#000"]')).toEqual(['#FF4500', '#000000']);
  });

  it('defaults to white and starts from a palette colour', () => {
    expect(recentOrDefault([])).toEqual(['#FFFFFF']);
    expect(randomPaletteColor(() => 0)).toBe('#FFFFFF');
    expect(randomPaletteColor(() => 0.9999)).toBe('#FF99AA');
  });
});

describe('the start colour', () => {
  it("is never the blank wall's white, nor the grey that hardly shows on it", () => {
    expect(NOT_FOR_START).toContain('#FFFFFF');
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(randomStartColor(() => i / 1000));
    expect(seen.has('#FFFFFF')).toBe(false);
    expect(seen.has('#D4D7D9')).toBe(false);
    // every other colour of the basic line can come up, and nothing beyond it
    expect([...seen].sort()).toEqual(BASIC_COLORS.filter((c) => c !== '#FFFFFF').sort());
  });

  it('stays in the basic line at both ends of the random range', () => {
    expect(randomStartColor(() => 0)).toBe('#898D90');
    expect(randomStartColor(() => 0.9999)).toBe('#811E9F');
  });
});
