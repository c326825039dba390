import { describe, expect, it } from 'vitest';
import { failures } from './run.ts';

describe('Lighthouse targets', () => {
  it('pass at the targets and fail below them', () => {
    expect(failures({ performance: 90, accessibility: 95 })).toEqual([]);
    expect(failures({ performance: 89, accessibility: 100 })).toEqual(['performance 89 < 90']);
    expect(failures({ performance: 99 })).toEqual(['accessibility missing < 95']);
  });
});
