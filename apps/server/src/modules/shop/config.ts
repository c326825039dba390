/**
 * The shop's operator settings as environment variables, merged into config.ts's schema
 * (`...shopEnvShape`, then `shopConfigFrom(parsed)`), as the TON and market modules do.
 *
 * SHOP_SALE puts products on sale, `id:percent` pairs (`1:75,13:30`): the server charges the sale
 * price in every currency (Stars invoices, TON and jetton transfers) and the shop shows the
 * discount. SHOP_EVENT marks products with the "event" badge (`13` or `2,6`).
 */
import { isProductId, isSalePercent, PRODUCTS, type ShopPromotions } from '@pixel-wall/shared';
import { z } from 'zod';

const KNOWN_IDS = PRODUCTS.map((p) => p.id).join(', ');

function productIdOf(text: string, ctx: z.RefinementCtx): number | null {
  const id = Number(text);
  if (!/^\d{1,3}$/.test(text) || !isProductId(id)) {
    ctx.addIssue({ code: 'custom', message: `'${text}' is not a product id (one of ${KNOWN_IDS})` });
    return null;
  }
  return id;
}

function items(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const saleList = z
  .string()
  .max(1024)
  .transform((text, ctx) => {
    const sale = new Map<number, number>();
    for (const item of items(text)) {
      const m = /^(\d{1,3})\s*:\s*(\d{1,3})$/.exec(item);
      if (!m) {
        ctx.addIssue({ code: 'custom', message: `'${item}' must be id:percent, e.g. 1:75` });
        return z.NEVER;
      }
      const id = productIdOf(m[1]!, ctx);
      if (id === null) return z.NEVER;
      const off = Number(m[2]);
      if (!isSalePercent(off)) {
        ctx.addIssue({ code: 'custom', message: `'${item}': the percent off must be 1 to 99` });
        return z.NEVER;
      }
      if (sale.has(id)) {
        ctx.addIssue({ code: 'custom', message: `product ${id} is listed twice` });
        return z.NEVER;
      }
      sale.set(id, off);
    }
    return sale;
  });

const eventList = z
  .string()
  .max(1024)
  .transform((text, ctx) => {
    const event = new Set<number>();
    for (const item of items(text)) {
      const id = productIdOf(item, ctx);
      if (id === null) return z.NEVER;
      event.add(id);
    }
    return event;
  });

export const shopEnvShape = {
  /** products on sale, `id:percent` pairs (`1:75,13:30`); every payment path charges the sale price */
  SHOP_SALE: saleList.prefault(''),
  /** products with the "event" badge, comma-separated ids (`13`) */
  SHOP_EVENT: eventList.prefault(''),
  /** on: the shop opens in PX (currency 10) instead of Stars (1) or, on the web, TON (2) */
  SHOP_PX_DEFAULT_CURRENCY: z.enum(['on', 'off']).default('off'),
};

export type ShopEnv = z.infer<z.ZodObject<typeof shopEnvShape>>;

export interface ShopConfig {
  promotions: ShopPromotions;
  /** the public config's `pxDefaultCurrency` */
  pxDefaultCurrency: boolean;
}

export function shopConfigFrom(env: ShopEnv): ShopConfig {
  return {
    promotions: { sale: env.SHOP_SALE, event: env.SHOP_EVENT },
    pxDefaultCurrency: env.SHOP_PX_DEFAULT_CURRENCY === 'on',
  };
}
