/**
 * Rating pages: the order and scores come from the rating store, names and pictures from one SQL
 * query per page (primary-key look-ups of at most a page of ids plus the caller), so a page costs
 * the same at offset 0 and at offset 500,000 of a million players.
 *
 * Ranks: a league page counts within that league; myPlace is the caller's place in their own
 * league (the list they appear in); a period page counts within the window. 0 = no place yet.
 */
import {
  type League,
  leagueOf,
  type MyPlace,
  type PersonalRating,
  type PlayerRatingEntry,
  type RatingPeriod,
  type SquadLeague,
  type SquadRatingDetails,
  type SquadRatingEntry,
  type SquadsRating,
  squadLeagueOf,
} from '@pixel-wall/shared';
import type { Sql } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { periodKey } from '../../lib/periods.ts';
import { squadsById } from '../squads/store.ts';
import type { UsersService } from '../users/service.ts';
import { type RatedPlayerRow, ratedPlayers, squadMemberCounts, squadMembers } from '../users/store.ts';
import { type Board, leagueRange, type RatingsStore, squadLeagueRange } from './store.ts';

export interface RatingsServiceDeps {
  db: Pick<Sql, 'query'>;
  store: RatingsStore;
  users: Pick<UsersService, 'profile'>;
  now?: () => number;
}

type PlayerRow = RatedPlayerRow;

interface SquadRow {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  scored_repaints: number | string;
  total_repaints: number | string;
  players: number;
}

export interface SquadInfoView {
  id: number;
  name: string;
  slug: string;
  logo: string | null;
  players: number;
  scoredRepaints: number;
  totalRepaints: number;
  league: SquadLeague;
  rank: number;
}

export function createRatingsService(deps: RatingsServiceDeps) {
  const { db, store } = deps;
  const now = deps.now ?? Date.now;

  async function playersById(ids: readonly number[]): Promise<Map<number, PlayerRow>> {
    if (ids.length === 0) return new Map();
    const rows = await ratedPlayers(db, ids);
    return new Map(rows.map((r) => [Number(r.id), r]));
  }

  /** The player's place in their own league; rank 0 when they have no repaints yet. */
  async function playerPlace(userId: number): Promise<MyPlace> {
    const overall = await store.rankOf('players', userId);
    if (!overall) return { rank: 0, repaints: 0, league: 'bronze' };
    const league = leagueOf(overall.score);
    const above = await store.count('players', {
      min: leagueRange(league).max,
      max: Number.POSITIVE_INFINITY,
    });
    return { rank: Math.max(1, overall.rank - above), repaints: overall.score, league };
  }

  /** A squad's place in its own league; rank 0 before its first scored repaint. */
  async function squadPlace(squadId: number): Promise<{ rank: number; scoredRepaints: number }> {
    const overall = await store.rankOf('squads', squadId);
    if (!overall) return { rank: 0, scoredRepaints: 0 };
    const range = squadLeagueRange(squadLeagueOf(overall.score));
    const above = await store.count('squads', { min: range.max, max: Number.POSITIVE_INFINITY });
    return { rank: Math.max(1, overall.rank - above), scoredRepaints: overall.score };
  }

  function playerEntries(
    entries: readonly { id: number; score: number; rank: number }[],
    names: Map<number, PlayerRow>,
    leagueFrom: 'score' | 'repaints',
  ): PlayerRatingEntry[] {
    return entries.map((e) => {
      const row = names.get(e.id);
      const repaints = leagueFrom === 'score' ? e.score : Number(row?.repaints ?? e.score);
      return {
        rank: e.rank,
        id: e.id,
        firstName: row?.first_name ?? '',
        userPic: row?.photo_url ?? null,
        repaints: e.score,
        league: leagueOf(repaints),
      };
    });
  }

  async function squadRows(ids: readonly number[], withPlayers: boolean): Promise<Map<number, SquadRow>> {
    if (ids.length === 0) return new Map();
    const [rows, players] = await Promise.all([
      squadsById(db, ids),
      withPlayers ? squadMemberCounts(db, ids) : new Map<number, number>(),
    ]);
    return new Map(rows.map((r) => [r.id, { ...r, players: players.get(Number(r.id)) ?? 0 }]));
  }

  function squadEntry(row: SquadRow, rank: number, scored: number): SquadRatingEntry {
    return {
      rank,
      id: row.id,
      name: row.name,
      slug: row.slug,
      logo: row.logo,
      scoredRepaints: scored,
      league: squadLeagueOf(scored),
    };
  }

  async function squadInfo(squadId: number): Promise<SquadInfoView> {
    const [rows, place] = await Promise.all([squadRows([squadId], true), squadPlace(squadId)]);
    const row = rows.get(squadId);
    if (!row) throw new AppError('NOT_FOUND', `There is no squad ${squadId}.`);
    // The board may trail SQL by a batch; SQL is the truth for the number shown.
    const scored = Number(row.scored_repaints);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      logo: row.logo,
      players: row.players,
      scoredRepaints: scored,
      totalRepaints: Number(row.total_repaints),
      league: squadLeagueOf(scored),
      rank: place.rank,
    };
  }

  return {
    playerPlace,
    squadPlace,
    squadInfo,

    async personal(
      league: League,
      offset: number,
      limit: number,
      me: number | null,
    ): Promise<PersonalRating> {
      const [page, myPlace] = await Promise.all([
        store.page('players', offset, limit, leagueRange(league)),
        me === null ? null : playerPlace(me),
      ]);
      const names = await playersById(page.entries.map((e) => e.id));
      return { top: playerEntries(page.entries, names, 'score'), myPlace, total: page.total };
    },

    async leaderboard(
      period: RatingPeriod,
      offset: number,
      limit: number,
      me: number | null,
    ): Promise<PersonalRating> {
      const board = periodKey(period, now()) as Board;
      const [page, mine, overall] = await Promise.all([
        store.page(board, offset, limit),
        me === null ? null : store.rankOf(board, me),
        me === null ? null : store.rankOf('players', me),
      ]);
      const names = await playersById(page.entries.map((e) => e.id));
      const myPlace =
        me === null
          ? null
          : { rank: mine?.rank ?? 0, repaints: mine?.score ?? 0, league: leagueOf(overall?.score ?? 0) };
      return { top: playerEntries(page.entries, names, 'repaints'), myPlace, total: page.total };
    },

    async squads(
      league: SquadLeague,
      offset: number,
      limit: number,
      me: number | null,
    ): Promise<SquadsRating> {
      const mySquadId = me === null ? null : ((await deps.users.profile(me))?.squadId ?? null);
      const [page, myPlace] = await Promise.all([
        store.page('squads', offset, limit, squadLeagueRange(league)),
        mySquadId === null ? null : squadPlace(mySquadId),
      ]);
      const ids = page.entries.map((e) => e.id);
      if (mySquadId !== null && !ids.includes(mySquadId)) ids.push(mySquadId);
      const rows = await squadRows(ids, false);
      const top: SquadRatingEntry[] = [];
      for (const e of page.entries) {
        const row = rows.get(e.id);
        if (row) top.push(squadEntry(row, e.rank, e.score));
      }
      const myRow = mySquadId === null ? undefined : rows.get(mySquadId);
      return {
        top,
        MySquadPlace: myPlace,
        mySquad: myRow && myPlace ? squadEntry(myRow, myPlace.rank, myPlace.scoredRepaints) : null,
        total: page.total,
      };
    },

    /** The squad and a page of its members by repaints (ranks within the squad). */
    async squadDetails(squadId: number, offset: number, limit: number): Promise<SquadRatingDetails> {
      const [info, members] = await Promise.all([
        squadInfo(squadId),
        squadMembers(db, squadId, limit, offset),
      ]);
      return {
        ...info,
        top: members.map((m, i) => ({
          rank: offset + i + 1,
          id: Number(m.id),
          firstName: m.first_name,
          userPic: m.photo_url,
          repaints: Number(m.repaints),
          league: leagueOf(Number(m.repaints)),
        })),
      };
    },
  };
}

export type RatingsService = ReturnType<typeof createRatingsService>;
