import { describe, expect, it } from 'vitest';
import {
  balanceShareBody,
  buyStarsBody,
  repaintSpecialBody,
  rewardClaimBody,
  shopProductSchema,
  useItemBody,
} from './api-economy.ts';

describe('economy request schemas', () => {
  it('take no price from the client, and default the quantity to 1', () => {
    expect(buyStarsBody.parse({ type: 1 })).toEqual({ type: 1, qty: 1 });
    expect(buyStarsBody.safeParse({ type: 1, qty: 2, price: 1 }).success).toBe(false);
    expect(buyStarsBody.safeParse({ type: 1, qty: 5001 }).success).toBe(false);
    expect(buyStarsBody.safeParse({ type: 13, pixanosColor: '#ff4500' }).success).toBe(true);
    expect(buyStarsBody.safeParse({ type: 13, pixanosColor: '#123456' }).success).toBe(false);
  });

  it('blasts are bomb, paint can or pumpkin, on the canvas, in a palette colour', () => {
    expect(repaintSpecialBody.safeParse({ pixelId: 1, type: 2, color: '#000000' }).success).toBe(true);
    expect(repaintSpecialBody.safeParse({ pixelId: 1, type: 1, color: '#000000' }).success).toBe(false);
    expect(repaintSpecialBody.safeParse({ pixelId: 0, type: 7, color: '#000000' }).success).toBe(false);
    expect(repaintSpecialBody.safeParse({ pixelId: 1048577, type: 6, color: '#000000' }).success).toBe(false);
    expect(useItemBody.safeParse({ productId: 1 }).success).toBe(true);
  });

  it('bounds the rest', () => {
    expect(balanceShareBody.safeParse({ balance_share_percent: 100 }).success).toBe(true);
    expect(balanceShareBody.safeParse({ balance_share_percent: -1 }).success).toBe(false);
    expect(rewardClaimBody.safeParse({ user_id: 1, reward_user_id: 0 }).success).toBe(false);
    expect(
      shopProductSchema.safeParse({
        id: 1,
        name: 'n',
        description: 'd',
        image_url: '/x',
        prices: [{ currency_id: 2, currency_name: 'TON', price: '0.02' }],
        isOnePiece: false,
        permanent: false,
        limited: false,
        limitedEnd: null,
      }).success,
    ).toBe(true);
  });
});
