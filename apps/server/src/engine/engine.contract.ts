/**
 * The behaviour every Engine implementation must share, as a Vitest suite. Implementations run it
 * from their own test file with a factory; multi-process backends also hand over a `twin`: a second
 * engine on the same state through its own connection, standing for another server instance.
 */
import {
  CANVAS_PIXELS,
  type ChargeRules,
  type ChargeState,
  refillCharges,
  spendCharges,
} from '@pixel-wall/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine, EngineDeps, StoredCharges } from './types.ts';

export interface EngineFixture {
  engine: Engine;
  /** Another instance over the same state (cluster backends); absent for single-process ones. */
  twin?: Engine;
  dispose(): Promise<void>;
}

export type MakeEngine = (deps: EngineDeps) => Promise<EngineFixture>;

const SPEED = 600_000;
const RULES: ChargeRules = { max: 5, speedMs: SPEED };
const BIG_USER = 1_135_128_165_141_926;
const BIG_TIME = 1_795_369_133_870;

/** Test-controlled SQL: stored charges and rules per player, and a count of loads. */
class FakeStore implements EngineDeps {
  stored = new Map<number, StoredCharges>();
  rules = new Map<number, ChargeRules>();
  loads = new Map<number, number>();
  /** Makes loads slow so concurrent first paints really overlap. */
  loadDelayMs = 0;

  rulesFor = (userId: number): ChargeRules => this.rules.get(userId) ?? RULES;

  loadCharges = async (userId: number): Promise<StoredCharges | null> => {
    this.loads.set(userId, (this.loads.get(userId) ?? 0) + 1);
    if (this.loadDelayMs > 0) await new Promise((r) => setTimeout(r, this.loadDelayMs));
    return this.stored.get(userId) ?? null;
  };
}

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function engineContract(name: string, make: MakeEngine): void {
  describe(`engine contract: ${name}`, () => {
    let store: FakeStore;
    let fixture: EngineFixture;
    let e: Engine;

    beforeEach(async () => {
      store = new FakeStore();
      fixture = await make(store);
      e = fixture.engine;
    });

    afterEach(async () => {
      await fixture.dispose();
    });

    const paint = (userId: number, pixelId: number, color: number, now: number) =>
      e.paint({ userId, pixelId, color, now });
    const chargesOf = async (userId: number, now: number): Promise<ChargeState> =>
      (await e.charges(userId, now)).charges;

    it('spends one charge per paint, starting the timer when leaving max', async () => {
      const t = 1_000_000;
      for (let i = 0; i < 5; i++) {
        const r = await paint(1, 10 + i, 3, t + i);
        expect(r).toEqual({ ok: true, charges: { charges: 4 - i, updatedAt: t }, rules: RULES });
      }
      expect(await chargesOf(1, t + 10)).toEqual({ charges: 0, updatedAt: t });
      expect(await e.pixel(10)).toEqual({ color: 3, userId: 1, paintedAt: t });
      expect(await e.pixel(14)).toEqual({ color: 3, userId: 1, paintedAt: t + 4 });
    });

    it('refuses at zero and changes nothing', async () => {
      store.stored.set(2, { charges: 0, updatedAt: 1_000 });
      await paint(1, 50, 7, 500);
      const refused = await paint(2, 50, 9, 1_000 + SPEED - 1);
      expect(refused).toEqual({
        ok: false,
        code: 'NO_CHARGES',
        charges: { charges: 0, updatedAt: 1_000 },
        rules: RULES,
      });
      expect(await paint(2, 51, 9, 1_000 + SPEED - 1)).toMatchObject({ ok: false });
      expect(await e.pixel(50)).toEqual({ color: 7, userId: 1, paintedAt: 500 });
      expect(await e.pixel(51)).toBeNull();
      expect((await e.canvas())[50]).toBe(0);
      expect(await chargesOf(2, 1_000 + SPEED - 1)).toEqual({ charges: 0, updatedAt: 1_000 });
    });

    it('refills lazily at exact interval boundaries, never above max', async () => {
      store.stored.set(3, { charges: 0, updatedAt: 0 });
      expect(await chargesOf(3, SPEED - 1)).toEqual({ charges: 0, updatedAt: 0 });
      expect(await chargesOf(3, SPEED)).toEqual({ charges: 1, updatedAt: SPEED });
      expect(await chargesOf(3, 2 * SPEED + 123)).toEqual({ charges: 2, updatedAt: 2 * SPEED });
      expect(await chargesOf(3, 5 * SPEED)).toEqual({ charges: 5, updatedAt: 5 * SPEED });
      expect(await chargesOf(3, 100 * SPEED)).toEqual({ charges: 5, updatedAt: 100 * SPEED });

      store.stored.set(4, { charges: 0, updatedAt: 0 });
      expect(await paint(4, 1, 1, SPEED - 1)).toMatchObject({ ok: false });
      expect(await paint(4, 1, 1, SPEED)).toEqual({
        ok: true,
        charges: { charges: 0, updatedAt: SPEED },
        rules: RULES,
      });
      expect(await paint(4, 2, 1, 2 * SPEED - 1)).toMatchObject({ ok: false });
      expect(await paint(4, 2, 1, 2 * SPEED)).toMatchObject({ ok: true });
    });

    it('starts the recharge timer when a full player paints', async () => {
      store.stored.set(5, { charges: 5, updatedAt: 0 });
      const t = 10_000_000;
      expect(await paint(5, 1, 1, t)).toMatchObject({ charges: { charges: 4, updatedAt: t } });
      expect(await paint(5, 2, 1, t + 1_000)).toMatchObject({ charges: { charges: 3, updatedAt: t } });
      expect(await chargesOf(5, t + SPEED - 1)).toEqual({ charges: 3, updatedAt: t });
      expect(await chargesOf(5, t + SPEED)).toEqual({ charges: 4, updatedAt: t + SPEED });
      expect(await chargesOf(5, t + 2 * SPEED)).toEqual({ charges: 5, updatedAt: t + 2 * SPEED });
    });

    it('keeps charges above a lowered max until they are spent', async () => {
      store.stored.set(6, { charges: 7, updatedAt: 0 });
      expect(await chargesOf(6, 1_000)).toEqual({ charges: 7, updatedAt: 1_000 });
      expect(await paint(6, 1, 1, 2_000)).toMatchObject({ charges: { charges: 6, updatedAt: 2_000 } });
    });

    it('computes exactly what refillCharges/spendCharges compute', async () => {
      const rnd = random(42);
      const int = (n: number) => Math.floor(rnd() * n);
      for (let userId = 100; userId < 300; userId++) {
        const rules = { max: 1 + int(24), speedMs: 1 + int(900_000) };
        const state = { charges: int(rules.max + 3), updatedAt: 1_700_000_000_000 + int(10_000_000) };
        store.rules.set(userId, rules);
        store.stored.set(userId, state);
        const now = state.updatedAt + int(rules.speedMs * (rules.max + 2)) - int(1_000);
        const spent = spendCharges(state, rules, now);
        const r = await paint(userId, 1 + int(CANVAS_PIXELS), int(30), now);
        if (spent) expect(r).toEqual({ ok: true, charges: spent, rules });
        else
          expect(r).toEqual({
            ok: false,
            code: 'NO_CHARGES',
            charges: refillCharges(state, rules, now),
            rules,
          });
        const later = now + int(rules.speedMs * 3);
        expect(await chargesOf(userId, later)).toEqual(refillCharges(spent ?? state, rules, later));
      }
    });

    it('starts a new player full and honours stored charges', async () => {
      store.stored.set(7, { charges: 2, updatedAt: 500 });
      expect(await e.charges(8, 1_000)).toEqual({ charges: { charges: 5, updatedAt: 1_000 }, rules: RULES });
      expect(await chargesOf(7, 1_000)).toEqual({ charges: 2, updatedAt: 500 });
      expect(await paint(7, 1, 1, 1_000)).toMatchObject({
        ok: true,
        charges: { charges: 1, updatedAt: 500 },
      });
      expect(await paint(9, 1, 1, 1_000)).toMatchObject({
        ok: true,
        charges: { charges: 4, updatedAt: 1_000 },
      });
    });

    it('gives exactly max paints to 20 concurrent paints of a new player', async () => {
      store.loadDelayMs = 5;
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => paint(10, 1 + i, 1, 10_000)));
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect(await chargesOf(10, 10_000)).toEqual({ charges: 0, updatedAt: 10_000 });
      // One SQL load per player, however many paints wait for it.
      expect(store.loads.get(10)).toBe(1);
      const painted = await Promise.all(Array.from({ length: 20 }, (_, i) => e.pixel(1 + i)));
      expect(painted.filter((p) => p !== null)).toHaveLength(5);
    });

    it('never overspends across instances sharing the state', async ({ skip }) => {
      const twin = fixture.twin;
      if (!twin) return skip('single-process backend');
      store.loadDelayMs = 5;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? twin : e).paint({ userId: 11, pixelId: 1 + i, color: 2, now: 20_000 }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(5);
      expect((await twin.charges(11, 20_000)).charges).toEqual({ charges: 0, updatedAt: 20_000 });
      // A paint on one instance is visible on the other.
      await twin.paint({ userId: BIG_USER, pixelId: 777, color: 4, now: BIG_TIME });
      expect(await e.pixel(777)).toEqual({ color: 4, userId: BIG_USER, paintedAt: BIG_TIME });
    });

    it('round-trips pixel owner, colour and time, large values included', async () => {
      expect(await e.pixel(1)).toBeNull();
      await paint(BIG_USER, 1, 29, BIG_TIME);
      await paint(BIG_USER, CANVAS_PIXELS, 17, BIG_TIME + 1);
      expect(await e.pixel(1)).toEqual({ color: 29, userId: BIG_USER, paintedAt: BIG_TIME });
      expect(await e.pixel(CANVAS_PIXELS)).toEqual({ color: 17, userId: BIG_USER, paintedAt: BIG_TIME + 1 });
      await paint(12, 1, 0, BIG_TIME + 2);
      expect(await e.pixel(1)).toEqual({ color: 0, userId: 12, paintedAt: BIG_TIME + 2 });
      expect(await e.pixel(2)).toBeNull();
    });

    it('returns the whole canvas as a copy reflecting paints', async () => {
      const empty = await e.canvas();
      expect(empty).toBeInstanceOf(Uint8Array);
      expect(empty.length).toBe(CANVAS_PIXELS);
      expect(empty.every((b) => b === 0)).toBe(true);
      await paint(13, 5, 12, 1_000);
      await paint(13, 1_000_000, 21, 1_000);
      const c = await e.canvas();
      expect(c.length).toBe(CANVAS_PIXELS);
      expect([c[4], c[999_999], c[5], c[CANVAS_PIXELS - 1]]).toEqual([12, 21, 0, 0]);
      c[4] = 0;
      expect((await e.canvas())[4]).toBe(12);
    });

    it('restores pixels in bulk, the last row winning for a repeated id', async () => {
      const rows = [
        { id: CANVAS_PIXELS, color: 7, userId: 9, paintedAt: 42 },
        ...Array.from({ length: 3000 }, (_, k) => ({
          id: 101 + k,
          color: k % 30,
          userId: 1000 + k,
          paintedAt: 5_000 + k,
        })),
        { id: 1, color: 3, userId: BIG_USER, paintedAt: BIG_TIME },
        { id: 500_000, color: 1, userId: 1, paintedAt: 1 },
        { id: 500_000, color: 2, userId: 2, paintedAt: 2 },
      ];
      await e.restorePixels(rows);
      const c = await e.canvas();
      expect(c[CANVAS_PIXELS - 1]).toBe(7);
      expect(c[0]).toBe(3);
      expect(c[100 + 2999]).toBe(2999 % 30);
      expect(c[99]).toBe(0);
      expect(await e.pixel(1)).toEqual({ color: 3, userId: BIG_USER, paintedAt: BIG_TIME });
      expect(await e.pixel(CANVAS_PIXELS)).toEqual({ color: 7, userId: 9, paintedAt: 42 });
      expect(await e.pixel(101 + 1234)).toEqual({ color: 1234 % 30, userId: 2234, paintedAt: 6_234 });
      expect(await e.pixel(500_000)).toEqual({ color: 2, userId: 2, paintedAt: 2 });
      expect(await e.pixel(100)).toBeNull();
      // Paints go on over restored pixels.
      await paint(14, 1, 5, BIG_TIME + 10);
      expect(await e.pixel(1)).toEqual({ color: 5, userId: 14, paintedAt: BIG_TIME + 10 });
      await e.restorePixels([]);
      expect((await e.canvas())[0]).toBe(5);
    });

    it('never lets a restore overwrite a pixel painted after its rows were read', async () => {
      // A rebuild reads SQL, then writes; paints that land in between are newer than their rows.
      const t = 2_000_000;
      await paint(16, 700, 9, t);
      await paint(16, 131_000, 8, t);
      await e.restorePixels([
        { id: 699, color: 1, userId: 3, paintedAt: t - 5_000 },
        { id: 700, color: 1, userId: 3, paintedAt: t - 5_000 },
        { id: 701, color: 1, userId: 3, paintedAt: t - 5_000 },
        { id: 131_000, color: 2, userId: 4, paintedAt: t + 1 },
      ]);
      expect(await e.pixel(700)).toEqual({ color: 9, userId: 16, paintedAt: t });
      expect(await e.pixel(699)).toEqual({ color: 1, userId: 3, paintedAt: t - 5_000 });
      expect(await e.pixel(701)).toEqual({ color: 1, userId: 3, paintedAt: t - 5_000 });
      // A newer row (the paint's own commit, or a later one) still wins.
      expect(await e.pixel(131_000)).toEqual({ color: 2, userId: 4, paintedAt: t + 1 });
      const c = await e.canvas();
      expect([c[698], c[699], c[700], c[130_999]]).toEqual([1, 9, 1, 2]);
    });

    it('reloads a forgotten player from the store', async () => {
      await paint(15, 1, 1, 1_000);
      expect(await chargesOf(15, 1_000)).toEqual({ charges: 4, updatedAt: 1_000 });
      expect(store.loads.get(15)).toBe(1);
      store.stored.set(15, { charges: 1, updatedAt: 900 });
      await e.forget(15);
      expect(await chargesOf(15, 1_000)).toEqual({ charges: 1, updatedAt: 900 });
      expect(store.loads.get(15)).toBe(2);
      expect(await paint(15, 2, 1, 1_000)).toMatchObject({ ok: true, charges: { charges: 0 } });
      expect(await paint(15, 3, 1, 1_000)).toMatchObject({ ok: false });
      await e.forget(16);
    });
  });
}
