/**
 * `npm run lighthouse`: starts the built server, runs Lighthouse (mobile) on `/` in Debian's
 * Chromium, prints the scores and fails under target. Reports land in artifacts/lighthouse/.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM } from '../e2e/browser.ts';
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

export type Scores = Record<(typeof CATEGORIES)[number], number>;

/** Scores under their target, as messages; empty when every target is met. */
export function failures(scores: Partial<Scores>): string[] {
  return Object.entries(TARGETS)
    .filter(([category, target]) => (scores[category as keyof Scores] ?? 0) < target)
    .map(([category, target]) => `${category} ${scores[category as keyof Scores] ?? 'missing'} < ${target}`);
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run npm run build first (npm run lighthouse does)');
  }
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const url = `${server.url}/`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    fs.mkdirSync(REPORT_DIR, { recursive: true });
    const [html, json] = result.report as string[];
    fs.writeFileSync(path.join(REPORT_DIR, 'mobile.html'), html ?? '');
    fs.writeFileSync(path.join(REPORT_DIR, 'mobile.json'), json ?? '');

    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Scores;
    console.info(`Lighthouse mobile ${url}`);
    for (const c of CATEGORIES) console.info(`  ${c.padEnd(16)} ${scores[c]}`);
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ]) {
      const audit = lhr.audits[id];
      if (audit) console.info(`  ${audit.title.padEnd(28)} ${audit.displayValue ?? ''}`);
    }
    // What cost points, so a failure says where to look.
    const weak = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
      .map((a) => `  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    if (weak.length > 0) console.info(`Audits below 0.9:\n${weak.join('\n')}`);
    console.info(`Report: ${path.relative(REPO_ROOT, path.join(REPORT_DIR, 'mobile.html'))}`);

    const failed = failures(scores);
    if (failed.length > 0) {
      console.error(`Under target: ${failed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
