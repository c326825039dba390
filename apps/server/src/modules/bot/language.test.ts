import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../../../tools/src/fakes/telegram-bot-api.ts';
import { createBotApi } from '../../integrations/telegram/bot-api.ts';
import { TEST_BOT_TOKEN } from '../../testing/harness.ts';
import { createBotChat } from './chat.ts';
import { BOT_TEXTS } from './texts.ts';

function help(userId: number, languageCode?: string) {
  return {
    update_id: userId,
    message: {
      message_id: 1,
      from: {
        id: userId,
        is_bot: false,
        first_name: 'P',
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      chat: { id: userId, type: 'private' },
      date: 1_700_000_000,
      text: '/help',
    },
  };
}

describe('the language the bot answers in', () => {
  let fake: FakeBotApi;
  const warnings: object[] = [];
  const stored = new Map<number, string>([
    [1, 'jpn'],
    [2, 'kr'],
  ]);
  let chat: ReturnType<typeof createBotChat>;

  beforeAll(async () => {
    fake = await startFakeBotApi();
    chat = createBotChat({
      botApi: createBotApi({ token: TEST_BOT_TOKEN, baseUrl: fake.url }),
      publicUrl: null,
      contactEmail: null,
      log: { warn: (obj) => warnings.push(obj) },
      storedLanguageOf: async (userId) => {
        if (userId === 666) throw new Error('database down');
        return stored.get(userId) ?? null;
      },
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('is the stored one first, then Telegram language_code, then English', async () => {
    await chat.handleUpdate(help(1, 'de'));
    expect(fake.messages.at(-1)!.text).toBe(BOT_TEXTS.jpn.help);
    await chat.handleUpdate(help(2));
    expect(fake.messages.at(-1)!.text).toBe(BOT_TEXTS.kr.help);
    await chat.handleUpdate(help(3, 'pt-BR'));
    expect(fake.messages.at(-1)!.text).toBe(BOT_TEXTS.pt.help);
    await chat.handleUpdate(help(4));
    expect(fake.messages.at(-1)!.text).toBe(BOT_TEXTS.en.help);
    expect(warnings).toEqual([]);
  });

  it('falls back to language_code when the lookup fails, and logs it', async () => {
    expect(await chat.handleUpdate(help(666, 'tr'))).toMatchObject({ kind: 'replied', command: 'help' });
    expect(fake.messages.at(-1)!.text).toBe(BOT_TEXTS.tr.help);
    expect(warnings).toEqual([{ err: 'database down', userId: 666 }]);
  });
});
