import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore, dbKinds } from '../testing/harness.ts';
import { type Database, openDatabase, runStatements } from './client.ts';

const kinds = await dbKinds();
const opened: { db: Database; dispose?: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const o of opened) {
    await o.db.close();
    await o.dispose?.();
  }
});

async function open(kind: string): Promise<Database> {
  if (kind === 'pglite, in thread') {
    const db = await openDatabase({ url: null, dataDir: null, inThread: true });
    opened.push({ db });
    return db;
  }
  const store = await createTestStore(kind === 'postgres' ? 'postgres' : 'pglite');
  const db = await store.open();
  opened.push({ db, dispose: store.dispose });
  return db;
}

describe.each([...kinds, 'pglite, in thread'])('runStatements on %s', (kind) => {
  it("runs a transaction's statements in order, and stops the transaction at the first that fails", async () => {
    const db = await open(kind);
    await db.query('CREATE TABLE stmt_order (k int PRIMARY KEY, v int)');
    await db.transaction((tx) =>
      runStatements(tx, [
        { text: 'INSERT INTO stmt_order VALUES ($1, $2)', params: [1, 10] },
        // Sees the row the statement before it wrote.
        { text: 'INSERT INTO stmt_order SELECT k + 1, v * 2 FROM stmt_order WHERE k = $1', params: [1] },
      ]),
    );
    expect(await db.query('SELECT k, v FROM stmt_order ORDER BY k')).toEqual([
      { k: 1, v: 10 },
      { k: 2, v: 20 },
    ]);
    const failed = db.transaction((tx) =>
      runStatements(tx, [
        { text: 'INSERT INTO stmt_order VALUES ($1, $2)', params: [3, 30] },
        { text: 'INSERT INTO stmt_order VALUES ($1, $2)', params: [1, 99] },
        { text: 'INSERT INTO stmt_order VALUES ($1, $2)', params: [4, 40] },
      ]),
    );
    // The failing statement's own error (a unique violation), not the aborted statements after it.
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    // The whole transaction rolled back: neither the statement before the failure nor after it.
    expect(await db.query('SELECT k FROM stmt_order ORDER BY k')).toEqual([{ k: 1 }, { k: 2 }]);
    // The connection is usable afterwards.
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
