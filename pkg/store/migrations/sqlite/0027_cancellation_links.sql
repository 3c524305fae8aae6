-- « Résilier votre contrat » without an account (décret 2023-182): the
-- request waits here, as the hash of the link mailed to the contract's
-- address, until that link confirms it (pkg/contract/cancel_link.go).
-- The reason is the one asked; a link serves once and expires.
CREATE TABLE cancellation_links (
    hash        TEXT PRIMARY KEY,
    contract_id TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    reason      TEXT NOT NULL CHECK (reason IN ('term', 'hamon', 'other')),
    text        TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    used_at     TEXT
) STRICT, WITHOUT ROWID;

CREATE INDEX cancellation_links_by_contract ON cancellation_links (contract_id, created_at);
CREATE INDEX cancellation_links_by_expiry ON cancellation_links (expires_at);
