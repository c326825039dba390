import { describe, expect, it } from 'vitest';
import { collectGarbage, youngGenerationBytes } from './collect-garbage.ts';

/** Many short-lived objects: V8 grows the young generation to take them. */
function churn(): void {
  let keep: { i: number }[] = [];
  for (let i = 0; i < 3_000_000; i++) {
    keep.push({ i });
    if (keep.length > 100_000) keep = [];
  }
}

describe('collectGarbage', () => {
  it('collects what nothing references any more', async () => {
    let garbage: object | null = { big: new Array(1000).fill(1) };
    const ref = new WeakRef(garbage);
    garbage = null;
    // A WeakRef's target is kept until the job that made it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });

  it('keeps the young generation its size, or hands it back with release', () => {
    churn();
    const grown = youngGenerationBytes();
    collectGarbage('keep');
    expect(youngGenerationBytes()).toBe(grown);
    collectGarbage('release');
    expect(youngGenerationBytes()).toBeLessThan(grown);
  });
});
