import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore, dbKinds } from '../testing/harness.ts';
import { migrate, splitStatements } from './migrate.ts';
import { schema } from './schema.ts';

const kinds = await dbKinds();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe.each(kinds)('migrations on %s', (kind) => {
  it('apply once, and the Drizzle schema matches the migrated tables column for column', async () => {
    const store = await createTestStore(kind);
    const db = await store.open();
    cleanups.push(async () => {
      await db.close();
      await store.dispose();
    });
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
    for (const table of Object.values(schema)) {
      const cfg = getTableConfig(table);
      const cols = await db.query<{ column_name: string; is_nullable: string }>(
        `SELECT column_name, is_nullable FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = $1 ORDER BY column_name`,
        [cfg.name],
      );
      expect(cols.map((c) => c.column_name).sort(), cfg.name).toEqual(cfg.columns.map((c) => c.name).sort());
      for (const col of cfg.columns) {
        const found = cols.find((c) => c.column_name === col.name)!;
        expect(found.is_nullable === 'NO', `${cfg.name}.${col.name} not null`).toBe(col.notNull);
      }
    }
  });
});

describe('splitStatements', () => {
  it('splits on line-ending semicolons and drops comments', () => {
    expect(splitStatements('-- c\nCREATE TABLE a (x int);\n\nCREATE INDEX i ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX i ON a (x)',
    ]);
  });
});
