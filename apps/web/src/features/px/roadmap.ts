/** The 2025 roadmap (SPEC §3 roadmap item: key, completed, quarter); texts are under px.roadmap.items. */
export interface RoadmapItem {
  key: string;
  completed: boolean;
  quarter: 1 | 2 | 3 | 4;
}

export const ROADMAP_YEAR = 2025;

export const ROADMAP: readonly RoadmapItem[] = [
  { key: 'listing', completed: true, quarter: 1 },
  { key: 'buyback', completed: true, quarter: 1 },
  { key: 'burn', completed: true, quarter: 1 },
  { key: 'squads', completed: true, quarter: 2 },
  { key: 'templates', completed: true, quarter: 2 },
  { key: 'nftMap', completed: false, quarter: 2 },
  { key: 'pxBattle', completed: false, quarter: 3 },
  { key: 'staking', completed: false, quarter: 3 },
  { key: 'royale', completed: false, quarter: 4 },
  { key: 'openLeague', completed: false, quarter: 4 },
];

export function quarterItems(quarter: RoadmapItem['quarter']): RoadmapItem[] {
  return ROADMAP.filter((item) => item.quarter === quarter);
}
