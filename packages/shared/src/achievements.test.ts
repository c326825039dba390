import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  achievementById,
  achievementIdsForEvent,
  thresholdAchievementIds,
} from './achievements.ts';

describe('achievements (SPEC §3)', () => {
  it('has ids 1..14 without 12', () => {
    expect(ACHIEVEMENTS.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]);
    expect(achievementById(12)).toBeNull();
    expect(new Set(ACHIEVEMENTS.map((a) => a.key)).size).toBe(ACHIEVEMENTS.length);
  });

  it.each([
    [1, 'Beta Pixel'],
    [2, "Pixel's 16 frens"],
    [3, 'Pixel Brotherhood'],
    [4, 'My pixel dudes'],
    [5, 'Thunder Pixel'],
    [6, 'Master over Pixels'],
    [7, 'Malevich'],
    [8, 'Star Pixel'],
    [9, 'Crypto Pixel'],
    [10, 'Ghost Pixel'],
    [11, 'Platinum Pixel'],
    [13, 'Ambassador'],
    [14, "Pixanos' Snap"],
  ])('%i is %s', (id, name) => {
    expect(achievementById(id)!.name).toBe(name);
  });

  it.each([
    [2, { kind: 'friends', min: 16 }],
    [3, { kind: 'friends', min: 64 }],
    [4, { kind: 'friends', min: 128 }],
    [13, { kind: 'friends', min: 10_000 }],
    [5, { kind: 'repaints', min: 64_000 }],
    [6, { kind: 'repaints', min: 128_000 }],
    [7, { kind: 'repaints', min: 512_000 }],
    [11, { kind: 'league', league: 'platinum' }],
  ])('%i has rule %j', (id, rule) => {
    expect(achievementById(id)!.rule).toEqual(rule);
  });
});

describe('thresholdAchievementIds', () => {
  it.each([
    [{ friends: 0, repaints: 0, league: 'bronze' as const }, []],
    [{ friends: 15, repaints: 63_999, league: 'gold' as const }, []],
    [{ friends: 16, repaints: 0, league: 'bronze' as const }, [2]],
    [{ friends: 64, repaints: 0, league: 'bronze' as const }, [2, 3]],
    [{ friends: 128, repaints: 64_000, league: 'bronze' as const }, [2, 3, 4, 5]],
    [{ friends: 9999, repaints: 128_000, league: 'platinum' as const }, [2, 3, 4, 5, 6, 11]],
    [{ friends: 10_000, repaints: 512_000, league: 'diamond' as const }, [2, 3, 4, 5, 6, 7, 11, 13]],
  ])('%j → %j', (progress, ids) => {
    expect(thresholdAchievementIds(progress)).toEqual(ids);
  });
});

describe('achievementIdsForEvent', () => {
  it.each([
    ['earlyPlayer', [1]],
    ['buyWithStars', [8]],
    ['buyWithCrypto', [9]],
    ['secretWord', [10]],
    ['pixanosSnap', [14]],
  ] as const)('%s → %j', (event, ids) => {
    expect(achievementIdsForEvent(event)).toEqual(ids);
  });
});
