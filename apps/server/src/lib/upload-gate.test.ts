import { afterEach, describe, expect, it } from 'vitest';
import { createFastify } from '../app/fastify.ts';
import { loadConfig } from '../config.ts';
import type { App } from '../http.ts';
import { rawPost } from '../testing/raw-post.ts';
import {
  type BodyRate,
  createUploadBudget,
  createUploadGate,
  playerShareOf,
  type UploadBudget,
} from './upload-gate.ts';

describe('upload budget', () => {
  it('reserves up to its capacity and frees each reservation once', () => {
    const budget = createUploadBudget(100);
    const a = budget.tryReserve(60);
    expect(a).not.toBeNull();
    expect(budget.tryReserve(41)).toBeNull();
    const b = budget.tryReserve(40);
    expect(b).not.toBeNull();
    expect(budget.inFlight).toBe(100);
    a?.();
    a?.();
    expect(budget.inFlight).toBe(40);
    expect(budget.tryReserve(61)).toBeNull();
    expect(budget.tryReserve(60)).not.toBeNull();
  });

  it('lets one owner hold its share at most, and frees it with each release', () => {
    const budget = createUploadBudget(100, { perOwner: 25 });
    const a = budget.tryReserve(20, 1);
    expect(a).not.toBeNull();
    expect(budget.tryReserve(6, 1)).toBeNull();
    expect(budget.tryReserve(25, 2)).not.toBeNull();
    expect(budget.tryReserve(50, null)).not.toBeNull();
    expect(budget.heldBy(1)).toBe(20);
    a?.();
    a?.();
    expect(budget.heldBy(1)).toBe(0);
    expect(budget.tryReserve(25, 1)).not.toBeNull();
  });

  it('a share is a quarter of the budget, never less than the largest upload', () => {
    expect(playerShareOf(64 * 1024 * 1024, 4 * 1024 * 1024)).toBe(16 * 1024 * 1024);
    expect(playerShareOf(8 * 1024 * 1024, 4 * 1024 * 1024)).toBe(4 * 1024 * 1024);
    expect(playerShareOf(4 * 1024 * 1024, 4 * 1024 * 1024)).toBe(4 * 1024 * 1024);
  });
});

/** A bare app with one gated upload route; the caller is the player named in X-Player. */
async function gatedApp(budget: UploadBudget, minRate: BodyRate, maxBytes = 4096): Promise<App> {
  const app = await createFastify({
    config: loadConfig({}),
    logger: false,
    redis: null,
    metrics: { http: () => {} },
    indexHtml: null,
  });
  app.decorateRequest('userId', null);
  app.decorateRequest('devSession', false);
  const gate = createUploadGate({
    budget,
    minRate,
    authenticate: async (req) => {
      const id = Number(req.headers['x-player']);
      return id > 0 ? { userId: id, dev: false } : null;
    },
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/upload',
      { bodyLimit: maxBytes, ...gate({ maxBytes, tooLarge: () => new Error('too large') as never }) },
      async (req) => ({ bytes: (req.body as Buffer).length }),
    );
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return app;
}

/** A raw upload: the head now, the body only as `send` is called. */
function openUpload(app: App, player: number, length: number) {
  const req = rawPost(
    app,
    '/upload',
    { 'x-player': player, 'content-type': 'application/octet-stream' },
    length,
  );
  return { ...req, send: (bytes: number) => req.write(Buffer.alloc(bytes, 0x41)) };
}

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(condition(), what).toBe(true);
}

describe('upload gate over HTTP', () => {
  let app: App | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('cuts a trickling body off with 408 and gives its bytes back to the budget', async () => {
    const budget = createUploadBudget(8192);
    app = await gatedApp(budget, { bytesPerSecond: 1000, windowMs: 100 });
    const slow = openUpload(app, 1, 4000);
    slow.send(10);
    await until('the upload is admitted', () => budget.inFlight === 4000);
    const text = await slow.closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text.toLowerCase()).toContain('connection: close');
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as {
      error: { code: string; message: string };
    };
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.message).toMatch(/slower than 1000 bytes a second/);
    await until('the reservation is released', () => budget.inFlight === 0);
  });

  it('a body that keeps up with the rate is read whole', async () => {
    const budget = createUploadBudget(8192);
    app = await gatedApp(budget, { bytesPerSecond: 1000, windowMs: 60_000 });
    const up = openUpload(app, 1, 3000);
    up.send(3000);
    expect(await up.answered).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"bytes":3000\}/);
    up.destroy();
  });

  it("one player's uploads take a share of the budget, not the room another player needs", async () => {
    const budget = createUploadBudget(8000, { perOwner: playerShareOf(8000, 2000) });
    app = await gatedApp(budget, { bytesPerSecond: 1, windowMs: 60_000 });
    const held = openUpload(app, 1, 2000);
    await until("the first player's upload is admitted", () => budget.heldBy(1) === 2000);
    const more = openUpload(app, 1, 2000);
    const refused = await more.closed;
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/"code":"UPLOADS_BUSY"/);
    expect(refused).toMatch(/Your other uploads are still arriving/);
    expect(refused.toLowerCase()).toContain('retry-after: 5');
    // The budget has room: another player's upload goes through meanwhile.
    const other = openUpload(app, 2, 2000);
    other.send(2000);
    expect(await other.answered).toMatch(/^HTTP\/1\.1 200 /);
    other.destroy();
    held.destroy();
    await until('both reservations are released', () => budget.inFlight === 0);
  });
});
