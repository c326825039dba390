import { describe, expect, it } from 'vitest';
import { createPixelStore } from '../../canvas/index.ts';
import { pressBoost } from './fastModes.ts';
import { colorUnderTap, pressPipette } from './pipette.ts';

describe('the pipette', () => {
  it('opens the shop for Pipette until it is owned', () => {
    expect(pressPipette(false, null, {})).toEqual({ kind: 'shop', productId: 4 });
    expect(pressPipette(false, null, { '4': 0 })).toEqual({ kind: 'shop', productId: 4 });
    expect(pressPipette(false, null, { '4': 1 })).toEqual({ kind: 'toggle', armed: true, mode: null });
  });

  it('turns off the modes where a tap acts, keeps fast energy, and disarms when pressed again', () => {
    const owned = { '4': 1 };
    expect(pressPipette(false, 'fast', owned)).toMatchObject({ armed: true, mode: null });
    expect(pressPipette(false, 'bomb', owned)).toMatchObject({ armed: true, mode: null });
    expect(pressPipette(false, 'energy', owned)).toMatchObject({ armed: true, mode: 'energy' });
    expect(pressPipette(true, 'energy', owned)).toEqual({ kind: 'toggle', armed: false, mode: 'energy' });
    // Disarming works even if the item somehow went away meanwhile.
    expect(pressPipette(true, null, {})).toEqual({ kind: 'toggle', armed: false, mode: null });
  });

  it('reads the tapped pixel’s palette colour', () => {
    const store = createPixelStore();
    expect(colorUnderTap(store, { x: 3, y: 4 })).toBe('#FFFFFF');
    store.apply(3 + 4 * 1024 + 1, 5);
    expect(colorUnderTap(store, { x: 3, y: 4 })).toMatch(/^#[0-9A-F]{6}$/);
    expect(colorUnderTap(store, { x: 3, y: 4 })).not.toBe('#FFFFFF');
    expect(colorUnderTap(store, { x: 1024, y: 0 })).toBeNull();
  });

  it('fast mode (product 5) paints on tap only once owned, and is exclusive with the blasts', () => {
    expect(pressBoost(null, 'fast', {})).toEqual({ kind: 'shop', productId: 5 });
    expect(pressBoost('bomb', 'fast', { '5': 1 })).toEqual({ kind: 'mode', next: 'fast' });
    expect(pressBoost('fast', 'pumpkin', { '5': 1, '7': 2 })).toEqual({ kind: 'mode', next: 'pumpkin' });
  });
});
