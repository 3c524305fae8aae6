-- PostgreSQL twin of ../sqlite/0012_sessions_purge.sql: the purge of
-- expired sessions reads idle ones through this index.
CREATE INDEX sessions_by_idle ON sessions (remember, last_seen_at);
