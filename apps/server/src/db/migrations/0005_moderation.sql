-- Pixel Wall: moderation. Player roles and an audit log of every ban, unban and role change.
-- Runs unchanged on PGlite and PostgreSQL 15.

-- Staff are players with a role; ADMIN_IDS (configuration) are admins whatever this column says.
-- Moderators may ban and unban; admins may also change roles and read the log.
ALTER TABLE users ADD COLUMN role text NOT NULL DEFAULT 'player'
  CHECK (role IN ('player', 'moderator', 'admin'));

-- One row per moderation action that changed something, written in the same transaction as the
-- change. No foreign keys: the log outlives whatever happens to the players it names.
-- `role` is the role given by a 'role' action (null for bans and unbans).
CREATE TABLE moderation_log (
  id bigserial PRIMARY KEY,
  actor_id bigint NOT NULL,
  target_id bigint NOT NULL,
  action text NOT NULL CHECK (action IN ('ban', 'unban', 'role')),
  role text CHECK (role IN ('player', 'moderator', 'admin')),
  reason text CHECK (char_length(reason) <= 200),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_log_target_idx ON moderation_log (target_id, created_at DESC);
