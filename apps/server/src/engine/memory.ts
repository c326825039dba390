/**
 * Embedded engine: the whole canvas in typed arrays, players' charges in a map. A paint is a
 * synchronous check-and-set after the player's charges are loaded, so it is atomic per player
 * on the single event loop.
 */
import {
  CANVAS_PIXELS,
  type ChargeRules,
  type ChargeState,
  refillCharges,
  spendCharges,
} from '@pixel-wall/shared';
import { checkBulkPaint } from './bulk.ts';
import type { Engine, EngineDeps, PaintOutcome, PaintRequest, PixelRecord } from './types.ts';

export function createMemoryEngine(deps: EngineDeps): Engine {
  const colors = new Uint8Array(CANVAS_PIXELS);
  const owners = new Float64Array(CANVAS_PIXELS);
  const times = new Float64Array(CANVAS_PIXELS);
  const players = new Map<number, ChargeState>();
  const loading = new Map<number, Promise<ChargeState>>();

  async function stateOf(userId: number, now: number): Promise<ChargeState> {
    const known = players.get(userId);
    if (known) return known;
    let pending = loading.get(userId);
    if (!pending) {
      pending = deps
        .loadCharges(userId)
        .then((stored) => {
          // A paint may have landed while we were loading; it wins.
          const current = players.get(userId);
          if (current) return current;
          const rules = deps.rulesFor(userId);
          const state = stored ?? { charges: rules.max, updatedAt: now };
          players.set(userId, state);
          return state;
        })
        .finally(() => loading.delete(userId));
      loading.set(userId, pending);
    }
    return pending;
  }

  return {
    async paint(req: PaintRequest): Promise<PaintOutcome> {
      await stateOf(req.userId, req.now);
      // From here to the end nothing awaits: the check and the spend are one step.
      const rules: ChargeRules = deps.rulesFor(req.userId);
      const state = players.get(req.userId)!;
      const spent = spendCharges(state, rules, req.now);
      if (!spent)
        return { ok: false, code: 'NO_CHARGES', charges: refillCharges(state, rules, req.now), rules };
      players.set(req.userId, spent);
      const i = req.pixelId - 1;
      colors[i] = req.color;
      owners[i] = req.userId;
      times[i] = req.now;
      return { ok: true, charges: spent, rules };
    },

    async charges(userId, now) {
      const state = await stateOf(userId, now);
      const rules = deps.rulesFor(userId);
      return { charges: refillCharges(state, rules, now), rules };
    },

    async pixel(pixelId): Promise<PixelRecord | null> {
      const i = pixelId - 1;
      if (times[i] === 0) return null;
      return { color: colors[i]!, userId: owners[i]!, paintedAt: times[i]! };
    },

    async canvas() {
      return colors.slice();
    },

    async restorePixels(rows) {
      for (const r of rows) {
        const i = r.id - 1;
        // A pixel painted after the rows were read keeps its paint (see Engine.restorePixels).
        if (times[i]! > r.paintedAt) continue;
        colors[i] = r.color;
        owners[i] = r.userId;
        times[i] = r.paintedAt;
      }
    },

    async paintBulk(req) {
      checkBulkPaint(req);
      const { pixelIds, color, userId, now } = req;
      for (let k = 0; k < pixelIds.length; k++) {
        const i = pixelIds[k]! - 1;
        colors[i] = color;
        owners[i] = userId;
        times[i] = now;
      }
    },

    async forget(userId) {
      players.delete(userId);
    },

    async close() {},
  };
}
