import type {
  League,
  MyPlace,
  PlayerRatingEntry,
  RatingPeriod,
  RewardWinner,
  SquadRatingEntry,
  SquadsRating,
} from '@pixel-wall/shared';
import { SQUADS_SCREEN_LEAGUE } from '@pixel-wall/shared/core';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';
import type { Page } from '../../ui/list/pagination.ts';

/** Painters by repaints in a period: GET /ratings/leaderboard?period&limit&offset. */
export async function loadPainters(
  http: HttpClient,
  period: RatingPeriod,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<PlayerRatingEntry, MyPlace | null>> {
  const body = await getParsed(http, '/ratings/leaderboard', (s) => s.personalRatingResponse, {
    query: { period, limit, offset },
    signal,
  });
  return { items: body.top, total: body.total, extra: body.myPlace };
}

/** Painters of one league: GET /ratings/personal?league={lowercase league}&limit&offset. */
export async function loadLeague(
  http: HttpClient,
  league: League,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<PlayerRatingEntry, MyPlace | null>> {
  const body = await getParsed(http, '/ratings/personal', (s) => s.personalRatingResponse, {
    query: { league, limit, offset },
    signal,
  });
  return { items: body.top, total: body.total, extra: body.myPlace };
}

export type OwnSquadPlace = Pick<SquadsRating, 'MySquadPlace' | 'mySquad'>;

/** Squads: the squads screen always asks for the platinum league (SPEC §7). */
export async function loadSquads(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<SquadRatingEntry, OwnSquadPlace>> {
  const body = await getParsed(http, '/ratings/squads', (s) => s.squadsRatingResponse, {
    query: { league: SQUADS_SCREEN_LEAGUE, limit, offset },
    signal,
  });
  return {
    items: body.top,
    total: body.total,
    extra: { MySquadPlace: body.MySquadPlace, mySquad: body.mySquad },
  };
}

/** A reward won, keyed by the reward (the paged list's id). */
export type AwardEntry = RewardWinner & { id: number };

/** Who won rewards, newest first: GET /ratings/rewardWinners?limit&offset. */
export async function loadRewardWinners(
  http: HttpClient,
  offset: number,
  limit: number,
  signal: AbortSignal,
): Promise<Page<AwardEntry, null>> {
  const body = await getParsed(http, '/ratings/rewardWinners', (s) => s.rewardWinnersResponse, {
    query: { limit, offset },
    signal,
  });
  return { items: body.winners.map((w) => ({ ...w, id: w.rewardId })), total: body.total, extra: null };
}
