import { describe, expect, it } from 'vitest';
import { isFlying, liveNotices, noticeOf } from './notices.ts';

describe('hidden notices', () => {
  it('come only from hidden outcomes, fly 1 s, and a find keeps its marker 4 s', () => {
    expect(noticeOf(null, 1, 2, 0)).toBeNull();
    expect(noticeOf(undefined, 1, 2, 0)).toBeNull();
    const wrong = noticeOf({ result: 'wrong', amount: 0, reward_user: null }, 1, 2, 1000)!;
    const found = noticeOf({ result: 'gotcha', amount: 130, reward_user: 9 }, 3, 4, 1000)!;
    expect(found).toMatchObject({ x: 3, y: 4, result: 'gotcha', amount: 130 });
    expect(found.id).not.toBe(wrong.id);
    expect(isFlying(wrong, 1999)).toBe(true);
    expect(isFlying(wrong, 2000)).toBe(false);
    expect(liveNotices([wrong, found], 1500)).toEqual([wrong, found]);
    expect(liveNotices([wrong, found], 2500)).toEqual([found]);
    expect(liveNotices([wrong, found], 4999)).toEqual([found]);
    expect(liveNotices([wrong, found], 5000)).toEqual([]);
  });
});
