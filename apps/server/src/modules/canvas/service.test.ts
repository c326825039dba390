import { describe, expect, it } from 'vitest';
import type { Committer } from '../../engine/committer.ts';
import { createMemoryEngine } from '../../engine/memory.ts';
import { AppError } from '../../errors.ts';
import type { PlayerProfile } from '../users/service.ts';
import { createCanvasService } from './service.ts';

describe('the paint rate limit', () => {
  it('counts a burst as it arrives, however long the player look-up takes', async () => {
    let clock = 1_000_000;
    const player: PlayerProfile = {
      id: 1,
      firstName: 'P',
      userName: null,
      userPic: null,
      squadId: null,
      banned: false,
    };
    const canvas = createCanvasService({
      // No charges: every paint the limit lets through ends in NO_CHARGES.
      engine: createMemoryEngine({
        rulesFor: () => ({ max: 5, speedMs: 600_000 }),
        loadCharges: async () => ({ charges: 0, updatedAt: clock }),
      }),
      committer: {} as Committer,
      users: {
        // A cold profile cache: each look-up is a database read, here a slow one (1 s each).
        requirePlayer: async () => {
          await new Promise((r) => setTimeout(r, 1));
          clock += 1000;
          return player;
        },
        profile: async () => player,
        squadRef: async () => null,
      },
      paintsPerSecond: 2,
      now: () => clock,
    });
    const codes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        canvas.repaint(1, i + 1, 3).then(
          () => 'ok',
          (err: unknown) => (err instanceof AppError ? err.code : 'other'),
        ),
      ),
    );
    // Twelve at once: the burst (2 × 2 a second) passes, the rest is refused.
    expect(codes.filter((c) => c === 'NO_CHARGES')).toHaveLength(4);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(8);
  });
});
