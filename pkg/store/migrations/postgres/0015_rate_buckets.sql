-- PostgreSQL twin of ../sqlite/0015_rate_buckets.sql: the token buckets of
-- the sign-in limits shared by every instance on the database.
CREATE TABLE rate_buckets (
    name     TEXT NOT NULL,
    key_hash TEXT NOT NULL,
    full_at  TEXT NOT NULL,
    PRIMARY KEY (name, key_hash)
);

CREATE INDEX rate_buckets_by_full ON rate_buckets (full_at);
