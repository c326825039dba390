import { describe, expect, it } from 'vitest';
import { PURCHASE_IDLE, type PurchaseState, purchaseReducer } from './purchase.ts';

const press = { type: 'press', channel: 'stars' } as const;

describe('purchaseReducer', () => {
  it('goes idle → pending → success, and a press on success closes back to idle', () => {
    let s: PurchaseState = purchaseReducer(PURCHASE_IDLE, press);
    expect(s).toEqual({ phase: 'pending', channel: 'stars' });
    s = purchaseReducer(s, { type: 'settled', result: { ok: true, channel: 'stars' } });
    expect(s).toEqual({ phase: 'success', channel: 'stars' });
    expect(purchaseReducer(s, press)).toEqual(PURCHASE_IDLE);
  });

  it('ignores a press while pending', () => {
    const pending = purchaseReducer(PURCHASE_IDLE, press);
    expect(purchaseReducer(pending, press)).toBe(pending);
    expect(purchaseReducer(pending, { type: 'press', channel: 'crypto' })).toBe(pending);
  });

  it('records a failure, and a press after it tries again', () => {
    const failed = purchaseReducer(purchaseReducer(PURCHASE_IDLE, press), {
      type: 'settled',
      result: { ok: false, error: 'stars' },
    });
    expect(failed).toEqual({ phase: 'failed', error: 'stars' });
    expect(purchaseReducer(failed, press).phase).toBe('pending');
  });

  it('ignores a late result once closed', () => {
    expect(purchaseReducer(PURCHASE_IDLE, { type: 'settled', result: { ok: true, channel: 'crypto' } })).toBe(
      PURCHASE_IDLE,
    );
  });
});
