/**
 * Logical backups of either database, in one format: a gzip of lines, a JSON header (migrations
 * applied, tables, sequences), then `R\t<table>\t<JSON array of rows>` chunks, then a JSON end line
 * with the row count, so a cut-off file is refused. Rows are Postgres's own `row_to_json` text and
 * are loaded back with `json_populate_recordset` without passing through JavaScript numbers, so
 * bigints, numerics, bytea and timestamps come back exactly. A dump is one REPEATABLE READ
 * transaction: a consistent snapshot while the game keeps writing (on PGlite, which has one
 * connection, commits wait for it). A backup of PGlite restores into PostgreSQL and back.
 */
import { once } from 'node:events';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { Database, Sql } from './client.ts';
import { loadMigrations, migrate } from './migrate.ts';

export const BACKUP_FORMAT = 'pixel-wall-backup/1';
const CHUNK_ROWS = 2000;

export interface BackupHeader {
  format: string;
  createdAt: string;
  database: Database['kind'];
  migrations: string[];
  /** parents before children (foreign keys), the order rows are loaded in */
  tables: string[];
  sequences: Record<string, { lastValue: string; isCalled: boolean }>;
}

export interface BackupSummary {
  header: BackupHeader;
  rows: Record<string, number>;
  totalRows: number;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of the public schema, each after the tables its foreign keys point to. */
async function tablesInLoadOrder(sql: Sql): Promise<string[]> {
  const tables = (
    await sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await sql.query<{ child: string; parent: string }>(
    `SELECT cl.relname AS child, pl.relname AS parent FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pl ON pl.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (placed.has(t) || path.has(t)) return;
    path.add(t);
    for (const p of parents.get(t) ?? []) visit(p, path);
    path.delete(t);
    placed.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

async function sequences(sql: Sql): Promise<BackupHeader['sequences']> {
  const names = await sql.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const out: BackupHeader['sequences'] = {};
  for (const { name } of names) {
    const [row] = await sql.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`,
    );
    out[name] = { lastValue: row!.last_value, isCalled: row!.is_called };
  }
  return out;
}

/** Writes a backup of `db` to `out` (gzip), ending it; resolves once every byte is handed over. */
export async function writeBackup(db: Database, out: Writable): Promise<BackupSummary> {
  const gz = zlib.createGzip();
  gz.pipe(out);
  const write = async (line: string) => {
    if (!gz.write(`${line}\n`)) await once(gz, 'drain');
  };
  try {
    const summary = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const tables = await tablesInLoadOrder(tx);
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        createdAt: new Date().toISOString(),
        database: db.kind,
        migrations: tables.includes('schema_migrations')
          ? (await tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map(
              (r) => r.name,
            )
          : [],
        tables,
        sequences: await sequences(tx),
      };
      await write(JSON.stringify(header));
      const rows: Record<string, number> = {};
      let totalRows = 0;
      for (const table of tables) {
        rows[table] = 0;
        let after = '(0,0)';
        for (;;) {
          const chunk = await tx.query<{ k: string; r: string }>(
            `SELECT ctid::text AS k, row_to_json(t)::text AS r FROM ${ident(table)} t
              WHERE ctid > $1::tid ORDER BY ctid LIMIT ${CHUNK_ROWS}`,
            [after],
          );
          if (chunk.length === 0) break;
          await write(`R\t${table}\t[${chunk.map((c) => c.r).join(',')}]`);
          rows[table] += chunk.length;
          totalRows += chunk.length;
          after = chunk[chunk.length - 1]!.k;
          if (chunk.length < CHUNK_ROWS) break;
        }
      }
      await write(JSON.stringify({ end: true, rows, totalRows }));
      return { header, rows, totalRows };
    });
    gz.end();
    await once(out, 'finish');
    return summary;
  } catch (err) {
    gz.destroy(err as Error);
    throw err;
  }
}

interface Reader {
  header: BackupHeader;
  /** the row chunks in file order, then checks the end line */
  chunks(): AsyncGenerator<{ table: string; json: string; count: number }, BackupSummary>;
}

async function openReader(input: Readable): Promise<Reader> {
  const gunzip = zlib.createGunzip();
  input.on('error', (err) => gunzip.destroy(err));
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  const it = lines[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await it.next();
  } catch (err) {
    throw new BackupError(`not a Pixel Wall backup (${(err as Error).message})`);
  }
  let header: BackupHeader;
  try {
    header = JSON.parse(first.done ? '' : first.value) as BackupHeader;
  } catch {
    throw new BackupError('not a Pixel Wall backup (no header line)');
  }
  if (header.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `not a Pixel Wall backup of format ${BACKUP_FORMAT} (found ${String(header.format)})`,
    );
  }
  const known = new Set(header.tables);
  return {
    header,
    async *chunks() {
      const rows: Record<string, number> = Object.fromEntries(header.tables.map((t) => [t, 0]));
      let totalRows = 0;
      for (;;) {
        const next = await it.next();
        if (next.done) throw new BackupError('the backup is cut off (no end line): it is incomplete');
        const line = next.value;
        if (line.startsWith('R\t')) {
          const tab = line.indexOf('\t', 2);
          const table = line.slice(2, tab);
          if (tab < 0 || !known.has(table)) throw new BackupError(`backup names an unknown table: ${table}`);
          const json = line.slice(tab + 1);
          const count = (JSON.parse(json) as unknown[]).length;
          rows[table]! += count;
          totalRows += count;
          yield { table, json, count };
          continue;
        }
        const end = JSON.parse(line) as { end?: boolean; totalRows?: number };
        if (!end.end || end.totalRows !== totalRows) {
          throw new BackupError(
            `the backup's end line says ${end.totalRows} rows, the file holds ${totalRows}`,
          );
        }
        return { header, rows, totalRows };
      }
    },
  };
}

/** Reads a whole backup and checks it (header, every line, row count), without a database. */
export async function verifyBackup(input: Readable): Promise<BackupSummary> {
  const reader = await openReader(input);
  const chunks = reader.chunks();
  for (;;) {
    const next = await chunks.next();
    if (next.done) return next.value;
  }
}

/**
 * Replaces everything in `db` with the backup: drops the public schema's tables, applies the
 * backup's migrations, loads the rows and sequences in one transaction (a cut-off file rolls back),
 * then applies any newer migrations this version has. Run it with the game stopped.
 */
export async function restoreBackup(db: Database, input: Readable): Promise<BackupSummary> {
  const reader = await openReader(input);
  const { header } = reader;
  const available = loadMigrations();
  const names = new Set(available.map((m) => m.name));
  const unknown = header.migrations.filter((m) => !names.has(m));
  if (unknown.length > 0) {
    throw new BackupError(
      `the backup is from a newer version (migrations ${unknown.join(', ')}): upgrade first`,
    );
  }
  await db.transaction(async (tx) => {
    for (const t of await tablesInLoadOrder(tx)) await tx.query(`DROP TABLE IF EXISTS ${ident(t)} CASCADE`);
  });
  await migrate(
    db,
    available.filter((m) => header.migrations.includes(m.name)),
  );
  const summary = await db.transaction(async (tx) => {
    const present = new Set(await tablesInLoadOrder(tx));
    const missing = header.tables.filter((t) => !present.has(t));
    if (missing.length > 0)
      throw new BackupError(`tables of the backup missing after migrating: ${missing.join(', ')}`);
    await tx.query(`TRUNCATE ${header.tables.map(ident).join(', ')} CASCADE`);
    const chunks = reader.chunks();
    let done: BackupSummary;
    for (;;) {
      const next = await chunks.next();
      if (next.done) {
        done = next.value;
        break;
      }
      const t = ident(next.value.table);
      await tx.query(`INSERT INTO ${t} SELECT * FROM json_populate_recordset(NULL::${t}, $1::json)`, [
        next.value.json,
      ]);
    }
    for (const [name, s] of Object.entries(header.sequences)) {
      await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [ident(name), s.lastValue, s.isCalled]);
    }
    return done;
  });
  await migrate(db);
  return summary;
}
