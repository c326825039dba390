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
/** SPEC §4: the shop's default while the operator's PX flag is on (public config `pxDefaultCurrency`). */
export const PX_DEFAULT_CURRENCY_ID: CurrencyId = CurrencyId.PX;

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

/** The traits of a blast: a tool that paints a square around the tapped pixel. */
interface BlastTraits {
  /**
   * The blast's kind: its fast mode on the canvas, the wall event (and animation) its use
   * broadcasts, and the locale key of its button (`boosts.<kind>`).
   */
  readonly blastKind: string;
  /** Side of the square the tool paints, centred on the tapped pixel. */
  readonly blastSize: number;
  readonly mode: null;
  readonly event: null;
}

interface OtherTraits {
  readonly blastKind: null;
  readonly blastSize: null;
  /** The fast mode of a tool that is not a blast ('energy': a refill, 'fast'); a blast's is its kind. */
  readonly mode: string | null;
  /** The wall event the use of a product that is not a blast broadcasts ('snap'). */
  readonly event: string | null;
}

/** What every catalogue entry states; the catalogue below is the only place it is written. */
type ProductEntry = {
  readonly id: number;
  /** Image (`/goods/<key>.webp`) and locale keys (`shop.products.<key>`, `profile.goods.<key>`). */
  readonly key: string;
  /** The web app's pixel art of the product (`PRODUCT_ART`); the bundles share one. */
  readonly art: string;
  readonly name: string;
  readonly description: string;
  /** Bought one at a time: the purchase popup shows no quantity slider. */
  readonly isOnePiece: boolean;
  /** Kept for good once bought (Pipette, Fast mode): the shop row does not open again. */
  readonly permanent: boolean;
  /** A limited offer (badge "limited", has an end time). */
  readonly limited: boolean;
  /**
   * Held once at most: a second order is refused while one is open, and the database checks it
   * (the inventory check and the one-open-order index of migration 0002).
   */
  readonly oneOff: boolean;
  /** Given out one at a time: the free daily item, the everyday offer, paint rewards. */
  readonly giveaway: boolean;
  /** A row of the shop list; bundles show above the rows while on offer. */
  readonly shopRow: boolean;
  /** What a bundle gives; null for a plain product. */
  readonly contents: readonly { readonly productId: number; readonly qty: number }[] | null;
  /** Unit price per currency id, as a decimal string; a missing currency is "Not available". */
  readonly prices: Readonly<Partial<Record<CurrencyId, string>>>;
} & (BlastTraits | OtherTraits);

const plain = {
  permanent: false,
  limited: false,
  oneOff: false,
  giveaway: false,
  shopRow: false,
  mode: null,
  blastKind: null,
  blastSize: null,
  event: null,
  contents: null,
} as const;

const BLAST_PRICES = { 1: '16', 2: '0.04', 3: '50', 4: '0.2', 5: '600', 10: '2' } as const;

/** A limited bundle of `each` Restoring (1), Dynamite (2) and Paint Can (6). */
function bundle<const Id extends number, const Key extends string>(
  id: Id,
  key: Key,
  name: string,
  each: number,
  prices: ProductEntry['prices'],
) {
  return {
    ...plain,
    id,
    key,
    art: 'bundle',
    name,
    description: `${each} each of Restoring, Dynamite and Paint Can.`,
    isOnePiece: true,
    limited: true,
    contents: [
      { productId: 1, qty: each },
      { productId: 2, qty: each },
      { productId: 6, qty: each },
    ],
    prices,
  } as const;
}

/**
 * The catalogue, in the order the product list shows it. Prices per unit are SPEC §9's; Fast
 * mode's are the spec's placeholder. Every product list of the server and the web app (one-offs,
 * giveaways, blasts, fast modes, wall event kinds, the blast rail, the inventory, the art keys,
 * the request schema of blasts) is derived from it.
 */
const CATALOGUE = {
  Restoring: {
    ...plain,
    id: 1,
    key: 'restoring',
    art: 'restoring',
    name: 'Restoring',
    description: 'Refills your energy charges to the maximum.',
    isOnePiece: false,
    giveaway: true,
    shopRow: true,
    mode: 'energy',
    prices: { 1: '8', 2: '0.02', 3: '25', 4: '0.1', 10: '1' },
  },
  Dynamite: {
    ...plain,
    id: 2,
    key: 'dynamite',
    art: 'dynamite',
    name: 'Dynamite',
    description: 'A bomb: paints a 5×5 square around the pixel.',
    isOnePiece: false,
    giveaway: true,
    shopRow: true,
    blastKind: 'bomb',
    blastSize: 5,
    prices: BLAST_PRICES,
  },
  Pipette: {
    ...plain,
    id: 4,
    key: 'pipette',
    art: 'pipette',
    name: 'Pipette',
    description: 'Copies the colour of any pixel.',
    isOnePiece: true,
    permanent: true,
    oneOff: true,
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
  FastMode: {
    ...plain,
    id: 5,
    key: 'fastMode',
    art: 'fastMode',
    name: 'Fast mode',
    description: 'Paint with a single touch.',
    isOnePiece: true,
    permanent: true,
    oneOff: true,
    mode: 'fast',
    prices: { 1: '100000', 2: '100000', 3: '100000', 4: '100000', 10: '100000' },
  },
  PaintCan: {
    ...plain,
    id: 6,
    key: 'paintCan',
    art: 'paintCan',
    name: 'Paint Can',
    description: 'Paints a 3×3 spot around the pixel.',
    isOnePiece: false,
    giveaway: true,
    shopRow: true,
    blastKind: 'paintcan',
    blastSize: 3,
    prices: BLAST_PRICES,
  },
  Pumpkin: {
    ...plain,
    id: 7,
    key: 'pumpkin',
    art: 'pumpkin',
    name: 'Pumpkin',
    description: 'Paints a 7×7 square around the pixel.',
    isOnePiece: false,
    giveaway: true,
    blastKind: 'pumpkin',
    blastSize: 7,
    prices: { 1: '2', 2: '0.004', 3: '4', 4: '0.02' },
  },
  // Bundle prices are not in the spec: operator-tunable, set below the sum of the contents.
  BundleSmall: bundle(9, 'bundleSmall', 'Special Bundle I', 1, {
    1: '30',
    2: '0.075',
    3: '90',
    4: '0.375',
    10: '4',
  }),
  BundleMedium: bundle(10, 'bundleMedium', 'Special Bundle II', 2, {
    1: '56',
    2: '0.14',
    3: '175',
    4: '0.7',
    10: '7',
  }),
  BundleLarge: bundle(11, 'bundleLarge', 'Special Bundle III', 3, {
    1: '72',
    2: '0.18',
    3: '225',
    4: '0.9',
    10: '9',
  }),
  PixanosSnap: {
    ...plain,
    id: 13,
    key: 'pixanosSnap',
    art: 'pixanosSnap',
    name: "Pixanos' Snap",
    description: 'Discolours half of the world; your name goes down in History.',
    isOnePiece: true,
    oneOff: true,
    shopRow: true,
    event: 'snap',
    prices: { 1: '80000', 2: '250', 3: '400000', 4: '700', 10: '8000' },
  },
  // SPEC §2, §9: the palette beyond the basic line (palette.ts BASIC_COLORS), kept once bought.
  // Stars only: the spec prices it in Stars and names no TON or jetton price.
  AllColors: {
    ...plain,
    id: 14,
    key: 'allColors',
    art: 'allColors',
    name: 'All colours',
    description: 'Unlocks all 30 colours of the palette for good.',
    isOnePiece: true,
    permanent: true,
    oneOff: true,
    prices: { 1: '5000' },
  },
} as const satisfies Record<string, ProductEntry>;

type Catalogue = typeof CATALOGUE;
type Entry = Catalogue[keyof Catalogue];
type BlastEntry = Extract<Entry, { blastKind: string }>;
type ModeEntry = Extract<Entry, { mode: string }>;
type EventEntry = Extract<Entry, { event: string }>;

export type ProductId = Entry['id'];
export type ProductKey = Entry['key'];
/** Keys of the web app's product art. */
export type ArtKey = Entry['art'];
export type BlastProductId = BlastEntry['id'];
export type BlastKind = BlastEntry['blastKind'];
/** The canvas's fast modes (SPEC §4): the blasts and the tools with a mode, mutually exclusive. */
export type FastMode = BlastKind | ModeEntry['mode'];
/** Kinds of the wall-wide events (the wire's EVENT frame): the blasts and the Pixanos' Snap. */
export type WallEventKind = BlastKind | EventEntry['event'];
export type OneOffProductId = Extract<Entry, { oneOff: true }>['id'];
export type GiveawayProductId = Extract<Entry, { giveaway: true }>['id'];
export type LimitedProductId = Extract<Entry, { limited: true }>['id'];
/** The product a fast mode uses up (or, for 'fast', needs to own). */
export type ProductOfMode<M extends FastMode> = Extract<Entry, { blastKind: M } | { mode: M }>['id'];

/** Product ids by name: `ProductId.PixanosSnap` is 13. */
export const ProductId = Object.fromEntries(
  Object.entries(CATALOGUE).map(([name, entry]) => [name, entry.id]),
) as { readonly [K in keyof Catalogue]: Catalogue[K]['id'] };

export interface BundleItem {
  readonly productId: ProductId;
  readonly qty: number;
}

export interface Product {
  readonly id: ProductId;
  readonly key: ProductKey;
  readonly art: ArtKey;
  readonly name: string;
  readonly description: string;
  readonly isOnePiece: boolean;
  readonly permanent: boolean;
  readonly limited: boolean;
  readonly oneOff: boolean;
  readonly giveaway: boolean;
  readonly shopRow: boolean;
  readonly mode: ModeEntry['mode'] | null;
  readonly blastKind: BlastKind | null;
  readonly blastSize: number | null;
  readonly event: EventEntry['event'] | null;
  readonly contents: readonly BundleItem[] | null;
  readonly prices: Readonly<Partial<Record<CurrencyId, string>>>;
}

const ENTRIES: readonly Entry[] = Object.values(CATALOGUE);

/** Every product, in catalogue order. */
export const PRODUCTS: readonly Product[] = ENTRIES;

const PRODUCT_BY_ID = new Map<number, Product>(PRODUCTS.map((p) => [p.id, p]));

const isBlast = (e: Entry): e is BlastEntry => e.blastKind !== null;
const hasMode = (e: Entry): e is ModeEntry => e.mode !== null;
const hasEvent = (e: Entry): e is EventEntry => e.event !== null;

/** Shop rows, in order: Restoring, Dynamite, Paint Can, Pixanos' Snap. */
export const SHOP_ORDER: readonly ProductId[] = ENTRIES.filter((e) => e.shopRow).map((e) => e.id);
/** The limited bundles (9–11), which take turns as today's offer. */
export const LIMITED_PRODUCT_IDS: readonly LimitedProductId[] = ENTRIES.filter(
  (e): e is Extract<Entry, { limited: true }> => e.limited,
).map((e) => e.id);
/** One-offs a player can own once: Pipette, Fast mode, Pixanos' Snap, All colours. */
export const ONE_OFF_PRODUCT_IDS: readonly OneOffProductId[] = ENTRIES.filter(
  (e): e is Extract<Entry, { oneOff: true }> => e.oneOff,
).map((e) => e.id);
/** Products given out one at a time (free daily item, everyday offer, paint rewards), in rotation order. */
export const GIVEAWAY_PRODUCT_IDS: readonly GiveawayProductId[] = ENTRIES.filter(
  (e): e is Extract<Entry, { giveaway: true }> => e.giveaway,
).map((e) => e.id);
/** Product ids usable as a fast mode on the canvas that paint a square. */
export const BLAST_PRODUCT_IDS: readonly BlastProductId[] = ENTRIES.filter(isBlast).map((e) => e.id);
/** The blast kinds in catalogue order: the order of the blast rail. */
export const BLAST_KINDS: readonly BlastKind[] = ENTRIES.filter(isBlast).map((e) => e.blastKind);
/** Every fast mode: the tools' modes, then the blasts. */
export const FAST_MODES: readonly FastMode[] = [
  ...ENTRIES.filter(hasMode).map((e) => e.mode),
  ...BLAST_KINDS,
];
/** Every wall event kind: the blasts', then the other products' ('snap'). */
export const WALL_EVENT_KINDS: readonly WallEventKind[] = [
  ...BLAST_KINDS,
  ...ENTRIES.filter(hasEvent).map((e) => e.event),
];
/** The product each fast mode uses: energy → Restoring (1), bomb → Dynamite (2), … */
export const FAST_MODE_PRODUCT = Object.fromEntries([
  ...ENTRIES.filter(hasMode).map((e) => [e.mode, e.id]),
  ...ENTRIES.filter(isBlast).map((e) => [e.blastKind, e.id]),
]) as { readonly [M in FastMode]: ProductOfMode<M> };
/** Goods a player holds, as the inventory lists them: consumables first, then the kept tools; no bundles. */
export const INVENTORY_ORDER: readonly ProductId[] = [
  ...ENTRIES.filter((e) => e.contents === null && !e.permanent),
  ...ENTRIES.filter((e) => e.contents === null && e.permanent),
].map((e) => e.id);

/** The Stars price of All colours (14), as the Wall's unlock label shows it. */
export const UNLOCK_ALL_COLORS_STARS = Number(CATALOGUE.AllColors.prices[CurrencyId.Stars]);
/** Product icons change at these quantities. */
export const ICON_TIER_THRESHOLDS: readonly number[] = [5, 10, 100, 500, 1000];

export function isBlastProductId(value: unknown): value is BlastProductId {
  return typeof value === 'number' && (BLAST_PRODUCT_IDS as readonly number[]).includes(value);
}

export function isOneOff(productId: number): boolean {
  return PRODUCT_BY_ID.get(productId)?.oneOff ?? false;
}

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

/** Side of a blast product's square, as the client paints its own blast at once. */
export function blastSizeOf(productId: BlastProductId): number {
  const size = PRODUCT_BY_ID.get(productId)?.blastSize;
  if (size === null || size === undefined) throw new RangeError(`product ${productId} is not a blast`);
  return size;
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

// ---------- promotions ----------

/**
 * What the operator marks in the shop (SPEC §2 row badges "event" and "sale"): configuration, not
 * catalogue. A product on sale costs its sale price in every currency and every payment path.
 */
export interface ShopPromotions {
  /** Percent off (1..99) by product id. */
  readonly sale: ReadonlyMap<number, number>;
  /** Products shown with the "event" badge. */
  readonly event: ReadonlySet<number>;
}

export const NO_PROMOTIONS: ShopPromotions = { sale: new Map(), event: new Set() };

export function isSalePercent(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 99;
}

/**
 * The sale unit price in smallest units: the regular one less `percentOff`, rounded half up to the
 * currency's smallest unit and never below one unit (nothing is given away by rounding).
 */
export function saleUnits(regularUnits: bigint, percentOff: number): bigint {
  if (!isSalePercent(percentOff)) throw new RangeError(`percent off must be 1..99: ${percentOff}`);
  if (regularUnits <= 0n) return regularUnits;
  const scaled = regularUnits * BigInt(100 - percentOff);
  const units = (scaled + 50n) / 100n;
  return units < 1n ? 1n : units;
}

/** The unit price charged now, in smallest units (the sale price while on sale), or null. */
export function unitPriceUnits(
  productId: number,
  currencyId: number,
  promotions: ShopPromotions = NO_PROMOTIONS,
): bigint | null {
  const price = priceOf(productId, currencyId);
  const currency = CURRENCY_BY_ID.get(currencyId);
  if (price === null || currency === undefined) return null;
  const regular = toUnits(price, currency.decimals);
  const off = promotions.sale.get(productId);
  return off === undefined ? regular : saleUnits(regular, off);
}

/**
 * The discount shown on a sale badge, in whole percent, from the regular and the charged unit
 * price (decimal strings of one currency): '8' and '2' → 75. Null when nothing is off.
 */
export function discountPercent(regular: string, charged: string): number | null {
  const scale = Math.max(regular.split('.')[1]?.length ?? 0, charged.split('.')[1]?.length ?? 0);
  const r = toUnits(regular, scale);
  const c = toUnits(charged, scale);
  if (r <= 0n || c >= r) return null;
  // Rounded down: the badge never promises more than the price gives.
  const off = Number(((r - c) * 100n) / r);
  return off >= 1 ? off : null;
}

/**
 * Exact total in the currency's smallest units, or null when there is no price. With promotions,
 * a product on sale is totalled at its sale price.
 */
export function totalPriceUnits(
  productId: number,
  currencyId: number,
  qty: number,
  promotions: ShopPromotions = NO_PROMOTIONS,
): bigint | null {
  assertQuantity(qty);
  const unit = unitPriceUnits(productId, currencyId, promotions);
  return unit === null ? null : unit * BigInt(qty);
}

/** Exact total as a decimal string (`totalPrice(1, 2, 3)` is `'0.06'`), or null when there is no price. */
export function totalPrice(
  productId: number,
  currencyId: number,
  qty: number,
  promotions: ShopPromotions = NO_PROMOTIONS,
): string | null {
  const units = totalPriceUnits(productId, currencyId, qty, promotions);
  return units === null ? null : fromUnits(units, CURRENCY_BY_ID.get(currencyId)!.decimals);
}

export interface PriceEntry {
  currency_id: CurrencyId;
  currency_name: string;
  /** the unit price charged: the sale price while the product is on sale */
  price: string;
  /** the regular unit price, only while the product is on sale */
  regular_price?: string;
}

/**
 * A product's prices in the `prices` shape of the product list (SPEC §3), in currency id order;
 * on sale, each carries the sale price and the regular one.
 */
export function priceList(productId: number, promotions: ShopPromotions = NO_PROMOTIONS): PriceEntry[] {
  const out: PriceEntry[] = [];
  const onSale = promotions.sale.has(productId);
  for (const c of CURRENCIES) {
    const regular = priceOf(productId, c.id);
    if (regular === null) continue;
    if (!onSale) {
      out.push({ currency_id: c.id, currency_name: c.name, price: regular });
      continue;
    }
    const units = unitPriceUnits(productId, c.id, promotions)!;
    out.push({
      currency_id: c.id,
      currency_name: c.name,
      price: fromUnits(units, c.decimals),
      regular_price: regular,
    });
  }
  return out;
}
