import { describe, expect, it } from 'vitest';
import { canAct, explorerUrl, markPending, phaseOf } from './tokenRewards.ts';

describe('token rewards', () => {
  it('moves null → pending → success', () => {
    expect(phaseOf({ status: null })).toBe('claimable');
    expect(phaseOf({ status: 'pending' })).toBe('pending');
    expect(phaseOf({ status: 'success' })).toBe('success');
    expect(
      markPending(
        [
          { id: 1, status: null },
          { id: 2, status: null },
        ],
        1,
      ),
    ).toEqual([
      { id: 1, status: 'pending' },
      { id: 2, status: null },
    ]);
  });

  it('ignores a claim or burn while one is in flight or after it', () => {
    expect(canAct({ id: 1, status: null }, new Set())).toBe(true);
    expect(canAct({ id: 1, status: null }, new Set([1]))).toBe(false);
    expect(canAct({ id: 1, status: 'pending' }, new Set())).toBe(false);
  });

  it('links a hash to the explorer', () => {
    expect(explorerUrl('ab/c+=')).toBe('https://tonviewer.com/transaction/ab%2Fc%2B%3D');
  });
});
