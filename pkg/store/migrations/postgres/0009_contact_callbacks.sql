-- PostgreSQL twin of ../sqlite/0009_contact_callbacks.sql.
CREATE TABLE contact_messages (
    id          TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    subject     TEXT NOT NULL CHECK (subject <> ''),
    message     TEXT NOT NULL CHECK (message <> ''),
    consent_at  TEXT NOT NULL
);

CREATE TABLE callback_requests (
    id           TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    slot_start   TEXT,
    slot_end     TEXT,
    note         TEXT NOT NULL DEFAULT '',
    consent_at   TEXT NOT NULL,
    attempts     BIGINT NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_outcome TEXT NOT NULL DEFAULT '' CHECK (last_outcome IN ('', 'reached', 'no_answer')),
    last_call_at TEXT,
    CHECK ((slot_start IS NULL) = (slot_end IS NULL) AND (slot_start IS NULL OR slot_end > slot_start))
);

CREATE INDEX requests_by_kind_updated ON requests (kind, updated_at);
