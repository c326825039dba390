import { afterEach, describe, expect, it } from 'vitest';
import { createFastify } from '../../app/fastify.ts';
import { loadConfig } from '../../config.ts';
import type { App } from '../../http.ts';
import { type BodyRate, createUploadBudget, type UploadBudget } from '../../lib/upload-gate.ts';
import { rawPost } from '../../testing/raw-post.ts';
import { registerShopRoutes, WEBHOOK_MAX_BYTES } from './routes.ts';
import type { Stars } from './stars.ts';

const SECRET = 'webhook-secret-0123456789';

async function webhookApp(budget: UploadBudget, minRate: BodyRate = { bytesPerSecond: 1, windowMs: 60_000 }) {
  const updates: unknown[] = [];
  const app = await createFastify({
    config: loadConfig({}),
    logger: false,
    redis: null,
    metrics: { http: () => {} },
    indexHtml: null,
  });
  registerShopRoutes(app, {
    stars: {
      handleUpdate: async (body: unknown) => {
        updates.push(body);
        return { kind: 'ignored' };
      },
    } as unknown as Stars,
    revshare: {} as never,
    users: {} as never,
    webhookSecret: SECRET,
    uploadLimits: { budget, minRate },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, updates };
}

/** Sends the head and `first` bytes of a body of `length`; the rest only on `sendRest`. */
function post(app: App, headers: Record<string, string | number>, length: number, first: string | Buffer) {
  const req = rawPost(
    app,
    '/api/v1/telegram/webhook',
    { 'content-type': 'application/json', ...headers },
    length,
  );
  req.write(first);
  return { ...req, sendRest: (rest: Buffer) => req.write(rest) };
}

const bodyOf = (text: string) =>
  JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { ok?: boolean; error?: { code: string } };

describe('Telegram webhook, before the body', () => {
  let app: App | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it.each([
    ['a wrong secret', { 'x-telegram-bot-api-secret-token': 'not-the-secret' }],
    ['no secret', {}],
  ])('answers %s with 401 and hangs up without reading the body', async (_what, headers) => {
    const budget = createUploadBudget(1024 * 1024);
    ({ app } = await webhookApp(budget));
    const length = 200 * 1024;
    const req = post(app, headers, length, '{"update_id":1,"x":"');
    // Only 20 of the declared bytes were sent: the answer cannot have waited for the body.
    const text = await req.closed;
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(bodyOf(text).error?.code).toBe('UNAUTHORIZED');
    expect(budget.inFlight).toBe(0);
  });

  it('takes an update with the secret, its bytes held in the upload budget until it is answered', async () => {
    const budget = createUploadBudget(1024 * 1024);
    const started = await webhookApp(budget);
    app = started.app;
    const update = Buffer.from(JSON.stringify({ update_id: 7, message: { text: 'hi' } }));
    const req = post(
      app,
      { 'x-telegram-bot-api-secret-token': SECRET },
      update.length,
      update.subarray(0, 5),
    );
    for (let i = 0; i < 1500 && budget.inFlight === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(budget.inFlight).toBe(update.length);
    req.sendRest(update.subarray(5));
    const text = await req.answered;
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(bodyOf(text).ok).toBe(true);
    expect(started.updates).toEqual([{ update_id: 7, message: { text: 'hi' } }]);
    for (let i = 0; i < 1500 && budget.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(budget.inFlight).toBe(0);
    req.destroy();
  });

  it('refuses an update larger than the limit with 413 before reading it', async () => {
    ({ app } = await webhookApp(createUploadBudget(1024 * 1024)));
    const req = post(app, { 'x-telegram-bot-api-secret-token': SECRET }, WEBHOOK_MAX_BYTES + 1, '{');
    const text = await req.closed;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(bodyOf(text).error?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses with 503 while the upload budget is full', async () => {
    const budget = createUploadBudget(1024 * 1024);
    const hold = budget.tryReserve(1024 * 1024);
    ({ app } = await webhookApp(budget));
    const req = post(app, { 'x-telegram-bot-api-secret-token': SECRET }, 20, '{"update_id":1}     ');
    const text = await req.closed;
    expect(text).toMatch(/^HTTP\/1\.1 503 /);
    expect(bodyOf(text).error?.code).toBe('UPLOADS_BUSY');
    hold?.();
  });

  it('cuts a trickling update off with 408', async () => {
    const budget = createUploadBudget(1024 * 1024);
    ({ app } = await webhookApp(budget, { bytesPerSecond: 1000, windowMs: 100 }));
    const req = post(app, { 'x-telegram-bot-api-secret-token': SECRET }, 5000, '{"update_id":1');
    const text = await req.closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    for (let i = 0; i < 1500 && budget.inFlight > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(budget.inFlight).toBe(0);
  });
});
