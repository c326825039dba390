import { PRODUCTS, priceList, type ShopProduct } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import {
  badgesOf,
  defaultCurrency,
  limitedOffers,
  normaliseCurrency,
  offeredCurrencies,
  opensCard,
  pixanosColor,
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

describe('currencies', () => {
  it('defaults to Stars in Telegram and TON on the web', () => {
    expect(defaultCurrency('telegram')).toBe(1);
    expect(defaultCurrency('web')).toBe(2);
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
    expect(badgesOf(byId(2))).toEqual({ limited: false, event: false, sale: false });
    expect(badgesOf({ ...byId(2), sale: true } as ShopProduct)).toMatchObject({ sale: true });
    expect(badgesOf(byId(10)).limited).toBe(true);
  });

  it('does not open Pipette or Fast mode once owned', () => {
    expect(opensCard(byId(4), { '4': 1 })).toBe(false);
    expect(opensCard(byId(5), {})).toBe(true);
    expect(opensCard(byId(2), { '2': 9 })).toBe(true);
  });
});

describe('Pixanos’ colour', () => {
  it('takes the active colour when it is in the palette, else a random palette colour', () => {
    expect(pixanosColor('#ff4500')).toBe('#FF4500');
    expect(pixanosColor('#123456', () => 0)).toBe('#FFFFFF');
    expect(pixanosColor(null, () => 0.999)).toMatch(/^#[0-9A-F]{6}$/);
  });
});
