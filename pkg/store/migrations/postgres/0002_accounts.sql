-- PostgreSQL twin of ../sqlite/0002_accounts.sql. Times stay fixed-width
-- UTC text (2006-01-02T15:04:05.000Z) on both engines, so the Go code that
-- writes, compares and orders them is the same; INTEGER becomes BIGINT
-- (SQLite's integers are 64-bit) and booleans stay 0/1 with their check.
CREATE TABLE users (
    uid           TEXT PRIMARY KEY,
    -- SQLite says COLLATE NOCASE UNIQUE; here uniqueness is the index
    -- users_email_lower below, on lower(email), which SQLite gets in 0013.
    email         TEXT NOT NULL,
    display_name  TEXT NOT NULL DEFAULT '',
    role          TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('admin', 'agent', 'client')),
    status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    password_hash TEXT NOT NULL,
    -- Text, not jsonb, so both engines hand the code the bytes it wrote.
    extra         TEXT NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(extra::jsonb) = 'object'),
    created_at    TEXT NOT NULL,
    updated_at    TEXT NOT NULL
);

CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
CREATE INDEX users_by_role ON users (role, created_at);

CREATE TABLE sessions (
    id           TEXT PRIMARY KEY,
    uid          TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at   TEXT NOT NULL,
    remember     BIGINT NOT NULL DEFAULT 0 CHECK (remember IN (0, 1))
);

CREATE INDEX sessions_by_uid ON sessions (uid);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
