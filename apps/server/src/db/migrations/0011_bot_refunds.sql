-- Pixel Wall: the Telegram bot's state and Stars refunds. Runs unchanged on PGlite and PostgreSQL 15.

-- What the bot set-up last told Telegram that Telegram cannot tell back (the webhook secret's
-- fingerprint), so a restart re-sets the webhook only when something changed.
CREATE TABLE bot_state (
  name text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
