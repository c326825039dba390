import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../testing/harness.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Pixel Wall</title></head><body></body></html>';
const ASSET = `export const wall = '${'pixel '.repeat(400)}';\n`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the web build', () => {
  let store: TestStore;
  let run: RunningApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    const asset = path.join(webDist, 'assets/index-abc123.js');
    fs.writeFileSync(asset, ASSET);
    fs.writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
    fs.writeFileSync(`${asset}.gz`, gzipSync(ASSET));
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ WEB_DIST: webDist }));
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves hashed assets cached for good, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await fetch(`${run.baseUrl}/assets/index-abc123.js`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
      expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(await res.text()).toBe(ASSET);
    }
  });

  it('serves the app’s pages as index.html, asked again every time', async () => {
    for (const url of ['/', '/settings', '/squads/7']) {
      const res = await fetch(`${run.baseUrl}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX_HTML);
    }
  });

  it('answers an unknown API path with the app’s error, not the page', async () => {
    const res = await fetch(`${run.baseUrl}/api/v1/no-such-route`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
