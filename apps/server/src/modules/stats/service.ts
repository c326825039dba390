/** Wall statistics; each figure is cached briefly because they are read far more than they change. */
import type { HistoryStats, UsersStats } from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { dayKey, weekKey } from '../../lib/periods.ts';
import { paintedCount } from '../pixels/store.ts';
import { activePlayers } from '../users/store.ts';
import { playerTotals, topCountries } from '../users/store.ts';
import { countersNamed } from './store.ts';

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
    const rows = await countersNamed(deps.db, ['repaints', today]);
    const painted = await paintedCount(deps.db);
    const get = (n: string) => Number(rows.find((r) => r.name === n)?.value ?? 0);
    return { total: get('repaints'), today: get(today), painted };
  });

  const users = cached(
    ttl * 6,
    now,
    async (): Promise<Omit<UsersStats, 'totalRepaints' | 'daily_repaints'>> => {
      const t = now();
      const totals = await playerTotals(deps.db);
      const active = await activePlayers(deps.db, dayKey(t), weekKey(t));
      const countries = await topCountries(deps.db);
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
