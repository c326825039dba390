-- Pixel Wall: the Telegram bot's state and Stars refunds. Runs unchanged on PGlite and PostgreSQL 15.

-- What the bot set-up last told Telegram that Telegram cannot tell back (the webhook secret's
-- fingerprint), so a restart re-sets the webhook only when something changed.
CREATE TABLE bot_state (
  name text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per refunded Stars payment, written once (the key is the payment's), so a second refund
-- or a replayed refunded_payment update changes nothing. `taken_back` / `already_used`: per
-- product id, the items taken from the inventory and those the player had already used.
CREATE TABLE payment_refunds (
  provider text NOT NULL,
  payment_id text NOT NULL,
  user_id bigint,
  source text NOT NULL CHECK (source IN ('admin', 'telegram')),
  actor_id bigint,
  taken_back jsonb NOT NULL DEFAULT '{}',
  already_used jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, payment_id),
  FOREIGN KEY (provider, payment_id) REFERENCES payments (provider, payment_id)
);

-- Refunds join bans, unbans and role changes in the moderation log.
ALTER TABLE moderation_log DROP CONSTRAINT moderation_log_action_check;
ALTER TABLE moderation_log ADD CONSTRAINT moderation_log_action_check
  CHECK (action IN ('ban', 'unban', 'role', 'refund'));
