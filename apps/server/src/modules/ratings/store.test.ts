import { describe, expect, it } from 'vitest';
import { redisKinds, testRedis } from '../../testing/redis.ts';
import { RankIndex } from './rank-index.ts';
import { NOON, random, ratingsStoreContract } from './store.contract.ts';
import { PERIOD_GRACE_MS, periodEnd, type RatingsSource } from './store.ts';
import { createMemoryRatingsStore } from './store-memory.ts';
import { createRedisRatingsStore, decodeMember, encodeMember } from './store-redis.ts';

const kinds = await redisKinds();
const DAY = 24 * 3600 * 1000;

ratingsStoreContract('memory', async (now) => ({
  store: createMemoryRatingsStore({ now }),
  dispose: async () => {},
}));

if (kinds.includes('redis')) {
  ratingsStoreContract('redis', async (now) => {
    const t = testRedis();
    // Two connections, two stores: two server instances sharing one Redis.
    const store = createRedisRatingsStore({ redis: t.connect('ratings-a'), now });
    const twin = createRedisRatingsStore({ redis: t.connect('ratings-b'), now });
    return { store, twin, dispose: () => t.dispose() };
  });
}

describe('RankIndex', () => {
  function check(index: RankIndex, live: Map<number, number>): void {
    const want = [...live].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    expect(index.size).toBe(want.length);
    expect(index.slice(0, want.length + 5).map((e) => [e.id, e.score])).toEqual(want);
    for (let start = 0; start < want.length; start += 997) {
      expect(index.slice(start, 20).map((e) => e.id)).toEqual(
        want.slice(start, start + 20).map(([id]) => id),
      );
    }
    for (let i = 0; i < want.length; i += 13) expect(index.countBefore(want[i]![1], want[i]![0])).toBe(i);
    for (let s = -1; s <= 1001; s += 50) {
      expect(index.countAtLeast(s)).toBe(want.filter(([, v]) => v >= s).length);
    }
    expect(index.countAtLeast(Number.POSITIVE_INFINITY)).toBe(0);
    expect(index.countAtLeast(Number.NEGATIVE_INFINITY)).toBe(want.length);
  }

  it('agrees with a sorted array through growth (block splits), moves and shrinking (merges)', () => {
    const index = new RankIndex();
    const rnd = random(3);
    const live = new Map<number, number>();
    const put = (id: number, score: number | null) => {
      const old = live.get(id);
      if (old !== undefined) expect(index.delete(id, old)).toBe(true);
      live.delete(id);
      if (score !== null) {
        index.insert(id, score);
        live.set(id, score);
      }
    };
    // Growth: many equal scores, so ties split blocks too.
    for (let id = 1; id <= 12_000; id++) put(id, Math.floor(rnd() * 1000));
    check(index, live);
    // Players climbing, as paints move them.
    for (let step = 0; step < 30_000; step++) {
      const id = 1 + Math.floor(rnd() * 12_000);
      put(id, (live.get(id) ?? 0) + 1 + Math.floor(rnd() * 5));
    }
    check(index, live);
    // Most of them leave: blocks empty out and merge.
    for (let id = 1; id <= 12_000; id++) if (id % 40 !== 0) put(id, null);
    check(index, live);
    expect(index.delete(99_999, 1)).toBe(false);
    expect(index.delete(40, -5)).toBe(false);
    index.clear();
    expect(index.size).toBe(0);
    expect(index.slice(0, 10)).toEqual([]);
    expect(index.countBefore(5, 5)).toBe(0);
  });
});

describe('memory ratings store', () => {
  it('drops a period board a day after its window ends', async () => {
    let clock = NOON;
    const store = createMemoryRatingsStore({ now: () => clock });
    await store.record([{ userId: 1, squadId: null, n: 1, at: NOON }]);
    expect(await store.count('d2043-11-22')).toBe(1);
    clock = periodEnd('d2043-11-22') + PERIOD_GRACE_MS - 1;
    await store.record([{ userId: 2, squadId: null, n: 1, at: clock }]);
    expect(await store.count('d2043-11-22')).toBe(1);
    clock += 2;
    await store.record([{ userId: 2, squadId: null, n: 1, at: clock }]);
    expect(await store.count('d2043-11-22')).toBe(0);
    expect(await store.count('m2043-11')).toBe(2);
    expect(await store.count('players')).toBe(2);
  });
});

describe('period windows', () => {
  it('end at the next UTC midnight, Monday and first of the month', () => {
    expect(periodEnd('d2043-11-22')).toBe(Date.UTC(2043, 10, 23));
    expect(periodEnd('w2043-11-16')).toBe(Date.UTC(2043, 10, 23));
    expect(periodEnd('m2043-11')).toBe(Date.UTC(2043, 11, 1));
    expect(periodEnd('m2043-12')).toBe(Date.UTC(2044, 0, 1));
    expect(() => periodEnd('dnope' as 'd')).toThrow(RangeError);
  });
});

describe('redis member encoding', () => {
  it('round-trips ids and sorts lower ids last in byte order (first in REV order)', () => {
    const ids = [1, 2, 9, 10, 99, 100, 1_135_128_165_141_926, Number.MAX_SAFE_INTEGER];
    for (const id of ids) expect(decodeMember(encodeMember(id))).toBe(id);
    const members = ids.map(encodeMember);
    expect([...members].sort().reverse()).toEqual(members);
    expect(() => encodeMember(1.5)).toThrow(RangeError);
    expect(() => encodeMember(-1)).toThrow(RangeError);
  });
});

describe.runIf(kinds.includes('redis'))('redis ratings store', () => {
  const source = (players: { id: number; score: number }[], calls: { n: number }): RatingsSource => ({
    async *rows(board) {
      calls.n++;
      if (board === 'players') yield players;
    },
  });

  it('sets EXPIREAT a day past the end of each window it touches, none on the lasting boards', async () => {
    const t = testRedis();
    try {
      const redis = t.connect('ratings');
      const store = createRedisRatingsStore({ redis, now: () => NOON });
      await store.record([{ userId: 1, squadId: 3, n: 2, at: NOON }]);
      const at = await redis.call('EXPIRETIME', 'pw:ratings:d2043-11-22');
      expect(Number(at) * 1000).toBe(periodEnd('d2043-11-22') + PERIOD_GRACE_MS);
      expect(Number(await redis.call('EXPIRETIME', 'pw:ratings:m2043-11')) * 1000).toBe(
        Date.UTC(2043, 11, 1) + DAY,
      );
      expect(await redis.ttl('pw:ratings:players')).toBe(-1);
      expect(await redis.ttl('pw:ratings:squads')).toBe(-1);
    } finally {
      await t.dispose();
    }
  });

  it('rebuilds from the source only while Redis lacks the boards, once across instances', async () => {
    const t = testRedis();
    try {
      const a = createRedisRatingsStore({ redis: t.connect('a'), now: () => NOON });
      const b = createRedisRatingsStore({ redis: t.connect('b'), now: () => NOON });
      const calls = { n: 0 };
      const players = [
        { id: 1, score: 10 },
        { id: 2, score: 5 },
      ];
      // A batch that landed before the rebuild and is ahead of SQL's snapshot is kept (ZADD GT).
      await a.record([{ userId: 2, squadId: null, n: 7, at: NOON }]);
      await Promise.all([a.load(source(players, calls), NOON), b.load(source(players, calls), NOON)]);
      // players, squads and three windows: read once, by one of the two.
      expect(calls.n).toBe(5);
      expect((await b.page('players', 0, 10)).entries).toEqual([
        { id: 1, score: 10, rank: 1 },
        { id: 2, score: 7, rank: 2 },
      ]);
      await a.load(source([{ id: 1, score: 99 }], calls), NOON);
      expect(calls.n).toBe(5);
      expect(await a.rankOf('players', 1)).toEqual({ rank: 1, score: 10 });
    } finally {
      await t.dispose();
    }
  });
});
