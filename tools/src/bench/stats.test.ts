import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  bump,
  bytes,
  group,
  markdownTable,
  metricTotal,
  monotonicMs,
  ms,
  parsePrometheus,
  percentile,
  Samples,
  summarize,
  tally,
  xorshift32,
} from './stats.ts';

describe('percentile (nearest rank)', () => {
  const sorted = Float64Array.from({ length: 100 }, (_, i) => i + 1);

  it('picks the nearest-rank value', () => {
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 90)).toBe(90);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 99.5)).toBe(100);
  });

  it('clamps at both ends and is NaN when empty', () => {
    expect(percentile(sorted, 0)).toBe(1);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 50)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarize and Samples', () => {
  it('sorts its input without changing it', () => {
    const values = [5, 1, 4, 2, 3];
    const s = summarize(values);
    expect(s).toEqual({ count: 5, p50: 3, p90: 5, p99: 5, max: 5, mean: 3 });
    expect(values).toEqual([5, 1, 4, 2, 3]);
  });

  it('grows past its first allocation', () => {
    const samples = new Samples();
    for (let i = 3000; i >= 1; i--) samples.push(i);
    expect(samples.length).toBe(3000);
    const s = samples.summary();
    expect(s.p50).toBe(1500);
    expect(s.p99).toBe(2970);
    expect(s.max).toBe(3000);
  });

  it('reports an empty run as NaN, not zero', () => {
    const s = new Samples().summary();
    expect(s.count).toBe(0);
    expect(s.p50).toBeNaN();
    expect(s.max).toBeNaN();
  });
});

describe('formatting', () => {
  it('formats milliseconds by magnitude', () => {
    expect(ms(0.123)).toBe('0.12');
    expect(ms(3.16)).toBe('3.2');
    expect(ms(27.4)).toBe('27');
    expect(ms(12345.6)).toBe('12,346');
    expect(ms(Number.NaN)).toBe('–');
  });

  it('groups thousands and sizes bytes', () => {
    expect(group(1234567.4)).toBe('1,234,567');
    expect(bytes(512)).toBe('512 B');
    expect(bytes(2048)).toBe('2.0 KiB');
    expect(bytes(3 * 1024 * 1024)).toBe('3.00 MiB');
  });

  it('tallies counts, largest first', () => {
    const counts = new Map<string, number>();
    expect(tally(counts)).toBe('none');
    bump(counts, '500');
    bump(counts, '409 NO_CHARGES', 3);
    expect(tally(counts)).toBe('409 NO_CHARGES: 3, 500: 1');
  });

  it('renders a Markdown table, escaping pipes and padding short rows', () => {
    expect(markdownTable(['name', 'n'], [['a|b', '1'], ['c']])).toBe(
      ['| name | n |', '| --- | ---: |', '| a\\|b | 1 |', '| c |  |'].join('\n'),
    );
  });
});

describe('parsePrometheus', () => {
  const text = [
    '# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.',
    '# TYPE process_cpu_seconds_total counter',
    'process_cpu_seconds_total 12.5',
    'pixelwall_commit_seconds_sum 0.75',
    'pixelwall_commit_seconds_count 300',
    'pixelwall_http_request_seconds_sum{method="POST",route="/api/v1/repaint/start",status="200"} 4',
    'pixelwall_http_request_seconds_sum{method="GET",route="/x y",status="200"} 1.5',
    'nodejs_heap_space_size_total_bytes{space="new"} 1048576 1700000000000',
    '',
  ].join('\n');

  it('reads plain and labelled samples, with or without a timestamp', () => {
    const m = parsePrometheus(text);
    expect(m.get('process_cpu_seconds_total')).toBe(12.5);
    expect(m.get('pixelwall_commit_seconds_count')).toBe(300);
    expect(m.get('pixelwall_http_request_seconds_sum{method="GET",route="/x y",status="200"}')).toBe(1.5);
    expect(m.get('nodejs_heap_space_size_total_bytes{space="new"}')).toBe(1048576);
  });

  it('sums a metric over its labels without matching longer names', () => {
    const m = parsePrometheus(text);
    expect(metricTotal(m, 'pixelwall_http_request_seconds_sum')).toBe(5.5);
    expect(metricTotal(m, 'pixelwall_commit_seconds')).toBe(0);
    expect(metricTotal(m, 'missing')).toBe(0);
  });
});

describe('xorshift32', () => {
  it('gives the same sequence for the same seed, another for another, all in [0, 1)', () => {
    const take = (seed: number) => {
      const next = xorshift32(seed);
      return Array.from({ length: 1000 }, () => next());
    };
    const a = take(1);
    expect(take(1)).toEqual(a);
    expect(take(2)).not.toEqual(a);
    for (const v of a) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
    // xorshift32 of 1: 1 ^ 1 << 13 = 8193; ^ 8193 >>> 17 = 8193; ^ 8193 << 5 = 270369
    expect(a[0]).toBe(270369 / 2 ** 32);
  });
});

describe('monotonicMs', () => {
  it("is one clock for every process: a child's reading falls between two of ours", () => {
    const before = monotonicMs();
    const child = Number(
      execFileSync(process.execPath, ['-e', `process.stdout.write(String((${monotonicMs})()))`]),
    );
    const after = monotonicMs();
    expect(child).toBeGreaterThanOrEqual(before);
    expect(child).toBeLessThanOrEqual(after);
  });
});
