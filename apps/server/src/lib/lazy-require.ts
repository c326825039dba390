/**
 * A CommonJS package loaded the first time it is used, not when the module naming it loads. For
 * packages that only some requests or some deployments need (image encoding, Redis, TON addresses):
 * the server loads its app while the database opens (main.ts), and with the database as quick as it
 * is now, that loading is what the start waits for; each of these takes 50-90 ms of it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
