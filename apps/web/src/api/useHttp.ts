import { useMemo } from 'react';
import { useAppDispatch } from '../store/hooks.ts';
import type { AppThunk } from '../store/index.ts';
import { ApiError, type HttpClient, type RequestOptions } from './http.ts';

const takeHttp: AppThunk<HttpClient> = (_dispatch, _getState, extra) => extra.http;

/** The app's HTTP client, taken from the store's thunk services so tests swap it in one place. */
export function useHttp(): HttpClient {
  const dispatch = useAppDispatch();
  return useMemo(() => dispatch(takeHttp), [dispatch]);
}

/** What a zod schema offers; structural, so the web app needs no direct zod import. */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** GET and check the body against the shared schema, so a changed contract fails loudly here. */
export async function getParsed<T>(
  http: HttpClient,
  path: string,
  schema: Parser<T>,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  const result = schema.safeParse(await http.get<unknown>(path, options));
  if (!result.success) throw new ApiError(200, 'BAD_RESPONSE', `Unexpected response from ${path}`);
  return result.data;
}
