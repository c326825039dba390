-- Reward payouts in batches from a Highload Wallet v3. A batch is recorded here, with its
-- query_id, created_at, the wallet's timeout and the signed message itself, BEFORE it is sent:
-- after a crash it is sent again as is (the wallet marks a query_id and refuses it a second time)
-- until the indexer shows it landed, or created_at + timeout has passed without it (lost: its
-- rewards are freed for a new batch). A reward sits in one batch at a time (reward_payouts.batch_id).
CREATE SEQUENCE payout_batch_seq;

CREATE TABLE payout_batches (
  id bigint PRIMARY KEY,
  wallet text NOT NULL,
  -- 23 bits: shift (13) ++ bit number (10)
  query_id integer NOT NULL,
  -- unix seconds, as signed into the message
  created_at bigint NOT NULL,
  -- the wallet's timeout, seconds
  timeout integer NOT NULL,
  boc text NOT NULL,
  -- TEP-467 normalised hash and the hash as sent, lower-case hex
  message_hash text NOT NULL,
  raw_hash text NOT NULL,
  state text NOT NULL DEFAULT 'recorded' CHECK (state IN ('recorded', 'sent', 'confirmed', 'lost')),
  sends integer NOT NULL DEFAULT 0,
  last_sent_at bigint,
  -- the wallet's transaction that sent the batch's messages
  tx_hash text,
  last_error text,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Two open batches never share a query_id on one wallet.
CREATE UNIQUE INDEX payout_batches_open_query_idx ON payout_batches (wallet, query_id)
  WHERE state IN ('recorded', 'sent');

ALTER TABLE reward_payouts ADD COLUMN batch_id bigint REFERENCES payout_batches (id);
-- hash of the reward's message body (lower-case hex): finds it among the batch's sent messages
ALTER TABLE reward_payouts ADD COLUMN body_hash text;
CREATE INDEX reward_payouts_batch_idx ON reward_payouts (batch_id) WHERE batch_id IS NOT NULL;
