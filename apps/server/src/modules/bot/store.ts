/** The SQL of `bot_state` (see db/owners.ts), each function taking the database or a transaction. */
import type { Sql } from '../../db/client.ts';

export async function stateValue(q: Sql, name: string): Promise<string | null> {
  const rows = await q.query<{ value: string }>('SELECT value FROM bot_state WHERE name = $1', [name]);
  return rows[0]?.value ?? null;
}

export async function setStateValue(q: Sql, name: string, value: string): Promise<void> {
  await q.query(
    `INSERT INTO bot_state (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [name, value],
  );
}
