-- The miners' standings (GET /users/game/results): how many claimed anything and how many are
-- ahead of a player are counted from this index alone instead of a scan of every player's row.
CREATE INDEX mining_claimed_idx ON mining (claimed_milli, user_id) WHERE claimed_milli > 0;
