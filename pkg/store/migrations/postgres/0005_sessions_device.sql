-- PostgreSQL twin of ../sqlite/0005_sessions_device.sql. ADD COLUMN would
-- put public_id last, and the columns are to come in SQLite's order, so the
-- table is rebuilt here too. Existing sessions get 32 random hex digits
-- from gen_random_uuid(), PostgreSQL's strong random source.
CREATE TABLE sessions_new (
    id           TEXT PRIMARY KEY,
    public_id    TEXT NOT NULL UNIQUE CHECK (length(public_id) = 32 AND public_id ~ '^[0-9a-f]*$'),
    uid          TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    remember     BIGINT NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
    user_agent   TEXT NOT NULL DEFAULT '' CHECK (octet_length(user_agent) <= 512)
);

INSERT INTO sessions_new (id, public_id, uid, created_at, last_seen_at, expires_at, remember)
SELECT id, replace(gen_random_uuid()::text, '-', ''), uid, created_at, last_seen_at, expires_at, remember FROM sessions;

DROP TABLE sessions;
ALTER TABLE sessions_new RENAME TO sessions;

-- PostgreSQL named the constraints (and the indexes behind the key and the
-- unique) after sessions_new: give them the names a table created as
-- sessions has, so error messages and a later migration can name them.
ALTER TABLE sessions RENAME CONSTRAINT sessions_new_pkey TO sessions_pkey;
ALTER TABLE sessions RENAME CONSTRAINT sessions_new_public_id_key TO sessions_public_id_key;
ALTER TABLE sessions RENAME CONSTRAINT sessions_new_public_id_check TO sessions_public_id_check;
ALTER TABLE sessions RENAME CONSTRAINT sessions_new_uid_fkey TO sessions_uid_fkey;
ALTER TABLE sessions RENAME CONSTRAINT sessions_new_remember_check TO sessions_remember_check;
ALTER TABLE sessions RENAME CONSTRAINT sessions_new_user_agent_check TO sessions_user_agent_check;

CREATE INDEX sessions_by_uid ON sessions (uid);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
