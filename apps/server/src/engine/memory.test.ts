import { describe, expect, it } from 'vitest';
import { createMemoryEngine } from './memory.ts';

const rules = { max: 5, speedMs: 600_000 };

function engine(stored: Record<number, { charges: number; updatedAt: number }> = {}) {
  return createMemoryEngine({ rulesFor: () => rules, loadCharges: async (id) => stored[id] ?? null });
}

describe('memory engine', () => {
  it('spends one charge per paint and refuses at zero without changing the pixel', async () => {
    const e = engine();
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) {
      const r = await e.paint({ userId: 1, pixelId: 10 + i, color: 3, now: t });
      expect(r).toMatchObject({ ok: true, charges: { charges: 4 - i } });
    }
    const refused = await e.paint({ userId: 1, pixelId: 99, color: 3, now: t });
    expect(refused).toMatchObject({ ok: false, code: 'NO_CHARGES' });
    expect(await e.pixel(99)).toBeNull();
    expect(await e.pixel(10)).toEqual({ color: 3, userId: 1, paintedAt: t });
  });

  it('refills lazily, one charge per interval, never above max', async () => {
    const e = engine({ 2: { charges: 0, updatedAt: 0 } });
    expect((await e.charges(2, 599_999)).charges.charges).toBe(0);
    expect((await e.charges(2, 600_000)).charges.charges).toBe(1);
    expect((await e.charges(2, 10 * 600_000)).charges.charges).toBe(5);
  });

  it('starts a new player full and restores stored charges', async () => {
    const e = engine({ 3: { charges: 2, updatedAt: 500 } });
    expect((await e.charges(4, 1000)).charges.charges).toBe(5);
    expect((await e.charges(3, 1000)).charges.charges).toBe(2);
  });

  it('gives exactly max paints to concurrent requests of a new player', async () => {
    const e = engine();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => e.paint({ userId: 5, pixelId: 1 + i, color: 1, now: 10 })),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
  });

  it('restores pixels and copies the canvas', async () => {
    const e = engine();
    await e.restorePixels([{ id: 1048576, color: 7, userId: 9, paintedAt: 42 }]);
    const c = await e.canvas();
    expect(c[1048575]).toBe(7);
    c[1048575] = 0;
    expect((await e.canvas())[1048575]).toBe(7);
  });
});
