import type { PlayerProfileView } from '@pixel-wall/shared';
import { useCallback } from 'react';
import { useHttp } from '../../api/useHttp.ts';
import { type AsyncLoad, useAsync } from '../../ui/useAsync.ts';
import { loadProfile } from './api.ts';

/** Any painter's public profile, for the painter popup. */
export function usePainter(userId: number): AsyncLoad<PlayerProfileView> {
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadProfile(http, userId, signal), [http, userId]);
  return useAsync(load);
}
