import { pixelIdOf } from '@pixel-wall/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { redisKinds, testRedis } from '../testing/redis.ts';
import { blast, blastArea, checkBlast } from './blast.ts';
import { createMemoryEngine } from './memory.ts';
import { createRedisEngine } from './redis.ts';
import type { Engine, EngineDeps } from './types.ts';

const rules = { max: 5, speedMs: 600_000 };
const deps: EngineDeps = {
  rulesFor: () => rules,
  loadCharges: async () => ({ charges: 3, updatedAt: 1000 }),
};
const kinds = await redisKinds();

describe('blastArea', () => {
  it('is the square centred on the pixel, clipped at the edges', () => {
    expect(blastArea(pixelIdOf(10, 10), 5)).toHaveLength(25);
    expect(blastArea(pixelIdOf(10, 10), 3)).toHaveLength(9);
    expect(blastArea(pixelIdOf(10, 10), 7)).toHaveLength(49);
    expect(blastArea(pixelIdOf(0, 0), 5)).toHaveLength(9);
    expect(blastArea(pixelIdOf(1023, 1023), 7)).toHaveLength(16);
    expect(blastArea(pixelIdOf(0, 500), 3)).toHaveLength(6);
    expect(blastArea(pixelIdOf(10, 10), 3)).toEqual([
      pixelIdOf(9, 9),
      pixelIdOf(10, 9),
      pixelIdOf(11, 9),
      pixelIdOf(9, 10),
      pixelIdOf(10, 10),
      pixelIdOf(11, 10),
      pixelIdOf(9, 11),
      pixelIdOf(10, 11),
      pixelIdOf(11, 11),
    ]);
  });

  it('refuses what an engine must never write', () => {
    const ok = { userId: 1, pixelIds: [1], color: 3, now: 1 };
    expect(() => checkBlast(ok)).not.toThrow();
    expect(() => checkBlast({ ...ok, color: 30 })).toThrow(RangeError);
    expect(() => checkBlast({ ...ok, pixelIds: [] })).toThrow(RangeError);
    expect(() => checkBlast({ ...ok, pixelIds: [0] })).toThrow(RangeError);
    expect(() => checkBlast({ ...ok, pixelIds: Array.from({ length: 50 }, (_, i) => i + 1) })).toThrow(
      RangeError,
    );
    expect(() => checkBlast({ ...ok, userId: 0 })).toThrow(RangeError);
  });
});

describe.each(kinds)('blast on the %s engine', (kind) => {
  let dispose: (() => Promise<void>) | null = null;
  afterEach(async () => {
    await dispose?.();
    dispose = null;
  });

  async function engine(): Promise<Engine> {
    if (kind === 'memory') return createMemoryEngine(deps);
    const t = testRedis();
    const e = createRedisEngine({ ...deps, redis: t.connect('blast') });
    dispose = async () => {
      await e.close();
      await t.dispose();
    };
    return e;
  }

  it('writes every pixel with the colour, owner and time, and spends no charge', async () => {
    const e = await engine();
    const ids = blastArea(pixelIdOf(100, 200), 5);
    const out = await blast(e, { userId: 42, pixelIds: ids, color: 9, now: 5000 });
    expect(out.charges.charges).toBe(3);
    expect(out.rules).toEqual(rules);
    for (const id of ids) expect(await e.pixel(id)).toEqual({ color: 9, userId: 42, paintedAt: 5000 });
    expect(await e.pixel(pixelIdOf(103, 200))).toBeNull();
    const canvas = await e.canvas();
    expect(ids.every((id) => canvas[id - 1] === 9)).toBe(true);
  });
});
