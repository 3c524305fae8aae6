-- PostgreSQL twin of ../sqlite/0008_quote_offers.sql. SQLite's GLOB on
-- valid_until is the anchored regular expression below.
CREATE TABLE quote_offers (
    id               TEXT PRIMARY KEY,
    request_id       TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    position         BIGINT NOT NULL CHECK (position BETWEEN 0 AND 4),
    insurer          TEXT NOT NULL CHECK (insurer <> ''),
    product_name     TEXT NOT NULL CHECK (product_name <> ''),
    monthly_cents    BIGINT NOT NULL CHECK (monthly_cents > 0),
    yearly_cents     BIGINT NOT NULL CHECK (yearly_cents > 0),
    guarantees       TEXT NOT NULL CHECK (jsonb_typeof(guarantees::jsonb) = 'array'),
    deductible_cents BIGINT NOT NULL CHECK (deductible_cents >= 0),
    valid_until      TEXT NOT NULL CHECK (valid_until ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    note             TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'declined', 'withdrawn')),
    created_by       TEXT REFERENCES users (uid) ON DELETE SET NULL,
    created_by_name  TEXT NOT NULL DEFAULT '',
    created_at       TEXT NOT NULL,
    decided_at       TEXT
);

CREATE INDEX quote_offers_by_request ON quote_offers (request_id, created_at, position);

ALTER TABLE quote_requests ADD COLUMN decline_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE quote_requests ADD COLUMN declined_at TEXT;
