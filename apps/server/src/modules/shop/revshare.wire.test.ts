/**
 * The revenue share refusal as a client receives it from the whole app (its error handler, not a
 * module harness): HTTP 403, code REVSHARE_LOCKED, SPEC §8's number 20 and text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
} from '../../testing/harness.ts';

describe('revenue share on the wire', () => {
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

  it('refuses a player with few frens: 403, code REVSHARE_LOCKED, number 20, the spec text', async () => {
    const { token } = await telegramSignIn(run.baseUrl, { id: 8_800_001, first_name: 'Rae' });
    const expected = {
      error: {
        code: 'REVSHARE_LOCKED',
        message: '10k frens were not invited until December 20th',
        details: { numericCode: 20 },
      },
      requestId: expect.any(String),
    };
    const read = await api(run.baseUrl, 'GET', '/api/v1/users/me/revshare', { token });
    expect(read.status).toBe(403);
    expect(read.body).toEqual(expected);
    const write = await api(run.baseUrl, 'POST', '/api/v1/users/balance/share', {
      token,
      body: { balance_share_percent: 20 },
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(expected);
    const bad = await api<{ error: { code: string } }>(run.baseUrl, 'POST', '/api/v1/users/balance/share', {
      token,
      body: { balance_share_percent: 'all' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BAD_REQUEST');
  });
});
