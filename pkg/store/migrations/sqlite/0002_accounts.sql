-- User accounts (SPEC.md §3) and their server-side sessions (SPEC.md §4).
-- Times are UTC text of fixed width (2006-01-02T15:04:05.000Z) so that
-- comparing strings compares instants.
CREATE TABLE users (
    uid           TEXT PRIMARY KEY,
    email         TEXT NOT NULL COLLATE NOCASE UNIQUE,
    display_name  TEXT NOT NULL DEFAULT '',
    role          TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('admin', 'agent', 'client')),
    status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    -- PHC string: $argon2id$v=19$m=...,t=...,p=...$salt$hash, parameters kept per hash.
    password_hash TEXT NOT NULL,
    -- Extra profile fields supplied at creation, merged into the profile's JSON.
    extra         TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(extra) AND json_type(extra) = 'object'),
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
) STRICT;

CREATE INDEX users_by_role ON users (role, created_at);

-- The cookie holds a random ID; only its SHA-256 is stored, so a copy of the
-- database does not hand out live sessions.
CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    uid          TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    -- Absolute end of the session, whatever the activity.
    expires_at   TEXT NOT NULL,
    remember     INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1))
) STRICT, WITHOUT ROWID;

CREATE INDEX sessions_by_uid ON sessions (uid);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
