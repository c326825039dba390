/**
 * Shop rules that need no screen (SPEC §2 Shop, §4 Shop, §5): which currencies are offered where,
 * row prices, badges, and which rows open a card.
 */
import type { Currency, GoodsAvailable, ShopProduct } from '@pixel-wall/shared';
import {
  CURRENCIES,
  CurrencyId,
  DEFAULT_CURRENCY_ID,
  DEFAULT_WEB_CURRENCY_ID,
  discountPercent,
  formatBuyPrice,
  PX_DEFAULT_CURRENCY_ID,
  SHOP_ORDER,
} from '@pixel-wall/shared/core';
import type { PlatformKind } from '../../platform/types.ts';

/** Stars are paid through Telegram only; the website sells for crypto. */
export function offeredCurrencies(kind: PlatformKind, products: readonly ShopProduct[]): Currency[] {
  const priced = new Set(products.flatMap((p) => p.prices.map((e) => e.currency_id)));
  return CURRENCIES.filter((c) => priced.has(c.id) && (kind === 'telegram' || c.id !== CurrencyId.Stars));
}

/**
 * SPEC §4: Stars (1), or PX (10) while the server's PX flag is on; the web sells no Stars, so
 * without the flag it opens in TON.
 */
export function defaultCurrency(kind: PlatformKind, pxDefault = false): number {
  if (pxDefault) return PX_DEFAULT_CURRENCY_ID;
  return kind === 'telegram' ? DEFAULT_CURRENCY_ID : DEFAULT_WEB_CURRENCY_ID;
}

/** SPEC §4: on the web build a Stars choice switches to TON. */
export function normaliseCurrency(kind: PlatformKind, currencyId: number): number {
  return kind === 'web' && currencyId === CurrencyId.Stars ? DEFAULT_WEB_CURRENCY_ID : currencyId;
}

/** Unit price in a currency from the catalogue the server sent, or null ("No" / "Not available"). */
export function unitPrice(product: ShopProduct, currencyId: number): string | null {
  return product.prices.find((p) => p.currency_id === currencyId)?.price ?? null;
}

/** The total to show: the catalogue's exact decimal times the quantity (SPEC §5). */
export function totalFor(product: ShopProduct, currencyId: number, qty: number): string | null {
  const price = unitPrice(product, currencyId);
  return price === null ? null : formatBuyPrice(price, qty);
}

/** Rows in SPEC order (Restoring, Dynamite, Paint Can, Pixanos' Snap), skipping what the list lacks. */
export function shopRows(products: readonly ShopProduct[]): ShopProduct[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return SHOP_ORDER.flatMap((id) => {
    const p = byId.get(id);
    return p ? [p] : [];
  });
}

/** Today's limited offers (bundles 9–11 with an end time), shown above the rows. */
export function limitedOffers(products: readonly ShopProduct[], now: number): ShopProduct[] {
  return products.filter((p) => p.limited && p.limitedEnd !== null && p.limitedEnd > now);
}

export interface Badges {
  limited: boolean;
  event: boolean;
  /** whole percent off (75 for −75 %), or null when the product is not on sale */
  sale: number | null;
}

/**
 * The regular unit price while on sale, or null: the struck-through price beside the one charged.
 */
export function regularPrice(product: ShopProduct, currencyId: number): string | null {
  if (product.sale !== true) return null;
  return product.prices.find((p) => p.currency_id === currencyId)?.regular_price ?? null;
}

/**
 * The discount of a product on sale, from its regular and sale price in `currencyId` (or, without a
 * price there, in the first currency that has one): prices are rounded per currency, so the
 * badge says what the chosen currency really saves.
 */
export function saleDiscount(product: ShopProduct, currencyId: number): number | null {
  if (product.sale !== true) return null;
  const entries = [
    ...product.prices.filter((p) => p.currency_id === currencyId),
    ...product.prices.filter((p) => p.currency_id !== currencyId),
  ];
  for (const e of entries) {
    if (e.regular_price === undefined) continue;
    const off = discountPercent(e.regular_price, e.price);
    if (off !== null) return off;
  }
  return null;
}

/** The badges the server's catalogue gives a product (SPEC §2: limited, event, sale). */
export function badgesOf(product: ShopProduct, currencyId: number): Badges {
  return {
    limited: product.limited,
    event: product.event === true,
    sale: saleDiscount(product, currencyId),
  };
}

/** Pipette and Fast mode, once owned, do not open a card again (SPEC §2). */
export function opensCard(product: ShopProduct, goods: GoodsAvailable): boolean {
  return !(product.permanent && (goods[String(product.id)] ?? 0) > 0);
}

export function currencyCode(currencyId: number): string {
  return CURRENCIES.find((c) => c.id === currencyId)?.name ?? '?';
}
