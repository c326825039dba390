import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EconomyHarness, startEconomy } from './testing.ts';

describe('revenue share', () => {
  let h: EconomyHarness;

  beforeAll(async () => {
    h = await startEconomy();
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (u: number, url: string) => h.app.inject({ method: 'GET', url, headers: h.as(u) });

  it('is 403 REVSHARE_LOCKED with the spec text under 10,000 friends', async () => {
    const u = await h.player(6001);
    await h.player(6002, 'Fren', { referrerId: u });
    for (const url of ['/api/v1/users/me/revshare', '/api/v1/users/revshare']) {
      const r = await get(u, url);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toEqual({
        error: { code: 'REVSHARE_LOCKED', message: '10k frens were not invited until December 20th' },
        requestId: expect.any(String),
      });
    }
  });

  it("sums the friends' fulfilled orders per currency from 10,000 friends", async () => {
    const u = await h.player(7000);
    await h.db.query(
      `INSERT INTO users (id, first_name, referrer_id, charges, charges_updated_at)
       SELECT 70_000 + g, 'Fren', $1, 5, 0 FROM generate_series(1, 10000) AS g`,
      [u],
    );
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

  it('stores the balance share percent, 0..100', async () => {
    const u = await h.player(6003);
    const post = (v: unknown) =>
      h.app.inject({
        method: 'POST',
        url: '/api/v1/users/balance/share',
        headers: h.as(u),
        payload: { balance_share_percent: v },
      });
    expect((await post(35)).json()).toEqual({ success: true, balance_share_percent: 35 });
    expect((await post(101)).statusCode).toBe(400);
    expect((await post(2.5)).statusCode).toBe(400);
    expect((await h.economy.balanceOf(u)).balanceSharePercent).toBe(35);
  });
});
