-- Pixel Wall: the hidden-template game and NFT drawings.

-- A round of the hidden-template game: a secret 64×64 template at (x, y). One round is active.
CREATE TABLE hidden_rounds (
  id serial PRIMARY KEY,
  x smallint NOT NULL CHECK (x >= 0 AND x <= 960),
  y smallint NOT NULL CHECK (y >= 0 AND y <= 960),
  -- 'seed' (generated at first start) or 'operator' (an admin's image)
  source text NOT NULL CHECK (source IN ('seed', 'operator')),
  pool_px bigint NOT NULL CHECK (pool_px > 0),
  awards integer NOT NULL CHECK (awards > 0),
  active boolean NOT NULL DEFAULT true,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX hidden_rounds_one_active_idx ON hidden_rounds (active) WHERE active;

-- The award pixels of a round: each pays once, to the first paint of its colour. The winner is
-- set by a conditional UPDATE (winner_id IS NULL), so concurrent paints on any instance pay once.
CREATE TABLE hidden_pixels (
  round_id integer NOT NULL REFERENCES hidden_rounds (id) ON DELETE CASCADE,
  pixel_id integer NOT NULL CHECK (pixel_id BETWEEN 1 AND 1048576),
  color smallint NOT NULL CHECK (color >= 0 AND color < 64),
  winner_id bigint REFERENCES users (id) ON DELETE SET NULL,
  reward_id bigint REFERENCES rewards (id) ON DELETE SET NULL,
  won_at timestamptz,
  PRIMARY KEY (round_id, pixel_id)
);
CREATE INDEX hidden_pixels_winner_idx ON hidden_pixels (round_id, winner_id) WHERE winner_id IS NOT NULL;

-- One NFT drawing per player (64×64 RGBA). approval_no numbers the approved ones 1..1000: the
-- item index in the collection, and with its unique key a second guard of the cap.
CREATE TABLE nfts (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  pixels bytea NOT NULL CHECK (octet_length(pixels) = 16384),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'rejected', 'minting', 'minted')),
  approval_no integer UNIQUE CHECK (approval_no BETWEEN 1 AND 1000),
  reviewed_by bigint,
  reviewed_at timestamptz,
  mint_owner text,
  mint_hash text,
  minted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status IN ('pending', 'rejected') OR approval_no IS NOT NULL)
);
CREATE INDEX nfts_status_idx ON nfts (status, id);
