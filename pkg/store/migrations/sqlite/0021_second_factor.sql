-- The second factor of sign-in (issue 19, ASVS 5.0 V6.5): a TOTP secret
-- (RFC 6238), required of staff and chosen by clients. The secret is
-- written at set-up and counts only once a first code confirmed it
-- (totp_enabled_at). totp_last_step is the last time step a code was
-- accepted for, so that no code serves twice.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_enabled_at TEXT;
ALTER TABLE users ADD COLUMN totp_last_step INTEGER NOT NULL DEFAULT 0;

-- The ten recovery codes of an account with a second factor, each once;
-- only their SHA-256 is kept.
CREATE TABLE recovery_codes (
    uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    hash       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    used_at    TEXT,
    PRIMARY KEY (uid, hash)
) STRICT, WITHOUT ROWID;

-- Between the password and the code: a sign-in whose password was right
-- waits here (5 minutes, 5 codes) for its second factor; only the
-- SHA-256 of the ticket the browser holds is kept.
CREATE TABLE signin_tickets (
    hash       TEXT PRIMARY KEY,
    uid        TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    remember   INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
    user_agent TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    used_at    TEXT
) STRICT, WITHOUT ROWID;

CREATE INDEX signin_tickets_by_uid ON signin_tickets (uid, created_at);
CREATE INDEX signin_tickets_by_expiry ON signin_tickets (expires_at);
