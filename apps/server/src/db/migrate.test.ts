import { afterAll, describe, expect, it } from 'vitest';
import { createTestStore, dbKinds } from '../testing/harness.ts';
import { loadMigrations, migrate, splitStatements } from './migrate.ts';

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

describe.each(kinds)("0018 on %s: the windows move onto the player's row", (kind) => {
  it("keeps each player's latest day, week and month and drops the table", async () => {
    const store = await createTestStore(kind);
    const db = await store.open();
    cleanups.push(async () => {
      await db.close();
      await store.dispose();
    });
    const all = loadMigrations();
    const cut = all.findIndex((m) => m.name === '0018_period_repaints_on_users.sql');
    expect(cut).toBeGreaterThan(0);
    await migrate(db, all.slice(0, cut));
    await db.query(
      `INSERT INTO users (id, first_name, charges, charges_updated_at) VALUES (1, 'A', 5, 0), (2, 'B', 5, 0), (3, 'C', 5, 0)`,
    );
    await db.query(
      `INSERT INTO user_period_repaints (period, user_id, repaints) VALUES
         ('d2026-11-30', 1, 4), ('d2026-12-01', 1, 2), ('w2026-11-23', 1, 9), ('w2026-11-30', 1, 6),
         ('m2026-11', 1, 13), ('m2026-12', 1, 2), ('d2026-11-29', 2, 7), ('w2026-11-23', 2, 7), ('m2026-11', 2, 7)`,
    );
    expect(await migrate(db, all)).toEqual(all.slice(cut).map((m) => m.name));
    expect(
      await db.query(
        'SELECT id, day_period, day_repaints, week_period, week_repaints, month_period, month_repaints FROM users ORDER BY id',
      ),
    ).toEqual([
      {
        id: 1,
        day_period: 'd2026-12-01',
        day_repaints: 2,
        week_period: 'w2026-11-30',
        week_repaints: 6,
        month_period: 'm2026-12',
        month_repaints: 2,
      },
      {
        id: 2,
        day_period: 'd2026-11-29',
        day_repaints: 7,
        week_period: 'w2026-11-23',
        week_repaints: 7,
        month_period: 'm2026-11',
        month_repaints: 7,
      },
      {
        id: 3,
        day_period: null,
        day_repaints: 0,
        week_period: null,
        week_repaints: 0,
        month_period: null,
        month_repaints: 0,
      },
    ]);
    expect(await db.query("SELECT to_regclass('user_period_repaints') AS t")).toEqual([{ t: null }]);
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
