-- "Mes sessions" (issue 7, ASVS 5.0 V7.5.2): a user sees each of their
-- sessions as a device and ends any of them, so a session needs a name the
-- API can show and a User-Agent to be recognised by.
--
-- public_id names a session in the API, in URLs and so in access logs. It is
-- random and unrelated to the cookie: id, the SHA-256 of the cookie's token,
-- is a function of the secret, so showing it would let whoever holds a
-- leaked or guessed token check it offline, and would put the key of a live
-- session in every log line of DELETE /api/profile/sessions/{id}.
--
-- user_agent is the browser's header at sign-in, cleaned of control
-- characters and cut to 512 bytes by pkg/account; the device label
-- ("Chrome sur Windows") is derived from it when read, so a better parser
-- needs no migration.
--
-- SQLite cannot add a NOT NULL column with a per-row random value, so the
-- table is rebuilt; existing sessions are kept (nobody is signed out by the
-- upgrade) and get a random public_id of the same form as new ones (32 hex).
CREATE TABLE sessions_new (
    id           TEXT PRIMARY KEY,
    public_id    TEXT NOT NULL UNIQUE CHECK (length(public_id) = 32 AND public_id NOT GLOB '*[^0-9a-f]*'),
    uid          TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    created_at   TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    -- Absolute end of the session, whatever the activity.
    expires_at   TEXT NOT NULL,
    remember     INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
    user_agent   TEXT NOT NULL DEFAULT '' CHECK (length(CAST(user_agent AS BLOB)) <= 512)
) STRICT, WITHOUT ROWID;

INSERT INTO sessions_new (id, public_id, uid, created_at, last_seen_at, expires_at, remember)
SELECT id, lower(hex(randomblob(16))), uid, created_at, last_seen_at, expires_at, remember FROM sessions;

DROP TABLE sessions;
ALTER TABLE sessions_new RENAME TO sessions;

CREATE INDEX sessions_by_uid ON sessions (uid);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
