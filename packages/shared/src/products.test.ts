import { describe, expect, expectTypeOf, it } from 'vitest';
import { BLAST_TYPES, type RepaintSpecialBody, repaintSpecialBody } from './api-economy.ts';
import {
  type ArtKey,
  BLAST_KINDS,
  BLAST_PRODUCT_IDS,
  type BlastKind,
  type BlastProductId,
  blastKindOf,
  blastSize,
  blastSizeOf,
  CURRENCIES,
  CurrencyId,
  currencyById,
  decimalOfNumber,
  FAST_MODE_PRODUCT,
  FAST_MODES,
  type FastMode,
  fromUnits,
  GIVEAWAY_PRODUCT_IDS,
  ICON_TIER_THRESHOLDS,
  INVENTORY_ORDER,
  iconTier,
  isBlastProductId,
  isCurrencyId,
  isJettonCurrency,
  isLimited,
  isOneOff,
  isOnePiece,
  isProductId,
  isValidQuantity,
  LIMITED_PRODUCT_IDS,
  maxQuantityOf,
  ONE_OFF_PRODUCT_IDS,
  type OneOffProductId,
  PRODUCTS,
  ProductId,
  priceList,
  priceOf,
  productById,
  roundDecimal,
  SHOP_ORDER,
  totalPrice,
  totalPriceUnits,
  toUnits,
  UNLOCK_ALL_COLORS_STARS,
  WALL_EVENT_KINDS,
  type WallEventKind,
} from './products.ts';
import type { WallEvent } from './wire.ts';

describe('exact decimals', () => {
  it.each<[string, number, bigint]>([
    ['0', 9, 0n],
    ['1', 0, 1n],
    ['8', 0, 8n],
    ['0.02', 9, 20_000_000n],
    ['0.004', 9, 4_000_000n],
    ['0.1', 6, 100_000n],
    ['2.8', 6, 2_800_000n],
    ['100000', 9, 100_000_000_000_000n],
    ['1.500', 1, 15n],
    ['7.000', 0, 7n],
    ['-0.5', 3, -500n],
    [' 3.25 ', 2, 325n],
    ['123456789012345678901234567890', 9, 123456789012345678901234567890_000000000n],
  ])('toUnits(%j, %i) = %s', (amount, decimals, units) => {
    expect(toUnits(amount, decimals)).toBe(units);
  });

  it.each<[string, number]>([
    ['0.02', 0],
    ['0.0000001', 6],
    ['', 9],
    ['.5', 9],
    ['5.', 9],
    ['1e3', 9],
    ['0x10', 9],
    ['1,5', 9],
    ['NaN', 9],
    ['+1', 9],
    ['1', -1],
    ['1', 1.5],
  ])('toUnits(%j, %i) throws', (amount, decimals) => {
    expect(() => toUnits(amount, decimals)).toThrow(RangeError);
  });

  it.each<[bigint, number, string]>([
    [0n, 9, '0'],
    [-0n, 9, '0'],
    [1n, 9, '0.000000001'],
    [20_000_000n, 9, '0.02'],
    [60_000_000n, 9, '0.06'],
    [1_000_000_000n, 9, '1'],
    [1_500_000_000n, 9, '1.5'],
    [8n, 0, '8'],
    [-500n, 3, '-0.5'],
    [123_456n, 3, '123.456'],
  ])('fromUnits(%s, %i) = %j', (units, decimals, text) => {
    expect(fromUnits(units, decimals)).toBe(text);
  });

  it('round-trips every catalogue price in its currency', () => {
    for (const product of PRODUCTS) {
      for (const [id, price] of Object.entries(product.prices)) {
        const { decimals } = currencyById(Number(id))!;
        expect(fromUnits(toUnits(price, decimals), decimals)).toBe(price);
      }
    }
  });

  it.each<[number, string]>([
    [0.1, '0.1'],
    [0.02, '0.02'],
    [123, '123'],
    [-4.5, '-4.5'],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [-2e-7, '-0.0000002'],
    [1e21, '1000000000000000000000'],
    [1.25e22, '12500000000000000000000'],
  ])('decimalOfNumber(%d) = %j', (n, text) => {
    expect(decimalOfNumber(n)).toBe(text);
  });

  it('decimalOfNumber rejects non-finite numbers', () => {
    expect(() => decimalOfNumber(Number.NaN)).toThrow(RangeError);
  });

  it.each<[string, number, string]>([
    ['0.1234', 3, '0.123'],
    ['0.1235', 3, '0.124'],
    ['1.0005', 3, '1.001'],
    ['0.0004', 3, '0'],
    ['-0.0015', 3, '-0.002'],
    ['2', 3, '2'],
    ['9.9996', 3, '10'],
    ['0.5', 0, '1'],
  ])('roundDecimal(%j, %i) = %j', (amount, decimals, text) => {
    expect(roundDecimal(amount, decimals)).toBe(text);
  });
});

describe('currencies (SPEC §3)', () => {
  it('has ids 1..10 with the spec codes', () => {
    expect(CURRENCIES.map((c) => [c.id, c.name])).toEqual([
      [1, 'Stars'],
      [2, 'TON'],
      [3, 'NOT'],
      [4, 'USDT'],
      [5, 'DOGS'],
      [6, 'ANON'],
      [7, 'CATI'],
      [8, 'X'],
      [9, 'Major'],
      [10, 'PX'],
    ]);
    expect(currencyById(1)!.code).toBe('XTR');
    expect(CurrencyId.PX).toBe(10);
  });

  it('marks ids 3..10 as jettons with a master address', () => {
    for (const c of CURRENCIES) {
      expect(c.isJetton).toBe(c.id >= 3);
      expect(isJettonCurrency(c.id)).toBe(c.id >= 3);
      if (c.isJetton) expect(c.jettonMaster).toMatch(/^EQ[A-Za-z0-9_-]{46}$/);
      else expect(c.jettonMaster).toBeNull();
    }
  });

  it('knows the decimals of each currency', () => {
    expect(Object.fromEntries(CURRENCIES.map((c) => [c.code, c.decimals]))).toEqual({
      XTR: 0,
      TON: 9,
      NOT: 9,
      USDT: 6,
      DOGS: 9,
      ANON: 9,
      CATI: 9,
      X: 9,
      MAJOR: 9,
      PX: 9,
    });
  });

  it('rejects unknown ids', () => {
    expect(currencyById(0)).toBeNull();
    expect(currencyById(11)).toBeNull();
    expect(isCurrencyId(4)).toBe(true);
    expect(isCurrencyId(11)).toBe(false);
    expect(isCurrencyId('4')).toBe(false);
    expect(isJettonCurrency(99)).toBe(false);
  });
});

describe('unit prices (SPEC §9)', () => {
  const { Stars, TON, NOT, USDT, DOGS, ANON, CATI, X, Major, PX } = CurrencyId;
  it.each<[number, number, string | null]>([
    // Restoring
    [1, Stars, '8'],
    [1, TON, '0.02'],
    [1, NOT, '25'],
    [1, USDT, '0.1'],
    [1, PX, '1'],
    [1, DOGS, null],
    // Dynamite
    [2, Stars, '16'],
    [2, TON, '0.04'],
    [2, NOT, '50'],
    [2, USDT, '0.2'],
    [2, DOGS, '600'],
    [2, PX, '2'],
    [2, ANON, null],
    // Paint Can: same as Dynamite
    [6, Stars, '16'],
    [6, TON, '0.04'],
    [6, NOT, '50'],
    [6, USDT, '0.2'],
    [6, DOGS, '600'],
    [6, PX, '2'],
    // Pixanos' Snap
    [13, Stars, '80000'],
    [13, TON, '250'],
    [13, NOT, '400000'],
    [13, USDT, '700'],
    [13, PX, '8000'],
    [13, DOGS, null],
    // Pipette
    [4, Stars, '256'],
    [4, TON, '0.4'],
    [4, NOT, '360'],
    [4, USDT, '2.8'],
    [4, DOGS, '4800'],
    [4, ANON, '720'],
    [4, CATI, '5.6'],
    [4, X, '16800'],
    [4, Major, '3.2'],
    [4, PX, null],
    // Fast mode: the placeholder in five currencies
    [5, Stars, '100000'],
    [5, TON, '100000'],
    [5, NOT, '100000'],
    [5, USDT, '100000'],
    [5, PX, '100000'],
    [5, DOGS, null],
    // Pumpkin
    [7, Stars, '2'],
    [7, TON, '0.004'],
    [7, NOT, '4'],
    [7, USDT, '0.02'],
    [7, PX, null],
    // unknown product or currency
    [3, Stars, null],
    [1, 11, null],
  ])('product %i in currency %i costs %j', (product, currency, price) => {
    expect(priceOf(product, currency)).toBe(price);
  });

  it('lists exactly the spec currencies per product', () => {
    const ids = (p: number) => priceList(p).map((e) => e.currency_id);
    expect(ids(1)).toEqual([1, 2, 3, 4, 10]);
    expect(ids(2)).toEqual([1, 2, 3, 4, 5, 10]);
    expect(ids(6)).toEqual([1, 2, 3, 4, 5, 10]);
    expect(ids(13)).toEqual([1, 2, 3, 4, 10]);
    expect(ids(4)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ids(5)).toEqual([1, 2, 3, 4, 10]);
    expect(ids(7)).toEqual([1, 2, 3, 4]);
    expect(priceList(1)[0]).toEqual({ currency_id: 1, currency_name: 'Stars', price: '8' });
    expect(priceList(99)).toEqual([]);
  });
});

describe('totalPrice', () => {
  it.each<[number, number, number, string | null]>([
    [1, CurrencyId.TON, 3, '0.06'],
    [1, CurrencyId.TON, 1, '0.02'],
    [1, CurrencyId.TON, 5000, '100'],
    [1, CurrencyId.USDT, 3, '0.3'],
    [1, CurrencyId.Stars, 12, '96'],
    [2, CurrencyId.TON, 7, '0.28'],
    [2, CurrencyId.USDT, 3, '0.6'],
    [2, CurrencyId.DOGS, 5000, '3000000'],
    [7, CurrencyId.TON, 3, '0.012'],
    [7, CurrencyId.USDT, 3, '0.06'],
    [4, CurrencyId.CATI, 3, '16.8'],
    [4, CurrencyId.Major, 1, '3.2'],
    [1, CurrencyId.DOGS, 3, null],
  ])('product %i, currency %i, × %i = %j', (product, currency, qty, total) => {
    expect(totalPrice(product, currency, qty)).toBe(total);
  });

  it('gives the amount in smallest units', () => {
    expect(totalPriceUnits(1, CurrencyId.TON, 3)).toBe(60_000_000n);
    expect(totalPriceUnits(1, CurrencyId.USDT, 3)).toBe(300_000n);
    expect(totalPriceUnits(13, CurrencyId.Stars, 1)).toBe(80_000n);
    expect(totalPriceUnits(1, CurrencyId.DOGS, 1)).toBeNull();
  });

  it('is exact where float arithmetic is not', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(totalPrice(1, CurrencyId.USDT, 3)).toBe('0.3');
    for (let qty = 1; qty <= 5000; qty++) {
      expect(totalPriceUnits(1, CurrencyId.TON, qty)).toBe(20_000_000n * BigInt(qty));
    }
  });

  it.each([[0], [-1], [1.5], [Number.NaN]])('rejects quantity %j', (qty) => {
    expect(() => totalPrice(1, CurrencyId.TON, qty)).toThrow(RangeError);
  });
});

describe('catalogue', () => {
  it('holds the spec product ids', () => {
    expect(PRODUCTS.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 9, 10, 11, 13, 14]);
    expect(ProductId.PixanosSnap).toBe(13);
    expect(productById(13)!.name).toBe("Pixanos' Snap");
    expect(productById(3)).toBeNull();
    expect(isProductId(2)).toBe(true);
    expect(isProductId(8)).toBe(false);
  });

  it('orders the shop as Restoring, Dynamite, Paint Can, Pixanos Snap', () => {
    expect(SHOP_ORDER).toEqual([1, 2, 6, 13]);
    expect(SHOP_ORDER.map((id) => productById(id)!.name)).toEqual([
      'Restoring',
      'Dynamite',
      'Paint Can',
      "Pixanos' Snap",
    ]);
  });

  it.each([
    [1, false],
    [2, false],
    [6, false],
    [7, false],
    [4, true],
    [5, true],
    [13, true],
    [9, true],
    [10, true],
    [11, true],
    [99, false],
  ])('product %i one-piece: %s', (id, single) => {
    expect(isOnePiece(id)).toBe(single);
    expect(maxQuantityOf(id)).toBe(single ? 1 : 5000);
  });

  it('keeps Pipette and Fast mode for good', () => {
    expect(PRODUCTS.filter((p) => p.permanent).map((p) => p.id)).toEqual([4, 5, 14]);
  });

  it.each([
    [2, 5, 'bomb'],
    [6, 3, 'paintcan'],
    [7, 7, 'pumpkin'],
    [1, null, null],
    [13, null, null],
    [99, null, null],
  ])('product %i blasts %j (%j)', (id, size, kind) => {
    expect(blastSize(id)).toBe(size);
    expect(blastKindOf(id)).toBe(kind);
  });

  it('lists the blast products', () => {
    expect(BLAST_PRODUCT_IDS).toEqual([2, 6, 7]);
  });

  it('limits bundles 9..11, each giving 1..3 of Restoring, Dynamite, Paint Can', () => {
    expect(LIMITED_PRODUCT_IDS).toEqual([9, 10, 11]);
    expect(PRODUCTS.filter((p) => p.limited).map((p) => p.id)).toEqual([9, 10, 11]);
    expect(isLimited(10)).toBe(true);
    expect(isLimited(1)).toBe(false);
    [9, 10, 11].forEach((id, i) => {
      expect(productById(id)!.contents).toEqual([
        { productId: 1, qty: i + 1 },
        { productId: 2, qty: i + 1 },
        { productId: 6, qty: i + 1 },
      ]);
    });
  });

  it('prices every bundle below its contents bought one by one', () => {
    for (const id of LIMITED_PRODUCT_IDS) {
      const product = productById(id)!;
      for (const c of CURRENCIES) {
        const price = priceOf(id, c.id);
        if (price === null) continue;
        let separately = 0n;
        for (const item of product.contents!) {
          const units = totalPriceUnits(item.productId, c.id, item.qty);
          expect(units).not.toBeNull();
          separately += units!;
        }
        expect(toUnits(price, c.decimals)).toBeLessThan(separately);
      }
    }
  });

  it('validates quantities per product', () => {
    expect(isValidQuantity(1, 1)).toBe(true);
    expect(isValidQuantity(1, 5000)).toBe(true);
    expect(isValidQuantity(1, 5001)).toBe(false);
    expect(isValidQuantity(1, 0)).toBe(false);
    expect(isValidQuantity(1, 2.5)).toBe(false);
    expect(isValidQuantity(13, 1)).toBe(true);
    expect(isValidQuantity(13, 2)).toBe(false);
    expect(isValidQuantity(99, 1)).toBe(false);
  });

  it('unlocks all colours for 5000 Stars, a one-off kept for good, in Stars only', () => {
    expect(UNLOCK_ALL_COLORS_STARS).toBe(5000);
    expect(priceOf(ProductId.AllColors, CurrencyId.Stars)).toBe('5000');
    expect(priceList(ProductId.AllColors)).toEqual([
      { currency_id: 1, currency_name: 'Stars', price: '5000' },
    ]);
    expect(priceOf(ProductId.AllColors, CurrencyId.TON)).toBeNull();
    expect(isOneOff(ProductId.AllColors)).toBe(true);
    expect(isOnePiece(ProductId.AllColors)).toBe(true);
    expect(productById(ProductId.AllColors)?.permanent).toBe(true);
    expect(SHOP_ORDER).not.toContain(ProductId.AllColors);
  });
});

describe('lists derived from the catalogue', () => {
  it('names the product ids', () => {
    expect(ProductId).toEqual({
      Restoring: 1,
      Dynamite: 2,
      Pipette: 4,
      FastMode: 5,
      PaintCan: 6,
      Pumpkin: 7,
      BundleSmall: 9,
      BundleMedium: 10,
      BundleLarge: 11,
      PixanosSnap: 13,
      AllColors: 14,
    });
    // The name is the product's key, capitalised.
    for (const [name, id] of Object.entries(ProductId)) {
      expect(productById(id)!.key).toBe(name.charAt(0).toLowerCase() + name.slice(1));
    }
  });

  it('holds Pipette, Fast mode and Pixanos Snap once at most', () => {
    expect(ONE_OFF_PRODUCT_IDS).toEqual([4, 5, 13, 14]);
    for (const p of PRODUCTS) expect(isOneOff(p.id)).toBe(ONE_OFF_PRODUCT_IDS.some((id) => id === p.id));
    expect(isOneOff(99)).toBe(false);
    // A one-off is bought one at a time.
    for (const id of ONE_OFF_PRODUCT_IDS) expect(isOnePiece(id)).toBe(true);
  });

  it('gives out Restoring, Dynamite, Paint Can and Pumpkin, in that rotation', () => {
    expect(GIVEAWAY_PRODUCT_IDS).toEqual([1, 2, 6, 7]);
  });

  it('has the fast modes of SPEC §4 and the product each uses', () => {
    expect(FAST_MODES).toEqual(['energy', 'fast', 'bomb', 'paintcan', 'pumpkin']);
    expect(FAST_MODE_PRODUCT).toEqual({ energy: 1, fast: 5, bomb: 2, paintcan: 6, pumpkin: 7 });
    expect(BLAST_KINDS).toEqual(['bomb', 'paintcan', 'pumpkin']);
  });

  it('has the wall event kinds of the wire', () => {
    expect(WALL_EVENT_KINDS).toEqual(['bomb', 'paintcan', 'pumpkin', 'snap']);
  });

  it('lists the inventory as consumables, then the tools kept for good', () => {
    expect(INVENTORY_ORDER).toEqual([1, 2, 6, 7, 13, 4, 5, 14]);
  });

  it('takes the blast request types from the catalogue', () => {
    expect(BLAST_TYPES).toEqual(BLAST_PRODUCT_IDS);
    for (const p of PRODUCTS) {
      const body = { pixelId: 1, type: p.id, color: '#000000' };
      expect(repaintSpecialBody.safeParse(body).success).toBe(p.blastKind !== null);
      expect(isBlastProductId(p.id)).toBe(p.blastKind !== null);
    }
    expect(isBlastProductId('2')).toBe(false);
  });

  it('sizes each blast', () => {
    expect(BLAST_PRODUCT_IDS.map(blastSizeOf)).toEqual([5, 3, 7]);
  });

  it('is consistent: ids, keys, fast modes and event kinds are unique; blasts have a size', () => {
    const unique = (values: readonly unknown[]) => expect(new Set(values).size).toBe(values.length);
    unique(PRODUCTS.map((p) => p.id));
    unique(PRODUCTS.map((p) => p.key));
    unique(FAST_MODES);
    unique(WALL_EVENT_KINDS);
    unique(INVENTORY_ORDER);
    for (const p of PRODUCTS) {
      expect(p.blastKind === null).toBe(p.blastSize === null);
      if (p.blastSize !== null) expect(p.blastSize % 2).toBe(1);
      if (p.blastKind !== null) expect([p.mode, p.event]).toEqual([null, null]);
      if (p.contents !== null)
        for (const item of p.contents) expect(productById(item.productId)!.contents).toBeNull();
    }
    for (const mode of FAST_MODES) {
      const p = productById(FAST_MODE_PRODUCT[mode])!;
      expect(p.blastKind ?? p.mode).toBe(mode);
    }
  });

  it('types every list by the catalogue', () => {
    expectTypeOf<RepaintSpecialBody['type']>().toEqualTypeOf<BlastProductId>();
    expectTypeOf<WallEvent['kind']>().toEqualTypeOf<WallEventKind>();
    expectTypeOf<(typeof BLAST_TYPES)[number]>().toEqualTypeOf<BlastProductId>();
    expectTypeOf<BlastKind>().toExtend<FastMode>();
    expectTypeOf<BlastKind>().toExtend<WallEventKind>();
    expectTypeOf<BlastProductId>().toExtend<ProductId>();
    expectTypeOf<OneOffProductId>().toExtend<ProductId>();
    expectTypeOf(FAST_MODE_PRODUCT.bomb).toEqualTypeOf<typeof ProductId.Dynamite>();
    expectTypeOf(FAST_MODE_PRODUCT.energy).toEqualTypeOf<typeof ProductId.Restoring>();
    expectTypeOf<'snap'>().toExtend<WallEventKind>();
    expectTypeOf<'snap'>().not.toExtend<FastMode>();
    expectTypeOf<'energy'>().not.toExtend<BlastKind>();
    expectTypeOf<'bundle'>().toExtend<ArtKey>();
  });
});

describe('iconTier', () => {
  it('uses the thresholds 5, 10, 100, 500, 1000', () => {
    expect(ICON_TIER_THRESHOLDS).toEqual([5, 10, 100, 500, 1000]);
  });

  it.each([
    [0, 0],
    [1, 0],
    [4, 0],
    [5, 1],
    [9, 1],
    [10, 2],
    [99, 2],
    [100, 3],
    [499, 3],
    [500, 4],
    [999, 4],
    [1000, 5],
    [5000, 5],
  ])('%i → %i', (qty, tier) => {
    expect(iconTier(qty)).toBe(tier);
  });
});
