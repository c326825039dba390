-- Pixel Wall: Pixanos' Snap events (product 13). A row is the durable record of a snap: with its
-- seed, percentage and colour the shared recolouring names every pixel it painted. The pixels
-- table catches up in the background (materialized_at set when done); until then a restart
-- replays the snap over the stored pixels it is newer than.
CREATE TABLE pixanos_events (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seed bigint NOT NULL CHECK (seed BETWEEN 0 AND 4294967295),
  percentage smallint NOT NULL CHECK (percentage BETWEEN 1 AND 100),
  color smallint NOT NULL CHECK (color >= 0),
  pixels integer NOT NULL CHECK (pixels >= 0),
  -- the engine's paint time of every snapped pixel, epoch ms
  painted_ms double precision NOT NULL,
  -- how many of its pixels (in id order) the pixels table holds so far; a restart resumes there
  materialized_pixels integer NOT NULL DEFAULT 0,
  materialized_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pixanos_events_user_idx ON pixanos_events (user_id);
CREATE INDEX pixanos_events_pending_idx ON pixanos_events (id) WHERE materialized_at IS NULL;
