import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../../../tools/src/fakes/telegram-bot-api.ts';
import type { Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createBotApi, WEBHOOK_SECRET_HEADER, webhookSecret } from '../../integrations/telegram/bot-api.ts';
import {
  createTestStore,
  startApp,
  TEST_BOT_TOKEN,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';
import { loadStarsVectors } from '../../testing/vectors.ts';
import { ALLOWED_UPDATES, type BotSetupDeps, botConfigWarning, createBotSetup } from './setup.ts';
import { BOT_TEXTS } from './texts.ts';

const SETS = ['setWebhook', 'setChatMenuButton', 'setMyCommands'];

describe('bot set-up against the fake Bot API', () => {
  let fake: FakeBotApi;
  let store: TestStore;
  let db: Database;
  const warnings: object[] = [];

  beforeAll(async () => {
    store = await createTestStore('pglite');
    db = await store.open();
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });
  beforeEach(async () => {
    fake = await startFakeBotApi();
    warnings.length = 0;
    await db.query('DELETE FROM bot_state');
  });
  afterEach(async () => {
    await fake.close();
  });

  function setup(over: Partial<BotSetupDeps> = {}) {
    return createBotSetup({
      db,
      botApi: createBotApi({ token: TEST_BOT_TOKEN, baseUrl: fake.url }),
      publicUrl: 'https://wall.example/',
      webhookSecret: 'secret-one',
      log: { info: () => {}, warn: (obj) => warnings.push(obj) },
      ...over,
    });
  }
  const setCalls = () => fake.calls.filter((c) => SETS.includes(c.method));

  it('sets the webhook, the menu button and the commands in ten languages', async () => {
    const changed = await setup().runOnce();
    expect(changed).toContain('webhook');
    expect(changed).toContain('menu_button');
    expect(fake.webhook).toEqual({
      url: 'https://wall.example/api/v1/telegram/webhook',
      secretToken: 'secret-one',
      allowedUpdates: [...ALLOWED_UPDATES],
    });
    expect(fake.menuButton).toEqual({
      type: 'web_app',
      text: 'Pixel Wall',
      web_app: { url: 'https://wall.example/' },
    });
    expect([...fake.commands.keys()].sort()).toEqual(
      ['', 'de', 'en', 'es', 'fr', 'ja', 'ko', 'pt', 'ru', 'tr', 'zh'].sort(),
    );
    expect(fake.commands.get('ja')).toEqual([
      { command: 'start', description: BOT_TEXTS.jpn.commands.start },
      { command: 'paysupport', description: BOT_TEXTS.jpn.commands.paysupport },
      { command: 'help', description: BOT_TEXTS.jpn.commands.help },
      { command: 'terms', description: BOT_TEXTS.jpn.commands.terms },
    ]);
    expect(fake.commands.get('')).toEqual(fake.commands.get('en'));
    expect(fake.calls.every((c) => c.token === TEST_BOT_TOKEN)).toBe(true);
  });

  it('changes nothing on a second start with the same configuration', async () => {
    await setup().runOnce();
    fake.calls.length = 0;
    expect(await setup().runOnce()).toEqual([]);
    expect(setCalls()).toEqual([]);
    expect(fake.calls.map((c) => c.method)).toContain('getWebhookInfo');
  });

  it('sets the webhook and the menu button again after PUBLIC_URL changes, not the commands', async () => {
    await setup().runOnce();
    fake.calls.length = 0;
    expect(await setup({ publicUrl: 'https://new.example' }).runOnce()).toEqual(['webhook', 'menu_button']);
    expect(fake.webhook.url).toBe('https://new.example/api/v1/telegram/webhook');
    expect(fake.menuButton).toMatchObject({ web_app: { url: 'https://new.example/' } });
  });

  it('sets the webhook again when only the secret changed (Telegram does not show it)', async () => {
    await setup().runOnce();
    expect(await setup({ webhookSecret: 'secret-two' }).runOnce()).toEqual(['webhook']);
    expect(fake.webhook.secretToken).toBe('secret-two');
    expect(await setup({ webhookSecret: 'secret-two' }).runOnce()).toEqual([]);
  });

  it('retries with exponential backoff while Telegram fails, then sets up', async () => {
    fake.failNext(3);
    const delays: number[] = [];
    const s = setup({
      baseDelayMs: 100,
      setTimer: (fn, ms) => {
        delays.push(ms);
        return setTimeout(fn, 1);
      },
    });
    await s.start();
    expect(delays).toEqual([100, 200, 400]);
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toMatchObject({ attempt: 1, err: expect.stringContaining('getWebhookInfo') });
    expect(fake.webhook.url).toBe('https://wall.example/api/v1/telegram/webhook');
  });

  it('a new start (the lead regained) replaces a run still waiting to retry', async () => {
    fake.failNext(1);
    const wakes: (() => void)[] = [];
    const s = setup({
      setTimer: (fn) => {
        wakes.push(fn);
        return setTimeout(() => {}, 60_000);
      },
    });
    const first = s.start();
    await expect.poll(() => wakes.length).toBe(1);
    await s.start();
    expect(fake.calls.filter((c) => c.method === 'setWebhook')).toHaveLength(1);
    wakes[0]!();
    await first;
    expect(fake.calls.filter((c) => c.method === 'setWebhook')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.method === 'getWebhookInfo')).toHaveLength(2);
    s.stop();
  });

  it('waits at most maxDelayMs, and stop() ends the retries', async () => {
    fake.failNext(1000, { code: 401, description: 'Unauthorized' });
    const delays: number[] = [];
    const s = setup({
      baseDelayMs: 100,
      maxDelayMs: 300,
      setTimer: (fn, ms) => {
        delays.push(ms);
        if (delays.length === 5) queueMicrotask(() => s.stop());
        return setTimeout(fn, 1);
      },
    });
    await s.start();
    expect(delays).toEqual([100, 200, 300, 300, 300]);
    expect(fake.webhook.url).toBeNull();
  });
});

describe('bot set-up in the app', () => {
  let fake: FakeBotApi;
  beforeAll(async () => {
    fake = await startFakeBotApi();
  });
  afterAll(async () => {
    await fake.close();
  });

  async function run(env: Record<string, string>) {
    const store = await createTestStore('pglite');
    const app = await startApp(
      store,
      testConfig({ TELEGRAM_API_URL: fake.url, PUBLIC_URL: 'https://wall.example', ...env }),
    );
    return {
      baseUrl: app.baseUrl,
      async stop() {
        await app.stop();
        await store.dispose();
      },
    };
  }

  it('sets up on start without holding the start back', async () => {
    fake.calls.length = 0;
    const app = await run({});
    await expect.poll(() => fake.commands.size, { timeout: 5000 }).toBe(11);
    expect(fake.webhook.url).toBe('https://wall.example/api/v1/telegram/webhook');
    // With PUBLIC_URL the bot works: /readyz warns of nothing.
    expect(await (await fetch(`${app.baseUrl}/readyz`)).json()).toMatchObject({ ok: true, warnings: [] });
    await app.stop();
  });

  it('TELEGRAM_BOT_SETUP=off leaves Telegram alone', async () => {
    fake.calls.length = 0;
    const app = await run({ TELEGRAM_BOT_SETUP: 'off' });
    await new Promise((r) => setTimeout(r, 100));
    expect(fake.calls).toEqual([]);
    await app.stop();
  });
});

describe('a bot token without PUBLIC_URL', () => {
  it('is named by botConfigWarning, and only when PUBLIC_URL is missing', () => {
    expect(botConfigWarning(testConfig())).toMatchObject({
      variable: 'PUBLIC_URL',
      message: expect.stringContaining('PUBLIC_URL'),
    });
    expect(botConfigWarning(testConfig({ PUBLIC_URL: 'https://wall.example' }))).toBeNull();
    expect(botConfigWarning(testConfig({ TELEGRAM_BOT_TOKEN: '' }))).toBeNull();
  });
});

describe('the bot in a running app without PUBLIC_URL', () => {
  let fake: FakeBotApi;
  let store: TestStore;
  let run: Awaited<ReturnType<typeof startApp>>;
  const lines: { level: number; msg?: string; variable?: string }[] = [];
  const secret = webhookSecret(TEST_BOT_TOKEN)!;

  beforeAll(async () => {
    fake = await startFakeBotApi();
    store = await createTestStore('pglite');
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
        done();
      },
    });
    run = await startApp(store, testConfig({ TELEGRAM_API_URL: fake.url, LOG_LEVEL: 'info' }), {
      logger: { stream },
    });
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
    await fake?.close();
  });

  it('logs one warning at start naming PUBLIC_URL, and shows it on /readyz, which stays ready', async () => {
    const warned = lines.filter((l) => l.level === 40 && l.msg?.includes('PUBLIC_URL'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ variable: 'PUBLIC_URL' });
    const res = await fetch(`${run.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    const ready = (await res.json()) as { ok: boolean; warnings: { variable: string; message: string }[] };
    expect(ready).toMatchObject({ ok: true, warnings: [{ variable: 'PUBLIC_URL' }] });
    expect(ready.warnings[0]!.message).toBe(warned[0]!.msg);
    // what it warns about: Telegram was asked for nothing
    expect(fake.calls.filter((c) => c.method.startsWith('set'))).toEqual([]);
  });

  /** One update of each kind, as Telegram sends it. */
  const samples: Record<string, Record<string, unknown>> = {
    message: {
      update_id: 9001,
      message: {
        message_id: 1,
        from: { id: 4242, is_bot: false, first_name: 'Ann', language_code: 'en' },
        chat: { id: 4242, type: 'private' },
        date: 1_700_000_000,
        text: '/help',
      },
    },
    pre_checkout_query: loadStarsVectors().find((v) => v.id === 'pre_checkout_query')!.update,
    callback_query: {
      update_id: 9003,
      callback_query: {
        id: '77',
        from: { id: 4242, is_bot: false, first_name: 'Ann' },
        chat_instance: '1',
        data: 'x',
      },
    },
  };

  /** The Bot API methods the server called while handling one update through the webhook. */
  async function reaction(kind: string): Promise<string[]> {
    const update = samples[kind];
    if (!update) throw new Error(`no sample update of kind ${kind}`);
    const before = fake.calls.length;
    const res = await fetch(`${run.baseUrl}/api/v1/telegram/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: secret },
      body: JSON.stringify(update),
    });
    expect(res.status).toBe(200);
    return fake.calls.slice(before).map((c) => c.method);
  }

  it('the webhook asks only for update kinds it handles: each gets an answer through the Bot API', async () => {
    expect(ALLOWED_UPDATES.length).toBeGreaterThan(0);
    for (const kind of ALLOWED_UPDATES) {
      expect(await reaction(kind), kind).not.toEqual([]);
    }
  });

  it('callback_query is not asked for: no button of ours sends one, and nothing handles it', async () => {
    expect(ALLOWED_UPDATES).not.toContain('callback_query');
    expect(await reaction('callback_query')).toEqual([]);
  });

  it("the README's hand-run setWebhook asks for the same kinds as the server", () => {
    const readme = readFileSync(new URL('../../../../../README.md', import.meta.url), 'utf8');
    const asked = [...readme.matchAll(/setWebhook[^\n]*allowed_updates=(\[[^\]]*\])/g)].map(
      (m) => JSON.parse(m[1]!) as string[],
    );
    expect(asked.length).toBeGreaterThan(0);
    for (const kinds of asked) expect([...kinds].sort()).toEqual([...ALLOWED_UPDATES].sort());
  });
});
