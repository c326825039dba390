import type { DailyListResponse, ShopProduct } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import { limitedOffer, markClaimed } from './daily.ts';
import { findTarget, pixelOnScreen, targetSelectors } from './flights.ts';

describe('flying rewards', () => {
  it('start from the middle of the painted pixel on screen', () => {
    const cam = { x: 100, y: 200, scale: 4 };
    const box = { left: 10, top: 20, width: 400, height: 800 };
    expect(pixelOnScreen(cam, box, { x: 100, y: 200 })).toEqual({ x: 10 + 200 + 2, y: 20 + 400 + 2 });
    expect(pixelOnScreen(cam, box, { x: 90, y: 210 })).toEqual({
      x: 10 + 200 - 40 + 2,
      y: 20 + 400 + 40 + 2,
    });
  });

  it('fly to the product’s button, else the charges; tokens to the mining chip', () => {
    expect(targetSelectors({ kind: 'goods', productId: 2 })).toEqual([
      '[data-testid="boost-2"]',
      '[data-testid="charges"]',
    ]);
    expect(targetSelectors({ kind: 'goods', productId: null })).toEqual(['[data-testid="charges"]']);
    expect(targetSelectors({ kind: 'token' })).toEqual(['[data-testid="mining-chip"]']);
    const found: string[] = [];
    const doc = {
      querySelector: (s: string) => {
        found.push(s);
        return s === '[data-testid="charges"]' ? document.body : null;
      },
    } as Pick<Document, 'querySelector'>;
    expect(findTarget(doc, { kind: 'goods', productId: 7 })).toBe(document.body);
    expect(found).toEqual(['[data-testid="boost-7"]', '[data-testid="charges"]']);
    expect(findTarget(doc, { kind: 'token' })).toBeNull();
  });
});

describe('daily offers', () => {
  const product = (id: number, limited: boolean, limitedEnd: number | null): ShopProduct => ({
    id,
    name: `p${id}`,
    description: '',
    image_url: '/goods/p.webp',
    prices: [],
    isOnePiece: false,
    permanent: false,
    limited,
    limitedEnd,
  });
  const list: DailyListResponse = {
    day: '1970-01-02',
    endsAt: 172_800_000,
    offers: [product(2, false, null), product(10, true, 172_800_000)],
    free: { good_id: 6, name: 'Paint Can', image_url: '/goods/p.webp', quantity: 1, claimed: false },
  };

  it('pick the limited product until it ends', () => {
    expect(limitedOffer(list, 100_000_000)).toEqual({ product: list.offers[1], endsAt: 172_800_000 });
    expect(limitedOffer(list, 172_800_000)).toBeNull();
    expect(limitedOffer({ ...list, offers: [product(2, false, null)] }, 0)).toBeNull();
    expect(limitedOffer(null, 0)).toBeNull();
  });

  it('mark the free item taken', () => {
    expect(markClaimed(list).free.claimed).toBe(true);
    expect(list.free.claimed).toBe(false);
  });
});
