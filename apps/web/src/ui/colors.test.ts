import { describe, expect, it } from 'vitest';
import { parseRecent, pushRecent, randomPaletteColor, recentOrDefault } from './colors.ts';

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
