/** Percentiles, counters, a clock the bench's processes share, and Markdown tables for the benchmark report. */

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

/**
 * Milliseconds on the machine's monotonic clock (CLOCK_MONOTONIC through libuv), which every
 * process on the machine reads alike: a time stamped in one process compares with one stamped in
 * another. `performance.timeOrigin + performance.now()` does not: each process takes its origin
 * from the wall clock once, at its start, so a wall clock set or slewed between two starts shifts
 * every comparison between them by that much.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** A seeded xorshift32 generator of numbers in [0, 1): the same sequence for the same seed. */
export function xorshift32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

/** Nearest-rank percentile of an ascending array; NaN when empty. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0]!;
  if (p >= 100) return sorted[sorted.length - 1]!;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[rank - 1]!;
}

export function summarize(values: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    mean: sorted.length > 0 ? sum / sorted.length : Number.NaN,
  };
}

/** A growable list of samples: a load generator records 100k+ latencies without boxing each. */
export class Samples {
  private data = new Float64Array(1024);
  private n = 0;

  push(v: number): void {
    if (this.n === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.n++] = v;
  }

  get length(): number {
    return this.n;
  }

  values(): Float64Array {
    return this.data.subarray(0, this.n);
  }

  summary(): LatencySummary {
    return summarize(this.values());
  }
}

/** Counts by key (HTTP status, error code), shown as `409 NO_CHARGES: 12, 500: 1`. */
export function tally(counts: ReadonlyMap<string, number>): string {
  if (counts.size === 0) return 'none';
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
}

export function bump(counts: Map<string, number>, key: string, by = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** Milliseconds with precision that fits the magnitude: 0.42, 3.1, 27, 1 204. */
export function ms(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v < 1) return v.toFixed(2);
  if (v < 10) return v.toFixed(1);
  return group(Math.round(v));
}

/** An integer with thin-space-free thousands grouping that survives Markdown: 12,345. */
export function group(v: number): string {
  if (!Number.isFinite(v)) return '–';
  return Math.round(v).toLocaleString('en-US');
}

export function bytes(v: number): string {
  if (!Number.isFinite(v)) return '–';
  if (v < 1024) return `${Math.round(v)} B`;
  if (v < 1024 * 1024) return `${(v / 1024).toFixed(1)} KiB`;
  return `${(v / 1024 / 1024).toFixed(2)} MiB`;
}

/** A Markdown table; cells are escaped for `|` so an error message cannot break the layout. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const lines = [
    `| ${headers.map(esc).join(' | ')} |`,
    `| ${headers.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
  ];
  for (const row of rows) {
    const cells = headers.map((_, i) => esc(row[i] ?? ''));
    lines.push(`| ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/**
 * Prometheus text format → sample values keyed by `name{labels}` exactly as written (or `name`).
 * Enough for reading our own server's counters and histograms; comments and blank lines skipped.
 */
export function parsePrometheus(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const close = line.lastIndexOf('}');
    const split = close >= 0 ? line.indexOf(' ', close) : line.indexOf(' ');
    if (split <= 0) continue;
    const value = Number(
      line
        .slice(split + 1)
        .trim()
        .split(' ')[0],
    );
    if (!Number.isNaN(value)) out.set(line.slice(0, split), value);
  }
  return out;
}

/** Sum of every sample of `name` whatever its labels (a histogram's `_sum` over all routes). */
export function metricTotal(metrics: ReadonlyMap<string, number>, name: string): number {
  let total = 0;
  for (const [key, v] of metrics) {
    if (key === name || key.startsWith(`${name}{`)) total += v;
  }
  return total;
}
