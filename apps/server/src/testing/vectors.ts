/**
 * Test support: published, signed test vectors kept in this repository (`testing/vectors/`, each
 * file naming its source), so the checks are replayed against other projects' data from a clone
 * with nothing beside it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface StarsVector {
  id: 'pre_checkout_query' | 'successful_payment';
  update: Record<string, unknown>;
}

/** The real Stars updates of `testing/vectors`. */
export function loadStarsVectors(): StarsVector[] {
  return (
    JSON.parse(readFileSync(`${vectorsDir()}/stars-updates.json`, 'utf8')) as { updates: StarsVector[] }
  ).updates;
}

/** The folder of the vectors; throws (never skips) when it is missing. */
export function vectorsDir(): string {
  const dir = fileURLToPath(new URL('./vectors', import.meta.url));
  if (!existsSync(dir)) throw new Error(`test vectors missing: expected them at ${dir}`);
  return dir;
}
