import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestStore,
  dbKinds,
  type RunningApp,
  startApp,
  type TestStore,
  telegramSignIn,
} from '../../testing/harness.ts';

const kinds = await dbKinds();

interface Winners {
  winners: {
    rewardId: number;
    userId: number;
    firstName: string;
    type: 'goods' | 'token';
    amount: number;
    token: string | null;
    productId: number | null;
    source: string;
    paid: boolean;
    date: string;
  }[];
  total: number;
}

describe.each(kinds)('GET /ratings/rewardWinners on %s', (kind) => {
  let store: TestStore;
  let run: RunningApp;

  beforeAll(async () => {
    store = await createTestStore(kind);
    run = await startApp(store);
  });
  afterAll(async () => {
    await run?.stop();
    await store?.dispose();
  });

  it('is empty before any reward, then lists the rewards newest first, paged, to anyone', async () => {
    const empty = await api<Winners>(run.baseUrl, 'GET', '/api/v1/ratings/rewardWinners');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ winners: [], total: 0 });

    const ann = await telegramSignIn(run.baseUrl, { id: 9501, first_name: 'Ann' });
    await telegramSignIn(run.baseUrl, { id: 9502, first_name: 'Bob' });
    await run.db.query(
      `INSERT INTO rewards (user_id, type, amount, good_id, name, source) VALUES (9501, 'goods', 2, 3, 'Dynamite', 'paint')`,
    );
    await run.db.query(
      `INSERT INTO rewards (user_id, type, token, amount, currency_id, name, source, status, action)
       VALUES (9502, 'token', 'PX', 12.5, 4, 'PX', 'hidden', 'success', 'claim')`,
    );
    await run.db.query(
      `INSERT INTO rewards (user_id, type, token, amount, currency_id, name, source)
       VALUES (9501, 'token', 'PX', 3, 4, 'PX', 'paint')`,
    );

    const all = await api<Winners>(run.baseUrl, 'GET', '/api/v1/ratings/rewardWinners', { token: ann.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(
      all.body.winners.map((w) => [w.firstName, w.type, w.amount, w.token, w.productId, w.source, w.paid]),
    ).toEqual([
      ['Ann', 'token', 3, 'PX', null, 'paint', false],
      ['Bob', 'token', 12.5, 'PX', null, 'hidden', true],
      ['Ann', 'goods', 2, null, 3, 'paint', false],
    ]);
    expect(all.body.winners[0]!.userId).toBe(9501);
    expect(Date.parse(all.body.winners[0]!.date)).toBeGreaterThan(Date.now() - 60_000);

    const page = await api<Winners>(run.baseUrl, 'GET', '/api/v1/ratings/rewardWinners?limit=1&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body.winners.map((w) => w.firstName)).toEqual(['Bob']);
    const past = await api<Winners>(run.baseUrl, 'GET', '/api/v1/ratings/rewardWinners?offset=10');
    expect(past.body).toEqual({ winners: [], total: 3 });
  });

  it('refuses a bad page with 400 and a code', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc', '?offset=1.5']) {
      const bad = await api<{ error: { code: string; message: string } }>(
        run.baseUrl,
        'GET',
        `/api/v1/ratings/rewardWinners${query}`,
      );
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code, query).toBe('BAD_REQUEST');
    }
  });
});
