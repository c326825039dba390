import { describe, expect, it } from 'vitest';
import { createUploadBudget } from './upload-gate.ts';

describe('upload budget', () => {
  it('reserves up to its capacity and frees each reservation once', () => {
    const budget = createUploadBudget(100);
    const a = budget.tryReserve(60);
    expect(a).not.toBeNull();
    expect(budget.tryReserve(41)).toBeNull();
    const b = budget.tryReserve(40);
    expect(b).not.toBeNull();
    expect(budget.inFlight).toBe(100);
    a?.();
    a?.();
    expect(budget.inFlight).toBe(40);
    expect(budget.tryReserve(61)).toBeNull();
    expect(budget.tryReserve(60)).not.toBeNull();
  });
});
