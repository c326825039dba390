import { describe, expect, it } from 'vitest';
import { shopProductSchema } from './api-economy.ts';
import {
  discountPercent,
  NO_PROMOTIONS,
  priceList,
  priceOf,
  type ShopPromotions,
  saleUnits,
  totalPrice,
  totalPriceUnits,
} from './products.ts';

const sale = (entries: [number, number][]): ShopPromotions => ({ sale: new Map(entries), event: new Set() });

describe('sale prices', () => {
  it.each([
    [8n, 75, 2n],
    [16n, 75, 4n],
    [80_000n, 30, 56_000n],
    // 5.6 Stars rounds half up to 6; 2.5 to 3
    [8n, 30, 6n],
    [5n, 50, 3n],
    // never below one smallest unit
    [1n, 99, 1n],
    [20_000_000n, 75, 5_000_000n],
  ])('%s less %i %% is %s', (regular, off, expected) => {
    expect(saleUnits(regular, off)).toBe(expected);
  });

  it('refuses a percent outside 1..99', () => {
    expect(() => saleUnits(8n, 0)).toThrow(RangeError);
    expect(() => saleUnits(8n, 100)).toThrow(RangeError);
    expect(() => saleUnits(8n, 12.5)).toThrow(RangeError);
  });

  it('totals a product on sale at its sale price in every currency, others at the regular one', () => {
    const promotions = sale([[1, 75]]);
    expect(totalPriceUnits(1, 1, 3, promotions)).toBe(6n);
    expect(totalPrice(1, 2, 3, promotions)).toBe('0.015');
    expect(totalPrice(1, 4, 1, promotions)).toBe('0.025');
    expect(totalPrice(1, 10, 2, promotions)).toBe('0.5');
    expect(totalPrice(2, 1, 1, promotions)).toBe(priceOf(2, 1));
    expect(totalPrice(1, 1, 1)).toBe('8');
    expect(totalPrice(1, 5, 1, promotions)).toBeNull();
  });

  it('lists the sale price and the regular one, only while on sale', () => {
    const promotions = sale([[13, 30]]);
    const snap = priceList(13, promotions);
    expect(snap[0]).toEqual({
      currency_id: 1,
      currency_name: 'Stars',
      price: '56000',
      regular_price: '80000',
    });
    expect(snap.every((e) => e.regular_price !== undefined)).toBe(true);
    expect(priceList(13, NO_PROMOTIONS)[0]).toEqual({
      currency_id: 1,
      currency_name: 'Stars',
      price: '80000',
    });
    expect(priceList(1, promotions).some((e) => 'regular_price' in e)).toBe(false);
  });

  it('lists products the wire schema accepts', () => {
    const product = {
      id: 1,
      name: 'Restoring',
      description: '',
      image_url: '/goods/restoring.webp',
      prices: priceList(1, sale([[1, 75]])),
      isOnePiece: false,
      permanent: false,
      limited: false,
      limitedEnd: null,
      event: true,
      sale: true,
    };
    expect(shopProductSchema.parse(product)).toEqual(product);
  });
});

describe('discountPercent', () => {
  it.each([
    ['8', '2', 75],
    ['8', '6', 25],
    ['0.02', '0.014', 30],
    ['0.02', '0.005', 75],
    ['80000', '56000', 30],
    // rounded down: 0.375 → 0.281 is 25.06 % off
    ['0.375', '0.281', 25],
  ])('%s → %s is %i %% off', (regular, charged, off) => {
    expect(discountPercent(regular, charged)).toBe(off);
  });

  it('is null when nothing is off', () => {
    expect(discountPercent('8', '8')).toBeNull();
    expect(discountPercent('8', '9')).toBeNull();
    expect(discountPercent('0', '0')).toBeNull();
    expect(discountPercent('1000', '999')).toBeNull();
  });
});
