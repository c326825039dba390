-- Every committed paint updates its player's row (repaints, charges) and three period rows
-- (repaints of the day, week and month). The rating boards are ordered in memory or in Redis
-- (modules/ratings/store.ts) and rebuilt from SQL in id order, so no query reads these rows in
-- repaints order; yet the indexes on repaints moved every updated row in the index, so no such
-- update could stay on its page as a heap-only (HOT) update, and each left a dead index entry that
-- the embedded database, which has no autovacuum, never clears.
DROP INDEX user_period_repaints_rank_idx;
DROP INDEX users_repaints_idx;
-- A squad's members page sorts that one squad's members instead of reading them in order.
DROP INDEX users_squad_repaints_idx;
CREATE INDEX users_squad_idx ON users (squad_id);
-- Room on every page for the new version of a row that a paint updates, so that it stays there.
ALTER TABLE users SET (fillfactor = 80);
ALTER TABLE user_period_repaints SET (fillfactor = 80);
