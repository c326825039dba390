/**
 * `npm run bench:web`: opens `/` of the built web app in Debian's Chromium on a phone profile with
 * the CPU slowed 4× (`Emulation.setCPUThrottlingRate`), records a CPU profile of the page from
 * navigation until the Wall's canvas is in the DOM, and prints, as the median of the runs:
 * - *first screen*: ms from navigation start until `[data-testid=wall-canvas]` is in the DOM;
 * - *zod*: ms of main-thread samples before the first screen spent inside zod (schema
 *   construction, and parsing any response checked by then), attributed through the build's
 *   source maps;
 * - *scripting*: ms of samples in any JavaScript before the first screen, for scale.
 * `npm run bench:web -- --runs 9` changes the number of runs (default 5).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CDPSession } from 'playwright-core';
import { launchBrowser, newPhone } from '../e2e/browser.ts';
import { startServer } from '../lib/server-process.ts';
import { WEB_DIST } from './budget.ts';

export const CPU_SLOWDOWN = 4;
const WALL = '[data-testid=wall-canvas]';
const SAMPLING_INTERVAL_US = 100;
/** The function the page runs when the Wall appears: samples from its first one on are not counted. */
const FIRST_SCREEN_MARK = 'firstScreenMark';
/**
 * Notes when the Wall's canvas enters the DOM (`window.__wallAt`, ms since navigation start) and
 * runs `firstScreenMark` for a moment then, so the CPU profile shows the same instant. A string:
 * the page runs it as it is.
 */
const FIRST_SCREEN_SCRIPT = `
(() => {
  function ${FIRST_SCREEN_MARK}() {
    const start = performance.now();
    while (performance.now() - start < 2) {}
  }
  const observer = new MutationObserver(() => {
    if (document.querySelector(${JSON.stringify(WALL)})) {
      window.__wallAt = performance.now();
      observer.disconnect();
      ${FIRST_SCREEN_MARK}();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
})();
`;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 VLQ numbers of one source map segment. */
export function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Per generated line, the segments `[column, source index]` in column order. */
export type LineMappings = [column: number, source: number][][];

/** The generated column → source file part of a source map (`mappings`, version 3). */
export function decodeMappings(mappings: string): LineMappings {
  const lines: LineMappings = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const [dColumn = 0, dSource] = decodeVlq(segment);
      column += dColumn;
      // Fields past the source index (line, column, name) are deltas this reader does not need.
      if (dSource !== undefined) source += dSource;
      segments.push([column, dSource === undefined ? -1 : source]);
    }
    lines.push(segments);
  }
  return lines;
}

/** The source file of the generated position (0-based line and column), or null when unmapped. */
export function sourceAt(
  lines: LineMappings,
  sources: readonly string[],
  line: number,
  column: number,
): string | null {
  const segments = lines[line];
  if (!segments) return null;
  let found = -1;
  for (const [segmentColumn, source] of segments) {
    if (segmentColumn > column) break;
    found = source;
  }
  return found >= 0 ? (sources[found] ?? null) : null;
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * Milliseconds of samples whose stack has a frame `inside(url, line, column)` says yes to, and of
 * samples in any script at all (idle, GC and program nodes aside), up to the first sample in a
 * function named `until`.
 */
export function profileTime(
  profile: CpuProfile,
  inside: (url: string, line: number, column: number) => boolean,
  until?: string,
): { matchedMs: number; scriptMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const verdict = new Map<number, { matched: boolean; script: boolean; end: boolean }>();
  const judge = (id: number): { matched: boolean; script: boolean; end: boolean } => {
    const known = verdict.get(id);
    if (known) return known;
    const frame = byId.get(id)!.callFrame;
    const up = parent.get(id);
    const above = up === undefined ? { matched: false, script: false, end: false } : judge(up);
    const own = {
      matched: above.matched || (frame.url !== '' && inside(frame.url, frame.lineNumber, frame.columnNumber)),
      script: above.script || frame.url !== '',
      end: above.end || (until !== undefined && frame.functionName === until),
    };
    verdict.set(id, own);
    return own;
  };
  let matchedUs = 0;
  let scriptUs = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one.
    const us = deltas[i + 1] ?? 0;
    const { matched, script, end } = judge(samples[i]!);
    if (end) break;
    if (matched) matchedUs += us;
    if (script) scriptUs += us;
  }
  return { matchedMs: matchedUs / 1000, scriptMs: scriptUs / 1000 };
}

/** Whether a position of a built chunk (by URL) maps to zod's sources, through the chunk's map. */
function zodLocator(distDir: string): (url: string, line: number, column: number) => boolean {
  const maps = new Map<string, { lines: LineMappings; zod: boolean[]; sources: string[] } | null>();
  return (url, line, column) => {
    const { pathname } = new URL(url);
    if (!maps.has(pathname)) {
      const file = path.join(distDir, `${pathname}.map`);
      if (!fs.existsSync(file)) {
        maps.set(pathname, null);
      } else {
        const map = JSON.parse(fs.readFileSync(file, 'utf8')) as { mappings: string; sources: string[] };
        maps.set(pathname, {
          lines: decodeMappings(map.mappings),
          sources: map.sources,
          zod: map.sources.map((s) => /[\\/]node_modules[\\/]zod[\\/]/.test(s)),
        });
      }
    }
    const map = maps.get(pathname);
    if (!map?.zod.includes(true)) return false;
    const source = sourceAt(map.lines, map.sources, line, column);
    return source !== null && /[\\/]node_modules[\\/]zod[\\/]/.test(source);
  };
}

export interface BootRun {
  firstScreenMs: number;
  zodMs: number;
  scriptMs: number;
}

async function measureOnce(baseUrl: string, inside: ReturnType<typeof zodLocator>): Promise<BootRun> {
  const browser = await launchBrowser();
  try {
    const context = await newPhone(browser);
    await context.addInitScript(FIRST_SCREEN_SCRIPT);
    const page = await context.newPage();
    // Same origin first, so the measured navigation stays in this renderer (and this CDP session).
    await page.goto(`${baseUrl}/readyz`);
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}/`);
    await page.waitForSelector(WALL, { state: 'attached', timeout: 60_000 });
    const firstScreenMs = await page.evaluate(() => (window as unknown as { __wallAt: number }).__wallAt);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const { matchedMs, scriptMs } = profileTime(profile, inside, FIRST_SCREEN_MARK);
    return { firstScreenMs, zodMs: matchedMs, scriptMs };
  } finally {
    await browser.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function formatBoot(run: BootRun): string {
  return `first screen ${Math.round(run.firstScreenMs)} ms, zod ${Math.round(run.zodMs)} ms, scripting ${Math.round(run.scriptMs)} ms`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
  const count = Number(values.runs);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--runs wants a whole number, got ${values.runs}`);
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('apps/web/dist is missing: run npm run build -w apps/web first (npm run bench:web does)');
  }
  const inside = zodLocator(WEB_DIST);
  const server = await startServer();
  try {
    console.info(`Boot of ${server.url}/ on a phone, CPU slowed ${CPU_SLOWDOWN}×`);
    const runs: BootRun[] = [];
    for (let i = 1; i <= count; i++) {
      const load = os.loadavg()[0]!.toFixed(2);
      // The first load warms the server (snapshot, caches); it is not counted.
      if (i === 1) await measureOnce(server.url, inside);
      const run = await measureOnce(server.url, inside);
      runs.push(run);
      console.info(`  run ${i}/${count} (load average ${load}): ${formatBoot(run)}`);
    }
    const result: BootRun = {
      firstScreenMs: median(runs.map((r) => r.firstScreenMs)),
      zodMs: median(runs.map((r) => r.zodMs)),
      scriptMs: median(runs.map((r) => r.scriptMs)),
    };
    console.info(`Median of ${count}: ${formatBoot(result)}`);
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
