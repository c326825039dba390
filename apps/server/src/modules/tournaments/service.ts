/**
 * Tournaments: rounds and breaks on the operator's calendar (schedule.ts). A player enters one
 * template per round (uploads during a round enter it; during a break, the next one), players
 * subscribe to entries to help paint them, and the leader's scoring job (scorer.ts) ranks the
 * round's entries by how many of their pixels the Wall matches. Entries are stored by the
 * templates module, through its one validation path.
 */
import {
  type FinalResults,
  type LeaderboardEntry,
  matchPercent,
  type Template,
  type TemplateList,
  type TournamentLeaderboard,
  type TournamentPeriods,
  type UserResults,
} from '@pixel-wall/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { TemplatesService, UploadPosition } from '../templates/service.ts';
import { periodAt, periodsAround, type TournamentSchedule, uploadRound } from './schedule.ts';
import * as store from './store.ts';

export interface TournamentsServiceDeps {
  db: Pick<Database, 'query'>;
  templates: Pick<
    TemplatesService,
    | 'admitUpload'
    | 'saveUpload'
    | 'view'
    | 'get'
    | 'roundList'
    | 'roundRandom'
    | 'subscribe'
    | 'subscribed'
    | 'rows'
  >;
  schedule: TournamentSchedule;
  now?: () => number;
}

export function createTournamentsService(deps: TournamentsServiceDeps) {
  const { db, templates, schedule } = deps;
  const now = deps.now ?? Date.now;

  function currentRound(): number {
    const round = uploadRound(schedule, now());
    if (round === null)
      throw new AppError('NOT_AVAILABLE', 'The tournament is over: there is no round to enter.');
    return round;
  }

  async function scoredRound(
    preferred: number | undefined,
    finalOnly: boolean,
  ): Promise<{ roundId: number; final: boolean; scoredAt: number } | null> {
    const r = await store.latestScoredRound(db, preferred ?? null, finalOnly);
    return r ? { roundId: r.round_id, final: r.final, scoredAt: Math.round(Number(r.ms)) } : null;
  }

  async function standings(roundId: number, limit: number, offset: number) {
    const { rows, total } = await store.standingsPage(db, roundId, limit, offset);
    const byId = await templates.rows(rows.map((r) => Number(r.template_id)));
    const list: LeaderboardEntry[] = [];
    for (const [i, r] of rows.entries()) {
      const t = byId.get(Number(r.template_id));
      if (!t) continue;
      const view = await templates.view(t, 'tournament');
      list.push({
        rank: offset + i + 1,
        roundId,
        templateId: view.id,
        ownerId: view.ownerId,
        ownerName: view.ownerName,
        matched: r.matched,
        total: r.total,
        percent: matchPercent(r.matched, r.total),
        url: view.url,
      });
    }
    return { list, total };
  }

  return {
    periods(): TournamentPeriods {
      const t = now();
      return {
        periods: periodsAround(schedule, t),
        activePeriod: periodAt(schedule, t),
        uploadRound: uploadRound(schedule, t),
        now: t,
      };
    },

    /** Before an entry's body is read: a round is open and the player may upload. */
    async admitUpload(userId: number): Promise<void> {
      currentRound();
      await templates.admitUpload(userId);
    },

    async upload(userId: number, bytes: Uint8Array, pos: UploadPosition): Promise<Template> {
      const roundId = currentRound();
      return templates.view(
        await templates.saveUpload(userId, bytes, pos, { kind: 'tournament', roundId }),
        'tournament',
      );
    },

    list(limit: number, offset: number): Promise<TemplateList> {
      const round = uploadRound(schedule, now());
      if (round === null) return Promise.resolve({ list: [], total: 0 });
      return templates.roundList(round, limit, offset);
    },

    random(limit: number): Promise<TemplateList> {
      const round = uploadRound(schedule, now());
      if (round === null) return Promise.resolve({ list: [], total: 0 });
      return templates.roundRandom(round, limit);
    },

    get: (id: number, viewer: number | null) => templates.get(id, 'tournament', viewer),

    /** Follows an entry of the current round. */
    subscribe: (userId: number, id: number) => templates.subscribe(userId, 'tournament', id, currentRound()),

    subscribedMy: (userId: number) => templates.subscribed(userId, 'tournament'),

    /** A round's standings as last scored: the given round, else the latest scored one. */
    async leaderboard(limit: number, offset: number, round?: number): Promise<TournamentLeaderboard> {
      const scored = await scoredRound(round, false);
      if (!scored) return { list: [], total: 0, roundId: round ?? null, final: false, scoredAt: null };
      const { list, total } = await standings(scored.roundId, limit, offset);
      return { list, total, roundId: scored.roundId, final: scored.final, scoredAt: scored.scoredAt };
    },

    /** Final standings of a finished round (the latest one unless asked), 15 a page. */
    async finalResults(limit: number, offset: number, round?: number): Promise<FinalResults> {
      const scored = await scoredRound(round, true);
      if (!scored) return { rating: [], total: 0, roundId: null };
      const { list, total } = await standings(scored.roundId, limit, offset);
      return { rating: list, total, roundId: scored.roundId };
    },

    /** The player's entries with their place, newest round first. */
    async userResults(userId: number): Promise<UserResults> {
      const rows = await store.resultsOf(db, userId);
      return {
        results: rows.map((r) => ({
          round_id: r.round_id,
          templateId: Number(r.template_id),
          rank: r.rank,
          matched: r.matched,
          total: r.total,
          percent: matchPercent(r.matched, r.total),
          final: r.final,
        })),
      };
    },
  };
}

export type TournamentsService = ReturnType<typeof createTournamentsService>;
