-- A debit's status (issue 42): scheduled, sent to the bank in a pain.008
-- file, paid once its return window passed, rejected by the bank, settled
-- after a rejection; and, for a debit that presents a rejected one again,
-- the seq of that one. The debits exported before become sent.
ALTER TABLE debits ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'sent', 'paid', 'rejected', 'settled'));
ALTER TABLE debits ADD COLUMN represents INTEGER;

UPDATE debits SET status = 'sent' WHERE exported_at IS NOT NULL;
