/**
 * Initial JavaScript of the built web app: the entry chunk `index.html` loads plus every chunk it
 * imports statically (transitively), and the chunks index.html preloads for the first screen of `/`
 * (the Wall), gzipped. Other dynamic `import()`s are not counted: that code loads with its route.
 * `npm run bundle` prints it; the e2e bundle test fails over the budget.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../lib/server-process.ts';

export const WEB_DIST = path.join(REPO_ROOT, 'apps', 'web', 'dist');
/** SPEC of the "Every screen" issue: at most 250 KB of JavaScript, gzipped, before the first paint. */
export const INITIAL_JS_BUDGET_BYTES = 250 * 1024;

export interface ChunkSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface InitialJs {
  entries: string[];
  /** The entry and its static imports: loaded on every route. */
  chunks: ChunkSize[];
  /** Preloaded by index.html on `/` only (and their static imports not in `chunks`). */
  firstScreen: ChunkSize[];
  totalGzipBytes: number;
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of the built page. */
export function entryScripts(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) found.add(m[1]!);
  return [...found];
}

/** Scripts the `<script data-first-screen="/">` of the built page preloads on `/`. */
export function firstScreenScripts(html: string): string[] {
  const script = html.match(/<script\b[^>]*\bdata-first-screen="\/"[^>]*>([\s\S]*?)<\/script>/);
  return script ? [...script[1]!.matchAll(/"(\/[^"]+\.js)"/g)].map((m) => m[1]!) : [];
}

/** Static imports of a minified ES module: `import … from "./x.js"`, `import "./x.js"`, `export … from`. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(pattern)) found.add(m[1]!);
  return [...found];
}

function resolveAsset(distDir: string, fromFile: string | null, specifier: string): string {
  if (specifier.startsWith('/')) return path.join(distDir, specifier);
  return path.resolve(fromFile ? path.dirname(fromFile) : distDir, specifier);
}

/** Sizes of `start` and their static imports, skipping (and adding to) `seen`. */
function walk(distDir: string, start: string[], seen: Set<string>): ChunkSize[] {
  const queue = start.map((e) => resolveAsset(distDir, null, e));
  const chunks: ChunkSize[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file);
    chunks.push({
      file: path.relative(distDir, file),
      bytes: code.length,
      gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
    });
    for (const specifier of staticImports(code.toString('utf8'))) {
      queue.push(resolveAsset(distDir, file, specifier));
    }
  }
  return chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

/** Walks the entry scripts of `distDir/index.html`, the first screen's preloads, and their static imports. */
export function measureInitialJs(distDir: string = WEB_DIST): InitialJs {
  const htmlFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(htmlFile)) throw new Error(`${htmlFile} is missing: run npm run build first`);
  const html = fs.readFileSync(htmlFile, 'utf8');
  const entries = entryScripts(html).filter((s) => s.endsWith('.js'));
  const seen = new Set<string>();
  const chunks = walk(distDir, entries, seen);
  const firstScreen = walk(distDir, firstScreenScripts(html), seen);
  const totalGzipBytes = [...chunks, ...firstScreen].reduce((sum, c) => sum + c.gzipBytes, 0);
  return { entries, chunks, firstScreen, totalGzipBytes };
}

/**
 * Modules of packages/shared in `chunks` that import zod (read from the chunks' source maps):
 * building their schemas at start cost the first screen a few hundred ms of a phone's CPU, so the
 * web app loads them after it (apps/web/src/api/schemas.ts). Chunks without a map are skipped.
 */
export function sharedSchemaModules(chunks: readonly ChunkSize[], distDir: string = WEB_DIST): string[] {
  const found = new Set<string>();
  for (const chunk of chunks) {
    const mapFile = path.join(distDir, `${chunk.file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as {
      sources: string[];
      sourcesContent?: (string | null)[];
    };
    map.sources.forEach((source, i) => {
      const shared = source.match(/packages\/shared\/src\/.+$/);
      if (shared && /\bfrom ['"]zod['"]/.test(map.sourcesContent?.[i] ?? '')) found.add(shared[0]);
    });
  }
  return [...found].sort();
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export function report(result: InitialJs, budget = INITIAL_JS_BUDGET_BYTES): string {
  const lines = (chunks: ChunkSize[]) =>
    chunks.map(
      (c) =>
        `  ${c.file.padEnd(44)} ${formatKb(c.bytes).padStart(10)} ${formatKb(c.gzipBytes).padStart(10)} gz`,
    );
  return [
    'Initial JavaScript (entry + static imports):',
    ...lines(result.chunks),
    'First screen of / (preloaded by index.html):',
    ...lines(result.firstScreen),
    `  total ${formatKb(result.totalGzipBytes)} gzipped, budget ${formatKb(budget)}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = measureInitialJs();
  console.info(report(result));
  if (result.totalGzipBytes > INITIAL_JS_BUDGET_BYTES) {
    console.error(`Over budget by ${formatKb(result.totalGzipBytes - INITIAL_JS_BUDGET_BYTES)}`);
    process.exitCode = 1;
  }
}
