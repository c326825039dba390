/**
 * Limits of the TON contracts and proofs the server speaks, apart from the code that speaks them:
 * config.ts reads them for its defaults and bounds, before the database starts opening, when
 * @ton/core (~70 ms to load) has no business being loaded yet (main.ts).
 */

/** The highload wallet v3's subwallet id its authors recommend, apart from regular wallets' ids. */
export const HIGHLOAD_DEFAULT_SUBWALLET_ID = 0x10ad;
/** out_list holds at most 255 actions; the highload wallet's wrapper keeps one for chaining. */
export const HIGHLOAD_MAX_MESSAGES = 254;
/** How old a ton_proof may be, unless configured otherwise. */
export const DEFAULT_PROOF_MAX_AGE_SECONDS = 15 * 60;
