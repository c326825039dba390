import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('shop settings', () => {
  it('has no sale, no event and Stars first by default', () => {
    const { shop } = loadConfig({});
    expect([...shop.promotions.sale]).toEqual([]);
    expect([...shop.promotions.event]).toEqual([]);
    expect(shop.pxDefaultCurrency).toBe(false);
  });

  it('reads SHOP_SALE, SHOP_EVENT and SHOP_PX_DEFAULT_CURRENCY', () => {
    const { shop } = loadConfig({
      SHOP_SALE: '1:75, 13 : 30',
      SHOP_EVENT: '13,2',
      SHOP_PX_DEFAULT_CURRENCY: 'on',
    });
    expect(shop.promotions.sale).toEqual(
      new Map([
        [1, 75],
        [13, 30],
      ]),
    );
    expect(shop.promotions.event).toEqual(new Set([13, 2]));
    expect(shop.pxDefaultCurrency).toBe(true);
  });

  it.each([
    ['SHOP_SALE', '1:0', /SHOP_SALE: '1:0': the percent off must be 1 to 99/],
    ['SHOP_SALE', '1:100', /SHOP_SALE: .*1 to 99/],
    ['SHOP_SALE', '3:50', /SHOP_SALE: '3' is not a product id/],
    ['SHOP_SALE', '1=50', /SHOP_SALE: '1=50' must be id:percent/],
    ['SHOP_SALE', '1:50,1:20', /SHOP_SALE: product 1 is listed twice/],
    ['SHOP_EVENT', '99', /SHOP_EVENT: '99' is not a product id/],
    ['SHOP_EVENT', 'snap', /SHOP_EVENT: 'snap' is not a product id/],
    ['SHOP_PX_DEFAULT_CURRENCY', 'yes please', /SHOP_PX_DEFAULT_CURRENCY/],
  ])('refuses %s=%s with the variable named', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
