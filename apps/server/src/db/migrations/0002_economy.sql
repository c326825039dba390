-- Pixel Wall: the economy. Shop orders and payments, inventory, PX balances, mining, rewards,
-- achievements, daily free items. Runs unchanged on PGlite and PostgreSQL 15.

-- Items a player holds, per product. One-offs (Pipette 4, Fast mode 5, Pixanos' Snap 13) are a
-- row with quantity 1 and never more; the check is a second guard behind the order rules.
CREATE TABLE inventory (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id smallint NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, product_id),
  CHECK (product_id NOT IN (4, 5, 13) OR quantity <= 1)
);

-- An order is priced by the server from the catalogue when it is created; a payment can only
-- fulfil it once (status moves away from 'pending'/'expired' exactly once).
CREATE TABLE orders (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id smallint NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 5000),
  currency_id smallint NOT NULL,
  -- The exact decimal total, and the same in the currency's smallest unit.
  amount text NOT NULL,
  amount_units numeric(78, 0) NOT NULL CHECK (amount_units > 0),
  channel text NOT NULL CHECK (channel IN ('stars', 'ton')),
  -- The TON transfer comment that identifies the order; null for Stars.
  memo text UNIQUE,
  -- Palette index chosen for Pixanos' Snap (product 13).
  pixanos_color smallint,
  daily boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fulfilled', 'cancelled', 'expired')),
  created_at timestamptz NOT NULL DEFAULT now(),
  fulfilled_at timestamptz
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_fulfilled_idx ON orders (user_id, currency_id) WHERE status = 'fulfilled';
-- At most one open order per one-off product and player: the second one is refused.
CREATE UNIQUE INDEX orders_one_off_pending_idx ON orders (user_id, product_id)
  WHERE status = 'pending' AND product_id IN (4, 5, 13);

-- Every payment a provider reported, once (the key is the provider's own id), whatever its
-- outcome. Outcomes other than 'fulfilled' are money received for nothing: the refund queue.
CREATE TABLE payments (
  provider text NOT NULL CHECK (provider IN ('stars', 'ton')),
  payment_id text NOT NULL CHECK (length(payment_id) BETWEEN 1 AND 512),
  order_id text REFERENCES orders (id) ON DELETE SET NULL,
  amount_units numeric(78, 0) NOT NULL,
  currency_id smallint NOT NULL,
  outcome text NOT NULL CHECK (outcome IN
    ('fulfilled', 'underpaid', 'wrong_currency', 'not_pending', 'already_owned', 'unknown_order')),
  raw jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, payment_id)
);
CREATE INDEX payments_order_idx ON payments (order_id);

-- PX in milli-PX (the User's pixel coin count is px_milli / 1000, rounded down).
CREATE TABLE balances (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  px_milli bigint NOT NULL DEFAULT 0 CHECK (px_milli >= 0),
  balance_share_percent smallint NOT NULL DEFAULT 0 CHECK (balance_share_percent BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Mining accrues from last_claim_at (epoch ms) for at most the configured time.
CREATE TABLE mining (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_claim_at bigint NOT NULL,
  claimed_milli bigint NOT NULL DEFAULT 0,
  energy_limit_level smallint NOT NULL DEFAULT 0,
  recharge_speed_level smallint NOT NULL DEFAULT 0,
  reward_level smallint NOT NULL DEFAULT 0
);

-- Goods (an item to claim into the inventory) and token rewards (PX to withdraw or burn).
-- status: null = claimable, 'pending' = claim or burn under way, 'success' = done.
CREATE TABLE rewards (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('goods', 'token')),
  token text,
  amount numeric(38, 9) NOT NULL CHECK (amount > 0),
  currency_id smallint,
  good_id smallint,
  status text CHECK (status IN ('pending', 'success')),
  action text CHECK (action IN ('claim', 'burn')),
  hash text,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image_url text,
  source text NOT NULL DEFAULT 'paint',
  created_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz,
  CHECK (type <> 'goods' OR good_id IS NOT NULL)
);
CREATE INDEX rewards_user_idx ON rewards (user_id, type, id DESC);
CREATE INDEX rewards_claimable_goods_idx ON rewards (user_id) WHERE type = 'goods' AND claimed_at IS NULL;

CREATE TABLE achievements (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  achievement_id smallint NOT NULL,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, achievement_id)
);
CREATE INDEX achievements_id_idx ON achievements (achievement_id);

-- One free item per player per UTC day ('2026-11-22').
CREATE TABLE daily_claims (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day text NOT NULL,
  product_id smallint NOT NULL,
  quantity integer NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, day)
);
