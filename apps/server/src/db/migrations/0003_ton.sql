-- TON: wallet connection (ton_proof, captcha gate) and crypto orders watched on chain.

-- Payloads we issued for ton_proof: single use, short-lived, bound to the player who asked.
CREATE TABLE ton_proof_payloads (
  payload text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX ton_proof_payloads_expires_idx ON ton_proof_payloads (expires_at);

-- Addresses (raw form) a player has proven to control.
CREATE TABLE ton_verified_wallets (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  network text NOT NULL,
  public_key text NOT NULL,
  wallet_version text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address)
);
CREATE INDEX ton_verified_wallets_address_idx ON ton_verified_wallets (address);

-- The connected wallet: always one of the player's verified addresses.
CREATE TABLE ton_user_wallets (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  address text NOT NULL,
  connected_at timestamptz NOT NULL DEFAULT now()
);

-- Failed proofs per player; past a threshold every proof needs a solved captcha first.
CREATE TABLE ton_proof_guard (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz,
  captcha_passed_at timestamptz,
  captcha_wallet text
);

CREATE TABLE ton_captchas (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  closed_at timestamptz,
  solved boolean NOT NULL DEFAULT false
);
CREATE INDEX ton_captchas_user_idx ON ton_captchas (user_id, created_at DESC);

-- A shop order paid on chain: the memo (comment) the transfer must carry, and what is due.
CREATE TABLE ton_orders (
  memo text PRIMARY KEY,
  order_id text NOT NULL UNIQUE,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  currency_id smallint NOT NULL,
  amount_units numeric(40, 0) NOT NULL,
  buyer_wallet text NOT NULL,
  pay_to text NOT NULL,
  jetton_master text,
  valid_until timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  payment_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX ton_orders_user_idx ON ton_orders (user_id, created_at DESC);

-- Every incoming transfer the watcher judged, once per transaction hash, with its outcome.
CREATE TABLE ton_payments (
  tx_hash text PRIMARY KEY,
  kind text NOT NULL,
  lt bigint NOT NULL,
  utime bigint NOT NULL,
  sender text NOT NULL,
  jetton_master text,
  amount_units numeric(40, 0) NOT NULL,
  memo text,
  order_id text,
  outcome text NOT NULL,
  seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ton_payments_order_idx ON ton_payments (order_id);

-- Where each watched stream ('ton:<wallet>', 'jetton:<wallet>') stopped, so restarts resume.
CREATE TABLE ton_watch_cursors (
  stream text PRIMARY KEY,
  lt bigint NOT NULL,
  utime bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
