-- A debit's status (issue 42): scheduled, sent to the bank in a pain.008
-- file, paid once its return window passed, rejected by the bank, settled
-- after a rejection. The debits exported before become sent.
ALTER TABLE debits ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'sent', 'paid', 'rejected', 'settled'));

UPDATE debits SET status = 'sent' WHERE exported_at IS NOT NULL;
