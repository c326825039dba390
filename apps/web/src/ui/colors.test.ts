import { BASIC_COLORS } from '@pixel-wall/shared';
import { PALETTE } from '@pixel-wall/shared/core';
import { describe, expect, it } from 'vitest';
import {
  NOT_FOR_START,
  parseRecent,
  pushRecent,
  randomPaletteColor,
  randomStartColor,
  recentOrActive,
  snapColor,
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

  it("shows a newcomer's start colour as the recent one, never a white nobody picked", () => {
    expect(recentOrActive([], '#FF4500')).toEqual(['#FF4500']);
    expect(recentOrActive(['#000000', '#FF4500'], '#FF4500')).toEqual(['#000000', '#FF4500']);
  });

  it('starts from a palette colour', () => {
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

describe("Pixanos' Snap colour", () => {
  it('takes the active colour when the player may paint it', () => {
    expect(snapColor('#ff4500', true)).toBe('#FF4500');
    expect(snapColor('#ffffff', false)).toBe('#FFFFFF');
  });

  it('never picks a locked colour without All colours: the server would refuse it', () => {
    const locked = PALETTE.find((c) => !BASIC_COLORS.some((b) => b === c))!;
    for (const r of [0, 0.25, 0.5, 0.999]) {
      const pick = snapColor(locked, false, () => r);
      expect(BASIC_COLORS).toContain(pick);
    }
    expect(snapColor('#123456', false, () => 0)).toBe(BASIC_COLORS[0]);
  });

  it('picks from the whole palette with All colours', () => {
    expect(snapColor(null, true, () => 0.999)).toBe(PALETTE.at(-1));
    expect(snapColor('#123456', true, () => 0)).toBe(PALETTE[0]);
  });
});
