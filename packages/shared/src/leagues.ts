/**
 * Leagues. Painters by their repaints, squads by their scored repaints (ARCHITECTURE, "Defaults
 * where the spec is silent"). Names are lower case: that is also the `?league=` query value.
 */
export const LEAGUES = ['bronze', 'silver', 'gold', 'platinum', 'diamond'] as const;
export type League = (typeof LEAGUES)[number];

/** Squads have no top tier beyond platinum. */
export const SQUAD_LEAGUES = ['bronze', 'silver', 'gold', 'platinum'] as const;
export type SquadLeague = (typeof SQUAD_LEAGUES)[number];

/** Repaints needed to enter each league. */
export const LEAGUE_THRESHOLDS: Readonly<Record<League, number>> = {
  bronze: 0,
  silver: 8,
  gold: 128,
  platinum: 2048,
  diamond: 2_048_000,
};

/** Scored repaints a squad needs to enter each league. */
export const SQUAD_LEAGUE_THRESHOLDS: Readonly<Record<SquadLeague, number>> = {
  bronze: 0,
  silver: 1024,
  gold: 20_480,
  platinum: 102_400,
};

/** The league the squads screen always asks for (SPEC §7). */
export const SQUADS_SCREEN_LEAGUE: SquadLeague = 'platinum';

function highest<L extends string>(
  order: readonly L[],
  thresholds: Readonly<Record<L, number>>,
  n: number,
): L {
  let out = order[0]!;
  for (const league of order) if (n >= thresholds[league]) out = league;
  return out;
}

export function leagueOf(repaints: number): League {
  return highest(LEAGUES, LEAGUE_THRESHOLDS, repaints);
}

export function squadLeagueOf(scoredRepaints: number): SquadLeague {
  return highest(SQUAD_LEAGUES, SQUAD_LEAGUE_THRESHOLDS, scoredRepaints);
}

export function isLeague(value: unknown): value is League {
  return typeof value === 'string' && (LEAGUES as readonly string[]).includes(value);
}

export function isSquadLeague(value: unknown): value is SquadLeague {
  return typeof value === 'string' && (SQUAD_LEAGUES as readonly string[]).includes(value);
}

/** 0 for bronze up to 4 for diamond, to compare leagues. */
export function leagueRank(league: League): number {
  return LEAGUES.indexOf(league);
}
