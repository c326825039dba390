-- Pixel Wall: templates (a player's own, and tournament entries) and tournament scores.

-- A picture placed on the Wall at (x, y), one image pixel per canvas pixel. `pixels` holds one
-- palette index per pixel, row by row, 255 for transparent; `png` is the same picture as an indexed
-- PNG, served as is under an immutable URL that names the version.
CREATE TABLE templates (
  id bigserial PRIMARY KEY,
  owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('personal', 'tournament')),
  round_id integer CHECK ((kind = 'tournament') = (round_id IS NOT NULL)),
  x smallint NOT NULL CHECK (x >= 0),
  y smallint NOT NULL CHECK (y >= 0),
  width smallint NOT NULL CHECK (width >= 1),
  height smallint NOT NULL CHECK (height >= 1),
  pixels bytea NOT NULL,
  png bytea NOT NULL,
  opaque integer NOT NULL CHECK (opaque >= 0),
  version integer NOT NULL DEFAULT 1,
  subscribers integer NOT NULL DEFAULT 0 CHECK (subscribers >= 0),
  is_world boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (x + width <= 1024 AND y + height <= 1024)
);
-- One own template per player, one entry per player and round.
CREATE UNIQUE INDEX templates_personal_owner_idx ON templates (owner_id) WHERE kind = 'personal';
CREATE UNIQUE INDEX templates_round_owner_idx ON templates (round_id, owner_id) WHERE kind = 'tournament';
CREATE UNIQUE INDEX templates_world_idx ON templates (is_world) WHERE is_world;
CREATE INDEX templates_list_idx ON templates (kind, round_id, subscribers DESC, id DESC);

-- The template a player follows, one per kind: subscribing to another replaces it.
CREATE TABLE template_subscriptions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('personal', 'tournament')),
  template_id bigint NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);
CREATE INDEX template_subscriptions_template_idx ON template_subscriptions (template_id);

-- A round's scoring: when the leader last scored it, and whether those are its final scores.
CREATE TABLE tournament_rounds (
  round_id integer PRIMARY KEY,
  scored_at timestamptz NOT NULL,
  scored_by text NOT NULL,
  final boolean NOT NULL DEFAULT false,
  templates integer NOT NULL DEFAULT 0
);

-- How many of a template's pixels the Wall matched when its round was last scored.
CREATE TABLE tournament_scores (
  round_id integer NOT NULL,
  template_id bigint NOT NULL REFERENCES templates (id) ON DELETE CASCADE,
  owner_id bigint NOT NULL,
  matched integer NOT NULL,
  total integer NOT NULL,
  PRIMARY KEY (round_id, template_id)
);
CREATE INDEX tournament_scores_rank_idx ON tournament_scores (round_id, matched DESC, template_id);
CREATE INDEX tournament_scores_owner_idx ON tournament_scores (owner_id, round_id DESC);
