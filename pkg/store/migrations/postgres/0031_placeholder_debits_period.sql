-- PLACEHOLDER of the « renewal » branch of issue 42, replaced at the merge
-- by the « debits » branch's 0031, which adds this column among others:
-- the contract's year a debit belongs to (1 = the first).
ALTER TABLE debits ADD COLUMN period BIGINT NOT NULL DEFAULT 1;
