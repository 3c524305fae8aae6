-- Instant prices (issue 20): every profile priced through POST /api/prices
-- is kept for its validity, so that each price's id can be subscribed to.
-- Until someone keeps it (an account, or an e-mail given for a link) it
-- belongs to nobody and goes when it expires; kept, it is a lead of the
-- desk (request_id, kind « Devis en ligne »).
-- The desk's fifth kind, « Devis en ligne »: the CHECK of requests.kind
-- widened in place (store.endSchemaEdit ends the edit as SQLite asks).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'kind IN (''quote'', ''contact'', ''callback'', ''complaint'')',
                       'kind IN (''quote'', ''contact'', ''callback'', ''complaint'', ''online'')')
WHERE type = 'table' AND name = 'requests';

CREATE TABLE price_quotes (
    id             TEXT PRIMARY KEY,
    product        TEXT NOT NULL,
    -- The answers and needs as the visitor gave them, and the result the
    -- engine made of them (prices with their ids, trace, advice), JSON.
    answers        TEXT NOT NULL,
    needs          TEXT NOT NULL,
    result         TEXT NOT NULL,
    tariff_version TEXT NOT NULL,
    -- SHA-256 of the key the pricing browser holds to keep the prices.
    key_hash       TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    -- The last day the prices hold (YYYY-MM-DD, the broker's time zone).
    valid_until    TEXT NOT NULL,
    uid            TEXT REFERENCES users (uid) ON DELETE CASCADE,
    email          TEXT,
    consent        INTEGER NOT NULL DEFAULT 0 CHECK (consent IN (0, 1)),
    chosen         TEXT,
    kept_at        TEXT,
    request_id     TEXT REFERENCES requests (id) ON DELETE SET NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX price_quotes_by_uid ON price_quotes (uid, created_at) WHERE uid IS NOT NULL;
CREATE INDEX price_quotes_by_expiry ON price_quotes (valid_until);
CREATE INDEX price_quotes_by_request ON price_quotes (request_id) WHERE request_id IS NOT NULL;

-- One row per price of a quote: what a client subscribes to.
CREATE TABLE prices (
    id               TEXT PRIMARY KEY,
    quote_id         TEXT NOT NULL REFERENCES price_quotes (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    insurer_id       TEXT NOT NULL,
    formula_id       TEXT NOT NULL,
    yearly_cents     INTEGER NOT NULL,
    monthly_cents    INTEGER NOT NULL,
    taxes_cents      INTEGER NOT NULL,
    deductible_cents INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX prices_by_quote ON prices (quote_id, position);

-- The links to come back to kept prices, sent by e-mail; only the SHA-256
-- of the token is kept. They work until the prices expire.
CREATE TABLE price_links (
    hash       TEXT PRIMARY KEY,
    quote_id   TEXT NOT NULL REFERENCES price_quotes (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX price_links_by_quote ON price_links (quote_id);
