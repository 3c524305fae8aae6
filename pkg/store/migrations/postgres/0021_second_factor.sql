-- PostgreSQL twin of ../sqlite/0021_second_factor.sql: the TOTP secret of
-- an account, its recovery codes, and the sign-ins waiting for a code.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_enabled_at TEXT;
ALTER TABLE users ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;

CREATE TABLE recovery_codes (
    uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    hash       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    used_at    TEXT,
    PRIMARY KEY (uid, hash)
);

CREATE TABLE signin_tickets (
    hash       TEXT PRIMARY KEY,
    uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    remember   BIGINT NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
    user_agent TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    tries      BIGINT NOT NULL DEFAULT 0,
    used_at    TEXT
);

CREATE INDEX signin_tickets_by_uid ON signin_tickets (uid, created_at);
CREATE INDEX signin_tickets_by_expiry ON signin_tickets (expires_at);
