import { useMemo } from 'react';
import { useAppDispatch } from '../store/hooks.ts';
import type { AppThunk } from '../store/index.ts';
import type { HttpClient, RequestOptions } from './http.ts';
import { checked, type SchemaPick } from './schemas.ts';

export { checked } from './schemas.ts';

const takeHttp: AppThunk<HttpClient> = (_dispatch, _getState, extra) => extra.http;

/** The app's HTTP client, taken from the store's thunk services so tests swap it in one place. */
export function useHttp(): HttpClient {
  const dispatch = useAppDispatch();
  return useMemo(() => dispatch(takeHttp), [dispatch]);
}

/**
 * GET and check the body against the shared schema, so a changed contract fails loudly here:
 * `getParsed(http, '/path', (s) => s.userSchema)`. The schemas load while the request is in flight.
 */
export function getParsed<T>(
  http: HttpClient,
  path: string,
  pick: SchemaPick<T>,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return checked(pick, http.get<unknown>(path, options), `Unexpected response from ${path}`);
}
