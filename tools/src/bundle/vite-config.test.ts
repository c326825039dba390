import type { CodeSplittingGroup } from 'rolldown';
import { describe, expect, it } from 'vitest';
import config from '../../../apps/web/vite.config.ts';

describe("the web app's Vite configuration", () => {
  it('labels every code-splitting group named by a function, or each build warns about it', () => {
    const output = config.build?.rolldownOptions?.output;
    const outputs = Array.isArray(output) ? output : [output];
    const groups = outputs.flatMap((o) => {
      const splitting = o?.codeSplitting;
      return typeof splitting === 'object' ? ((splitting.groups ?? []) as CodeSplittingGroup[]) : [];
    });
    const byFunction = groups.filter((g) => typeof g.name === 'function');
    expect(byFunction.length).toBeGreaterThan(0);
    for (const group of byFunction) expect(group.debugName).toMatch(/\S/);
  });
});
