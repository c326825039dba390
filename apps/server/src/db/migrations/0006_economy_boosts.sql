-- Pixel Wall: boosts bought with PX, and the payout journal of token rewards.

-- One row per boost level bought. The key is a second guard behind the locked mining row: a level
-- can be paid for once, whatever races the upgrade route.
CREATE TABLE boost_upgrades (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  boost text NOT NULL CHECK (boost IN ('paintReward', 'rechargeSpeed', 'energyLimit')),
  level smallint NOT NULL CHECK (level >= 1),
  price_milli bigint NOT NULL CHECK (price_milli >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, boost, level)
);

-- A claimed token reward on its way out of the payout wallet. The message is recorded (seqno,
-- normalised hash, expiry) before it is submitted, so a restart can tell whether it landed and
-- never signs a second transfer for a reward whose first one may still arrive.
CREATE TABLE reward_payouts (
  reward_id bigint PRIMARY KEY REFERENCES rewards (id) ON DELETE CASCADE,
  to_address text,
  -- where the wallet's message goes: the receiver, or our jetton wallet for a jetton
  destination text,
  seqno bigint,
  message_hash text,
  raw_hash text,
  valid_until bigint,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  retry_at bigint,
  tx_hash text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rewards_pending_claims_idx ON rewards (id) WHERE status = 'pending';
