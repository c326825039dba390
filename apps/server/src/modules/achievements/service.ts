/**
 * Achievements: granted once per player (idempotent by primary key), read as the `achievements`
 * map of `/users/me`. Every function takes the SQL handle to run on; they live in store.ts.
 */
export { achievementsOf, checkThresholds, grant, hasAchievement, holdersOf } from './store.ts';
