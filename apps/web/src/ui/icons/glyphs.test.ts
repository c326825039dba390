import { describe, expect, it } from 'vitest';
import { glyphs } from './glyphs.ts';
import { pixelPath } from './PixelIcon.tsx';

describe('glyphs', () => {
  it('are all 12×12 grids of # and .', () => {
    for (const [name, rows] of Object.entries(glyphs)) {
      expect(rows, name).toHaveLength(12);
      for (const row of rows) expect(row, name).toMatch(/^[#.]{12}$/);
    }
  });

  it('merges horizontal runs into one rectangle each', () => {
    expect(pixelPath(['.##.', '#..#'])).toBe('M1 0h2v1h-2zM0 1h1v1h-1zM3 1h1v1h-1z');
  });
});
