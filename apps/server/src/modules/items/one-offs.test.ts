/**
 * The database guards the one-offs too (migration 0002): an inventory check keeps them at 1 and a
 * partial unique index allows one open order each. Both name the product ids in SQL, so both are
 * read back from a migrated database and held against the catalogue's one-off set.
 */
import { ONE_OFF_PRODUCT_IDS, PRODUCTS } from '@pixel-wall/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { createTestStore, dbKinds, type TestStore } from '../../testing/harness.ts';

const kinds = await dbKinds();
const catalogueOneOffs = [...ONE_OFF_PRODUCT_IDS].sort((a, b) => a - b);
/** Every product id a request may name (1..99), known to the catalogue or not. */
const ALL_IDS = Array.from({ length: 99 }, (_, i) => i + 1);
const USER = 4242;

/** The integers of the first `ARRAY[…]` in a definition Postgres prints back. */
function arrayIds(definition: string): number[] {
  const m = /ARRAY\[([^\]]*)\]/.exec(definition);
  if (!m) throw new Error(`no product id list in: ${definition}`);
  return m[1]!
    .split(',')
    .map((part) => Number(/\d+/.exec(part)?.[0]))
    .sort((a, b) => a - b);
}

/** Runs `write` in a transaction that is always undone; the Postgres error code when it fails. */
async function outcome(db: Database, write: (tx: Sql) => Promise<unknown>): Promise<string | null> {
  const undo = new Error('undo');
  try {
    await db.transaction(async (tx) => {
      await write(tx);
      throw undo;
    });
  } catch (err) {
    if (err === undo) return null;
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    throw err;
  }
  return null;
}

function pendingOrder(tx: Sql, id: string, productId: number) {
  return tx.query(
    `INSERT INTO orders (id, user_id, product_id, quantity, currency_id, amount, amount_units, channel)
     VALUES ($1, $2, $3, 1, 1, '1', 1, 'stars')`,
    [id, USER, productId],
  );
}

describe.each(kinds)('the one-off products of the database on %s', (kind) => {
  let store: TestStore;
  let db: Database;

  beforeAll(async () => {
    store = await createTestStore(kind);
    db = await store.open();
    await migrate(db);
    await db.query(
      `INSERT INTO users (id, first_name, charges, charges_updated_at) VALUES ($1, 'One-off', 5, 0)`,
      [USER],
    );
  });
  afterAll(async () => {
    await db?.close();
    await store?.dispose();
  });

  it('are the catalogue one-offs in the inventory check', async () => {
    const rows = await db.query<{ def: string }>(
      `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = 'inventory'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%product_id%'`,
    );
    expect(rows).toHaveLength(1);
    expect(arrayIds(rows[0]!.def)).toEqual(catalogueOneOffs);
  });

  it('are the catalogue one-offs in the one-open-order index', async () => {
    const rows = await db.query<{ def: string }>(
      `SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'orders' AND indexname = 'orders_one_off_pending_idx'`,
    );
    expect(rows).toHaveLength(1);
    expect(arrayIds(rows[0]!.def)).toEqual(catalogueOneOffs);
  });

  it('keep exactly the catalogue one-offs at one item each', async () => {
    const refused: number[] = [];
    for (const productId of ALL_IDS) {
      const code = await outcome(db, (tx) =>
        tx.query('INSERT INTO inventory (user_id, product_id, quantity) VALUES ($1, $2, 2)', [
          USER,
          productId,
        ]),
      );
      if (code === '23514') refused.push(productId);
      else expect(code, `product ${productId}`).toBeNull();
    }
    expect(refused).toEqual(catalogueOneOffs);
  });

  it('allow one open order of exactly the catalogue one-offs', async () => {
    const refused: number[] = [];
    for (const productId of ALL_IDS) {
      const code = await outcome(db, async (tx) => {
        await pendingOrder(tx, `first-${productId}`, productId);
        await pendingOrder(tx, `second-${productId}`, productId);
      });
      if (code === '23505') refused.push(productId);
      else expect(code, `product ${productId}`).toBeNull();
    }
    expect(refused).toEqual(catalogueOneOffs);
    // Every one-off is a product of the catalogue.
    expect(refused.every((id) => PRODUCTS.some((p) => p.id === id))).toBe(true);
  });
});
