import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
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

describe.each(kinds)('writeTransaction on %s', (kind) => {
  // Strings the array text and the literal must carry exactly (inline-sql.ts on PostgreSQL).
  const texts = ["it's", 'a\\b', 'say "hi"', 'a,b', '{x}', '', 'NULL', ' spaced ', 'ünï 😀', null];

  it('commits the statements in order, all or none, with the values the parameters carry', async () => {
    const db = await open(kind);
    const write = db.writeTransaction!;
    expect(write).toBeTypeOf('function');
    await db.query('CREATE TABLE wt_values (k int PRIMARY KEY, s text, f float8, b bigint, ok bool)');
    const keys = texts.map((_, i) => i + 1);
    const floats = texts.map((_, i) => (i === 3 ? null : 1733000000000.25 * (i % 2 ? -1 : 1) + i));
    const bigs = texts.map((_, i) => 2 ** 53 - 1 - i);
    const bools = texts.map((_, i) => i % 3 === 0);
    await write([
      {
        text: `INSERT INTO wt_values
               SELECT * FROM unnest($1::int[], $2::text[], $3::float8[], $4::bigint[], $5::bool[])`,
        params: [keys, texts, floats, bigs, bools],
      },
      // Sees the rows the statement before it wrote; a scalar parameter of each kind.
      { text: 'UPDATE wt_values SET s = s || $1, ok = $2 WHERE k = $3', params: ["'!", false, 1] },
    ]);
    const rows = await db.query<{ k: number; s: string | null; f: number | null; b: number; ok: boolean }>(
      'SELECT k, s, f, b, ok FROM wt_values ORDER BY k',
    );
    expect(rows).toEqual(
      keys.map((k, i) => ({
        k,
        s: i === 0 ? `${texts[0]}'!` : texts[i],
        f: floats[i],
        b: bigs[i],
        ok: i === 0 ? false : bools[i],
      })),
    );

    // The second statement fails (k 1 exists): the first one's row is rolled back with it.
    await expect(
      write([
        { text: 'INSERT INTO wt_values (k, s, b) VALUES ($1, $2, 0)', params: [100, 'new'] },
        { text: 'INSERT INTO wt_values (k, s, b) VALUES ($1, $2, 0)', params: [1, 'again'] },
      ]),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT count(*)::int AS n FROM wt_values')).toEqual([{ n: texts.length }]);
    // The connection is usable afterwards, and an empty list writes nothing.
    await write([]);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

describe.runIf(kinds.includes('postgres'))('opening PostgreSQL', () => {
  it('a database that does not exist stops the start with one line naming it, not the password', async () => {
    const name = `pw_missing_${randomBytes(4).toString('hex')}`;
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${name}`;
    url.password = 'not-shown-anywhere';
    const err = await openDatabase({ url: url.toString(), dataDir: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    const message = (err as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain(`database "${name}" does not exist on ${url.host}`);
    expect(message).toContain(`CREATE DATABASE ${name}`);
    expect(message).not.toContain('not-shown-anywhere');
  });
});
