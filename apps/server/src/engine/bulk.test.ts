import { applySnap, CANVAS_PIXELS, snapPixelIds } from '@pixel-wall/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { redisKinds, testRedis } from '../testing/redis.ts';
import { checkBulkPaint } from './bulk.ts';
import { createMemoryEngine } from './memory.ts';
import { createRedisEngine } from './redis.ts';
import type { Engine, EngineDeps } from './types.ts';

const kinds = await redisKinds();
const deps: EngineDeps = { rulesFor: () => ({ max: 5, speedMs: 60_000 }), loadCharges: async () => null };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

function memory(): { engine: Engine; twin: Engine } {
  const engine = createMemoryEngine(deps);
  return { engine, twin: engine };
}

function redis(): { engine: Engine; twin: Engine } {
  const t = testRedis();
  const engine = createRedisEngine({ ...deps, redis: t.connect('bulk-a') });
  const twin = createRedisEngine({ ...deps, redis: t.connect('bulk-b') });
  cleanups.push(async () => {
    await Promise.all([engine.close(), twin.close()]);
    await t.dispose();
  });
  return { engine, twin };
}

const makers = { memory, ...(kinds.includes('redis') ? { redis } : {}) };

describe.each(Object.entries(makers))('paintBulk on %s', (name, make) => {
  it('repaints exactly the snap pixels with the owner and time, leaving the rest', async () => {
    const { engine } = make();
    await engine.restorePixels([
      { id: 1, color: 4, userId: 9, paintedAt: 1_000 },
      { id: 2, color: 4, userId: 9, paintedAt: 1_000 },
      { id: CANVAS_PIXELS, color: 5, userId: 9, paintedAt: 1_000 },
    ]);
    const before = await engine.canvas();
    const ids = snapPixelIds(42, 50);
    const started = performance.now();
    await engine.paintBulk({ pixelIds: ids, color: 7, userId: 1_135_128_165_141, now: 1_795_369_133_870 });
    const ms = performance.now() - started;
    const want = before.slice();
    applySnap(want, 42, 50, 7);
    expect(Buffer.compare(Buffer.from(await engine.canvas()), Buffer.from(want))).toBe(0);
    expect(await engine.pixel(ids[0]!)).toEqual({
      color: 7,
      userId: 1_135_128_165_141,
      paintedAt: 1_795_369_133_870,
    });
    expect(await engine.pixel(ids.at(-1)!)).toMatchObject({ color: 7 });
    // Seed 42 at 50% names pixel 1 and 2 but not 4: its untouched neighbour keeps "never painted".
    expect(await engine.pixel(4)).toBeNull();
    console.info(`paintBulk ${name}: ${ids.length} pixels in ${ms.toFixed(0)} ms`);
  }, 60_000);

  it('is one step: a paint from another instance lands wholly before or after it', async () => {
    const { engine, twin } = make();
    const ids = snapPixelIds(3, 50);
    const target = ids[ids.length >> 1]!;
    const [painted] = await Promise.all([
      (async () => {
        await new Promise((r) => setTimeout(r, 1));
        return twin.paint({ userId: 2, pixelId: target, color: 1, now: 5_000 });
      })(),
      engine.paintBulk({ pixelIds: ids, color: 9, userId: 3, now: 4_000 }),
    ]);
    expect(painted.ok).toBe(true);
    const px = await engine.pixel(target);
    // Either order is fine; a torn pixel (colour of one, owner of the other) is not.
    if (px!.color === 9) expect(px).toEqual({ color: 9, userId: 3, paintedAt: 4_000 });
    else expect(px).toEqual({ color: 1, userId: 2, paintedAt: 5_000 });
  }, 60_000);

  it('refuses malformed requests before writing anything', async () => {
    const { engine } = make();
    const bad = [
      { pixelIds: new Uint32Array([2, 1]), color: 1, userId: 1, now: 1 },
      { pixelIds: new Uint32Array([0]), color: 1, userId: 1, now: 1 },
      { pixelIds: new Uint32Array([CANVAS_PIXELS + 1]), color: 1, userId: 1, now: 1 },
      { pixelIds: new Uint32Array([1]), color: 30, userId: 1, now: 1 },
      { pixelIds: new Uint32Array([1]), color: 1, userId: 0, now: 1 },
      { pixelIds: new Uint32Array([1]), color: 1, userId: 1, now: Number.NaN },
    ];
    for (const req of bad) await expect(engine.paintBulk(req)).rejects.toThrow(RangeError);
    expect((await engine.canvas()).every((c) => c === 0)).toBe(true);
  });
});

describe('checkBulkPaint', () => {
  it('accepts an empty list and ascending ids', () => {
    expect(() => checkBulkPaint({ pixelIds: new Uint32Array(), color: 0, userId: 1, now: 1 })).not.toThrow();
    expect(() =>
      checkBulkPaint({ pixelIds: new Uint32Array([1, 5, CANVAS_PIXELS]), color: 29, userId: 1, now: 1 }),
    ).not.toThrow();
  });
});
