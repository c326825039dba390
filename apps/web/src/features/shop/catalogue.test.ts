import { PRODUCTS, priceList, type ShopProduct, type ShopPromotions } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  defaultCurrency,
  limitedOffers,
  normaliseCurrency,
  offeredCurrencies,
  opensCard,
  regularPrice,
  saleDiscount,
  shopRows,
  totalFor,
  unitPrice,
} from './catalogue.ts';

const catalogue: ShopProduct[] = PRODUCTS.map((p) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  image_url: '',
  prices: priceList(p.id),
  isOnePiece: p.isOnePiece,
  permanent: p.permanent,
  limited: p.limited,
  limitedEnd: null,
}));
const byId = (id: number) => catalogue.find((p) => p.id === id)!;

/** The product as the server lists it under `promotions` (modules/items productView). */
function promoted(id: number, promotions: ShopPromotions): ShopProduct {
  return {
    ...byId(id),
    prices: priceList(id, promotions),
    event: promotions.event.has(id),
    sale: promotions.sale.has(id),
  };
}

describe('currencies', () => {
  it('defaults to Stars in Telegram and TON on the web', () => {
    expect(defaultCurrency('telegram')).toBe(1);
    expect(defaultCurrency('web')).toBe(2);
  });

  it('defaults to PX (10) on both builds while the PX flag is on', () => {
    expect(defaultCurrency('telegram', true)).toBe(10);
    expect(defaultCurrency('web', true)).toBe(10);
    expect(defaultCurrency('telegram', false)).toBe(1);
    // the web rule still holds for a Stars choice
    expect(normaliseCurrency('web', defaultCurrency('telegram', false))).toBe(2);
  });

  it('switches a Stars choice to TON on the web only', () => {
    expect(normaliseCurrency('web', 1)).toBe(2);
    expect(normaliseCurrency('web', 3)).toBe(3);
    expect(normaliseCurrency('telegram', 1)).toBe(1);
  });

  it('offers Stars only inside Telegram, and only priced currencies', () => {
    expect(offeredCurrencies('web', catalogue).map((c) => c.id)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(offeredCurrencies('telegram', catalogue)[0]?.id).toBe(1);
    expect(offeredCurrencies('web', [byId(7)]).map((c) => c.name)).toEqual(['TON', 'NOT', 'USDT']);
  });
});

describe('prices', () => {
  it('reads the catalogue’s exact unit price, or null for "No"', () => {
    expect(unitPrice(byId(1), 2)).toBe('0.02');
    expect(unitPrice(byId(13), 5)).toBeNull();
  });

  it('totals exactly: 0.02 TON × 3 is 0.06, 16 Stars × 5000 is 80000', () => {
    expect(totalFor(byId(1), 2, 3)).toBe('0.06');
    expect(totalFor(byId(2), 1, 5000)).toBe('80000');
    expect(totalFor(byId(7), 2, 7)).toBe('0.028');
    expect(totalFor(byId(2), 6, 1)).toBeNull();
  });
});

describe('rows', () => {
  it('lists Restoring, Dynamite, Paint Can, Pixanos’ Snap in that order', () => {
    expect(shopRows([...catalogue].reverse()).map((p) => p.id)).toEqual([1, 2, 6, 13]);
  });

  it('shows limited offers only while they run', () => {
    const offer = { ...byId(9), limitedEnd: 2_000 };
    expect(limitedOffers([offer, byId(1)], 1_000).map((p) => p.id)).toEqual([9]);
    expect(limitedOffers([offer], 2_000)).toEqual([]);
  });

  it('badges only what the catalogue marks', () => {
    expect(badgesOf(byId(2), 1)).toEqual({ limited: false, event: false, sale: null });
    expect(badgesOf(byId(10), 1).limited).toBe(true);
    const marked = promoted(2, { sale: new Map([[2, 75]]), event: new Set([2]) });
    expect(badgesOf(marked, 1)).toEqual({ limited: false, event: true, sale: 75 });
    // a sale flag without regular prices promises nothing
    expect(badgesOf({ ...byId(2), sale: true }, 1).sale).toBeNull();
  });

  it('computes the discount from the regular and the sale price of the chosen currency', () => {
    const restoring = promoted(1, { sale: new Map([[1, 30]]), event: new Set() });
    // Stars: 8 → 5.6 rounds to 6, which is 25 % off; TON: 0.02 → 0.014, 30 % off
    expect(unitPrice(restoring, 1)).toBe('6');
    expect(regularPrice(restoring, 1)).toBe('8');
    expect(saleDiscount(restoring, 1)).toBe(25);
    expect(saleDiscount(restoring, 2)).toBe(30);
    // no price in that currency (DOGS): the first priced currency says
    expect(saleDiscount(restoring, 5)).toBe(25);
    expect(regularPrice(byId(1), 1)).toBeNull();
    const snap = promoted(13, { sale: new Map([[13, 75]]), event: new Set() });
    expect(saleDiscount(snap, 1)).toBe(75);
    expect(totalFor(snap, 1, 1)).toBe('20000');
  });

  it('does not open Pipette or Fast mode once owned', () => {
    expect(opensCard(byId(4), { '4': 1 })).toBe(false);
    expect(opensCard(byId(5), {})).toBe(true);
    expect(opensCard(byId(2), { '2': 9 })).toBe(true);
  });
});
