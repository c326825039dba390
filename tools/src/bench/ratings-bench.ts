/**
 * Rating boards at a million players: the memory store and the Redis store, filled with the same
 * players (repaints log-uniform from 1 to 5,000, so every league is populated and scores tie a
 * lot), then timed per call: a page of 20 at several offsets, a player's own place in their league
 * (rank + the count above the league, as /ratings/personal does), and recording one committed
 * batch of 1,000 players. Prints a Markdown table of p50 / p99 per operation.
 *
 *   node --import tsx tools/src/bench/ratings-bench.ts
 *
 * REDIS_URL (default redis://127.0.0.1:6379) is used under a unique key prefix, deleted at the
 * end; without a Redis only the memory column is filled.
 */
import { randomBytes } from 'node:crypto';
import { createRedis, type Redis, unlinkByPrefix } from '@pixel-wall/server/src/lib/redis.ts';
import {
  leagueRange,
  type RatingsSource,
  type RatingsStore,
  type ScoreDelta,
} from '@pixel-wall/server/src/modules/ratings/store.ts';
import { createMemoryRatingsStore } from '@pixel-wall/server/src/modules/ratings/store-memory.ts';
import { createRedisRatingsStore } from '@pixel-wall/server/src/modules/ratings/store-redis.ts';
import { leagueOf } from '@pixel-wall/shared';
import { markdownTable, summarize } from './stats.ts';

const PLAYERS = Number(process.env.RATINGS_BENCH_PLAYERS ?? 1_000_000);
const RUNS = Number(process.env.RATINGS_BENCH_RUNS ?? 300);
const BATCH = 1_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FIRST_ID = 100_000_000;

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

function makeScores(): Float64Array {
  const rnd = random(42);
  const scores = new Float64Array(PLAYERS);
  const top = Math.log(5_000);
  for (let i = 0; i < PLAYERS; i++) scores[i] = Math.max(1, Math.floor(Math.exp(rnd() * top)));
  return scores;
}

function sourceOf(scores: Float64Array): RatingsSource {
  return {
    async *rows(board) {
      if (board !== 'players') return;
      const chunk = 50_000;
      for (let i = 0; i < scores.length; i += chunk) {
        const rows = [];
        for (let j = i; j < Math.min(i + chunk, scores.length); j++)
          rows.push({ id: FIRST_ID + j, score: scores[j]! });
        yield rows;
      }
    },
  };
}

interface Op {
  name: string;
  run(store: RatingsStore, rnd: () => number): Promise<unknown>;
}

const OPS: Op[] = [
  { name: 'page of 20, offset 0', run: (s) => s.page('players', 0, 20) },
  { name: 'page of 20, offset 1,000', run: (s) => s.page('players', 1_000, 20) },
  { name: 'page of 20, offset 500,000', run: (s) => s.page('players', 500_000, 20) },
  {
    name: 'silver league page of 20, offset 100,000',
    run: (s) => s.page('players', 100_000, 20, leagueRange('silver')),
  },
  {
    name: "a player's own place in their league",
    async run(s, rnd) {
      const id = FIRST_ID + Math.floor(rnd() * PLAYERS);
      const overall = await s.rankOf('players', id);
      if (!overall) throw new Error(`player ${id} has no place`);
      const above = await s.count('players', {
        min: leagueRange(leagueOf(overall.score)).max,
        max: Infinity,
      });
      return overall.rank - above;
    },
  },
  {
    name: 'record() of a 1,000-player batch',
    run(s, rnd) {
      const at = Date.now();
      const deltas: ScoreDelta[] = [];
      for (let i = 0; i < BATCH; i++) {
        const id = FIRST_ID + Math.floor(rnd() * PLAYERS);
        deltas.push({
          userId: id,
          squadId: i % 10 === 0 ? 1 + (i % 50) : null,
          n: 1 + Math.floor(rnd() * 3),
          at,
        });
      }
      return s.record(deltas);
    },
  },
];

async function time(store: RatingsStore, op: Op): Promise<{ p50: number; p99: number }> {
  const rnd = random(op.name.length);
  for (let i = 0; i < 10; i++) await op.run(store, rnd);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await op.run(store, rnd);
    samples.push(performance.now() - t0);
  }
  const s = summarize(samples);
  return { p50: s.p50, p99: s.p99 };
}

function fmt(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return '–';
  return ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(2)} ms`;
}

async function redisUp(): Promise<Redis | null> {
  const redis = createRedis(REDIS_URL, { name: 'ratings-bench', maxRetriesPerRequest: 1, onError: () => {} });
  try {
    await redis.ping();
    return redis;
  } catch {
    redis.disconnect();
    return null;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const scores = makeScores();
  const results = new Map<
    string,
    { memory?: { p50: number; p99: number }; redis?: { p50: number; p99: number } }
  >();
  const loads: string[] = [];

  const memory = createMemoryRatingsStore();
  let t0 = performance.now();
  await memory.load(sourceOf(scores));
  loads.push(`memory: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const op of OPS) results.set(op.name, { memory: await time(memory, op) });
  await memory.close();

  const redis = await redisUp();
  const prefix = `pwbench:${randomBytes(6).toString('hex')}:`;
  if (redis) {
    try {
      const store = createRedisRatingsStore({ redis, prefix });
      t0 = performance.now();
      await store.load(sourceOf(scores));
      loads.push(`redis: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      for (const op of OPS) results.get(op.name)!.redis = await time(store, op);
    } finally {
      await unlinkByPrefix(redis, prefix);
      await redis.quit();
    }
  } else loads.push(`redis: not reachable at ${REDIS_URL}, skipped`);

  const byLeague = new Map<string, number>();
  for (const s of scores) byLeague.set(leagueOf(s), (byLeague.get(leagueOf(s)) ?? 0) + 1);
  const rows = [...results].map(([name, r]) => [
    name,
    fmt(r.memory?.p50),
    fmt(r.memory?.p99),
    fmt(r.redis?.p50),
    fmt(r.redis?.p99),
  ]);
  console.info(
    [
      `Rating boards: ${PLAYERS.toLocaleString('en')} players (${[...byLeague].map(([l, n]) => `${l} ${n.toLocaleString('en')}`).join(', ')}), ${RUNS} timed runs per operation after 10 warm-up runs, one client, Node ${process.version}.`,
      `Load from a source of ${PLAYERS.toLocaleString('en')} rows: ${loads.join('; ')}.`,
      '',
      markdownTable(['operation', 'memory p50', 'memory p99', 'redis p50', 'redis p99'], rows),
      '',
      `Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    ].join('\n'),
  );
}

await main();
