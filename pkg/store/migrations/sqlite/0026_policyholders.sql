-- The policyholder's identity an account gave at subscription (pkg/account
-- policyholder.go): legal first and last name, date of birth and phone,
-- offered again at the next subscription. One row per account, gone with it.
CREATE TABLE policyholders (
    uid         TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    first_name  TEXT NOT NULL,
    last_name   TEXT NOT NULL,
    birth_date  TEXT NOT NULL,
    phone       TEXT NOT NULL,
    updated_at  TEXT NOT NULL
) STRICT;
