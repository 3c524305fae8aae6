-- PostgreSQL twin of ../sqlite/0027_cancellation_links.sql: a
-- cancellation asked without an account, until its mailed link confirms it.
CREATE TABLE cancellation_links (
    hash        TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    reason      TEXT NOT NULL CHECK (reason IN ('term', 'hamon', 'other')),
    text        TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    used_at     TEXT
);

CREATE INDEX cancellation_links_by_contract ON cancellation_links (contract_id, created_at);
CREATE INDEX cancellation_links_by_expiry ON cancellation_links (expires_at);
