-- Contracts (issue 21): made from an instant price or an accepted offer,
-- signed online with a code sent by e-mail, paid by SEPA direct debit.
-- A contract outlives its account: on erasure the account goes (uid set
-- to NULL) and the contract, its documents and its evidence stay for the
-- statutory period after its end (contracts.purge_after), then go.
CREATE TABLE contracts (
    id               TEXT PRIMARY KEY,
    number           TEXT NOT NULL UNIQUE,
    uid              TEXT REFERENCES users (uid) ON DELETE SET NULL,
    -- Where it comes from: an instant price (price_quotes id + "-n") or an
    -- accepted offer of a quote request.
    source           TEXT NOT NULL CHECK (source IN ('price', 'offer')),
    source_id        TEXT NOT NULL,
    product          TEXT NOT NULL,
    insurer          TEXT NOT NULL,
    formula          TEXT NOT NULL,
    -- The policyholder as they were at subscription (name, e-mail, birth
    -- date, address) and the insured risk (vehicle, dwelling…), JSON.
    holder           TEXT NOT NULL,
    risk             TEXT NOT NULL,
    guarantees       TEXT NOT NULL,
    start_date       TEXT NOT NULL,
    yearly_cents     INTEGER NOT NULL CHECK (yearly_cents > 0),
    monthly_cents    INTEGER NOT NULL CHECK (monthly_cents >= 0),
    taxes_cents      INTEGER NOT NULL CHECK (taxes_cents >= 0),
    deductible_cents INTEGER NOT NULL CHECK (deductible_cents >= 0),
    rhythm           TEXT NOT NULL CHECK (rhythm IN ('monthly', 'yearly')),
    status           TEXT NOT NULL CHECK (status IN ('pending_signature', 'awaiting_documents', 'active',
                                                     'cancel_requested', 'cancelled', 'withdrawn')),
    -- The switch from another insurer under the loi Hamon, JSON, or NULL.
    switch_from      TEXT,
    created_at       TEXT NOT NULL,
    updated_at       TEXT NOT NULL,
    signed_at        TEXT,
    provisional_until TEXT,
    -- A cancellation or a withdrawal: the reason, the free text, the date
    -- it was asked and the day the cover ends.
    end_reason       TEXT,
    end_text         TEXT,
    end_asked_at     TEXT,
    end_date         TEXT,
    refund_cents     INTEGER,
    purge_after      TEXT
) STRICT, WITHOUT ROWID;

CREATE INDEX contracts_by_uid ON contracts (uid, created_at) WHERE uid IS NOT NULL;
CREATE INDEX contracts_by_status ON contracts (status, updated_at);
CREATE UNIQUE INDEX contracts_by_source ON contracts (source, source_id) WHERE status <> 'withdrawn';

-- The contract numbers, one counter a year: CT-2026-000123.
CREATE TABLE contract_numbers (
    year INTEGER PRIMARY KEY,
    last INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Every change of a contract, in order; never updated.
CREATE TABLE contract_events (
    id          INTEGER PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    at          TEXT NOT NULL,
    actor_uid   TEXT,
    actor_name  TEXT NOT NULL,
    status      TEXT NOT NULL,
    action      TEXT NOT NULL,
    detail      TEXT NOT NULL
) STRICT;

CREATE INDEX contract_events_by_contract ON contract_events (contract_id, id);

-- Files by their SHA-256: the PDFs the site issues and what clients
-- upload, in the database so that every instance serves them.
CREATE TABLE files (
    sha256     TEXT PRIMARY KEY,
    mime       TEXT NOT NULL,
    size       INTEGER NOT NULL CHECK (size >= 0),
    data       BLOB NOT NULL,
    created_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The documents issued for a contract; immutable once issued (a new
-- version is a new row, the old one stays listed).
CREATE TABLE contract_documents (
    id          TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    title       TEXT NOT NULL,
    sha256      TEXT NOT NULL REFERENCES files (sha256),
    issued_at   TEXT NOT NULL,
    signed      INTEGER NOT NULL DEFAULT 0 CHECK (signed IN (0, 1))
) STRICT, WITHOUT ROWID;

CREATE INDEX contract_documents_by_contract ON contract_documents (contract_id, issued_at);

-- The signature code sent by e-mail: its hash, 10 minutes, 5 tries.
CREATE TABLE signature_codes (
    contract_id TEXT PRIMARY KEY REFERENCES contracts (id) ON DELETE CASCADE,
    code_hash   TEXT NOT NULL,
    sent_to     TEXT NOT NULL,
    sent_at     TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    sends       INTEGER NOT NULL DEFAULT 1,
    first_sent_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The signature's evidence: who, when, from where, what (JSON, hashed).
CREATE TABLE signatures (
    contract_id TEXT PRIMARY KEY REFERENCES contracts (id) ON DELETE CASCADE,
    evidence    TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    signed_at   TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The SEPA mandates; rum is the unique mandate reference.
CREATE TABLE mandates (
    rum         TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL UNIQUE REFERENCES contracts (id) ON DELETE CASCADE,
    holder      TEXT NOT NULL,
    iban        TEXT NOT NULL,
    bic         TEXT NOT NULL DEFAULT '',
    signed_at   TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE mandate_numbers (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    last INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- The debits of the schedule; exported_at once in a pain.008 file.
CREATE TABLE debits (
    contract_id  TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,
    due_date     TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    sequence     TEXT NOT NULL CHECK (sequence IN ('FRST', 'RCUR', 'OOFF', 'FNAL')),
    exported_at  TEXT,
    cancelled    INTEGER NOT NULL DEFAULT 0 CHECK (cancelled IN (0, 1)),
    PRIMARY KEY (contract_id, seq)
) STRICT, WITHOUT ROWID;

CREATE INDEX debits_by_date ON debits (due_date) WHERE cancelled = 0;

-- The supporting documents a contract needs (« justificatifs »): one row
-- per kind asked, with the file the client sent and the agent's check.
CREATE TABLE proofs (
    contract_id  TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('missing', 'sent', 'accepted', 'refused')),
    sha256       TEXT REFERENCES files (sha256),
    name         TEXT,
    sent_at      TEXT,
    checked_at   TEXT,
    checked_by   TEXT,
    reason       TEXT,
    PRIMARY KEY (contract_id, kind)
) STRICT, WITHOUT ROWID;

CREATE INDEX proofs_by_status ON proofs (status, sent_at);
