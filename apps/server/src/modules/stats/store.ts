/** The SQL of `counters` (see db/owners.ts; the group commit adds to them in its batch). */
import type { Sql } from '../../db/client.ts';

export async function countersNamed(
  q: Sql,
  names: readonly string[],
): Promise<{ name: string; value: number }[]> {
  return q.query<{ name: string; value: number }>(
    'SELECT name, value FROM counters WHERE name = ANY($1::text[])',
    [names],
  );
}
