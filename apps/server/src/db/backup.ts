/**
 * Logical backups of either database, in one format: a gzip of lines, a JSON header (migrations
 * applied, tables, sequences), then `R\t<table>\t<JSON array of rows>` chunks, then a JSON end line
 * with the rows of every table and a SHA-256 of every line before it, so a cut-off or altered file
 * is refused before anything is loaded. Rows are Postgres's own `row_to_json` text and are loaded
 * back with `json_populate_recordset` without passing through JavaScript numbers, so bigints,
 * numerics, bytea and timestamps come back exactly. A dump is one REPEATABLE READ transaction read
 * through cursors: a consistent snapshot. On PGlite, which has one connection, that transaction
 * would hold back every paint, so a running server's backup is dumped from a copy of its files
 * (backup-cli.ts, admin-socket.ts). A backup of PGlite restores into PostgreSQL and back.
 *
 * A restore is one transaction: the public schema emptied, the backup's migrations, its rows and
 * sequences, then this version's newer migrations, and COMMIT. Any failure rolls all of it back.
 */
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import readline from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import zlib from 'node:zlib';
import type { Database, Sql } from './client.ts';
import { loadMigrations, migrateWithin } from './migrate.ts';
import type { Progress } from './progress.ts';

export const BACKUP_FORMAT = 'pixel-wall-backup/2';
/** Written before the end line carried a checksum: read with the row counts as the only check. */
const FORMAT_WITHOUT_CHECKSUM = 'pixel-wall-backup/1';
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

interface EndLine {
  end: true;
  rows: Record<string, number>;
  totalRows: number;
  /** hex SHA-256 of every line before the end line, each with its `\n` */
  sha256: string;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Objects an extension owns stay: they are the extension's, not the game's. */
const NOT_FROM_EXTENSION = (classTable: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${classTable}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`;

/** Tables of the public schema, each after the tables its foreign keys point to. */
async function tablesInLoadOrder(sql: Sql): Promise<string[]> {
  const tables = (
    await sql.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND ${NOT_FROM_EXTENSION('pg_class', 'c.oid')} ORDER BY c.relname`,
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

/**
 * Empties the public schema inside `tx`: every table, view and sequence (the standalone ones too,
 * which no DROP TABLE … CASCADE reaches), function and type the game's migrations made. The schema
 * itself stays, with its owner and grants.
 */
async function emptyPublicSchema(tx: Sql): Promise<void> {
  const relations = await tx.query<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind::text AS kind FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
        AND ${NOT_FROM_EXTENSION('pg_class', 'c.oid')}`,
  );
  const dropOf: Record<string, string> = {
    r: 'TABLE',
    p: 'TABLE',
    f: 'FOREIGN TABLE',
    v: 'VIEW',
    m: 'MATERIALIZED VIEW',
    S: 'SEQUENCE',
  };
  // Views and tables first: a sequence a table owns goes with it, hence IF EXISTS.
  for (const kind of ['v', 'm', 'r', 'p', 'f', 'S']) {
    for (const r of relations.filter((x) => x.kind === kind)) {
      await tx.query(`DROP ${dropOf[kind]} IF EXISTS ${ident(r.name)} CASCADE`);
    }
  }
  const routines = await tx.query<{ signature: string }>(
    `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND ${NOT_FROM_EXTENSION('pg_proc', 'p.oid')}`,
  );
  for (const r of routines) await tx.query(`DROP ROUTINE IF EXISTS ${r.signature} CASCADE`);
  const types = await tx.query<{ name: string }>(
    `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'r', 'c') AND t.typrelid = 0
        AND ${NOT_FROM_EXTENSION('pg_type', 't.oid')}`,
  );
  for (const t of types) await tx.query(`DROP TYPE IF EXISTS ${ident(t.name)} CASCADE`);
}

export interface DumpOptions {
  progress?: Progress;
}

/** Writes a backup of `db` to `out` (gzip), ending it; resolves once every byte is handed over. */
export async function writeBackup(
  db: Database,
  out: Writable,
  opts: DumpOptions = {},
): Promise<BackupSummary> {
  const gz = zlib.createGzip();
  let bytes = 0;
  gz.on('data', (b: Buffer) => {
    bytes += b.length;
  });
  gz.pipe(out);
  const hash = createHash('sha256');
  const write = async (line: string, hashed = true) => {
    if (hashed) hash.update(`${line}\n`);
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
      if (opts.progress) {
        let total = 0;
        for (const t of tables) {
          const [c] = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${ident(t)}`);
          total += Number(c!.n);
        }
        opts.progress.start({ tables: tables.length, rows: total });
      }
      await write(JSON.stringify(header));
      const rows: Record<string, number> = {};
      let totalRows = 0;
      for (const [i, table] of tables.entries()) {
        rows[table] = 0;
        // A cursor reads the table once; a LIMIT per chunk would scan it again for every chunk.
        await tx.query(
          `DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${ident(table)} t`,
        );
        for (;;) {
          const chunk = await tx.query<{ r: string }>(`FETCH ${CHUNK_ROWS} FROM dump`);
          if (chunk.length === 0) break;
          await write(`R\t${table}\t[${chunk.map((c) => c.r).join(',')}]`);
          rows[table] += chunk.length;
          totalRows += chunk.length;
          opts.progress?.update({ tablesDone: i, rows: totalRows, bytes });
          if (chunk.length < CHUNK_ROWS) break;
        }
        await tx.query('CLOSE dump');
      }
      const end: EndLine = { end: true, rows, totalRows, sha256: hash.digest('hex') };
      await write(JSON.stringify(end), false);
      return { header, rows, totalRows };
    });
    gz.end();
    await once(out, 'finish');
    opts.progress?.done({ tablesDone: summary.header.tables.length, rows: summary.totalRows, bytes });
    return summary;
  } catch (err) {
    gz.destroy(err as Error);
    throw err;
  }
}

interface Chunk {
  table: string;
  json: string;
  count: number;
}

interface Reader {
  header: BackupHeader;
  /** compressed bytes read so far */
  bytesRead(): number;
  /** the row chunks in file order, then checks the end line (counts and checksum) */
  chunks(): AsyncGenerator<Chunk, BackupSummary>;
}

/** A damaged gzip stream or line, said in one sentence. */
function damaged(err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new BackupError(`the backup is cut off or damaged (${message})`);
}

function parseHeader(line: string | undefined): BackupHeader {
  let header: BackupHeader;
  try {
    header = JSON.parse(line ?? '') as BackupHeader;
  } catch {
    throw new BackupError('not a Pixel Wall backup (no header line)');
  }
  if (header === null || typeof header !== 'object') {
    throw new BackupError('not a Pixel Wall backup (no header line)');
  }
  if (header.format !== BACKUP_FORMAT && header.format !== FORMAT_WITHOUT_CHECKSUM) {
    throw new BackupError(
      `not a Pixel Wall backup of format ${BACKUP_FORMAT} (found ${String(header.format)})`,
    );
  }
  if (
    !Array.isArray(header.tables) ||
    !Array.isArray(header.migrations) ||
    typeof header.sequences !== 'object' ||
    header.sequences === null
  ) {
    throw new BackupError('the backup header is damaged (tables, migrations or sequences missing)');
  }
  return header;
}

function checkEnd(
  line: string,
  header: BackupHeader,
  rows: Record<string, number>,
  totalRows: number,
  hash: Hash,
) {
  let end: Partial<EndLine>;
  try {
    end = JSON.parse(line) as Partial<EndLine>;
  } catch {
    throw new BackupError('the backup is damaged: a line is neither rows nor the end line');
  }
  if (end === null || typeof end !== 'object' || end.end !== true) {
    throw new BackupError('the backup is damaged: a line is neither rows nor the end line');
  }
  if (end.totalRows !== totalRows) {
    throw new BackupError(`the backup's end line says ${end.totalRows} rows, the file holds ${totalRows}`);
  }
  for (const t of header.tables) {
    if (end.rows?.[t] !== rows[t]) {
      throw new BackupError(
        `the backup's end line says ${end.rows?.[t]} rows of ${t}, the file holds ${rows[t]}`,
      );
    }
  }
  if (header.format === BACKUP_FORMAT && end.sha256 !== hash.digest('hex')) {
    throw new BackupError('the backup is damaged: its checksum does not match its contents');
  }
}

async function openReader(input: Readable): Promise<Reader> {
  const gunzip = zlib.createGunzip();
  let bytes = 0;
  input.on('data', (b: Buffer) => {
    bytes += b.length;
  });
  input.on('error', (err) => gunzip.destroy(err));
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Number.POSITIVE_INFINITY });
  const it = lines[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await it.next();
  } catch (err) {
    throw new BackupError(`not a Pixel Wall backup (${(err as Error).message})`);
  }
  const header = parseHeader(first.done ? undefined : first.value);
  const hash = createHash('sha256');
  hash.update(first.value as string);
  hash.update('\n');
  const known = new Set(header.tables);
  return {
    header,
    bytesRead: () => bytes,
    async *chunks() {
      const rows: Record<string, number> = Object.fromEntries(header.tables.map((t) => [t, 0]));
      let totalRows = 0;
      for (;;) {
        let next: IteratorResult<string>;
        try {
          next = await it.next();
        } catch (err) {
          throw damaged(err);
        }
        if (next.done) throw new BackupError('the backup is cut off (no end line): it is incomplete');
        const line = next.value;
        if (line.startsWith('R\t')) {
          const tab = line.indexOf('\t', 2);
          const table = tab < 0 ? '' : line.slice(2, tab);
          if (!known.has(table)) throw new BackupError(`the backup names an unknown table: ${table}`);
          const json = line.slice(tab + 1);
          let parsed: unknown;
          try {
            parsed = JSON.parse(json);
          } catch {
            throw new BackupError(`the backup is damaged: a line of ${table} rows is not valid JSON`);
          }
          if (!Array.isArray(parsed))
            throw new BackupError(`the backup is damaged: ${table} rows are not a list`);
          hash.update(line);
          hash.update('\n');
          rows[table]! += parsed.length;
          totalRows += parsed.length;
          yield { table, json, count: parsed.length };
          continue;
        }
        checkEnd(line, header, rows, totalRows, hash);
        return { header, rows, totalRows };
      }
    },
  };
}

/** Reads a whole backup and checks it (header, every line, row counts, checksum), without a database. */
export async function verifyBackup(input: Readable): Promise<BackupSummary> {
  const reader = await openReader(input);
  const chunks = reader.chunks();
  for (;;) {
    const next = await chunks.next();
    if (next.done) return next.value;
  }
}

export interface RestoreOptions {
  progress?: Progress;
  /** the rows the file holds, when known (a verify before), for the time left */
  totalRows?: number;
}

/**
 * Replaces everything in `db` with the backup, all or nothing, in one transaction: empties the
 * public schema, applies the backup's migrations, loads the rows and sequences, checks the file's
 * counts and checksum, applies this version's newer migrations, and only then commits. A file cut
 * off or damaged anywhere, or rows the database refuses, roll it all back: `db` is left exactly as
 * it was. Run it with the game stopped.
 */
export async function restoreBackup(
  db: Database,
  input: Readable,
  opts: RestoreOptions = {},
): Promise<BackupSummary> {
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
  const { progress } = opts;
  progress?.start({ tables: header.tables.length, rows: opts.totalRows ?? null });
  const summary = await db.transaction(async (tx) => {
    await emptyPublicSchema(tx);
    await migrateWithin(
      tx,
      available.filter((m) => header.migrations.includes(m.name)),
    );
    const present = new Set(await tablesInLoadOrder(tx));
    const missing = header.tables.filter((t) => !present.has(t));
    if (missing.length > 0)
      throw new BackupError(`tables of the backup missing after migrating: ${missing.join(', ')}`);
    // What the migrations wrote (schema_migrations, seed rows) comes from the backup instead.
    if (header.tables.length > 0) await tx.query(`TRUNCATE ${header.tables.map(ident).join(', ')} CASCADE`);
    const chunks = reader.chunks();
    const tablesSeen = new Set<string>();
    let rows = 0;
    for (;;) {
      const next = await chunks.next();
      if (next.done) {
        for (const [name, s] of Object.entries(header.sequences)) {
          await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [
            ident(name),
            s.lastValue,
            s.isCalled,
          ]);
        }
        await migrateWithin(tx, available);
        return next.value;
      }
      const { table, json, count } = next.value;
      const t = ident(table);
      try {
        await tx.query(`INSERT INTO ${t} SELECT * FROM json_populate_recordset(NULL::${t}, $1::json)`, [
          json,
        ]);
      } catch (err) {
        throw new BackupError(`rows of ${table} could not be loaded: ${(err as Error).message}`);
      }
      tablesSeen.add(table);
      rows += count;
      progress?.update({ tablesDone: Math.max(0, tablesSeen.size - 1), rows, bytes: reader.bytesRead() });
    }
  });
  progress?.done({ tablesDone: header.tables.length, rows: summary.totalRows, bytes: reader.bytesRead() });
  return summary;
}
