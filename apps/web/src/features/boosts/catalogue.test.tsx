/**
 * Adding a blast product takes its catalogue entry (packages/shared/src/products.ts), its art
 * (PRODUCT_ART) and its locale strings: every list of the server, the wire and the web app is
 * derived from the catalogue. This walks every product of the catalogue and checks each place a
 * product shows up.
 */
import {
  BLAST_KINDS,
  BLAST_PRODUCT_IDS,
  BLAST_TYPES,
  blastKindOf,
  blastSize,
  blastSizeOf,
  decodeServerFrame,
  encodeEvent,
  FAST_MODES,
  FrameType,
  GIVEAWAY_PRODUCT_IDS,
  INVENTORY_ORDER,
  isBlastProductId,
  PALETTE,
  PRODUCTS,
  type Product,
  productById,
  repaintSpecialBody,
  SHOP_ORDER,
  WALL_EVENT_KINDS,
  type WallEvent,
} from '@pixel-wall/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { SUPPORTED_LANGUAGES } from '../../i18n/languages.ts';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { PRODUCT_ART, PRODUCT_ART_KEY } from '../shop/art.ts';
import { BlastRail } from './BlastRail.tsx';
import {
  BLAST_MODES,
  FAST_MODE_PRODUCT,
  isBlastMode,
  modeAfterGoods,
  pressBoost,
  tapActs,
} from './fastModes.ts';

afterEach(cleanup);

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*.json', {
  eager: true,
  import: 'default',
});
const locales = SUPPORTED_LANGUAGES.map((language) => {
  const data = files[`../../../public/locales/${language}.json`];
  if (!data) throw new Error(`public/locales/${language}.json is missing`);
  return [language, data] as const;
});

function lookup(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The locale keys a product needs, wherever the web app names it. */
function localeKeys(p: Product): string[] {
  const keys = [`shop.products.${p.key}.name`, `shop.products.${p.key}.description`];
  if (p.contents === null) keys.push(`profile.goods.${p.key}`);
  if (p.blastKind !== null) keys.push(`boosts.${p.blastKind}`);
  if (p.mode !== null) keys.push(`boosts.${p.mode}`);
  return keys;
}

const blasts = PRODUCTS.filter((p) => p.blastKind !== null);
const others = PRODUCTS.filter((p) => p.blastKind === null);
const color = PALETTE[0];

describe('the catalogue', () => {
  it('has blasts and other products to walk', () => {
    expect(blasts.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
  });

  it.each(PRODUCTS.map((p) => [p.id, p] as const))('product %i has a 12×12 picture', (id, p) => {
    expect(PRODUCT_ART_KEY[id]).toBe(p.art);
    const rows = PRODUCT_ART[p.art];
    expect(rows).toHaveLength(12);
  });

  it.each(PRODUCTS.flatMap((p) => locales.map(([language, data]) => [p.id, language, p, data] as const)))(
    'product %i has its strings in %s',
    (_id, _language, p, data) => {
      const missing = localeKeys(p).filter((key) => {
        const value = lookup(data, key);
        return typeof value !== 'string' || value.trim() === '';
      });
      expect(missing).toEqual([]);
    },
  );

  it('lists every product that is not a bundle in the inventory, each once', () => {
    const expected = PRODUCTS.filter((p) => p.contents === null).map((p) => p.id);
    expect([...INVENTORY_ORDER].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });
});

describe.each(blasts.map((p) => [p.id, p.blastKind, p] as const))('blast product %i (%s)', (id, kind, p) => {
  if (kind === null) throw new Error('not a blast');

  it('is in every list of blasts, in catalogue order', () => {
    const at = blasts.indexOf(p);
    expect(BLAST_PRODUCT_IDS[at]).toBe(id);
    expect(BLAST_TYPES[at]).toBe(id);
    expect(BLAST_KINDS[at]).toBe(kind);
    expect(BLAST_MODES[at]).toBe(kind);
    expect(isBlastProductId(id)).toBe(true);
    expect(blastKindOf(id)).toBe(kind);
    expect(blastSize(id)).toBe(p.blastSize);
    expect(isBlastProductId(id) && blastSizeOf(id)).toBe(p.blastSize);
  });

  it('is a fast mode of the canvas that uses up its product', () => {
    expect(FAST_MODES).toContain(kind);
    expect(FAST_MODE_PRODUCT[kind]).toBe(id);
    expect(isBlastMode(kind)).toBe(true);
    expect(tapActs(kind)).toBe(true);
    expect(pressBoost(null, kind, {})).toEqual({ kind: 'shop', productId: id });
    expect(pressBoost(null, kind, { [String(id)]: 1 })).toEqual({ kind: 'mode', next: kind });
    expect(modeAfterGoods(kind, { [String(id)]: 0 })).toBeNull();
  });

  it('is held in the inventory and sold or given out somewhere', () => {
    expect(INVENTORY_ORDER).toContain(id);
    expect(p.shopRow || p.limited || GIVEAWAY_PRODUCT_IDS.some((g) => g === id)).toBe(true);
    expect(productById(id)).toBe(p);
  });

  it('is a blast request the API takes', () => {
    expect(repaintSpecialBody.safeParse({ pixelId: 1, type: id, color }).success).toBe(true);
  });

  it('is a wall event the wire carries', () => {
    expect(WALL_EVENT_KINDS).toContain(kind);
    const event: WallEvent = { kind, user: { id: 1, firstName: 'A', userPic: null }, pixelId: 1, color };
    expect(decodeServerFrame(encodeEvent(event))).toEqual({ type: FrameType.Event, event });
  });

  it('has a button on the blast rail with its count and label', async () => {
    const missing: string[] = [];
    const i18n = await createTestI18n(missing);
    render(
      <AppProviders context={createTestContext()} i18n={i18n}>
        <BlastRail goods={{ [String(id)]: 3 }} mode={kind} busy={false} onPress={() => {}} />
      </AppProviders>,
    );
    const ids = screen.getAllByRole('button').map((b) => b.getAttribute('data-testid'));
    expect(ids).toEqual(blasts.map((b) => `boost-${b.id}`));
    expect(screen.getByTestId(`boost-${id}`).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId(`boost-count-${id}`).textContent).toBe('3');
    expect(missing).toEqual([]);
  });
});

describe.each(others.map((p) => [p.id, p] as const))('product %i, not a blast', (id, p) => {
  it('is in no list of blasts and no blast request', () => {
    expect(BLAST_PRODUCT_IDS.some((b) => b === id)).toBe(false);
    expect(isBlastProductId(id)).toBe(false);
    expect(repaintSpecialBody.safeParse({ pixelId: 1, type: id, color }).success).toBe(false);
    expect(SHOP_ORDER.some((s) => s === id)).toBe(p.shopRow);
  });
});
