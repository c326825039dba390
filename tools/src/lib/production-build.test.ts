import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildState, fingerprint } from '../../../scripts/build-stamp.mjs';
import { COMPILED_ENTRY, ensureBuild, REPO_ROOT, type ServerProcess, startServer } from './server-process.ts';

describe('build fingerprint', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-stamp-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };

  it('changes with a source or the lockfile, not with build output or installed packages', () => {
    write('package-lock.json', '{}');
    write('apps/server/src/db/migrations/0001_a.sql', 'SELECT 1;');
    write('packages/shared/src/index.ts', 'export {};');
    const first = fingerprint(root);
    expect(fingerprint(root)).toBe(first);

    write('apps/server/dist/main.js', 'built');
    write('apps/web/node_modules/x/index.js', 'installed');
    write('apps/web/dist/index.html', '<html>');
    expect(fingerprint(root)).toBe(first);

    write('apps/server/src/db/migrations/0002_b.sql', 'SELECT 2;');
    const second = fingerprint(root);
    expect(second).not.toBe(first);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(fingerprint(root)).not.toBe(second);
  });
});

describe('the production build', () => {
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('is current after a build, so npm start does not build again', () => {
    ensureBuild();
    expect(buildState()).toEqual({ current: true, reason: 'build is current' });
    const out = execFileSync(process.execPath, ['scripts/ensure-build.mjs'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(out).not.toContain('building');
  }, 300_000);

  it('serves /healthz and /readyz from plain node, without tsx', async () => {
    // every import of the bundle is an npm package, a Node built-in or one of its own chunks (a
    // JavaScript file in dist, split off for a late import): the shared package is inside, and no
    // import reaches a source file
    const dist = path.dirname(path.join(REPO_ROOT, COMPILED_ENTRY));
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = fs.readFileSync(path.join(dist, file), 'utf8');
      expect(code).not.toMatch(/from ["']@pixel-wall\//);
      for (const [, spec] of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']*)["']/g)) {
        expect(spec).toMatch(/^\.\/[\w-]+\.js$/);
        walk(spec!.slice(2));
      }
    };
    walk(path.basename(COMPILED_ENTRY));
    expect(seen.size).toBeGreaterThan(1);
    server = await startServer({ compiled: true, readyTimeoutMs: 90_000 });
    expect(server.child.spawnargs).not.toContain('tsx');
    expect(server.child.spawnargs).toContain(COMPILED_ENTRY);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // ready means the migrations (copied beside the bundle) ran in the PGlite worker (its own file)
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ok: true, checks: { database: true } });
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  }, 120_000);
});
