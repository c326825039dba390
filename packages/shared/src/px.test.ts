import { describe, expect, it } from 'vitest';
import {
  buybackPercent,
  ledgerTotal,
  PX_BURNED,
  PX_BUYBACK_BASE,
  PX_FUND,
  PX_TGE_SUPPLY,
  TOKENOMICS_NOW,
  TOKENOMICS_TGE,
  tokenomicsOf,
  tokenomicsTotal,
} from './px.ts';

describe('PX tokenomics (SPEC §9)', () => {
  it('splits TGE 80/8/7/5 and NOW 74.53/8.16/7.14/5.1/2.04/3.03', () => {
    expect(TOKENOMICS_TGE.map((s) => s.percent)).toEqual([80, 8, 7, 5]);
    expect(TOKENOMICS_NOW.map((s) => s.percent)).toEqual([74.53, 8.16, 7.14, 5.1, 2.04, 3.03]);
    expect(tokenomicsOf('tge')).toBe(TOKENOMICS_TGE);
    expect(tokenomicsOf('now')).toBe(TOKENOMICS_NOW);
  });

  it('adds each view up to 100%', () => {
    expect(tokenomicsTotal(TOKENOMICS_TGE)).toBe(100);
    expect(tokenomicsTotal(TOKENOMICS_NOW)).toBe(100);
  });

  it('has a TGE supply of 250M, 5M burned and 5M in the fund, the buyback against 245M', () => {
    expect(PX_TGE_SUPPLY).toBe(250_000_000);
    expect([PX_BURNED, PX_FUND]).toEqual([5_000_000, 5_000_000]);
    expect(PX_BUYBACK_BASE).toBe(PX_TGE_SUPPLY - PX_BURNED);
  });
});

describe('ledger totals', () => {
  it('sums only the positive entries', () => {
    expect(ledgerTotal([{ amount: 10 }, { amount: -4 }, { amount: 2.5 }, { amount: 0 }])).toBe(12.5);
    expect(ledgerTotal([])).toBe(0);
  });

  it('shows the buyback as a percent of 245M, to two decimals', () => {
    expect(buybackPercent(2_450_000)).toBe(1);
    expect(buybackPercent(7_423_500)).toBe(3.03);
    expect(buybackPercent(0)).toBe(0);
  });
});
