/**
 * PX balances in milli-PX (bigint in SQL; a double holds them exactly up to 9e15 milli-PX).
 * The User's pixel coin count is the balance / 1000, rounded down.
 */
export { addPx, type Balance, balanceOf, pixelCoinsOf, setBalanceSharePercent, spendPx } from './store.ts';
