-- Quote offers (issue 8): an agent answers a quote request with one to
-- five priced offers; the client accepts one or declines them all with a
-- reason. Amounts in euro cents, dates as in 0002 (fixed-width UTC text),
-- validity as a calendar date in the company's time zone.
CREATE TABLE quote_offers (
    id               TEXT PRIMARY KEY,
    -- Deleted with the request, hence with the client's account.
    request_id       TEXT NOT NULL REFERENCES requests (id) ON DELETE CASCADE,
    -- The order the agent gave the offers of one sending.
    position         INTEGER NOT NULL CHECK (position BETWEEN 0 AND 4),
    insurer          TEXT NOT NULL CHECK (insurer <> ''),
    product_name     TEXT NOT NULL CHECK (product_name <> ''),
    monthly_cents    INTEGER NOT NULL CHECK (monthly_cents > 0),
    yearly_cents     INTEGER NOT NULL CHECK (yearly_cents > 0),
    -- The main guarantees, a JSON array of strings.
    guarantees       TEXT NOT NULL CHECK (json_valid(guarantees) AND json_type(guarantees) = 'array'),
    deductible_cents INTEGER NOT NULL CHECK (deductible_cents >= 0),
    -- The last day the client may accept it: 'YYYY-MM-DD'.
    valid_until      TEXT NOT NULL CHECK (valid_until GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    note             TEXT NOT NULL DEFAULT '',
    -- proposed: the client may choose it; accepted: chosen; declined: not
    -- chosen (another was, or the client declined them all); withdrawn:
    -- replaced by a later sending.
    status           TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'declined', 'withdrawn')),
    -- The agent who sent it; the name stays when the account goes.
    created_by       TEXT REFERENCES users (uid) ON DELETE SET NULL,
    created_by_name  TEXT NOT NULL DEFAULT '',
    created_at       TEXT NOT NULL,
    -- When the client accepted or declined it, or a new sending withdrew it.
    decided_at       TEXT
) STRICT;

CREATE INDEX quote_offers_by_request ON quote_offers (request_id, created_at, position);

-- The client's last refusal of the offers, in their words: shown to staff,
-- part of the client's export. Every refusal is also in the history.
ALTER TABLE quote_requests ADD COLUMN decline_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE quote_requests ADD COLUMN declined_at TEXT;
