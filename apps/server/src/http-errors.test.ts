import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type RunningApp, startApp, type TestStore } from './testing/harness.ts';

/** Every 4xx, the router's and the body parser's included, speaks the app's error format. */
describe('client errors in the app format', () => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(store);
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  const long = `${'9'.repeat(300)}LONGINPUT`;
  const json = { 'content-type': 'application/json' };
  it.each([
    ['a bad % escape', 'GET', '/api/v1/squads/%E0%A4%A', {}, undefined, 400],
    ['an over-long path parameter', 'GET', `/api/v1/squads/${long}`, {}, undefined, 414],
    ['an unknown route', 'GET', `/api/v1/${long}`, {}, undefined, 404],
    ['an unknown method', 'DELETE', '/api/v1/auth/dev', {}, undefined, 404],
    ['an unsupported media type', 'POST', '/api/v1/auth/dev', { 'content-type': 'text/x-long' }, long, 415],
    ['bad JSON', 'POST', '/api/v1/auth/dev', json, `{${long}`, 400],
    ['an empty JSON body', 'POST', '/api/v1/auth/dev', json, '', 400],
    ['a body too large', 'POST', '/api/v1/auth/dev', json, `"${'x'.repeat(20_000)}LONGINPUT"`, 413],
    [
      'an over-long unknown query key',
      'GET',
      `/api/v1/ratings/personal?${'q'.repeat(3_000)}LONGINPUT=1`,
      {},
      undefined,
      400,
    ],
    ['a plain GET of the websocket address', 'GET', '/ws', {}, undefined, 426],
  ] as const)('%s', async (_name, method, url, headers, body, status) => {
    const res = await fetch(`${run.baseUrl}${url}`, { method, headers, body });
    const text = await res.text();
    expect(res.status).toBe(status);
    const parsed = JSON.parse(text) as { error: { code: unknown; message: unknown } };
    expect(typeof parsed.error.code).toBe('string');
    expect(typeof parsed.error.message).toBe('string');
    expect(text).not.toContain('LONGINPUT');
    expect(text.length).toBeLessThan(400);
  });
});
