import { describe, expect, it } from 'vitest';
import { type FastMode, modeAfterGoods, pressBoost, tapActs } from './fastModes.ts';

const all = { '1': 2, '2': 3, '5': 1, '6': 4, '7': 5 };

describe('fast modes', () => {
  it('are mutually exclusive: enabling one replaces the active one', () => {
    const modes: FastMode[] = ['energy', 'fast', 'bomb', 'paintcan', 'pumpkin'];
    for (const active of modes) {
      for (const pressed of modes) {
        const result = pressBoost(active, pressed, all);
        expect(result).toEqual({ kind: 'mode', next: active === pressed ? null : pressed });
      }
    }
  });

  it('turns the active one off when tapped again', () => {
    expect(pressBoost('bomb', 'bomb', all)).toEqual({ kind: 'mode', next: null });
  });

  it('opens the shop for a product the player has none of', () => {
    expect(pressBoost(null, 'pumpkin', { '7': 0 })).toEqual({ kind: 'shop', productId: 7 });
    expect(pressBoost('bomb', 'energy', {})).toEqual({ kind: 'shop', productId: 1 });
    expect(pressBoost(null, 'fast', {})).toEqual({ kind: 'shop', productId: 5 });
  });

  it('switches a blast off when its items run out, but keeps fast energy', () => {
    expect(modeAfterGoods('bomb', { '2': 0 })).toBeNull();
    expect(modeAfterGoods('bomb', { '2': 1 })).toBe('bomb');
    expect(modeAfterGoods('energy', {})).toBe('energy');
  });

  it('turns double-tap zoom off where every tap acts', () => {
    expect(tapActs('bomb')).toBe(true);
    expect(tapActs('fast')).toBe(true);
    expect(tapActs('energy')).toBe(false);
    expect(tapActs(null)).toBe(false);
  });
});
