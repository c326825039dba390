import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore, dbKinds } from '../testing/harness.ts';
import { migrate, splitStatements } from './migrate.ts';

const kinds = await dbKinds();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe.each(kinds)('migrations on %s', (kind) => {
  it('apply once', async () => {
    const store = await createTestStore(kind);
    const db = await store.open();
    cleanups.push(async () => {
      await db.close();
      await store.dispose();
    });
    const first = await migrate(db);
    expect(first.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
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
