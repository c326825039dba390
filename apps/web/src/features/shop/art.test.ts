import { describe, expect, it } from 'vitest';
import { ART_COLORS, artPaths, PRODUCT_ART } from './art.ts';

describe('product art', () => {
  it.each(Object.entries(PRODUCT_ART))('%s is a 12×12 grid of known colours', (_key, rows) => {
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toHaveLength(12);
      for (const ch of row) expect(ch === '.' || ch in ART_COLORS).toBe(true);
    }
  });

  it('merges horizontal runs into one path per colour', () => {
    expect(artPaths(['kk.k'], 1, 2)).toEqual([{ color: ART_COLORS.k, d: 'M1 2h2v1h-2zM4 2h1v1h-1z' }]);
  });
});
