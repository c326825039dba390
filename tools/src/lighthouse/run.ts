/**
 * `npm run lighthouse`: starts the built server, runs Lighthouse (mobile) on `/` in Debian's
 * Chromium, prints the scores and fails under target. Reports land in artifacts/lighthouse/.
 * `npm run lighthouse -- --runs 3` runs it three times and judges the median: the score moves with
 * the machine's load, which is printed alongside. The server listens on LIGHTHOUSE_PORT (default:
 * any free port).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../e2e/browser.ts';
import { envPort } from '../fakes/serve.ts';
import { REPO_ROOT, startServer } from '../lib/server-process.ts';

export const TARGETS = { performance: 90, accessibility: 95 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const REPORT_DIR = path.join(REPO_ROOT, 'artifacts', 'lighthouse');

const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

export type Scores = Record<(typeof CATEGORIES)[number], number>;

/** One run's scores and metrics (milliseconds; CLS unitless). */
export interface Run {
  scores: Scores;
  metrics: Record<keyof typeof METRICS, number>;
}

/** LIGHTHOUSE_PORT pins the port of the server Lighthouse measures; unset or 0: any free port. */
export function lighthousePort(env: Readonly<Record<string, string | undefined>>): number | undefined {
  return envPort(env, 'LIGHTHOUSE_PORT', 0) || undefined;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each score and metric, the median over `runs`. */
export function medianRun(runs: readonly Run[]): Run {
  const pick = <K extends string>(keys: readonly K[], of: (run: Run, key: K) => number) =>
    Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => of(run, key)))])) as Record<
      K,
      number
    >;
  return {
    scores: pick(CATEGORIES, (run, c) => run.scores[c]),
    metrics: pick(Object.keys(METRICS) as (keyof typeof METRICS)[], (run, m) => run.metrics[m]),
  };
}

/** One line: the performance score and the metrics behind it. */
export function formatRun({ scores, metrics }: Run): string {
  return [
    `performance ${scores.performance}`,
    `FCP ${Math.round(metrics.fcp)} ms`,
    `LCP ${Math.round(metrics.lcp)} ms`,
    `TBT ${Math.round(metrics.tbt)} ms`,
    `CLS ${metrics.cls.toFixed(3)}`,
  ].join(', ');
}

/** Scores under their target, as messages; empty when every target is met. */
export function failures(scores: Partial<Scores>): string[] {
  return Object.entries(TARGETS)
    .filter(([category, target]) => (scores[category as keyof Scores] ?? 0) < target)
    .map(([category, target]) => `${category} ${scores[category as keyof Scores] ?? 'missing'} < ${target}`);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

type RunnerResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

async function runOnce(url: string): Promise<{ run: Run; lhr: RunnerResult['lhr']; report: string[] }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Scores;
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
    ) as Run['metrics'];
    return { run: { scores, metrics }, lhr, report: result.report as string[] };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
  const count = Number(values.runs);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--runs wants a whole number, got ${values.runs}`);
  const port = lighthousePort(process.env);
  if (!fs.existsSync(path.join(REPO_ROOT, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run npm run build first (npm run lighthouse does)');
  }
  const server = await startServer(port === undefined ? {} : { port });
  try {
    const url = `${server.url}/`;
    console.info(`Lighthouse mobile ${url}`);
    const runs: Run[] = [];
    let last: Awaited<ReturnType<typeof runOnce>> | null = null;
    for (let i = 1; i <= count; i++) {
      const load = loadAverage();
      last = await runOnce(url);
      runs.push(last.run);
      console.info(`  run ${i}/${count} (load average ${load}): ${formatRun(last.run)}`);
    }
    const { lhr, report } = last!;
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const [html, json] = report;
    fs.writeFileSync(path.join(REPORT_DIR, 'mobile.html'), html ?? '');
    fs.writeFileSync(path.join(REPORT_DIR, 'mobile.json'), json ?? '');

    const result = medianRun(runs);
    console.info(count > 1 ? `Median of ${count} runs:` : 'Result:');
    for (const c of CATEGORIES) console.info(`  ${c.padEnd(16)} ${result.scores[c]}`);
    console.info(`  ${formatRun(result)}`);
    // What cost points in the last run, so a failure says where to look.
    const weak = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    if (weak.length > 0) console.info(`Audits below 0.9:\n${weak.join('\n')}`);
    console.info(`Report: ${path.relative(REPO_ROOT, path.join(REPORT_DIR, 'mobile.html'))}`);

    const failed = failures(result.scores);
    if (failed.length > 0) {
      console.error(`Under target: ${failed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
