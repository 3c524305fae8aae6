-- PostgreSQL twin of ../sqlite/0026_policyholders.sql: the policyholder's
-- identity an account gave at subscription, offered again next time.
CREATE TABLE policyholders (
    uid         TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    first_name  TEXT NOT NULL,
    last_name   TEXT NOT NULL,
    birth_date  TEXT NOT NULL,
    phone       TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
