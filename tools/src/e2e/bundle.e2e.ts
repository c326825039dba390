/** The built app's initial JavaScript stays within budget (`npm run test:e2e` builds first). */
import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs, report, sharedSchemaModules } from '../bundle/budget.ts';

describe('bundle budget', () => {
  it('loads at most 250 KB of gzipped JavaScript before the first screen; routes load the rest', () => {
    const result = measureInitialJs();
    console.info(report(result));
    expect(result.entries.length).toBeGreaterThan(0);
    expect(result.totalGzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
    // The Telegram SDK and the Wall's canvas code load on demand, never with the entry.
    expect(result.chunks.map((c) => c.file).join(' ')).not.toMatch(/telegram-|WallPage-/);
    // The shared zod schemas are built after the first screen, in a chunk of their own.
    expect(sharedSchemaModules([...result.chunks, ...result.firstScreen])).toEqual([]);
  });
});
