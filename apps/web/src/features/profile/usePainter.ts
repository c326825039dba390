import type { PlayerProfileView } from '@pixel-wall/shared';
import { useCallback } from 'react';
import { loadProfile } from './api.ts';
import { useHttp } from './http.ts';
import { type AsyncLoad, useAsync } from './useAsync.ts';

/** Any painter's public profile, for the painter popup. */
export function usePainter(userId: number): AsyncLoad<PlayerProfileView> {
  const http = useHttp();
  const load = useCallback((signal: AbortSignal) => loadProfile(http, userId, signal), [http, userId]);
  return useAsync(load);
}
