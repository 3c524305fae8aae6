-- What the broker answered, as the client reads it: a reply to a message,
-- the acknowledgement and the answer of a complaint, a call made, offers
-- sent. Unlike internal notes these are shown to the client and are part
-- of their data export; deleted with the request.
CREATE TABLE request_replies (
    id          INTEGER PRIMARY KEY,
    request_id  TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    at          TEXT NOT NULL,
    author_uid  TEXT REFERENCES users (uid) ON DELETE SET NULL,
    author_name TEXT NOT NULL DEFAULT '',
    -- What the reply is, in French: « Réponse », « Accusé de réception »…
    label       TEXT NOT NULL,
    body        TEXT NOT NULL
) STRICT;

CREATE INDEX request_replies_by_request ON request_replies (request_id, id);
