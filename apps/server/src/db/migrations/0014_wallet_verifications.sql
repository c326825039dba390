-- Wallet verification by transfer (POST /transactions/start with {buyerWallet} alone): the player
-- sends a small TON transfer carrying this memo from the wallet; when the payment watcher sees it
-- come from that wallet, the wallet is verified and connected, as a ton_proof would.
CREATE TABLE ton_wallet_verifications (
  memo text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  wallet text NOT NULL,
  amount_units numeric(40, 0) NOT NULL,
  valid_until timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  tx_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz
);
CREATE INDEX ton_wallet_verifications_user_idx ON ton_wallet_verifications (user_id, created_at DESC);
