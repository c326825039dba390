-- A player's repaints in the current UTC day, ISO week and month move onto the player's own row.
-- Every committed paint updated its player's row and three rows of user_period_repaints (one per
-- window): three of every four row writes a group commit made for its players, ~30 % of a
-- group's time on the embedded database. The row the paint already updates now carries the three
-- windows' keys ('d2026-12-01', 'w2026-11-30', 'm2026-12') and counts: one row write a player.
-- Only the current windows were ever read back from SQL (the boards' rebuild, an unban, the
-- active-player stats); earlier windows' counts were kept and never read, and go with the table.
-- No index names these columns, so a paint's update of the row stays heap-only (0017).
ALTER TABLE users ADD COLUMN day_period text;
ALTER TABLE users ADD COLUMN day_repaints bigint NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN week_period text;
ALTER TABLE users ADD COLUMN week_repaints bigint NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN month_period text;
ALTER TABLE users ADD COLUMN month_repaints bigint NOT NULL DEFAULT 0;
-- Each player's latest window of each kind (keys of one kind sort in date order).
UPDATE users AS u SET day_period = p.period, day_repaints = p.repaints
  FROM (SELECT DISTINCT ON (user_id) user_id, period, repaints FROM user_period_repaints
        WHERE period LIKE 'd%' ORDER BY user_id, period DESC) AS p
  WHERE u.id = p.user_id;
UPDATE users AS u SET week_period = p.period, week_repaints = p.repaints
  FROM (SELECT DISTINCT ON (user_id) user_id, period, repaints FROM user_period_repaints
        WHERE period LIKE 'w%' ORDER BY user_id, period DESC) AS p
  WHERE u.id = p.user_id;
UPDATE users AS u SET month_period = p.period, month_repaints = p.repaints
  FROM (SELECT DISTINCT ON (user_id) user_id, period, repaints FROM user_period_repaints
        WHERE period LIKE 'm%' ORDER BY user_id, period DESC) AS p
  WHERE u.id = p.user_id;
DROP TABLE user_period_repaints;
