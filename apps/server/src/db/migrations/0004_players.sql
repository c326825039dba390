-- Pixel Wall: the players' side. Sold pixels, and indexes for squad member pages and own pixel
-- lists. Runs unchanged on PGlite and PostgreSQL 15.

-- Pixels a player painted that someone else has painted over since ("sold"): one row per
-- previous owner and pixel, holding the latest time it was painted over and by whom. Written by
-- the group commit in the same transaction as the pixels upsert (the pixels module's overwrites.ts).
-- A row stays when its previous owner paints the pixel back; the list skips pixels they own again.
CREATE TABLE pixel_overwrites (
  previous_user_id bigint NOT NULL,
  pixel_id integer NOT NULL CHECK (pixel_id BETWEEN 1 AND 1048576),
  user_id bigint NOT NULL,
  overwritten_at timestamptz NOT NULL,
  PRIMARY KEY (previous_user_id, pixel_id)
);
CREATE INDEX pixel_overwrites_recent_idx ON pixel_overwrites (previous_user_id, overwritten_at DESC, pixel_id);

-- A player's pixels newest first, and a squad's members by repaints, read straight from an index.
-- Each replaces the one-column index it starts with, so paints keep updating as many indexes.
CREATE INDEX pixels_user_time_idx ON pixels (user_id, painted_at DESC, id);
DROP INDEX pixels_user_idx;
CREATE INDEX users_squad_repaints_idx ON users (squad_id, repaints DESC, id);
DROP INDEX users_squad_idx;
