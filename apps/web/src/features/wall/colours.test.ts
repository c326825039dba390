import { BASIC_COLORS, PALETTE } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import {
  ALL_COLORS_PRODUCT,
  hasAllColors,
  LOCKED_COLORS,
  mayUse,
  pipetteTake,
  usableActive,
} from './colours.ts';

describe('the colours a player may use', () => {
  it('are the basic line, and the whole palette with All colours (14)', () => {
    expect(ALL_COLORS_PRODUCT).toBe(14);
    expect(hasAllColors({})).toBe(false);
    expect(hasAllColors({ '14': 0 })).toBe(false);
    expect(hasAllColors({ '14': 1 })).toBe(true);
    expect(LOCKED_COLORS).toHaveLength(PALETTE.length - BASIC_COLORS.length);
    for (const c of BASIC_COLORS) expect(mayUse(c, false)).toBe(true);
    for (const c of LOCKED_COLORS) {
      expect(mayUse(c, false)).toBe(false);
      expect(mayUse(c, true)).toBe(true);
    }
    expect(mayUse('#123456', true)).toBe(false);
  });

  it('the pipette takes a usable colour and offers the unlock for a locked one', () => {
    expect(pipetteTake('#FF4500', false)).toEqual({ kind: 'pick', color: '#FF4500' });
    expect(pipetteTake('#6D001A', false)).toEqual({ kind: 'locked', color: '#6D001A' });
    expect(pipetteTake('#6D001A', true)).toEqual({ kind: 'pick', color: '#6D001A' });
  });

  it('a locked active colour gives way to the latest usable recent one, else a basic start colour', () => {
    expect(usableActive('#FF4500', [], false)).toBeNull();
    expect(usableActive('#6D001A', ['#6D001A', '#00CC78', '#3690EA'], true)).toBeNull();
    expect(usableActive('#6D001A', ['#6D001A', '#00CC78', '#3690EA', '#000000'], false)).toBe('#3690EA');
    const start = usableActive('#00CC78', ['#00CC78'], false, () => 0.5);
    expect(BASIC_COLORS).toContain(start);
    expect(start).not.toBe('#FFFFFF');
  });
});
