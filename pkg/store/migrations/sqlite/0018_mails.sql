-- The mails of the outbox (pkg/mail): written by the mail consumer of the
-- events, in the transaction that records the event as handled, and sent
-- over SMTP by whichever instance leases them. A mail is never deleted by
-- its sending: the row is the record of what the broker told whom.
CREATE TABLE mails (
    id          INTEGER PRIMARY KEY,
    -- Message-ID made from the event, kept for every attempt: a mail sent
    -- again after a crash between the server's acceptance and its record
    -- carries the same one, so that mail servers and clients drop it.
    message_id  TEXT NOT NULL UNIQUE,
    event_id    INTEGER NOT NULL,
    template    TEXT NOT NULL,
    -- What the mail concerns ("request:Q-2026-00042"), for a request's page.
    aggregate   TEXT NOT NULL,
    sender      TEXT NOT NULL,
    recipient   TEXT NOT NULL,
    subject     TEXT NOT NULL,
    text_body   TEXT NOT NULL,
    html_body   TEXT NOT NULL,
    -- The single-use secret a link of the mail carries (a password
    -- reset): blanked from the bodies once the mail is sent or given up.
    secret      TEXT,
    status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_at     TEXT NOT NULL,
    -- Retries stop here: 48 hours after the mail was written, or after an
    -- admin asked to try it again.
    expires_at  TEXT NOT NULL,
    leased_until TEXT,
    last_error  TEXT,
    created_at  TEXT NOT NULL,
    sent_at     TEXT
) STRICT;

CREATE INDEX mails_due ON mails (next_at) WHERE status = 'pending';
CREATE INDEX mails_aggregate ON mails (aggregate, id);
CREATE INDEX mails_status ON mails (status, id);
