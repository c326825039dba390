import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerCheck } from './app/ops-routes.ts';
import { helmetOptions, inlineScriptHashes, staticSecurityHeaders } from './lib/security-headers.ts';
import { createTestStore, type RunningApp, startApp, type TestStore, testConfig } from './testing/harness.ts';

const INLINE = "document.documentElement.dataset.ready = 'yes';";
const INDEX_HTML = `<!doctype html><html><head><script>${INLINE}</script>
<script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>`;

function directivesOf(csp: string | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('helmetOptions on a plain-http local run', () => {
  it('neither upgrades requests nor pins https', () => {
    const opts = helmetOptions({ publicUrl: null, indexHtml: null });
    const csp = opts.contentSecurityPolicy as { directives: Record<string, string[]> };
    expect(csp.directives['upgrade-insecure-requests']).toBeUndefined();
    expect(csp.directives['connect-src']).toEqual(["'self'", 'https:']);
    expect(opts.strictTransportSecurity).toBe(false);
    const http = helmetOptions({ publicUrl: 'http://10.0.0.5:8080', indexHtml: null });
    expect((http.contentSecurityPolicy as typeof csp).directives['connect-src']).toContain(
      'ws://10.0.0.5:8080',
    );
  });
});

describe('staticSecurityHeaders', () => {
  it('are the headers helmet sets for the options, worked out once', () => {
    const local = new Map(staticSecurityHeaders(helmetOptions({ publicUrl: null, indexHtml: null })));
    expect(directivesOf(local.get('content-security-policy')).get('frame-ancestors')?.[0]).toBe("'self'");
    expect(local.get('x-content-type-options')).toBe('nosniff');
    expect(local.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(local.has('strict-transport-security')).toBe(false);
    expect(local.has('x-frame-options')).toBe(false);
    const deployed = new Map(
      staticSecurityHeaders(helmetOptions({ publicUrl: 'https://wall.example', indexHtml: null })),
    );
    expect(deployed.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directivesOf(deployed.get('content-security-policy')).get('connect-src')).toContain(
      'wss://wall.example',
    );
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts and skips scripts loaded from a file', () => {
    const expected = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([expected]);
    expect(inlineScriptHashes('<script src="/a.js"></script>')).toEqual([]);
  });
});

describe('security headers', () => {
  let store: TestStore;
  let run: RunningApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(webDist, 'tonconnect-icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ WEB_DIST: webDist, PUBLIC_URL: 'https://wall.example' }));
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('let Telegram web clients frame the page and allow the built page’s inline script', async () => {
    const res = await fetch(`${run.baseUrl}/settings`);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = directivesOf(res.headers.get('content-security-policy') ?? undefined);
    expect(csp.get('frame-ancestors')).toEqual([
      "'self'",
      'https://web.telegram.org',
      'https://*.web.telegram.org',
      'https://webk.telegram.org',
      'https://webz.telegram.org',
    ]);
    expect(csp.get('script-src')).toContain(inlineScriptHashes(INDEX_HTML)[0]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toEqual(["'self'", 'https:', 'wss://wall.example']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('script-src-attr')).toEqual([
      "'unsafe-hashes'",
      `'sha256-${createHash('sha256').update('').digest('base64')}'`,
    ]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('let wallets on other sites read the TON Connect manifest and icon', async () => {
    const manifest = await fetch(`${run.baseUrl}/tonconnect-manifest.json`);
    expect(await manifest.json()).toMatchObject({ url: 'https://wall.example' });
    const icon = await fetch(`${run.baseUrl}/tonconnect-icon.png`);
    expect(icon.status).toBe(200);
    for (const res of [manifest, icon]) {
      expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const page = await fetch(`${run.baseUrl}/`);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });

  it('send the same policy with API replies, errors included', async () => {
    for (const url of ['/healthz', '/api/v1/nothing-here']) {
      const res = await fetch(`${run.baseUrl}${url}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(
        directivesOf(res.headers.get('content-security-policy') ?? undefined).get('default-src'),
      ).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const TOKEN = 'scrape-me-0123456789abcdef';
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig({ METRICS_TOKEN: TOKEN }));
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('answers the right bearer token', async () => {
    const res = await fetch(`${run.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('pixelwall_paints_total');
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer scrape-me-0123456789abcdeX'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token without the scheme', TOKEN],
    ['another scheme', `Basic ${TOKEN}`],
  ])('refuses %s with 401 in the error format', async (_name, authorization) => {
    const res = await fetch(`${run.baseUrl}/metrics`, {
      headers: authorization ? { authorization } : {},
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = (await res.json()) as { error: { code: string; message: string }; requestId: string };
    expect(body.error.code).toBe('UNAUTHORIZED');
    expect(body.error.message).toMatch(/METRICS_TOKEN/);
    expect(body.requestId).toBeTruthy();
  });

  it('stays open when no token is configured', () => {
    const open = bearerCheck(null);
    expect(open(undefined)).toBe(true);
    expect(open('Bearer anything')).toBe(true);
    const closed = bearerCheck(TOKEN);
    expect(closed(`bearer ${TOKEN}`)).toBe(true);
    expect(closed(`Bearer ${TOKEN}x`)).toBe(false);
    expect(closed('Bearer ')).toBe(false);
  });
});
