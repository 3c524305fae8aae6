-- PostgreSQL twin of ../sqlite/0022_instant_prices.sql: the prices made
-- at once, each price of them, and the links to come back to kept ones.
-- The desk's fifth kind, « Devis en ligne ».
ALTER TABLE requests DROP CONSTRAINT requests_kind_check;
ALTER TABLE requests ADD CONSTRAINT requests_kind_check
    CHECK (kind IN ('quote', 'contact', 'callback', 'complaint', 'online'));

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
    consent        BIGINT NOT NULL DEFAULT 0 CHECK (consent IN (0, 1)),
    chosen         TEXT,
    kept_at        TEXT,
    request_id     TEXT REFERENCES requests (id) ON DELETE SET NULL
);

CREATE INDEX price_quotes_by_uid ON price_quotes (uid, created_at) WHERE uid IS NOT NULL;
CREATE INDEX price_quotes_by_expiry ON price_quotes (valid_until);
CREATE INDEX price_quotes_by_request ON price_quotes (request_id) WHERE request_id IS NOT NULL;

-- One row per price of a quote: what a client subscribes to.
CREATE TABLE prices (
    id               TEXT PRIMARY KEY,
    quote_id         TEXT NOT NULL REFERENCES price_quotes (id) ON DELETE CASCADE,
    position         BIGINT NOT NULL,
    insurer_id       TEXT NOT NULL,
    formula_id       TEXT NOT NULL,
    yearly_cents     BIGINT NOT NULL,
    monthly_cents    BIGINT NOT NULL,
    taxes_cents      BIGINT NOT NULL,
    deductible_cents BIGINT NOT NULL
);

CREATE INDEX prices_by_quote ON prices (quote_id, position);

-- The links to come back to kept prices, sent by e-mail; only the SHA-256
-- of the token is kept. They work until the prices expire.
CREATE TABLE price_links (
    hash       TEXT PRIMARY KEY,
    quote_id   TEXT NOT NULL REFERENCES price_quotes (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
);

CREATE INDEX price_links_by_quote ON price_links (quote_id);
