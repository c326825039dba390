import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EconomyHarness, startEconomy } from './testing.ts';

const LOCKED = {
  error: {
    code: 'REVSHARE_LOCKED',
    message: '10k frens were not invited until December 20th',
    details: { numericCode: 20 },
  },
  requestId: expect.any(String),
};

describe('revenue share', () => {
  let h: EconomyHarness;

  beforeAll(async () => {
    h = await startEconomy();
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (u: number, url: string) => h.app.inject({ method: 'GET', url, headers: h.as(u) });
  const share = (u: number | null, payload: unknown) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/users/balance/share',
      headers: u === null ? {} : h.as(u),
      payload: payload as Record<string, unknown>,
    });

  /** `n` players referred by `referrer`, with ids from `firstId`. */
  const addFrens = (referrer: number, n: number, firstId: number) =>
    h.db.query(
      `INSERT INTO users (id, first_name, referrer_id, charges, charges_updated_at)
       SELECT $2::bigint + g, 'Fren', $1, 5, 0 FROM generate_series(0, $3::int - 1) AS g`,
      [referrer, firstId, n],
    );

  it('is 403 REVSHARE_LOCKED, numeric code 20, with the spec text under 10,000 friends', async () => {
    const u = await h.player(6001);
    await h.player(6002, 'Fren', { referrerId: u });
    for (const url of ['/api/v1/users/me/revshare', '/api/v1/users/revshare']) {
      const r = await get(u, url);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual(LOCKED);
    }
  });

  it('stays locked at 9,999 friends', async () => {
    const u = await h.player(6100);
    await addFrens(u, 9_999, 60_000);
    const r = await get(u, '/api/v1/users/me/revshare');
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual(LOCKED);
  });

  it('asks guests to sign in', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/v1/users/me/revshare' });
    expect(r.statusCode).toBe(401);
    expect(r.json().error.code).toBe('UNAUTHORIZED');
    const s = await share(null, { balance_share_percent: 10 });
    expect(s.statusCode).toBe(401);
  });

  it("sums the friends' fulfilled orders per currency from 10,000 friends", async () => {
    const u = await h.player(7000);
    await addFrens(u, 10_000, 70_001);
    const { createOrder, fulfil } = h.economy.orders;
    const buys = [
      { userId: 70_001, productId: 1, quantity: 3, currencyId: 2, channel: 'ton' as const },
      { userId: 70_002, productId: 2, quantity: 1, currencyId: 2, channel: 'ton' as const },
      { userId: 70_003, productId: 1, quantity: 10, currencyId: 1, channel: 'stars' as const },
    ];
    for (const [i, b] of buys.entries()) {
      const o = await createOrder(b);
      await fulfil({
        orderId: o.id,
        provider: b.channel,
        paymentId: `rev-${i}`,
        paidUnits: o.amountUnits,
        currencyId: b.currencyId,
        raw: {},
      });
    }
    // Unpaid orders do not count.
    await createOrder({ userId: 70_004, productId: 1, quantity: 1, currencyId: 1, channel: 'stars' });

    const r = await get(u, '/api/v1/users/me/revshare');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      list: [
        { currencyId: 1, totalPurchases: 1, totalSpend: '80' },
        { currencyId: 2, totalPurchases: 2, totalSpend: '0.1' },
      ],
      friends: 10_000,
      balance_share_percent: 0,
    });
  });

  it('stores the balance share percent, a whole number 0..100, from 10,000 friends', async () => {
    const u = 7000; // the player with 10,000 friends above
    expect((await share(u, { balance_share_percent: 35 })).json()).toEqual({
      success: true,
      balance_share_percent: 35,
    });
    expect((await share(u, { balance_share_percent: 0 })).statusCode).toBe(200);
    expect((await share(u, { balance_share_percent: 100 })).statusCode).toBe(200);
    for (const bad of [
      { balance_share_percent: 101 },
      { balance_share_percent: -1 },
      { balance_share_percent: 2.5 },
      { balance_share_percent: '35' },
      { balance_share_percent: null },
      { balance_share_percent: 35, extra: true },
      {},
    ]) {
      const r = await share(u, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await h.economy.balanceOf(u)).balanceSharePercent).toBe(100);
    expect((await get(u, '/api/v1/users/me/revshare')).json().balance_share_percent).toBe(100);
  });

  it('refuses the balance share under 10,000 friends and keeps the old value', async () => {
    const u = await h.player(6003);
    const r = await share(u, { balance_share_percent: 35 });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual(LOCKED);
    expect((await h.economy.balanceOf(u)).balanceSharePercent).toBe(0);
  });
});
