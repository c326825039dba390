import type { SquadRatingDetails } from '@pixel-wall/shared';
import { useCallback } from 'react';
import { useHttp } from '../../api/useHttp.ts';
import { type AsyncLoad, useAsync } from '../../ui/useAsync.ts';
import { loadSquad, recentSquad, rememberSquad } from './api.ts';

/** One squad by id (null: none); a squad a tap just fetched shows at once while it refreshes. */
export function useSquad(id: number | null): AsyncLoad<SquadRatingDetails> {
  const http = useHttp();
  const load = useCallback(
    async (signal: AbortSignal) => {
      if (id === null) throw new Error('no squad');
      const squad = await loadSquad(http, id, signal);
      rememberSquad(squad);
      return squad;
    },
    [http, id],
  );
  return useAsync(id === null ? null : load, id === null ? null : recentSquad(id));
}
