-- The paint log: every acknowledged change of a pixel (paints, blasts, rollbacks), kept.
-- One row per group commit (or per chunk of a large write), packed: the pixel ids as an int4
-- array (what the GIN index finds a pixel's rows by) and one bytea holding, column by column,
-- the row's distinct players and each entry's colour and kind, time offset and player
-- (modules/history/codec.ts). A row costs its header once; a paint costs ~8 bytes plus its share
-- of the players and the index (BENCHMARKS.md, "The paint log on disk").
-- Row ids order the commits: entry k of row r has the canvas sequence r * 65536 + k.
-- Ids 1..999 are kept for the baseline (the pixels as they were when the log began).
CREATE SEQUENCE paint_log_id_seq START WITH 1000;
CREATE TABLE paint_log (
  id bigint PRIMARY KEY DEFAULT nextval('paint_log_id_seq'),
  -- the earliest time of the row's entries (ms since the epoch); entries store offsets from it
  at_ms bigint NOT NULL,
  -- the latest time of the row's entries
  until_ms bigint NOT NULL,
  -- entries in the row (the length of pixels, readable without reading the array)
  paints int NOT NULL,
  pixels int4[] NOT NULL,
  body bytea NOT NULL
);
ALTER SEQUENCE paint_log_id_seq OWNED BY paint_log.id;
-- Pending entries are merged into the tree by VACUUM or once 1 MiB is waiting: an insert appends.
CREATE INDEX paint_log_pixels_idx ON paint_log USING gin (pixels) WITH (fastupdate = on, gin_pending_list_limit = 1024);
CREATE INDEX paint_log_until_idx ON paint_log USING brin (until_ms);

-- The pixels as they were when the log began, copied once; the server packs them into the log's
-- first rows (ids below 1000) at its first start and empties this table.
CREATE TABLE paint_log_baseline AS
  SELECT id, color, user_id, (extract(epoch from painted_at) * 1000)::float8 AS ms FROM pixels;

-- Keyframes: the whole canvas after every entry of the log rows up to log_id, so any moment is a
-- keyframe plus the rows after it. at_ms is the latest entry time it includes. Kept ones of past
-- days stay as the daily archives when retention drops older log rows.
CREATE TABLE canvas_keyframes (
  id serial PRIMARY KEY,
  log_id bigint NOT NULL,
  at_ms bigint NOT NULL,
  -- palette indices, one byte per pixel (1 MiB), deflate-raw
  colors bytea NOT NULL,
  archive boolean NOT NULL DEFAULT false
);
CREATE INDEX canvas_keyframes_at_idx ON canvas_keyframes (at_ms);

-- Rollbacks join the moderation log.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('ban', 'unban', 'role', 'refund', 'rollback'));
