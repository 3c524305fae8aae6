-- PostgreSQL twin of ../sqlite/0031_debit_status.sql: a debit's status
-- (scheduled, sent, paid, rejected, settled) and the seq of the rejected
-- debit it presents again; the debits exported before become sent.
ALTER TABLE debits ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'sent', 'paid', 'rejected', 'settled'));
ALTER TABLE debits ADD COLUMN represents BIGINT;

UPDATE debits SET status = 'sent' WHERE exported_at IS NOT NULL;
