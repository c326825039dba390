import { SUPPORTED_LANGUAGES } from '@pixel-wall/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../../../tools/src/fakes/telegram-bot-api.ts';
import { createBotApi, webhookSecret } from '../../integrations/telegram/bot-api.ts';
import {
  createTestStore,
  type RunningApp,
  startApp,
  TEST_BOT_TOKEN,
  type TestStore,
  testConfig,
} from '../../testing/harness.ts';
import { createBotChat, miniAppUrl, parseCommand } from './chat.ts';
import { BOT_TEXTS } from './texts.ts';

let updateId = 1;
function textUpdate(text: string, languageCode?: string, chatType = 'private') {
  return {
    update_id: updateId++,
    message: {
      message_id: updateId,
      from: {
        id: 777,
        is_bot: false,
        first_name: 'Ann',
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      chat: { id: 777, type: chatType },
      date: 1_700_000_000,
      text,
    },
  };
}

describe('the bot talks', () => {
  let fake: FakeBotApi;
  const warnings: object[] = [];
  let chat: ReturnType<typeof createBotChat>;

  beforeAll(async () => {
    fake = await startFakeBotApi();
    chat = createBotChat({
      botApi: createBotApi({ token: TEST_BOT_TOKEN, baseUrl: fake.url }),
      publicUrl: 'https://wall.example',
      contactEmail: 'help@wall.example',
      log: { warn: (obj) => warnings.push(obj) },
    });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.messages.length = 0;
    warnings.length = 0;
  });
  const last = () => fake.messages.at(-1)!;

  it('/start welcomes in the sender language with a web_app button opening the Mini App', async () => {
    expect(await chat.handleUpdate(textUpdate('/start', 'ru'))).toEqual({
      kind: 'replied',
      command: 'start',
      chatId: 777,
    });
    expect(last()).toEqual({
      chat_id: 777,
      text: BOT_TEXTS.ru.welcome,
      reply_markup: {
        inline_keyboard: [[{ text: BOT_TEXTS.ru.open, web_app: { url: 'https://wall.example/' } }]],
      },
    });
  });

  it('/start <payload> carries the same launch parameter into the Mini App', async () => {
    await chat.handleUpdate(textUpdate('/start f12_s3', 'ja'));
    expect(last().text).toBe(BOT_TEXTS.jpn.welcome);
    expect(last().reply_markup).toEqual({
      inline_keyboard: [
        [
          {
            text: BOT_TEXTS.jpn.open,
            web_app: { url: 'https://wall.example/?startapp=f12_s3&tgWebAppStartParam=f12_s3' },
          },
        ],
      ],
    });
    // A payload Telegram would never send is dropped, not passed on.
    await chat.handleUpdate(textUpdate('/start@PixelWallBot <script>', 'en'));
    expect(last().reply_markup).toEqual({
      inline_keyboard: [[{ text: BOT_TEXTS.en.open, web_app: { url: 'https://wall.example/' } }]],
    });
  });

  it('uses a link button outside private chats (web_app buttons work only there)', async () => {
    await chat.handleUpdate(textUpdate('/start@PixelWallBot', 'de', 'group'));
    expect(last().reply_markup).toEqual({
      inline_keyboard: [[{ text: BOT_TEXTS.de.open, url: 'https://wall.example/' }]],
    });
  });

  it('falls back to English for a language we do not have, and maps pt-br, zh-hans and ko', async () => {
    await chat.handleUpdate(textUpdate('/help', 'xx'));
    expect(last().text).toBe(BOT_TEXTS.en.help);
    await chat.handleUpdate(textUpdate('/help'));
    expect(last().text).toBe(BOT_TEXTS.en.help);
    await chat.handleUpdate(textUpdate('/help', 'pt-br'));
    expect(last().text).toBe(BOT_TEXTS.pt.help);
    await chat.handleUpdate(textUpdate('/help', 'zh-hans'));
    expect(last().text).toBe(BOT_TEXTS.cn.help);
    await chat.handleUpdate(textUpdate('/help', 'ko'));
    expect(last().text).toBe(BOT_TEXTS.kr.help);
  });

  it('/paysupport gives the refund rules (24 hours, 10 days) and how to ask, in every language', async () => {
    await chat.handleUpdate(textUpdate('/paysupport', 'fr'));
    expect(last().text).toBe(BOT_TEXTS.fr.paySupport.replace('{email}', 'help@wall.example'));
    for (const l of SUPPORTED_LANGUAGES) {
      const text = BOT_TEXTS[l].paySupport;
      expect(text, l).toContain('24');
      expect(text, l).toContain('10');
      expect(text, l).toContain('{email}');
    }
  });

  it('/paysupport names no address when none is configured: replies here only, in every language', async () => {
    const noAddress = createBotChat({
      botApi: createBotApi({ token: TEST_BOT_TOKEN, baseUrl: fake.url }),
      publicUrl: 'https://wall.example',
      contactEmail: null,
      log: { warn: (obj) => warnings.push(obj) },
    });
    await noAddress.handleUpdate(textUpdate('/paysupport', 'de'));
    expect(last().text).toBe(BOT_TEXTS.de.paySupportHere);
    for (const l of SUPPORTED_LANGUAGES) {
      const text = BOT_TEXTS[l].paySupportHere;
      expect(text, l).toContain('24');
      expect(text, l).toContain('10');
      expect(text, l).not.toContain('{email}');
      expect(text, l).not.toContain('@');
    }
  });

  it('/terms links the terms page; other text gets a short help', async () => {
    await chat.handleUpdate(textUpdate('/terms', 'es'));
    expect(last().text).toBe('Las condiciones de uso: https://wall.example/terms');
    expect(await chat.handleUpdate(textUpdate('hello there', 'tr'))).toMatchObject({ command: 'other' });
    expect(last().text).toBe(BOT_TEXTS.tr.unknown);
    expect(await chat.handleUpdate(textUpdate('/nosuchcommand', 'tr'))).toMatchObject({ command: 'other' });
  });

  it('ignores what is not a text message from a person, and survives a failing sendMessage', async () => {
    for (const body of [
      null,
      'text',
      { update_id: 1 },
      { update_id: 2, callback_query: { id: '1' } },
      { update_id: 3, message: { message_id: 1, chat: { id: 1, type: 'private' }, date: 1, sticker: {} } },
      {
        update_id: 4,
        message: { ...textUpdate('/start').message, from: { id: 5, is_bot: true, first_name: 'B' } },
      },
      { update_id: 5, message: { text: '/start' } },
    ]) {
      expect(await chat.handleUpdate(body)).toEqual({ kind: 'ignored' });
    }
    expect(fake.messages).toEqual([]);
    fake.failNext(1, { code: 403, description: 'Forbidden: bot was blocked by the user' });
    expect(await chat.handleUpdate(textUpdate('/start'))).toMatchObject({ kind: 'replied' });
    expect(warnings).toHaveLength(1);
  });

  it('has every text in all ten languages, translated', () => {
    for (const l of SUPPORTED_LANGUAGES) {
      const t = BOT_TEXTS[l];
      for (const v of [
        t.welcome,
        t.open,
        t.help,
        t.paySupport,
        t.terms,
        t.unknown,
        ...Object.values(t.commands),
      ]) {
        expect(v.length, l).toBeGreaterThan(0);
      }
      if (l !== 'en') expect(t.paySupport, l).not.toBe(BOT_TEXTS.en.paySupport);
      expect(t.terms, l).toContain('{url}');
    }
  });

  it('parses commands and builds Mini App URLs', () => {
    expect(parseCommand('/Start@Bot  f1 ')).toEqual({ command: 'start', arg: 'f1' });
    expect(parseCommand('start')).toBeNull();
    expect(miniAppUrl('https://wall.example/app/', 'x')).toBe(
      'https://wall.example/app/?startapp=x&tgWebAppStartParam=x',
    );
  });
});

describe('the bot through the webhook', () => {
  let fake: FakeBotApi;
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    fake = await startFakeBotApi({ secretToken: webhookSecret(TEST_BOT_TOKEN) });
    store = await createTestStore('pglite');
    run = await startApp(
      store,
      testConfig({
        TELEGRAM_API_URL: fake.url,
        PUBLIC_URL: 'https://wall.example',
        TELEGRAM_BOT_SETUP: 'off',
      }),
    );
    fake.webhook.url = `${run.baseUrl}/api/v1/telegram/webhook`;
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
    await fake?.close();
  });

  it('answers /start and acknowledges bad updates with 200', async () => {
    expect((await fake.sendUpdate(textUpdate('/start f5', 'de'))).status).toBe(200);
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: 777, text: BOT_TEXTS.de.welcome });
    const before = fake.messages.length;
    for (const update of [
      { update_id: 9, message: { nonsense: true } },
      { update_id: 10, edited_message: {} },
      {},
    ]) {
      expect((await fake.sendUpdate(update)).status).toBe(200);
    }
    expect(fake.messages.length).toBe(before);
    // Without the secret nothing is answered.
    expect((await fake.sendUpdate(textUpdate('/start'), { secretToken: null })).status).toBe(401);
    expect(fake.messages.length).toBe(before);
  });
});
