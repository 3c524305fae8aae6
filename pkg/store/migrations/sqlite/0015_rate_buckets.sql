-- The sign-in limits that must hold across every instance of `courtier
-- serve` on one database (per account, per account and address, the
-- account's known addresses, re-authentication per session) keep their
-- token buckets here, no longer in each process's memory (issue 18).
-- A bucket is one instant: when it is full again (pkg/ratelimit,
-- bucket.go); a full bucket has no row, so the table holds only the keys
-- being limited, and the purge (account.Service.PurgeRateBuckets) finds
-- the rows full again since through rate_buckets_by_full.
CREATE TABLE rate_buckets (
    -- The limit, a constant of the code ("sign-in-slow", "account-budget"…).
    name     TEXT NOT NULL,
    -- SHA-256 (hex) of the key: e-mails, addresses and session IDs are not
    -- kept in clear for a limit's sake.
    key_hash TEXT NOT NULL,
    full_at  TEXT NOT NULL,
    PRIMARY KEY (name, key_hash)
) STRICT, WITHOUT ROWID;

CREATE INDEX rate_buckets_by_full ON rate_buckets (full_at);
