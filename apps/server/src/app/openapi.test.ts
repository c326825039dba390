import { API_PREFIX } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRouteTree } from '../../../../tools/src/attack/suite.ts';
import {
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../testing/harness.ts';
import {
  DOCS_PATH,
  escapeHtml,
  isPublished,
  OPENAPI_PATH,
  type OpenApiDocument,
  openApiPath,
  operationIdOf,
  renderDocsPage,
  tagOf,
  UNPUBLISHED,
} from './openapi.ts';

describe('the published API, pure parts', () => {
  it.each([
    ['/api/v1/users/me', '/api/v1/users/me'],
    ['/api/v1/users/:id/profile', '/api/v1/users/{id}/profile'],
    ['/api/v1/admin/payments/:chargeId/refund', '/api/v1/admin/payments/{chargeId}/refund'],
    ['/api/v1/nft/item/:no(^\\d+).png', '/api/v1/nft/item/{no}.png'],
    ['/api/v1/a/:x(^(a|b)$)/:y', '/api/v1/a/{x}/{y}'],
  ])('writes the Fastify path %s as %s', (fastify, openapi) => {
    expect(openApiPath(fastify)).toBe(openapi);
  });

  it.each([
    ['GET', '/api/v1/users/:id/profile', 'getUsersIdProfile', 'users'],
    ['POST', '/api/v1/tx-reward/claim', 'postTxRewardClaim', 'tx-reward'],
    ['GET', '/api/v1/nft/item/:no(^\\d+).json', 'getNftItemNoJson', 'nft'],
    ['GET', '/api/v1/config', 'getConfig', 'config'],
  ])('names %s %s %s, tagged %s', (method, url, id, tag) => {
    expect(operationIdOf(method, url)).toBe(id);
    expect(tagOf(url)).toBe(tag);
  });

  it('publishes the API routes only, without the unpublished ones', () => {
    expect(isPublished('GET', `${API_PREFIX}/users/me`)).toBe(true);
    expect(isPublished('POST', `${API_PREFIX}/telegram/webhook`)).toBe(false);
    for (const url of ['/healthz', '/metrics', '/ws', OPENAPI_PATH, DOCS_PATH, '/api/v10/x']) {
      expect(isPublished('GET', url)).toBe(false);
    }
  });

  it('escapes what it renders', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const doc: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: '<script>alert(1)</script>', version: '1', description: 'a `<b>` here' },
      paths: {
        '/api/v1/x/{id}': {
          get: {
            tags: ['x'],
            operationId: 'getX"><script>',
            parameters: [{ name: '<i>', in: 'path', required: true, schema: { pattern: '</pre>' } }],
            responses: { '200': { description: '<img src=x>' } },
          },
        },
      },
    };
    const html = renderDocsPage(doc);
    expect(html).not.toMatch(/<script|<img|<i>|<\/pre>"/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<code>&lt;b&gt;</code>');
  });
});

describe('the published API', () => {
  let store: TestStore;
  let run: RunningApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store, testConfig());
    const res = await fetch(`${run.baseUrl}${OPENAPI_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await res.json()) as OpenApiDocument;
  }, 60_000);

  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('has every API route the server registers, with its method and path, and nothing else', () => {
    const routes = parseRouteTree(run.built.app.printRoutes({ commonPrefix: false }));
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    // Each unpublished route exists: the list names real routes, not old ones.
    for (const key of UNPUBLISHED.keys()) expect(registered).toContain(key);
    const expected = routes
      .filter((r) => r.url.startsWith(`${API_PREFIX}/`) && !UNPUBLISHED.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const published = Object.entries(doc.paths ?? {})
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(expected.length).toBeGreaterThan(50);
    expect(published).toEqual(expected);
  });

  it('describes each operation from its zod schemas, with its sign-in and a unique id', () => {
    expect(doc.openapi).toBe('3.1.0');
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const op of Object.values(item)) {
        ids.add(op.operationId ?? '');
        // Every {param} of the path is a declared path parameter.
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const declared = (op.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(declared, path).toEqual(inPath);
        expect(op.responses?.default).toEqual({ $ref: '#/components/responses/Error' });
      }
    }
    expect(ids.size).toBe(published(doc));

    const paint = doc.paths?.[`${API_PREFIX}/repaint/start`]?.post;
    expect(paint?.security).toEqual([{ bearer: [] }, { initData: [] }]);
    const body = paint?.requestBody?.content?.['application/json']?.schema as {
      required?: string[];
      properties?: Record<string, unknown>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['pixelId', 'newColor']));
    const charges = (
      paint?.responses?.['200']?.content?.['application/json']?.schema as {
        properties?: Record<string, unknown>;
      }
    )?.properties?.charges;
    expect(charges).toMatchObject({ type: 'integer' });

    const ban = doc.paths?.[`${API_PREFIX}/admin/ban/{id}`]?.put as Record<string, unknown>;
    expect(ban['x-role']).toBe('moderator');
    expect(doc.paths?.[`${API_PREFIX}/image/canvas`]?.get?.security).toEqual([]);
  });

  it('renders the reference page from the document, within the CSP', async () => {
    const res = await fetch(`${run.baseUrl}${DOCS_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(item)) expect(html).toContain(`id="${op.operationId}"`);
    }
    expect(html).toContain(`href="${OPENAPI_PATH}"`);
    expect(html).toContain('docs/WEBSOCKET.md');
    // Nothing the policy would block: no script, no resource from elsewhere; the inline style is
    // allowed by style-src.
    expect(html).not.toMatch(/<script|\bsrc=|href="(?!#|\/)/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/style-src [^;]*'unsafe-inline'/);
  });

  it('answers what the route fuzzer sends cleanly', async () => {
    for (const path of [OPENAPI_PATH, DOCS_PATH]) {
      const head = await fetch(`${run.baseUrl}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      const junk = await fetch(`${run.baseUrl}${path}?${'q'.repeat(3_000)}=%zz`);
      expect(junk.status).toBe(200);
      await junk.arrayBuffer();
      const post = await fetch(`${run.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(post.status).toBe(404);
      expect(await post.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});

function published(doc: OpenApiDocument): number {
  return Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item).length, 0);
}
