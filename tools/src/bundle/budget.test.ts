import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { entryScripts, measureInitialJs, staticImports } from './budget.ts';

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
    const expected = ['index.js', 'react.js', 'shared.js']
      .map((f) => zlib.gzipSync(fs.readFileSync(path.join(dir, 'assets', f)), { level: 9 }).length)
      .reduce((a, b) => a + b, 0);
    expect(result.totalGzipBytes).toBe(expected);
  });

  it('says so when the app is not built', () => {
    expect(() => measureInitialJs(path.join(dir, 'nowhere'))).toThrow(/npm run build/);
  });
});
