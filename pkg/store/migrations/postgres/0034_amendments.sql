-- The amendments (« avenants ») of a contract in force (issue 43): n numbers
-- the signed ones 1, 2… per contract (a draft takes the next number, and a
-- draft cancelled leaves it to the next);
-- changes is the change as posted (JSON), trace the lines of « Pourquoi ce
-- prix ? » that changed ([[label, before, after], …]) and lines the
-- changes as people read them (beside the shared design: the people's
-- lines are kept as priced, so the avenant says what was shown). A draft
-- is cancelled by the next proposal; one draft at a time per contract.
-- The signature code of a draft is the contract's (signature_codes), its
-- hash bound to the amendment's id; evidence is the signature's JSON.
CREATE TABLE amendments (
    id               TEXT PRIMARY KEY,
    contract_id      TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    n                BIGINT NOT NULL CHECK (n >= 1),
    kind             TEXT NOT NULL CHECK (kind IN ('vehicle', 'address', 'driver', 'formula', 'bank')),
    effective_date   TEXT NOT NULL,
    changes          TEXT NOT NULL,
    status           TEXT NOT NULL CHECK (status IN ('draft', 'signed', 'cancelled')),
    yearly_before    BIGINT NOT NULL,
    yearly_after     BIGINT NOT NULL,
    monthly_after    BIGINT NOT NULL,
    adjustment_cents BIGINT NOT NULL,
    trace            TEXT NOT NULL,
    lines            TEXT NOT NULL,
    created_by       TEXT,
    created_by_staff BIGINT NOT NULL DEFAULT 0 CHECK (created_by_staff IN (0, 1)),
    created_at       TEXT NOT NULL,
    signed_at        TEXT,
    evidence         TEXT
);

CREATE INDEX amendments_contract ON amendments (contract_id, n);

-- One draft at a time per contract.
CREATE UNIQUE INDEX amendments_one_draft ON amendments (contract_id) WHERE status = 'draft';
