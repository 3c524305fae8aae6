-- price_quotes becomes a rowid table (issue 39). WITHOUT ROWID keeps each
-- row whole in the key's B-tree, a pricing's 20 KB of JSON with it: every
-- comparison that finds the place of a new id read the whole rows it
-- passed from their overflow pages, a quarter of the server's time under
-- the load of scripts/prices-load.sh. In a rowid table the key's index
-- holds the id alone and the rows are appended.
--
-- Dropping price_quotes deletes its rows first, and foreign keys cannot be
-- turned off in a transaction: price_links, whose rows would go with them
-- (ON DELETE CASCADE), is copied before into a table that references the
-- new one, which the renames then give their names (RENAME rewrites the
-- references to a renamed table).
CREATE TABLE price_quotes_rowid (
    id             TEXT NOT NULL PRIMARY KEY,
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
) STRICT;

INSERT INTO price_quotes_rowid (id, product, answers, needs, result, tariff_version, key_hash, created_at, valid_until,
                                uid, email, consent, chosen, kept_at, request_id)
    SELECT id, product, answers, needs, result, tariff_version, key_hash, created_at, valid_until,
           uid, email, consent, chosen, kept_at, request_id
    FROM price_quotes ORDER BY created_at, id;

-- The links to come back to kept prices, sent by e-mail; only the SHA-256
-- of the token is kept. They work until the prices expire.
CREATE TABLE price_links_rowid (
    hash       TEXT PRIMARY KEY,
    quote_id   TEXT NOT NULL REFERENCES price_quotes_rowid (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

INSERT INTO price_links_rowid (hash, quote_id, created_at) SELECT hash, quote_id, created_at FROM price_links;

DROP TABLE price_links;
DROP TABLE price_quotes;
ALTER TABLE price_quotes_rowid RENAME TO price_quotes;
ALTER TABLE price_links_rowid RENAME TO price_links;

CREATE INDEX price_quotes_by_uid ON price_quotes (uid, created_at) WHERE uid IS NOT NULL;
CREATE INDEX price_quotes_by_expiry ON price_quotes (valid_until);
CREATE INDEX price_quotes_by_request ON price_quotes (request_id) WHERE request_id IS NOT NULL;
CREATE INDEX price_links_by_quote ON price_links (quote_id);
