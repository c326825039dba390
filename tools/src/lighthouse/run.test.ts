import { describe, expect, it } from 'vitest';
import { failures, formatRun, lighthousePort, median, medianRun, type Run } from './run.ts';

describe('Lighthouse targets', () => {
  it('pass at the targets and fail below them', () => {
    expect(failures({ performance: 90, accessibility: 95 })).toEqual([]);
    expect(failures({ performance: 89, accessibility: 100 })).toEqual(['performance 89 < 90']);
    expect(failures({ performance: 99 })).toEqual(['accessibility missing < 95']);
  });
});

describe('several runs', () => {
  const run = (performance: number, tbt: number): Run => ({
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    metrics: { fcp: 1000 + performance, lcp: 2000, tbt, cls: 0 },
  });

  it('take the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([90, 80, 96, 94])).toBe(92);
    expect(() => median([])).toThrow();
  });

  it('judge each score and metric by its own median', () => {
    const result = medianRun([run(91, 300), run(85, 120), run(96, 200)]);
    expect(result.scores.performance).toBe(91);
    expect(result.metrics).toEqual({ fcp: 1091, lcp: 2000, tbt: 200, cls: 0 });
    expect(formatRun(result)).toBe('performance 91, FCP 1091 ms, LCP 2000 ms, TBT 200 ms, CLS 0.000');
  });
});

describe("the measured server's port", () => {
  it('is any free one unless LIGHTHOUSE_PORT pins it', () => {
    expect(lighthousePort({})).toBeUndefined();
    expect(lighthousePort({ LIGHTHOUSE_PORT: '0' })).toBeUndefined();
    expect(lighthousePort({ LIGHTHOUSE_PORT: '8099' })).toBe(8099);
    expect(() => lighthousePort({ LIGHTHOUSE_PORT: 'eighty' })).toThrow(/^LIGHTHOUSE_PORT: wants a port/);
  });
});
