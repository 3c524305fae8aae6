-- Amendments (« avenants ») of a contract in force (issue 43): the staff
-- branch's copy of the shared design's table, for its counts and tests;
-- the core helper's migration replaces it at the merge.
CREATE TABLE amendments (
    id               TEXT PRIMARY KEY,
    contract_id      TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    n                INTEGER NOT NULL CHECK (n >= 1),
    kind             TEXT NOT NULL CHECK (kind IN ('vehicle', 'address', 'driver', 'formula', 'bank')),
    effective_date   TEXT NOT NULL,
    changes          TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('draft', 'signed', 'cancelled')),
    yearly_before    INTEGER NOT NULL,
    yearly_after     INTEGER NOT NULL,
    monthly_after    INTEGER NOT NULL,
    adjustment_cents INTEGER NOT NULL,
    trace            TEXT NOT NULL,
    created_by       TEXT NOT NULL,
    created_by_staff INTEGER NOT NULL DEFAULT 0 CHECK (created_by_staff IN (0, 1)),
    created_at       TEXT NOT NULL,
    signed_at        TEXT,
    evidence         TEXT,
    UNIQUE (contract_id, n)
) STRICT;
