/**
 * The shop catalogue as the API shows it (SPEC §3 Product), and today's offers. Prices come from
 * `@pixel-wall/shared` only: the server never takes a price from a client.
 */
import {
  GIVEAWAY_PRODUCT_IDS,
  LIMITED_PRODUCT_IDS,
  NO_PROMOTIONS,
  PRODUCTS,
  type Product,
  priceList,
  productById,
  type ShopProduct,
  type ShopPromotions,
} from '@pixel-wall/shared';
import { DAY_MS } from '../../lib/periods.ts';

/**
 * One-offs a player can own once (Pipette, Fast mode, Pixanos' Snap) and the products given out
 * one at a time (free daily item, paint rewards): both are the catalogue's, listed here for the
 * modules that take them from the items module.
 */
export { GIVEAWAY_PRODUCT_IDS, isOneOff, ONE_OFF_PRODUCT_IDS } from '@pixel-wall/shared';

export function productImageUrl(product: Pick<Product, 'key'>): string {
  return `/goods/${product.key}.webp`;
}

/** A product as the lists show it; on sale, its prices are the sale prices (with the regular ones). */
export function productView(
  product: Product,
  limitedEnd: number | null = null,
  promotions: ShopPromotions = NO_PROMOTIONS,
): ShopProduct {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    image_url: productImageUrl(product),
    prices: priceList(product.id, promotions),
    isOnePiece: product.isOnePiece,
    permanent: product.permanent,
    limited: product.limited,
    limitedEnd,
    event: promotions.event.has(product.id),
    sale: promotions.sale.has(product.id),
  };
}

/** UTC day as 'YYYY-MM-DD'. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export interface DailyOffers {
  day: string;
  /** epoch ms of the next UTC midnight */
  endsAt: number;
  /** product ids on offer today: one limited bundle and one everyday item */
  offerIds: number[];
  free: { productId: number; quantity: number };
}

/**
 * Today's offers, the same for everyone and every instance: the limited bundles (9–11) take turns
 * by day, and an everyday item and the free item rotate with co-prime periods so that the pair
 * changes daily.
 */
export function dailyOffers(now: number): DailyOffers {
  const dayIndex = Math.floor(now / DAY_MS);
  const bundle = LIMITED_PRODUCT_IDS[dayIndex % LIMITED_PRODUCT_IDS.length]!;
  const everyday = GIVEAWAY_PRODUCT_IDS[dayIndex % GIVEAWAY_PRODUCT_IDS.length]!;
  const free = GIVEAWAY_PRODUCT_IDS[(dayIndex * 3 + 1) % GIVEAWAY_PRODUCT_IDS.length]!;
  return {
    day: utcDay(now),
    endsAt: (dayIndex + 1) * DAY_MS,
    offerIds: [bundle, everyday],
    free: { productId: free, quantity: 1 },
  };
}

/** The whole catalogue; today's limited bundle carries its end time, the others none. */
export function catalogue(now: number, promotions: ShopPromotions = NO_PROMOTIONS): ShopProduct[] {
  const today = dailyOffers(now);
  return PRODUCTS.map((p) =>
    productView(p, p.limited && today.offerIds.includes(p.id) ? today.endsAt : null, promotions),
  );
}

export function requireProduct(productId: number): Product {
  const p = productById(productId);
  if (!p) throw new RangeError(`unknown product ${productId}`);
  return p;
}
