-- PostgreSQL twin of ../sqlite/0031_debit_statuses.sql: each debit
-- carries its status, its period, the references of the file it left in,
-- the reason of a return, the day it became paid or settled and the debit
-- it presents again.
ALTER TABLE debits ADD COLUMN status TEXT NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('scheduled', 'sent', 'paid', 'rejected', 'settled'));
ALTER TABLE debits ADD COLUMN period BIGINT NOT NULL DEFAULT 1;
ALTER TABLE debits ADD COLUMN end_to_end TEXT;
ALTER TABLE debits ADD COLUMN msg_id TEXT;
ALTER TABLE debits ADD COLUMN returned_at TEXT;
ALTER TABLE debits ADD COLUMN reason_code TEXT;
ALTER TABLE debits ADD COLUMN reason_label TEXT;
ALTER TABLE debits ADD COLUMN paid_at TEXT;
ALTER TABLE debits ADD COLUMN represents BIGINT;

-- The debits already in a file are sent, with the references the file
-- gave them: the end-to-end id <contract number>-<seq on 2 digits>, and
-- the message id COURTIER-YYYYMMDD-N, N the rank of its file among the
-- files of that due date (export.go numbers them so). Written in SQL both
-- engines read alike.
UPDATE debits SET status = 'sent',
    end_to_end = (SELECT number FROM contracts WHERE contracts.id = debits.contract_id) || '-' ||
        CASE WHEN seq < 10 THEN '0' ELSE '' END || seq,
    msg_id = 'COURTIER-' || replace(due_date, '-', '') || '-' ||
        (SELECT COUNT(DISTINCT e.exported_at) FROM debits e WHERE e.due_date = debits.due_date AND e.exported_at <= debits.exported_at)
WHERE exported_at IS NOT NULL;

-- A return names its debit by the end-to-end id, unique to one debit.
CREATE UNIQUE INDEX debits_by_end_to_end ON debits (end_to_end) WHERE end_to_end IS NOT NULL;
-- The day's work looks for the debits sent whose return window passed.
CREATE INDEX debits_sent ON debits (due_date) WHERE status = 'sent';
