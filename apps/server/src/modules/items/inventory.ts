/**
 * The inventory table: what each player holds per product. Its SQL is in store.ts; every function
 * takes the SQL handle it should run on, so callers compose them into their own transactions.
 */
export { addItems, countsOf, type ItemGrant, quantityOf, takeBack, takeOne } from './store.ts';
