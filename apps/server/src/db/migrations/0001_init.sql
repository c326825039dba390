-- Pixel Wall: the spine. Runs unchanged on PGlite and PostgreSQL 15.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE squads (
  id serial PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  logo text,
  template_x integer,
  template_y integer,
  scored_repaints bigint NOT NULL DEFAULT 0,
  total_repaints bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id bigint PRIMARY KEY,
  first_name text NOT NULL,
  last_name text,
  username text,
  photo_url text,
  language_code text,
  locale text,
  is_premium boolean NOT NULL DEFAULT false,
  country text,
  referrer_id bigint,
  squad_id integer REFERENCES squads (id) ON DELETE SET NULL,
  repaints bigint NOT NULL DEFAULT 0,
  -- Energy: charges as of charges_updated_at (epoch ms); refilled lazily by the engine.
  charges integer NOT NULL,
  charges_updated_at bigint NOT NULL,
  banned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_referrer_idx ON users (referrer_id);
CREATE INDEX users_squad_idx ON users (squad_id);
CREATE INDEX users_repaints_idx ON users (repaints DESC, id);

-- A session family is one sign-in; every refresh rotates its token. Reusing a rotated token
-- revokes the whole family.
CREATE TABLE session_families (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX session_families_user_idx ON session_families (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id text NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
  user_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

-- One row per pixel ever painted (id is the 1-based pixel id); a missing row is blank.
CREATE TABLE pixels (
  id integer PRIMARY KEY CHECK (id BETWEEN 1 AND 1048576),
  color smallint NOT NULL CHECK (color >= 0),
  user_id bigint NOT NULL,
  painted_at timestamptz NOT NULL
);
CREATE INDEX pixels_user_idx ON pixels (user_id);

-- Repaints per player per period: 'd2026-11-22', 'w2026-11-16' (Monday, UTC), 'm2026-11'.
CREATE TABLE user_period_repaints (
  period text NOT NULL,
  user_id bigint NOT NULL,
  repaints bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (period, user_id)
);
CREATE INDEX user_period_repaints_rank_idx ON user_period_repaints (period, repaints DESC, user_id);

-- Wall-wide counters: 'repaints', 'repaints:d2026-11-22', ...
CREATE TABLE counters (
  name text PRIMARY KEY,
  value bigint NOT NULL DEFAULT 0
);
