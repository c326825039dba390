import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OWNER_EXCEPTIONS, TABLE_OWNERS } from './owners.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULES = path.join(SRC, 'modules');

/** Test files and test fixtures (they seed any table they need). */
const isTestFile = (name: string) => /\.test\.ts$|^testing\.ts$|^test-app\.ts$/.test(name);

function moduleFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return moduleFiles(p);
    return e.name.endsWith('.ts') && !isTestFile(e.name) ? [p] : [];
  });
}

/** Every table a piece of SQL names after FROM, JOIN, UPDATE or INTO. */
function tablesNamed(text: string, tables: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)/g)) {
    if (tables.has(m[1]!)) out.push(m[1]!);
  }
  return out;
}

/** The tables the migrations leave: each created, in name order, less those a later one drops. */
function migratedTables(): string[] {
  const dir = path.join(SRC, 'db', 'migrations');
  const tables = new Set<string>();
  for (const f of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    for (const m of fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/(CREATE|DROP) TABLE (\w+)/g)) {
      if (m[1] === 'CREATE') tables.add(m[2]!);
      else tables.delete(m[2]!);
    }
  }
  return [...tables];
}

/** "<file relative to src> <table>" for every table a module's SQL names that another module owns. */
function foreignReads(): string[] {
  const tables = new Set(Object.keys(TABLE_OWNERS));
  const found = new Set<string>();
  for (const file of moduleFiles(MODULES)) {
    const module = path.relative(MODULES, file).split(path.sep)[0]!;
    for (const table of tablesNamed(fs.readFileSync(file, 'utf8'), tables)) {
      if (TABLE_OWNERS[table] !== module)
        found.add(`${path.relative(SRC, file).split(path.sep).join('/')} ${table}`);
    }
  }
  return [...found].sort();
}

describe('table owners', () => {
  it('name an owner for every table of the migrations, and no table that is not one', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...new Set(migratedTables())].sort());
  });

  it('are written down in the comment of owners.ts as in TABLE_OWNERS', () => {
    const text = fs.readFileSync(path.join(SRC, 'db', 'owners.ts'), 'utf8');
    const comment = text.slice(0, text.indexOf('*/'));
    const listed = Object.fromEntries(
      [...comment.matchAll(/^ \* {3}(\w+) +(\S+)/gm)].map((m) => [m[1]!, m[2]!]),
    );
    expect(listed).toEqual(TABLE_OWNERS);
  });

  it('finds the tables a statement names', () => {
    const tables = new Set(['users', 'squads', 'orders']);
    expect(
      tablesNamed(
        `INSERT INTO orders (x) SELECT u.id FROM users u
         JOIN squads s ON s.id = u.squad_id; UPDATE users SET x = 1; -- from users`,
        tables,
      ),
    ).toEqual(['orders', 'users', 'squads', 'users']);
  });

  it("keep every module's SQL to its own tables, but for the listed exceptions", () => {
    const allowed = OWNER_EXCEPTIONS.map((e) => `${e.file} ${e.table}`).sort();
    // Each exception is still needed, and nothing else reads across.
    expect(foreignReads()).toEqual(allowed);
  });
});
