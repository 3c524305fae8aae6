-- PostgreSQL twin of ../sqlite/0019_account_tokens.sql: the single-use
-- links of an account, and when its address was confirmed.
CREATE TABLE account_tokens (
    hash       TEXT PRIMARY KEY,
    uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('reset', 'confirm', 'undo-email', 'unlock')),
    email      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
);

CREATE INDEX account_tokens_by_uid ON account_tokens (uid, purpose, created_at);
CREATE INDEX account_tokens_by_expiry ON account_tokens (expires_at);

ALTER TABLE users ADD COLUMN email_confirmed_at TEXT;
