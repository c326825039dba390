import { describe, expect, it } from 'vitest';
import { lazyRequire } from './lazy-require.ts';

describe('lazyRequire', () => {
  it('loads the package at the first call, then hands back the same one', () => {
    const load = lazyRequire<typeof import('ioredis')>('ioredis');
    const first = load();
    expect(typeof first.Redis).toBe('function');
    expect(load()).toBe(first);
  });

  it('fails at the call, with the package named, when it is not installed', () => {
    const load = lazyRequire('pixel-wall-no-such-package');
    expect(load).toThrow(/pixel-wall-no-such-package/);
  });
});
