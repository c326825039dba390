import type { SquadRatingDetails } from '@pixel-wall/shared';
import type { HttpClient } from '../../api/http.ts';
import { getParsed } from '../../api/useHttp.ts';

/** Squad info with its top painters: GET /ratings/squads/{id}. */
export function loadSquad(http: HttpClient, id: number, signal?: AbortSignal): Promise<SquadRatingDetails> {
  return getParsed(
    http,
    `/ratings/squads/${id}`,
    (s) => s.squadRatingDetailsSchema,
    signal ? { signal } : {},
  );
}

export async function joinSquad(http: HttpClient, id: number): Promise<void> {
  await http.post<unknown>(`/squads/${id}/join`);
}

export async function leaveSquad(http: HttpClient): Promise<void> {
  await http.post<unknown>('/squads/leave');
}

/**
 * The squad a tap just fetched, so the popup it opens shows at once instead of loading it again.
 * Only the latest few are kept; popups still load by id when the entry is missing.
 */
const recent = new Map<number, SquadRatingDetails>();
const RECENT_MAX = 8;

export function rememberSquad(squad: SquadRatingDetails): void {
  recent.delete(squad.id);
  recent.set(squad.id, squad);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value as number);
}

export function recentSquad(id: number): SquadRatingDetails | null {
  return recent.get(id) ?? null;
}
