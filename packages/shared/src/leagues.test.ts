import { describe, expect, it } from 'vitest';
import {
  isLeague,
  isSquadLeague,
  LEAGUE_THRESHOLDS,
  LEAGUES,
  leagueOf,
  leagueRank,
  SQUAD_LEAGUES,
  SQUADS_SCREEN_LEAGUE,
  squadLeagueOf,
} from './leagues.ts';

describe('painter leagues', () => {
  it('are lower-case and ordered', () => {
    expect(LEAGUES).toEqual(['bronze', 'silver', 'gold', 'platinum', 'diamond']);
    expect(LEAGUES.map(leagueRank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('start at 0, 8, 128, 2048 and 2,048,000 repaints', () => {
    expect(LEAGUE_THRESHOLDS).toEqual({
      bronze: 0,
      silver: 8,
      gold: 128,
      platinum: 2048,
      diamond: 2_048_000,
    });
  });

  it.each([
    [0, 'bronze'],
    [-1, 'bronze'],
    [7, 'bronze'],
    [8, 'silver'],
    [127, 'silver'],
    [128, 'gold'],
    [2047, 'gold'],
    [2048, 'platinum'],
    [2_047_999, 'platinum'],
    [2_048_000, 'diamond'],
    [1e12, 'diamond'],
  ])('%i repaints → %s', (repaints, league) => {
    expect(leagueOf(repaints)).toBe(league);
  });
});

describe('squad leagues', () => {
  it('stop at platinum', () => {
    expect(SQUAD_LEAGUES).toEqual(['bronze', 'silver', 'gold', 'platinum']);
    expect(SQUADS_SCREEN_LEAGUE).toBe('platinum');
  });

  it.each([
    [0, 'bronze'],
    [1023, 'bronze'],
    [1024, 'silver'],
    [20_479, 'silver'],
    [20_480, 'gold'],
    [102_399, 'gold'],
    [102_400, 'platinum'],
    [1e9, 'platinum'],
  ])('%i scored repaints → %s', (scored, league) => {
    expect(squadLeagueOf(scored)).toBe(league);
  });
});

describe('query values', () => {
  it.each([
    ['bronze', true, true],
    ['platinum', true, true],
    ['diamond', true, false],
    ['Gold', false, false],
    ['', false, false],
    [3, false, false],
  ])('%j: painter league %s, squad league %s', (value, painter, squad) => {
    expect(isLeague(value)).toBe(painter);
    expect(isSquadLeague(value)).toBe(squad);
  });
});
