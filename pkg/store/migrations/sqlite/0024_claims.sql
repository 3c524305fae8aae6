-- Claims (issue 22): a loss a client declares online, on a contract of
-- theirs or one held elsewhere, followed to the end with the insurer. A
-- claim is a request of the desk (kind « claim », references SN-…): its
-- row here shares the request's id and goes with it.
-- The desk's sixth kind: the CHECK of requests.kind widened in place
-- (store.endSchemaEdit ends the edit as SQLite asks).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'kind IN (''quote'', ''contact'', ''callback'', ''complaint'', ''online'')',
                       'kind IN (''quote'', ''contact'', ''callback'', ''complaint'', ''online'', ''claim'')')
WHERE type = 'table' AND name = 'requests';

CREATE TABLE claims (
    id              TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    -- The contract here, or NULL for one held elsewhere (or a contract
    -- purged since); its number, insurer and product are copied so the
    -- claim reads the same after.
    contract_id     TEXT REFERENCES contracts (id) ON DELETE SET NULL,
    contract_number TEXT NOT NULL,
    insurer         TEXT NOT NULL,
    policy_number   TEXT NOT NULL,
    -- The insurer's 24/7 line when known, "" otherwise.
    assistance      TEXT NOT NULL,
    product         TEXT NOT NULL,
    kind            TEXT NOT NULL,
    occurred_on     TEXT NOT NULL,
    -- The last day to declare (YYYY-MM-DD), "" for a natural disaster
    -- whose decree is not out; the rule that gives it.
    declare_by      TEXT NOT NULL,
    declare_rule    TEXT NOT NULL,
    description     TEXT NOT NULL,
    -- The answers to the product's questions, JSON.
    answers         TEXT NOT NULL,
    insurer_ref     TEXT NOT NULL DEFAULT '',
    asked           TEXT NOT NULL DEFAULT '',
    -- The status the claim goes back to when the asked piece arrives.
    asked_from      TEXT NOT NULL DEFAULT '',
    amount_cents    INTEGER NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
    reason          TEXT NOT NULL DEFAULT '',
    declared_at     TEXT NOT NULL,
    -- When staff first moved it or wrote to the client (the admin's
    -- « délai de première réponse »), and when it ended (its retention).
    first_answer_at TEXT,
    ended_at        TEXT
) STRICT, WITHOUT ROWID;

CREATE INDEX claims_by_contract ON claims (contract_id) WHERE contract_id IS NOT NULL;
CREATE INDEX claims_by_end ON claims (ended_at) WHERE ended_at IS NOT NULL;

-- The photos and documents of a claim, each a file stored once by its hash.
CREATE TABLE claim_files (
    id         TEXT PRIMARY KEY,
    claim_id   TEXT NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
    sha256     TEXT NOT NULL REFERENCES files (sha256),
    name       TEXT NOT NULL,
    mime       TEXT NOT NULL,
    size       INTEGER NOT NULL CHECK (size >= 0),
    from_staff INTEGER NOT NULL CHECK (from_staff IN (0, 1)),
    at         TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX claim_files_by_claim ON claim_files (claim_id, at);
CREATE INDEX claim_files_by_sha ON claim_files (sha256);

-- The steps the client reads, in order.
CREATE TABLE claim_steps (
    id       INTEGER PRIMARY KEY,
    claim_id TEXT NOT NULL REFERENCES claims (id) ON DELETE CASCADE,
    at       TEXT NOT NULL,
    status   TEXT NOT NULL,
    text     TEXT NOT NULL
) STRICT;

CREATE INDEX claim_steps_by_claim ON claim_steps (claim_id, id);
