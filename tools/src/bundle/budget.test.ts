import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  entryScripts,
  firstScreenScripts,
  measureInitialJs,
  sharedSchemaModules,
  staticImports,
} from './budget.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(file: string, content: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
}

describe('initial JavaScript measure', () => {
  it('finds entry scripts and module preloads in the built page', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js">' +
      '<link rel="stylesheet" href="/assets/index.css">';
    expect(entryScripts(html)).toEqual(['/assets/index-a.js', '/assets/react-b.js']);
  });

  it('finds the scripts preloaded for the first screen of /, not its styles', () => {
    const html =
      '<script>const language = "en";</script>' +
      '<script data-first-screen="/">(function p(h){})(["/assets/WallPage-a.js","/assets/WallPage-b.css","/assets/motion-c.js"]);</script>';
    expect(firstScreenScripts(html)).toEqual(['/assets/WallPage-a.js', '/assets/motion-c.js']);
    expect(firstScreenScripts('<script>(["/assets/x.js"])</script>')).toEqual([]);
  });

  it('reads static imports and re-exports, not dynamic imports', () => {
    const code =
      'import{a as b}from"./react-1.js";import"./side-2.js";export{c}from"./re-3.js";' +
      'const x=()=>import("./lazy-4.js");';
    expect(staticImports(code).sort()).toEqual(['./re-3.js', './react-1.js', './side-2.js']);
  });

  it('sums the gzipped entry chunk and its static imports, once each, leaving lazy chunks out', () => {
    const big = 'x'.repeat(5000);
    write('index.html', '<script type="module" src="/assets/index.js"></script>');
    write(
      'assets/index.js',
      `import{a}from"./shared.js";import{b}from"./react.js";const l=()=>import("./lazy.js");`,
    );
    write('assets/react.js', `import{a}from"./shared.js";export const b="${big}";`);
    write('assets/shared.js', 'export const a=1;');
    write('assets/lazy.js', `export const huge="${big.repeat(100)}";`);
    const result = measureInitialJs(dir);
    expect(result.chunks.map((c) => c.file).sort()).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/shared.js',
    ]);
    expect(result.firstScreen).toEqual([]);
    const expected = ['index.js', 'react.js', 'shared.js']
      .map((f) => zlib.gzipSync(fs.readFileSync(path.join(dir, 'assets', f)), { level: 9 }).length)
      .reduce((a, b) => a + b, 0);
    expect(result.totalGzipBytes).toBe(expected);
  });

  it('adds what index.html preloads for / once, apart from the entry chunks', () => {
    const big = 'y'.repeat(3000);
    write(
      'index.html',
      '<script data-first-screen="/">(function p(h){})(["/assets/wall.js"]);</script>' +
        '<script type="module" src="/assets/index.js"></script>',
    );
    write('assets/index.js', 'import{a}from"./shared.js";const w=()=>import("./wall.js");');
    write('assets/shared.js', 'export const a=1;');
    write('assets/wall.js', `import{a}from"./shared.js";import{m}from"./motion.js";export const w="${big}";`);
    write('assets/motion.js', 'export const m=2;');
    const result = measureInitialJs(dir);
    expect(result.chunks.map((c) => c.file).sort()).toEqual(['assets/index.js', 'assets/shared.js']);
    expect(result.firstScreen.map((c) => c.file).sort()).toEqual(['assets/motion.js', 'assets/wall.js']);
    const expected = ['index.js', 'shared.js', 'wall.js', 'motion.js']
      .map((f) => zlib.gzipSync(fs.readFileSync(path.join(dir, 'assets', f)), { level: 9 }).length)
      .reduce((a, b) => a + b, 0);
    expect(result.totalGzipBytes).toBe(expected);
  });

  it('names the shared modules that import zod among the chunks, through their source maps', () => {
    write('assets/app.js', 'export const a=1;');
    write(
      'assets/app.js.map',
      JSON.stringify({
        sources: [
          '../../../../packages/shared/src/palette.ts',
          '../../../../packages/shared/src/api.ts',
          '../../src/main.tsx',
        ],
        sourcesContent: [
          'export const PALETTE = [];',
          "import { z } from 'zod';\nexport const s = z.object({});",
          "import { z } from 'zod';",
        ],
      }),
    );
    write('assets/react.js', 'export const b=2;');
    const chunk = (file: string) => ({ file, bytes: 0, gzipBytes: 0 });
    expect(sharedSchemaModules([chunk('assets/app.js'), chunk('assets/react.js')], dir)).toEqual([
      'packages/shared/src/api.ts',
    ]);
    expect(sharedSchemaModules([chunk('assets/react.js')], dir)).toEqual([]);
  });

  it('says so when the app is not built', () => {
    expect(() => measureInitialJs(path.join(dir, 'nowhere'))).toThrow(/npm run build/);
  });
});
