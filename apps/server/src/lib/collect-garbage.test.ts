import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.ts';

const youngGeneration = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;

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
    const grown = youngGeneration();
    collectGarbage('keep');
    expect(youngGeneration()).toBe(grown);
    collectGarbage('release');
    expect(youngGeneration()).toBeLessThan(grown);
  });
});
