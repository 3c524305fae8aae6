-- PostgreSQL twin of ../sqlite/0004_quotes.sql.
CREATE TABLE quote_requests (
    id             TEXT PRIMARY KEY,
    uid            TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    product        TEXT NOT NULL CHECK (product IN ('car', 'home', 'health', 'life', 'pro', 'vtc', 'fleet', 'temp')),
    status         TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_review', 'answered', 'closed')),
    details        TEXT NOT NULL CHECK (jsonb_typeof(details::jsonb) = 'object'),
    contact_method TEXT NOT NULL CHECK (contact_method IN ('email', 'phone')),
    phone          TEXT NOT NULL DEFAULT '',
    message        TEXT NOT NULL DEFAULT '',
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    CHECK (contact_method <> 'phone' OR phone <> '')
);

CREATE INDEX quote_requests_by_uid ON quote_requests (uid, created_at);
