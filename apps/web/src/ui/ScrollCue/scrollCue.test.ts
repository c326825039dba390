import { describe, expect, it } from 'vitest';
import { hiddenEdges, scrollToShow } from './scrollCue.ts';

describe('hiddenEdges', () => {
  it('says which way more items lie', () => {
    expect(hiddenEdges(0, 390, 390)).toBe('');
    expect(hiddenEdges(0, 390, 600)).toBe('end');
    expect(hiddenEdges(100, 390, 600)).toBe('start end');
    expect(hiddenEdges(210, 390, 600)).toBe('start');
  });

  it('counts a row within a pixel or two of an edge as at it', () => {
    expect(hiddenEdges(1, 390, 600)).toBe('end');
    expect(hiddenEdges(208.5, 390, 600)).toBe('start');
  });
});

describe('scrollToShow', () => {
  it('leaves an item already in view where it is', () => {
    expect(scrollToShow(0, 390, 700, 10, 80)).toBe(0);
    expect(scrollToShow(100, 390, 700, 300, 80)).toBe(100);
  });

  it('centres an item cut off at either edge', () => {
    // Item at 500..580 in a 390 px row: centred means 500 - (390 - 80) / 2 = 345.
    expect(scrollToShow(0, 390, 1000, 500, 80)).toBe(345);
    expect(scrollToShow(600, 390, 1000, 300, 80)).toBe(145);
  });

  it('never scrolls past either end', () => {
    expect(scrollToShow(0, 390, 700, 650, 50)).toBe(310);
    expect(scrollToShow(300, 390, 700, 5, 40)).toBe(0);
  });
});
