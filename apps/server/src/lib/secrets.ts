import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/client.ts';

/**
 * A server secret shared by every instance: taken from configuration when given, else created
 * once in SQL (first writer wins) so that a cluster agrees on it without extra setup.
 */
export async function serverSecret(db: Sql, name: string, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const rows = await db.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return rows[0]!.value;
}
