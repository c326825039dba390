import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestStore,
  playerFactory,
  type RunningApp,
  startApp,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';
import { upload } from './testing.ts';

const UPLOAD = '/api/v1/image/template/upload';
const MAX = 64 * 1024;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { error?: { code: string; message: string } } | null;
}

/**
 * An upload that declares `length` bytes and sends only `first` of them: `reply` settles when the
 * server answers (or the connection fails), `sendRest` sends the remaining bytes, `abort` drops it.
 */
function partialUpload(base: string, token: string, length: number, first: number) {
  const url = new URL(`${base}${UPLOAD}`);
  const req = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    // a connection of its own: a pooled one the server has closed would fail before the headers
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'content-length': String(length),
    },
  });
  let sentAll = false;
  const reply = new Promise<Reply & { beforeBodySent: boolean }>((resolve, reject) => {
    req.on('response', (res) => {
      const beforeBodySent = !sentAll;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text ? JSON.parse(text) : null,
          beforeBodySent,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(Buffer.alloc(first, 7));
  return {
    reply,
    sendRest() {
      sentAll = true;
      req.end(Buffer.alloc(length - first, 7));
    },
    abort() {
      req.destroy();
    },
  };
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no reply within ${ms} ms: ${what}`)), ms),
    ),
  ]);
}

describe('upload gate', () => {
  let store: TestStore;
  let run: RunningApp;
  let base: string;
  const player = playerFactory(() => base, 910_000, 'Gate');

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(
      store,
      testConfig({
        TEMPLATE_UPLOADS_PER_HOUR: '100000',
        TEMPLATE_MAX_BYTES: String(MAX),
        // room for exactly one upload of the largest size
        UPLOAD_BUDGET_BYTES: String(MAX),
      }),
    );
    base = run.baseUrl;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  /** A one-byte upload: refused 503 while the budget is full, a bad image (4xx) otherwise. */
  async function probe(token: string): Promise<number> {
    return (await upload(base, '/image/template/upload', token, new Uint8Array([1]))).status;
  }

  /** Starts an upload that holds the whole budget: it is admitted and waits for the rest of its body. */
  async function holdBudget(token: string) {
    const up = partialUpload(base, token, MAX, 1024);
    let settled = false;
    up.reply.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    // nothing else is in flight meanwhile, so it is admitted: it has no answer until it is sent
    await new Promise((r) => setTimeout(r, 300));
    expect(settled).toBe(false);
    expect(await probe(token)).toBe(503);
    return up;
  }

  async function until(token: string, want: (status: number) => boolean): Promise<number> {
    let status = await probe(token);
    for (let i = 0; i < 100 && !want(status); i++) {
      await new Promise((r) => setTimeout(r, 20));
      status = await probe(token);
    }
    return status;
  }

  it('refuses a bad token with 401 before reading the body', async () => {
    const up = partialUpload(base, 'garbage', MAX, 1024);
    const r = await within(up.reply, 3000, 'bad token');
    expect(r.status).toBe(401);
    expect(r.body?.error?.code).toBe('UNAUTHORIZED');
    // The answer came while most of the declared body was never sent, and the server hangs up
    // instead of reading the rest.
    expect(r.beforeBodySent).toBe(true);
    expect(r.headers.connection).toBe('close');
    up.abort();
  });

  it('refuses the next upload while the budget is full, and frees it when an upload completes', async () => {
    const me = await player();
    const first = await holdBudget(me.token);
    const busy = await upload(base, '/image/template/upload', me.token, new Uint8Array(1000));
    expect(busy.status).toBe(503);
    expect(busy.body.error.code).toBe('UPLOADS_BUSY');
    expect(busy.body.error.message).toMatch(/busy/);
    expect(busy.headers.get('retry-after')).toBe('5');

    first.sendRest();
    const done = await within(first.reply, 3000, 'completed upload');
    expect(done.status).toBeGreaterThanOrEqual(400);
    expect(done.status).not.toBe(503);
    const after = await until(me.token, (s) => s !== 503);
    expect(after).not.toBe(503);
    expect(after).toBeGreaterThanOrEqual(400);
  });

  it('frees the budget when an upload is aborted mid-body', async () => {
    const me = await player();
    const first = await holdBudget(me.token);
    first.abort();
    expect(await until(me.token, (s) => s !== 503)).not.toBe(503);
  });
});

describe('upload gate rate limit', () => {
  let store: TestStore;
  let run: RunningApp;
  let base: string;
  const player = playerFactory(() => base, 920_000, 'Rate');

  beforeAll(async () => {
    store = await createTestStore('pglite');
    run = await startApp(
      store,
      testConfig({ TEMPLATE_UPLOADS_PER_HOUR: '1', TEMPLATE_MAX_BYTES: String(MAX) }),
    );
    base = run.baseUrl;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('refuses a player over the hourly uploads with 429 before reading the body', async () => {
    const me = await player();
    const first = await upload(base, '/image/template/upload', me.token, new Uint8Array([1]));
    expect(first.status).not.toBe(429);
    const up = partialUpload(base, me.token, MAX, 1024);
    const r = await within(up.reply, 3000, 'over the rate');
    expect(r.status).toBe(429);
    expect(r.body?.error?.code).toBe('RATE_LIMITED');
    expect(r.beforeBodySent).toBe(true);
    up.abort();
  });
});
