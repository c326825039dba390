import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signInitData } from '../../integrations/telegram/init-data.ts';
import { createAuthenticator } from './authenticate.ts';

const BOT_TOKEN = '123456789:AAH-test-token-for-authenticate-tests-01';
const NOW = 1_800_000_000_000;

function setup() {
  const signedIn: number[] = [];
  const auth = createAuthenticator({
    tokens: { verifyAccess: async () => null },
    users: {
      signIn: (async (user: { id: number }) => {
        signedIn.push(user.id);
        return { profile: { id: user.id } };
      }) as never,
    },
    botToken: BOT_TOKEN,
    initDataMaxAgeSeconds: 3600,
    countryOf: () => null,
    now: () => NOW,
  });
  const call = (authorization: string) =>
    auth.userIdOf({ headers: { authorization } } as unknown as FastifyRequest);
  return { call, signedIn };
}

function launchData(userId: number, authDate = NOW / 1000 - 10): string {
  return signInitData(
    { auth_date: String(authDate), user: JSON.stringify({ id: userId, first_name: 'Ann' }) },
    BOT_TOKEN,
  );
}

describe('initData authentication cache', () => {
  it('answers a repeated launch data from the cache', async () => {
    const { call, signedIn } = setup();
    const raw = launchData(501);
    expect(await call(`initData ${raw}`)).toBe(501);
    expect(await call(`initData ${raw}`)).toBe(501);
    expect(signedIn).toEqual([501]);
  });

  it('does not take a cached hash alone as a credential', async () => {
    const { call } = setup();
    const raw = launchData(501);
    await call(`initData ${raw}`);
    const hash = /hash=([0-9a-f]{64})/.exec(raw)![1];
    await expect(call(`initData hash=${hash}`)).rejects.toMatchObject({ code: 'INVALID_INIT_DATA' });
  });

  it('verifies launch data whose fields were changed under a cached hash', async () => {
    const { call } = setup();
    const raw = launchData(501);
    await call(`initData ${raw}`);
    const otherUser = raw.replace(encodeURIComponent('"id":501'), encodeURIComponent('"id":502'));
    expect(otherUser).not.toBe(raw);
    await expect(call(`initData ${otherUser}`)).rejects.toMatchObject({ code: 'INVALID_INIT_DATA' });
    const otherDate = raw.replace(/auth_date=\d+/, `auth_date=${NOW / 1000}`);
    expect(otherDate).not.toBe(raw);
    await expect(call(`initData ${otherDate}`)).rejects.toMatchObject({ code: 'INVALID_INIT_DATA' });
  });
});
