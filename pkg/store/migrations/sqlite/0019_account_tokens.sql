-- The single-use links an account is sent by e-mail (issue 19): a
-- password reset (30 minutes), an address to confirm, a change of address
-- to undo (7 days, sent to the old address), a sign-in to unlock. Only
-- the SHA-256 of the token is kept; the link itself lives in the mail
-- until it is sent (pkg/mail blanks it then).
CREATE TABLE account_tokens (
    hash       TEXT PRIMARY KEY,
    uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    purpose    TEXT NOT NULL CHECK (purpose IN ('reset', 'confirm', 'undo-email', 'unlock')),
    -- The address the token is about: the one to confirm, or the old one
    -- an undo puts back.
    email      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT
) STRICT, WITHOUT ROWID;

CREATE INDEX account_tokens_by_uid ON account_tokens (uid, purpose, created_at);
CREATE INDEX account_tokens_by_expiry ON account_tokens (expires_at);

-- When the account's current address was confirmed; NULL while it waits.
ALTER TABLE users ADD COLUMN email_confirmed_at TEXT;
