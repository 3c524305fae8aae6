-- The changes of account of a SEPA mandate (issue 43). The mandate keeps
-- its reference (RUM) and its date of signature; mandates holds the
-- account debited now, each row here one change: the account before and
-- after, and what the bank knew (known_*: the account of the last debit it
-- saw, carried over a change not yet told). kind is what the next debit
-- tells the debtor's bank, as the SEPA Core rulebook has it: 'account'
-- (another account of the same bank: OrgnlDbtrAcct with the known IBAN),
-- 'bank' (another bank: OrgnlDbtrAgt SMNDA, the debit presented as FRST),
-- 'none' (the bank never saw the mandate, or the account is back to the
-- one it knows, or only the holder's name changed). The change goes with
-- the next debit of the mandate only: sent_end_to_end is that debit,
-- sent_at its file's time; NULL while it waits.
CREATE TABLE mandate_amendments (
    rum             TEXT NOT NULL REFERENCES mandates (rum) ON DELETE CASCADE,
    n               BIGINT NOT NULL CHECK (n >= 1),
    amended_at      TEXT NOT NULL,
    holder_before   TEXT NOT NULL,
    iban_before     TEXT NOT NULL,
    bic_before      TEXT NOT NULL,
    holder          TEXT NOT NULL,
    iban            TEXT NOT NULL,
    bic             TEXT NOT NULL,
    known_iban      TEXT NOT NULL,
    known_bic       TEXT NOT NULL,
    kind            TEXT NOT NULL CHECK (kind IN ('account', 'bank', 'none')),
    sent_end_to_end TEXT,
    sent_at         TEXT,
    PRIMARY KEY (rum, n)
);

-- The export looks for the changes still to tell.
CREATE INDEX mandate_amendments_pending ON mandate_amendments (rum) WHERE sent_at IS NULL;
