-- Domain events (pkg/event): written in the transaction of the change
-- that causes them, handed to each consumer after commit, once, in order
-- per aggregate (the request, the account, the conversation they concern).
CREATE TABLE events (
    id         INTEGER PRIMARY KEY,
    kind       TEXT NOT NULL,
    aggregate  TEXT NOT NULL,
    payload    TEXT NOT NULL CHECK (json_valid(payload) AND json_type(payload) = 'object'),
    created_at TEXT NOT NULL
) STRICT;

-- The consumers events are handed to. A consumer is added by a migration,
-- so that the events written from then on are kept for it, whichever
-- process writes them (serve, the CLI).
CREATE TABLE event_consumers (
    name TEXT PRIMARY KEY
) STRICT, WITHOUT ROWID;

INSERT INTO event_consumers (name) VALUES ('mail');

-- One row per event and consumer, written with the event; done_at is set
-- in the transaction that handled it, error when the consumer refused it.
CREATE TABLE event_deliveries (
    consumer  TEXT NOT NULL REFERENCES event_consumers (name),
    event_id  INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    aggregate TEXT NOT NULL,
    done_at   TEXT,
    error     TEXT,
    PRIMARY KEY (consumer, event_id)
) STRICT, WITHOUT ROWID;

CREATE INDEX event_deliveries_pending ON event_deliveries (consumer, aggregate, event_id) WHERE done_at IS NULL;
