-- The back office (issue 8): one queue of requests of four kinds (quote,
-- contact, callback, complaint). This table holds what every kind shares;
-- each kind keeps its own answers in its own table, keyed by the same id.
-- Times as in 0002: fixed-width UTC text.
CREATE TABLE requests (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL CHECK (kind IN ('quote', 'contact', 'callback', 'complaint')),
    -- The reference a client quotes on the phone: DV-2026-000123.
    ref         TEXT NOT NULL UNIQUE,
    -- The client's account, NULL for a visitor. Deleting the account
    -- deletes its requests, as the profile and privacy pages say.
    uid         TEXT REFERENCES users (uid) ON DELETE CASCADE,
    -- How to answer: copied from the account or typed by the visitor.
    name        TEXT NOT NULL DEFAULT '',
    email       TEXT NOT NULL DEFAULT '',
    phone       TEXT NOT NULL DEFAULT '',
    -- The product concerned, '' when none; the queue filters on it.
    product     TEXT NOT NULL DEFAULT '',
    -- One line the queue shows: a subject, a slot, a product name.
    summary     TEXT NOT NULL DEFAULT '',
    -- Each kind's status machine (pkg/quote, pkg/contact, pkg/complaint) says which values are valid.
    status      TEXT NOT NULL,
    -- The agent or admin in charge; a departing agent's requests go back to the queue.
    assignee    TEXT REFERENCES users (uid) ON DELETE SET NULL,
    -- When staff must have acted next (answer, acknowledgement); NULL when
    -- the request waits on nobody at the broker.
    due_at      TEXT,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX requests_by_uid ON requests (uid, created_at) WHERE uid IS NOT NULL;
CREATE INDEX requests_by_due ON requests (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX requests_by_assignee ON requests (assignee) WHERE assignee IS NOT NULL;
CREATE INDEX requests_by_created ON requests (created_at);

-- The last number given per prefix and year, so references never repeat
-- even after a request is deleted.
CREATE TABLE request_refs (
    prefix TEXT NOT NULL,
    year   INTEGER NOT NULL,
    last   INTEGER NOT NULL,
    PRIMARY KEY (prefix, year)
) STRICT, WITHOUT ROWID;

-- Who did what, when: appended, never changed.
CREATE TABLE request_events (
    id         INTEGER PRIMARY KEY,
    request_id TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    at         TEXT NOT NULL,
    -- NULL for the client or visitor who sent it, or a deleted staff account;
    -- actor_name keeps the name as it was.
    actor_uid  TEXT REFERENCES users (uid) ON DELETE SET NULL,
    actor_name TEXT NOT NULL DEFAULT '',
    action     TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT ''
) STRICT;

CREATE INDEX request_events_by_request ON request_events (request_id, id);

-- Only actor_uid may change: set to NULL when a staff account is deleted.
CREATE TRIGGER request_events_append_only BEFORE UPDATE OF id, request_id, at, actor_name, action, detail ON request_events
BEGIN
    SELECT RAISE(ABORT, 'request history is append-only');
END;

-- Internal notes: staff only, never shown to the client nor in their export.
CREATE TABLE request_notes (
    id          INTEGER PRIMARY KEY,
    request_id  TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    at          TEXT NOT NULL,
    author_uid  TEXT REFERENCES users (uid) ON DELETE SET NULL,
    author_name TEXT NOT NULL DEFAULT '',
    body        TEXT NOT NULL
) STRICT;

CREATE INDEX request_notes_by_request ON request_notes (request_id, id);

-- The quote requests already stored join the queue; their references are
-- numbered in the order they came. Their deadline is their arrival: nobody
-- could see them until now, so they are all late and come first.
INSERT INTO requests (id, kind, ref, uid, name, email, phone, product, summary, status, due_at, created_at, updated_at)
SELECT q.id, 'quote',
       printf('DV-%s-%06d', substr(q.created_at, 1, 4),
              ROW_NUMBER() OVER (PARTITION BY substr(q.created_at, 1, 4) ORDER BY q.created_at, q.id)),
       q.uid, u.display_name, u.email, q.phone, q.product, '',
       CASE q.status WHEN 'answered' THEN 'offered' ELSE q.status END,
       CASE WHEN q.status IN ('received', 'in_review') THEN q.created_at END,
       q.created_at, q.updated_at
FROM quote_requests q JOIN users u ON u.uid = q.uid;

INSERT INTO request_refs (prefix, year, last)
SELECT 'DV', CAST(substr(created_at, 1, 4) AS INTEGER), COUNT(*) FROM requests GROUP BY substr(created_at, 1, 4);

-- The status now lives in requests alone: one place, one truth.
ALTER TABLE quote_requests DROP COLUMN status;
