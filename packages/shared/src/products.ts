/**
 * Currencies and the shop catalogue (SPEC §3, §9). Prices are decimal strings, never floats, and
 * all price arithmetic is done on bigints in each currency's smallest unit, so that client and
 * server agree to the last digit (0.02 TON × 3 is exactly 0.06 TON).
 */
import { SLIDER_MAX } from './slider.ts';

// ---------- exact decimals ----------

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const EXPONENTIAL = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/;

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new RangeError(`decimals must be an integer within 0..36: ${decimals}`);
  }
}

/**
 * A decimal string (`'0.02'`, `'-3'`) in the smallest units of a currency with `decimals` places.
 * Throws a RangeError when the text is not a plain decimal or carries more precision than the
 * currency has: an amount is never silently rounded.
 */
export function toUnits(amount: string, decimals: number): bigint {
  assertDecimals(decimals);
  const m = DECIMAL.exec(amount.trim());
  if (!m) throw new RangeError(`not a decimal amount: '${amount}'`);
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals)
    throw new RangeError(`'${amount}' has more than ${decimals} decimal places`);
  const units = BigInt(m[2]! + fraction.padEnd(decimals, '0'));
  return m[1] === '-' ? -units : units;
}

/** Smallest units back to the shortest decimal string: no trailing zeros, no trailing point. */
export function fromUnits(units: bigint, decimals: number): string {
  assertDecimals(decimals);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The decimal text of a JS number as people read it (`0.1`, not `0.1000000000000000055`). */
export function decimalOfNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const text = String(n);
  const m = EXPONENTIAL.exec(text);
  if (!m) return text;
  const digits = m[2]! + (m[3] ?? '');
  const point = m[2]!.length + Number(m[4]);
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${digits}`
      : point >= digits.length
        ? digits + '0'.repeat(point - digits.length)
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return m[1] + body;
}

/** Rounds a decimal string to `decimals` places, halves away from zero; shortest form out. */
export function roundDecimal(amount: string, decimals: number): string {
  assertDecimals(decimals);
  const m = DECIMAL.exec(amount.trim());
  if (!m) throw new RangeError(`not a decimal amount: '${amount}'`);
  const fraction = m[3] ?? '';
  let units = BigInt(m[2]! + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if (fraction.length > decimals && fraction[decimals]! >= '5') units += 1n;
  return fromUnits(m[1] === '-' ? -units : units, decimals);
}

// ---------- currencies ----------

export const CurrencyId = {
  Stars: 1,
  TON: 2,
  NOT: 3,
  USDT: 4,
  DOGS: 5,
  ANON: 6,
  CATI: 7,
  X: 8,
  Major: 9,
  PX: 10,
} as const;
export type CurrencyId = (typeof CurrencyId)[keyof typeof CurrencyId];

export interface Currency {
  readonly id: CurrencyId;
  readonly code: string;
  readonly name: string;
  /** Places of the smallest unit: nanotons for TON and most jettons, whole Stars for XTR. */
  readonly decimals: number;
  readonly isJetton: boolean;
  /** Mainnet jetton master (user-friendly bounceable form); the operator can override it. */
  readonly jettonMaster: string | null;
}

/**
 * Ids 3..10 are jettons. Stars (XTR) are whole numbers in the Bot API, hence 0 decimals. The
 * masters are the public mainnet ones of these tokens; a deployment may configure others.
 */
export const CURRENCIES: readonly Currency[] = [
  { id: 1, code: 'XTR', name: 'Stars', decimals: 0, isJetton: false, jettonMaster: null },
  { id: 2, code: 'TON', name: 'TON', decimals: 9, isJetton: false, jettonMaster: null },
  {
    id: 3,
    code: 'NOT',
    name: 'NOT',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT',
  },
  {
    id: 4,
    code: 'USDT',
    name: 'USDT',
    decimals: 6,
    isJetton: true,
    jettonMaster: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
  },
  {
    id: 5,
    code: 'DOGS',
    name: 'DOGS',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQCvxJy4eG8hyHBFsZ7eePxrRsUQSFE_jpptRAYBmcG_DOGS',
  },
  {
    id: 6,
    code: 'ANON',
    name: 'ANON',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQDv-yr41_CZ2urg2gfegVfa44PDPjIK9F-MilEDKDUIhlwZ',
  },
  {
    id: 7,
    code: 'CATI',
    name: 'CATI',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQD-cvR0Nz6XAyRBvbhz-abTrRC6sI5tvHvvpeQraV9UAAD7',
  },
  {
    id: 8,
    code: 'X',
    name: 'X',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQB4zZusHsbU2vVTPqjhlokIOoiZhEdCMT703CWEzhTOo__X',
  },
  {
    id: 9,
    code: 'MAJOR',
    name: 'Major',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQCuPm01HldiduQ55xaBF_1kaW_WAUy5DHey8suqzU_MAJOR',
  },
  {
    id: 10,
    code: 'PX',
    name: 'PX',
    decimals: 9,
    isJetton: true,
    jettonMaster: 'EQB420yQsZobGcy0VYDfSKHpG2QQlw-j1f_tPu1J488I__PX',
  },
];

const CURRENCY_BY_ID = new Map<number, Currency>(CURRENCIES.map((c) => [c.id, c]));

export const DEFAULT_CURRENCY_ID: CurrencyId = CurrencyId.Stars;
/** The web build has no Stars payments: it falls back to TON. */
export const DEFAULT_WEB_CURRENCY_ID: CurrencyId = CurrencyId.TON;

export function isCurrencyId(value: unknown): value is CurrencyId {
  return typeof value === 'number' && CURRENCY_BY_ID.has(value);
}

export function currencyById(id: number): Currency | null {
  return CURRENCY_BY_ID.get(id) ?? null;
}

export function isJettonCurrency(id: number): boolean {
  return CURRENCY_BY_ID.get(id)?.isJetton ?? false;
}

// ---------- products ----------

export const ProductId = {
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
} as const;
export type ProductId = (typeof ProductId)[keyof typeof ProductId];

export type BlastKind = 'bomb' | 'paintcan' | 'pumpkin';

export interface BundleItem {
  readonly productId: ProductId;
  readonly qty: number;
}

export interface Product {
  readonly id: ProductId;
  readonly key: string;
  readonly name: string;
  readonly description: string;
  /** Bought one at a time: the purchase popup shows no quantity slider. */
  readonly isOnePiece: boolean;
  /** Kept for good once bought (Pipette, Fast mode): the shop row does not open again. */
  readonly permanent: boolean;
  /** A limited offer (badge "limited", has an end time). */
  readonly limited: boolean;
  readonly blastKind: BlastKind | null;
  /** Side of the square the tool paints, centred on the tapped pixel. */
  readonly blastSize: number | null;
  /** What a bundle gives; null for a plain product. */
  readonly contents: readonly BundleItem[] | null;
  /** Unit price per currency id, as a decimal string; a missing currency is "Not available". */
  readonly prices: Readonly<Partial<Record<CurrencyId, string>>>;
}

const BLAST_PRICES = { 1: '16', 2: '0.04', 3: '50', 4: '0.2', 5: '600', 10: '2' } as const;

function bundle(id: ProductId, key: string, name: string, each: number, prices: Product['prices']): Product {
  return {
    id,
    key,
    name,
    description: `${each} each of Restoring, Dynamite and Paint Can.`,
    isOnePiece: true,
    permanent: false,
    limited: true,
    blastKind: null,
    blastSize: null,
    contents: [
      { productId: ProductId.Restoring, qty: each },
      { productId: ProductId.Dynamite, qty: each },
      { productId: ProductId.PaintCan, qty: each },
    ],
    prices,
  };
}

const plain = { permanent: false, limited: false, blastKind: null, blastSize: null, contents: null } as const;

/** Prices per unit are SPEC §9's. Fast mode's are the spec's placeholder. */
export const PRODUCTS: readonly Product[] = [
  {
    ...plain,
    id: ProductId.Restoring,
    key: 'restoring',
    name: 'Restoring',
    description: 'Refills your energy charges to the maximum.',
    isOnePiece: false,
    prices: { 1: '8', 2: '0.02', 3: '25', 4: '0.1', 10: '1' },
  },
  {
    ...plain,
    id: ProductId.Dynamite,
    key: 'dynamite',
    name: 'Dynamite',
    description: 'A bomb: paints a 5×5 square around the pixel.',
    isOnePiece: false,
    blastKind: 'bomb',
    blastSize: 5,
    prices: BLAST_PRICES,
  },
  {
    ...plain,
    id: ProductId.Pipette,
    key: 'pipette',
    name: 'Pipette',
    description: 'Copies the colour of any pixel.',
    isOnePiece: true,
    permanent: true,
    prices: {
      1: '256',
      2: '0.4',
      3: '360',
      4: '2.8',
      5: '4800',
      6: '720',
      7: '5.6',
      8: '16800',
      9: '3.2',
    },
  },
  {
    ...plain,
    id: ProductId.FastMode,
    key: 'fastMode',
    name: 'Fast mode',
    description: 'Paint with a single touch.',
    isOnePiece: true,
    permanent: true,
    prices: { 1: '100000', 2: '100000', 3: '100000', 4: '100000', 10: '100000' },
  },
  {
    ...plain,
    id: ProductId.PaintCan,
    key: 'paintCan',
    name: 'Paint Can',
    description: 'Paints a 3×3 spot around the pixel.',
    isOnePiece: false,
    blastKind: 'paintcan',
    blastSize: 3,
    prices: BLAST_PRICES,
  },
  {
    ...plain,
    id: ProductId.Pumpkin,
    key: 'pumpkin',
    name: 'Pumpkin',
    description: 'Paints a 7×7 square around the pixel.',
    isOnePiece: false,
    blastKind: 'pumpkin',
    blastSize: 7,
    prices: { 1: '2', 2: '0.004', 3: '4', 4: '0.02' },
  },
  // Bundle prices are not in the spec: operator-tunable, set below the sum of the contents.
  bundle(ProductId.BundleSmall, 'bundleSmall', 'Special Bundle I', 1, {
    1: '30',
    2: '0.075',
    3: '90',
    4: '0.375',
    10: '4',
  }),
  bundle(ProductId.BundleMedium, 'bundleMedium', 'Special Bundle II', 2, {
    1: '56',
    2: '0.14',
    3: '175',
    4: '0.7',
    10: '7',
  }),
  bundle(ProductId.BundleLarge, 'bundleLarge', 'Special Bundle III', 3, {
    1: '72',
    2: '0.18',
    3: '225',
    4: '0.9',
    10: '9',
  }),
  {
    ...plain,
    id: ProductId.PixanosSnap,
    key: 'pixanosSnap',
    name: "Pixanos' Snap",
    description: 'Discolours half of the world; your name goes down in History.',
    isOnePiece: true,
    prices: { 1: '80000', 2: '250', 3: '400000', 4: '700', 10: '8000' },
  },
];

const PRODUCT_BY_ID = new Map<number, Product>(PRODUCTS.map((p) => [p.id, p]));

/** Shop rows, in order: Restoring, Dynamite, Paint Can, Pixanos' Snap. */
export const SHOP_ORDER: readonly ProductId[] = [1, 2, 6, 13];
export const LIMITED_PRODUCT_IDS: readonly ProductId[] = [9, 10, 11];
/** Product ids usable as a fast mode on the canvas. */
export const BLAST_PRODUCT_IDS: readonly ProductId[] = [2, 6, 7];
export const UNLOCK_ALL_COLORS_STARS = 5000;
/** Product icons change at these quantities. */
export const ICON_TIER_THRESHOLDS: readonly number[] = [5, 10, 100, 500, 1000];

export function isProductId(value: unknown): value is ProductId {
  return typeof value === 'number' && PRODUCT_BY_ID.has(value);
}

export function productById(id: number): Product | null {
  return PRODUCT_BY_ID.get(id) ?? null;
}

export function isOnePiece(productId: number): boolean {
  return PRODUCT_BY_ID.get(productId)?.isOnePiece ?? false;
}

export function isLimited(productId: number): boolean {
  return PRODUCT_BY_ID.get(productId)?.limited ?? false;
}

/** Side of the blast square (2 → 5, 6 → 3, 7 → 7); null for products that are not blasts. */
export function blastSize(productId: number): number | null {
  return PRODUCT_BY_ID.get(productId)?.blastSize ?? null;
}

export function blastKindOf(productId: number): BlastKind | null {
  return PRODUCT_BY_ID.get(productId)?.blastKind ?? null;
}

/** Largest quantity one purchase may carry: 1 for one-piece products, else the slider's top. */
export function maxQuantityOf(productId: number): number {
  return isOnePiece(productId) ? 1 : SLIDER_MAX;
}

export function isValidQuantity(productId: number, qty: number): boolean {
  return isProductId(productId) && Number.isInteger(qty) && qty >= 1 && qty <= maxQuantityOf(productId);
}

/** 0..5: how many of the icon thresholds (5, 10, 100, 500, 1000) the quantity reaches. */
export function iconTier(qty: number): number {
  let tier = 0;
  for (const t of ICON_TIER_THRESHOLDS) if (qty >= t) tier++;
  return tier;
}

/** Unit price as a decimal string, or null when the product has no price in that currency. */
export function priceOf(productId: number, currencyId: number): string | null {
  const prices: Partial<Record<number, string>> | undefined = PRODUCT_BY_ID.get(productId)?.prices;
  return prices?.[currencyId] ?? null;
}

function assertQuantity(qty: number): void {
  if (!Number.isSafeInteger(qty) || qty < 1)
    throw new RangeError(`quantity must be a positive integer: ${qty}`);
}

/** Exact total in the currency's smallest units, or null when there is no price. */
export function totalPriceUnits(productId: number, currencyId: number, qty: number): bigint | null {
  assertQuantity(qty);
  const price = priceOf(productId, currencyId);
  const currency = CURRENCY_BY_ID.get(currencyId);
  if (price === null || currency === undefined) return null;
  return toUnits(price, currency.decimals) * BigInt(qty);
}

/** Exact total as a decimal string (`totalPrice(1, 2, 3)` is `'0.06'`), or null when there is no price. */
export function totalPrice(productId: number, currencyId: number, qty: number): string | null {
  const units = totalPriceUnits(productId, currencyId, qty);
  return units === null ? null : fromUnits(units, CURRENCY_BY_ID.get(currencyId)!.decimals);
}

export interface PriceEntry {
  currency_id: CurrencyId;
  currency_name: string;
  price: string;
}

/** A product's prices in the `prices` shape of the product list (SPEC §3), in currency id order. */
export function priceList(productId: number): PriceEntry[] {
  const out: PriceEntry[] = [];
  for (const c of CURRENCIES) {
    const price = priceOf(productId, c.id);
    if (price !== null) out.push({ currency_id: c.id, currency_name: c.name, price });
  }
  return out;
}
