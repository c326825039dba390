import { pixelIdOf, type WallEvent } from '@pixel-wall/shared';
import { describe, expect, it } from 'vitest';
import {
  BLAST_FRAME_MS,
  BLAST_FRAMES,
  explosionFor,
  frameAt,
  OTHERS_DELAY_MS,
  othersDelay,
} from './blasts.ts';

const user = { id: 5, firstName: 'B', userPic: null };
const bomb: WallEvent = { kind: 'bomb', user, pixelId: pixelIdOf(10, 20) };

describe('explosions', () => {
  it('bomb 13 frames, pumpkin 20; paint cans and snaps do not explode', () => {
    expect(BLAST_FRAMES).toEqual({ bomb: 13, pumpkin: 20 });
    const e = explosionFor(bomb, 5, 1_000, () => 0.5)!;
    expect(e).toMatchObject({ kind: 'bomb', x: 10, y: 20, size: 5, startAt: 1_000 });
    expect(frameAt(e, 999)).toBe(-1);
    expect(frameAt(e, 1_000)).toBe(0);
    expect(frameAt(e, 1_000 + 12 * BLAST_FRAME_MS)).toBe(12);
    expect(frameAt(e, 1_000 + 13 * BLAST_FRAME_MS)).toBeNull();
    const p = explosionFor({ ...bomb, kind: 'pumpkin' }, 5, 0, () => 0)!;
    expect(frameAt(p, 19 * BLAST_FRAME_MS)).toBe(19);
    expect(p.size).toBe(7);
    expect(explosionFor({ ...bomb, kind: 'paintcan' }, 5, 0)).toBeNull();
    expect(explosionFor({ ...bomb, kind: 'snap' }, 5, 0)).toBeNull();
  });

  it("delays others' explosions at random, never the player's own", () => {
    expect(explosionFor(bomb, 5, 100, () => 0.99)!.startAt).toBe(100);
    expect(explosionFor(bomb, 6, 100, () => 0)!.startAt).toBe(100 + 50);
    expect(explosionFor(bomb, 6, 100, () => 0.5)!.startAt).toBe(100 + 1_525);
    expect(explosionFor(bomb, null, 100, () => 1)!.startAt).toBe(100 + 3_000);
  });

  it('waits 50 to 3,000 ms for a bomb and 50 to 500 ms for a pumpkin', () => {
    expect(OTHERS_DELAY_MS).toEqual({ bomb: { min: 50, max: 3_000 }, pumpkin: { min: 50, max: 500 } });
    expect(othersDelay('pumpkin', () => 0)).toBe(50);
    expect(othersDelay('pumpkin', () => 1)).toBe(500);
    expect(othersDelay('bomb', () => 0.999_999)).toBeLessThanOrEqual(3_000);
  });
});
