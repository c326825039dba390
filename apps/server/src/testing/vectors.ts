/** Test support: the published vectors in `shared/vectors` (the repo is cloned with `shared/` beside it). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface StarsVector {
  id: 'pre_checkout_query' | 'successful_payment';
  update: Record<string, unknown>;
}

/** The real Stars updates of `shared/vectors`. */
export function loadStarsVectors(): StarsVector[] {
  const file = resolve(vectorsDir(), 'stars-updates.json');
  if (!existsSync(file)) throw new Error(`test vectors missing: expected them at ${file}`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { updates: StarsVector[] }).updates;
}

/** Finds the workspace root, then `../shared/vectors`; throws (never skips) when they are missing. */
export function vectorsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && 'workspaces' in (JSON.parse(readFileSync(pkg, 'utf8')) as object)) {
      const vectors = resolve(dir, '../shared/vectors');
      if (!existsSync(vectors)) throw new Error(`test vectors missing: expected them at ${vectors}`);
      return vectors;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('workspace root (package.json with "workspaces") not found');
    dir = parent;
  }
}
