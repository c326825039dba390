import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBotApi, startFakeBotApi } from '../../../../../tools/src/fakes/telegram-bot-api.ts';
import { webhookSecret } from '../../integrations/telegram/bot-api.ts';
import {
  api,
  createTestStore,
  dbKinds,
  initDataFor,
  type RunningApp,
  startApp,
  TEST_BOT_TOKEN,
  type TestStore,
  telegramSignIn,
  testConfig,
} from '../../testing/harness.ts';
import { BOT_TEXTS } from '../bot/texts.ts';

const kinds = await dbKinds();

interface Results {
  claimed: number;
  claimedMilli: number;
  boostsSpentMilli: number;
  boostLevels: number;
  place: number;
  miners: number;
}

function textUpdate(userId: number, text: string, languageCode: string) {
  return {
    update_id: userId,
    message: {
      message_id: 1,
      from: { id: userId, is_bot: false, first_name: 'P', language_code: languageCode },
      chat: { id: userId, type: 'private' },
      date: 1_700_000_000,
      text,
    },
  };
}

describe.each(kinds)('mining results and the stored language on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;
  let fake: FakeBotApi;

  beforeAll(async () => {
    fake = await startFakeBotApi({ secretToken: webhookSecret(TEST_BOT_TOKEN) });
    store = await createTestStore(kind);
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

  it('GET /users/game/results: claimed PX, boosts bought and the place among miners', async () => {
    const ann = await telegramSignIn(run.baseUrl, { id: 9101, first_name: 'Ann' });
    const bob = await telegramSignIn(run.baseUrl, { id: 9102, first_name: 'Bob' });
    const cy = await telegramSignIn(run.baseUrl, { id: 9103, first_name: 'Cy' });

    // Nobody has mined yet: zeros, no place.
    const none = await api<Results>(run.baseUrl, 'GET', '/api/v1/users/game/results', { token: ann.token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      claimed: 0,
      claimedMilli: 0,
      boostsSpentMilli: 0,
      boostLevels: 0,
      place: 0,
      miners: 0,
    });

    // Ann mines for an hour and claims; Bob has claimed more before; both equal totals rank by id.
    const hourAgo = Date.now() - 3_600_000;
    await run.db.query('INSERT INTO mining (user_id, last_claim_at) VALUES ($1, $2)', [9101, hourAgo]);
    const claim = await api<{ claimedMilli: number }>(run.baseUrl, 'GET', '/api/v1/mining/claim', {
      token: ann.token,
    });
    expect(claim.status).toBe(200);
    expect(claim.body.claimedMilli).toBeGreaterThan(0);
    await run.db.query('INSERT INTO mining (user_id, last_claim_at, claimed_milli) VALUES ($1, $2, $3)', [
      9102,
      Date.now(),
      claim.body.claimedMilli + 5000,
    ]);
    // A boost bought with the claimed PX does not lower what was mined.
    await run.db.query('UPDATE balances SET px_milli = px_milli + 1000000 WHERE user_id = $1', [9101]);
    const boost = await api(run.baseUrl, 'POST', '/api/v1/mining/boosts/energyLimit/upgrade', {
      token: ann.token,
    });
    expect(boost.status).toBe(200);

    const res = await api<Results>(run.baseUrl, 'GET', '/api/v1/users/game/results', { token: ann.token });
    expect(res.status).toBe(200);
    expect(res.body.claimedMilli).toBe(claim.body.claimedMilli);
    expect(res.body.claimed).toBe(claim.body.claimedMilli / 1000);
    expect(res.body.boostLevels).toBe(1);
    expect(res.body.boostsSpentMilli).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ place: 2, miners: 2 });
    const top = await api<Results>(run.baseUrl, 'GET', '/api/v1/users/game/results', { token: bob.token });
    expect(top.body).toMatchObject({ place: 1, miners: 2, boostLevels: 0, boostsSpentMilli: 0 });
    // Cy opened mining but claimed nothing: no place.
    const idle = await api<Results>(run.baseUrl, 'GET', '/api/v1/users/game/results', { token: cy.token });
    expect(idle.body).toMatchObject({ claimedMilli: 0, place: 0, miners: 2 });

    // Signed-out: 401 with a code.
    const anon = await api<{ error: { code: string } }>(run.baseUrl, 'GET', '/api/v1/users/game/results');
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('UNAUTHORIZED');
  });

  it('POST /users/localization keeps one of the ten codes and refuses anything else', async () => {
    const dee = await telegramSignIn(run.baseUrl, { id: 9201, first_name: 'Dee' });
    const ok = await api(run.baseUrl, 'POST', '/api/v1/users/localization?loc=jpn', { token: dee.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, locale: 'jpn' });
    const me = await api<{ locale: string | null }>(run.baseUrl, 'GET', '/api/v1/users/me', {
      token: dee.token,
    });
    expect(me.body.locale).toBe('jpn');

    for (const query of ['?loc=ja', '?loc=EN', '?loc=', '', '?loc=en&loc=ru', '?loc=en&x=1']) {
      const bad = await api<{ error: { code: string; message: string } }>(
        run.baseUrl,
        'POST',
        `/api/v1/users/localization${query}`,
        { token: dee.token },
      );
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code, query).toBe('BAD_REQUEST');
      expect(bad.body.error.message, query).toMatch(/loc|querystring/);
    }
    const still = await api<{ locale: string | null }>(run.baseUrl, 'GET', '/api/v1/users/me', {
      token: dee.token,
    });
    expect(still.body.locale).toBe('jpn');
    expect((await api(run.baseUrl, 'POST', '/api/v1/users/localization?loc=en')).status).toBe(401);
  });

  it('the bot answers in the stored language, else Telegram language_code, else English', async () => {
    // Signed in from a German Telegram: the bot speaks German until the player picks French.
    const init = initDataFor({ id: 9301, first_name: 'Eve', language_code: 'de' });
    const signIn = await api<{ token: string }>(run.baseUrl, 'POST', '/api/v1/auth/telegram', {
      body: { initData: init },
    });
    expect(signIn.status).toBe(200);
    await fake.sendUpdate(textUpdate(9301, '/help', 'de'));
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: 9301, text: BOT_TEXTS.de.help });
    const picked = await api(run.baseUrl, 'POST', '/api/v1/users/localization?loc=fr', {
      token: signIn.body.token,
    });
    expect(picked.status).toBe(200);
    await fake.sendUpdate(textUpdate(9301, '/help', 'de'));
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: 9301, text: BOT_TEXTS.fr.help });
    // Someone the server does not know: their Telegram language; an unknown one: English.
    await fake.sendUpdate(textUpdate(9399, '/help', 'es'));
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: 9399, text: BOT_TEXTS.es.help });
    await fake.sendUpdate(textUpdate(9398, '/help', 'xx'));
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: 9398, text: BOT_TEXTS.en.help });
  });
});
