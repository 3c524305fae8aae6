-- Debits as records (issue 42): each debit's status and what the bank
-- said of it. Existing exported rows were sent; nothing was known of
-- their outcome before.
ALTER TABLE debits ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'sent', 'paid', 'rejected', 'settled'));
-- The contract's year the debit belongs to, 1 = the first.
ALTER TABLE debits ADD COLUMN period INTEGER NOT NULL DEFAULT 1;
-- Set at export: the end-to-end id and the file's MsgID.
ALTER TABLE debits ADD COLUMN end_to_end TEXT;
ALTER TABLE debits ADD COLUMN msg_id TEXT;
-- From the bank's return file.
ALTER TABLE debits ADD COLUMN returned_at TEXT;
ALTER TABLE debits ADD COLUMN reason_code TEXT;
ALTER TABLE debits ADD COLUMN reason_label TEXT;
-- The day it became paid or settled.
ALTER TABLE debits ADD COLUMN paid_at TEXT;
-- The seq of the rejected debit this one presents again, NULL otherwise.
ALTER TABLE debits ADD COLUMN represents INTEGER;

UPDATE debits SET status = 'sent' WHERE exported_at IS NOT NULL;
