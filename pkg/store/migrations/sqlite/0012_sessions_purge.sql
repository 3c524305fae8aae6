-- Expired sessions are deleted by a background task of `courtier serve`
-- (issue 12), no longer by every sign-in with a full scan of the table
-- inside the single writer's transaction. Its query,
--   expires_at <= now OR (remember = 0 AND last_seen_at <= now - 30 min)
--                     OR (remember = 1 AND last_seen_at <= now - 30 days),
-- is served term by term (SQLite's OR optimisation): the first by
-- sessions_by_expiry (migration 0005), the two others by this index.
CREATE INDEX sessions_by_idle ON sessions (remember, last_seen_at);
