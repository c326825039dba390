/**
 * Applies `migrations/*.sql` in name order, each once, each in its own transaction. An advisory
 * lock keeps two instances of the cluster from migrating at the same time.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database, Sql } from './client.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_KEY = 7_355_608;

export interface Migration {
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(`${dir}/${name}`, 'utf8') }));
}

const CREATE_SCHEMA_MIGRATIONS =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

export async function migrate(db: Database, migrations = loadMigrations()): Promise<string[]> {
  await db.query(CREATE_SCHEMA_MIGRATIONS);
  return db.transaction((tx) => migrateWithin(tx, migrations));
}

/**
 * The migrations not yet applied, inside the caller's transaction `tx` (a restore builds the whole
 * schema in the one transaction that loads its rows): they commit or roll back with it.
 */
export async function migrateWithin(tx: Sql, migrations = loadMigrations()): Promise<string[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
  await tx.query(CREATE_SCHEMA_MIGRATIONS);
  const done = new Set(
    (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    for (const statement of splitStatements(m.sql)) await tx.query(statement);
    await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name]);
    applied.push(m.name);
  }
  return applied;
}

/** Splits a migration on semicolons at line ends (our migrations hold no function bodies). */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\r?\n|$)/)
    .map((s) =>
      s
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter(Boolean);
}
