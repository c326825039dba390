/** Wall statistics; each figure is cached briefly because they are read far more than they change. */
import type { HistoryStats, UsersStats } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { dayKey, weekKey } from '../../lib/periods.ts';

export interface StatsDeps {
  db: Sql;
  seq(): number;
  online(): Promise<number>;
  ttlMs?: number;
  now?: () => number;
}

function cached<T>(ttl: number, now: () => number, load: () => Promise<T>): () => Promise<T> {
  let value: { v: T; at: number } | null = null;
  let inflight: Promise<T> | null = null;
  return async () => {
    if (value && now() - value.at < ttl) return value.v;
    if (!inflight) {
      inflight = load()
        .then((v) => {
          value = { v, at: now() };
          return v;
        })
        .finally(() => (inflight = null));
    }
    return inflight;
  };
}

export function createStatsService(deps: StatsDeps) {
  const now = deps.now ?? Date.now;
  const ttl = deps.ttlMs ?? 5_000;

  const counters = cached(ttl, now, async () => {
    const today = `repaints:${dayKey(now())}`;
    const rows = await deps.db.query<{ name: string; value: number }>(
      'SELECT name, value FROM counters WHERE name = ANY($1::text[])',
      [['repaints', today]],
    );
    const painted = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pixels');
    const get = (n: string) => Number(rows.find((r) => r.name === n)?.value ?? 0);
    return { total: get('repaints'), today: get(today), painted: painted[0]?.n ?? 0 };
  });

  const users = cached(
    ttl * 6,
    now,
    async (): Promise<Omit<UsersStats, 'totalRepaints' | 'daily_repaints'>> => {
      const t = now();
      const [totals] = await deps.db.query<{ players: number; premium: number }>(
        'SELECT count(*)::int AS players, count(*) FILTER (WHERE is_premium)::int AS premium FROM users',
      );
      const [active] = await deps.db.query<{ daily: number; weekly: number }>(
        `SELECT count(*) FILTER (WHERE period = $1)::int AS daily, count(*) FILTER (WHERE period = $2)::int AS weekly
       FROM user_period_repaints WHERE period = ANY(ARRAY[$1, $2])`,
        [dayKey(t), weekKey(t)],
      );
      const countries = await deps.db.query<{ country: string; n: number }>(
        `SELECT country, count(*)::int AS n FROM users WHERE country IS NOT NULL
       GROUP BY country ORDER BY n DESC, country LIMIT 10`,
      );
      return {
        totalPlayers: totals?.players ?? 0,
        premium_users: totals?.premium ?? 0,
        active_users: active?.weekly ?? 0,
        daily_users: active?.daily ?? 0,
        top_countries: Object.fromEntries(countries.map((c) => [c.country, c.n])),
      };
    },
  );

  return {
    async history(): Promise<HistoryStats> {
      const c = await counters();
      return { totalRepaints: c.total, daily_repaints: c.today, paintedPixels: c.painted, seq: deps.seq() };
    },
    async users(): Promise<UsersStats> {
      const [u, c] = await Promise.all([users(), counters()]);
      return { ...u, totalRepaints: c.total, daily_repaints: c.today };
    },
    async online(): Promise<{ current_visitors: number }> {
      return { current_visitors: await deps.online() };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
