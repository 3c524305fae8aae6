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

-- The dispatcher's claim reads the pending deliveries of a consumer,
-- oldest first, and for each the earlier pending ones of its aggregate.
-- With the key (consumer, event_id) of 0017 the planner walked the key,
-- done deliveries included, and the claim's cost grew with the history;
-- keyed by event first, the pending indexes serve both reads.
CREATE TABLE event_deliveries_keyed (
    consumer  TEXT NOT NULL REFERENCES event_consumers (name),
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    aggregate TEXT NOT NULL,
    done_at   TEXT,
    error     TEXT,
    PRIMARY KEY (event_id, consumer)
) STRICT, WITHOUT ROWID;

INSERT INTO event_deliveries_keyed (consumer, event_id, aggregate, done_at, error)
    SELECT consumer, event_id, aggregate, done_at, error FROM event_deliveries;
DROP TABLE event_deliveries;
ALTER TABLE event_deliveries_keyed RENAME TO event_deliveries;

CREATE INDEX event_deliveries_pending ON event_deliveries (consumer, aggregate, event_id) WHERE done_at IS NULL;
CREATE INDEX event_deliveries_due ON event_deliveries (consumer, event_id) WHERE done_at IS NULL;
