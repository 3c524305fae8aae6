-- Contact messages and callback requests (issue 8), two kinds of the
-- queue: what every request shares lives in requests (0006), the name,
-- e-mail and phone to answer included; these tables hold each kind's own
-- part, deleted with the request (and so with the client's account).
-- Times as in 0002: fixed-width UTC text.
CREATE TABLE contact_messages (
    id          TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    -- One of the fixed subjects of pkg/contact/form.json.
    subject     TEXT NOT NULL CHECK (subject <> ''),
    message     TEXT NOT NULL CHECK (message <> ''),
    -- When the sender agreed to the use of their data stated on the form.
    consent_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE callback_requests (
    id           TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    -- The one-hour slot chosen within the opening hours (company.Calendar.Slots);
    -- both NULL when the client asked to be called as soon as possible.
    slot_start   TEXT,
    slot_end     TEXT,
    -- Why the client wants to be called, in their words; may be empty.
    note         TEXT NOT NULL DEFAULT '',
    consent_at   TEXT NOT NULL,
    -- The calls made: how many, and how the last one went.
    attempts     INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_outcome TEXT NOT NULL DEFAULT '' CHECK (last_outcome IN ('', 'reached', 'no_answer')),
    last_call_at TEXT,
    CHECK ((slot_start IS NULL) = (slot_end IS NULL) AND (slot_start IS NULL OR slot_end > slot_start))
) STRICT, WITHOUT ROWID;

-- The purge of answered and closed requests (pkg/contact) reads them by kind and age.
CREATE INDEX requests_by_kind_updated ON requests (kind, updated_at);
