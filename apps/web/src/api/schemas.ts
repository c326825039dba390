import type * as Shared from '@pixel-wall/shared';
import { ApiError } from './errors.ts';

/** The shared package's index: every request and response schema (and the rest of the package). */
export type Schemas = typeof Shared;

/** One schema of the shared package, picked from it once it has loaded: `(s) => s.userSchema`. */
export type SchemaPick<T> = (schemas: Schemas) => Parser<T>;

/** What a zod schema offers; structural, so the web app needs no direct zod import. */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

let loading: Promise<Schemas> | null = null;
let notBefore: Promise<unknown> = Promise.resolve();

/**
 * Holds the schemas back until `ready` settles: the app's start passes the first screen's commit,
 * so a response that arrives during boot waits for it rather than building every schema first.
 */
export function loadSchemasAfter(ready: Promise<unknown>): void {
  notBefore = ready;
}

/**
 * The shared schemas, from a chunk of their own: building them all takes a few hundred ms of a
 * phone's CPU, so it happens when the first response is checked (and not before the first screen)
 * rather than when the app starts. A failed download is retried by the next call.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= notBefore
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => import('@pixel-wall/shared'))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * The response `body` (or the call that brings it) checked against the picked shared schema; the
 * schemas load meanwhile. A mismatch throws BAD_RESPONSE with `message`.
 */
export async function checked<T>(pick: SchemaPick<T>, body: unknown, message: string): Promise<T> {
  const [value, schemas] = await Promise.all([body, loadSchemas()]);
  const result = pick(schemas).safeParse(value);
  if (!result.success) throw new ApiError(200, 'BAD_RESPONSE', message);
  return result.data;
}
