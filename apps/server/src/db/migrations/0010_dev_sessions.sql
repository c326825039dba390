-- Pixel Wall: a session family started by dev sign-in is marked, so its access tokens (and the
-- ones its refreshes issue) carry that the caller is a dev session: a player whatever the id's role.
ALTER TABLE session_families ADD COLUMN dev boolean NOT NULL DEFAULT false;
