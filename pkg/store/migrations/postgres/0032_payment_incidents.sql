-- Payment incidents (issue 42, L113-3 of the code des assurances): a
-- rejected debit opens one; its clock sends the mise en demeure 10 days
-- after the due date, suspends the cover 30 days later and terminates
-- the contract 10 days after that, unless it is paid first.
CREATE TABLE payment_incidents (
    contract_id   TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    seq           BIGINT NOT NULL,
    opened_at     TEXT NOT NULL,
    due_date      TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL CHECK (amount_cents > 0),
    reason_label  TEXT NOT NULL,
    -- The reference of a transfer: IMP-<contract number>-<seq>.
    reference     TEXT NOT NULL UNIQUE,
    -- The desk's request « Impayé » staff follow it in.
    request_id    TEXT,
    notice_at     TEXT,
    suspended_at  TEXT,
    terminated_at TEXT,
    closed_at     TEXT,
    closed_how    TEXT CHECK (closed_how IN ('payment', 'representation')),
    payment_cents BIGINT,
    payment_date  TEXT,
    payment_way   TEXT CHECK (payment_way IN ('transfer', 'cheque', 'card', 'cash')),
    cover_back_at TEXT,
    PRIMARY KEY (contract_id, seq)
);

-- The clocks read the incidents still running.
CREATE INDEX payment_incidents_open ON payment_incidents (due_date) WHERE closed_at IS NULL;

-- A contract whose cover is suspended for non-payment is « suspended ».
ALTER TABLE contracts DROP CONSTRAINT contracts_status_check;
ALTER TABLE contracts ADD CONSTRAINT contracts_status_check CHECK (status IN ('pending_signature', 'awaiting_documents', 'active',
    'cancel_requested', 'cancelled', 'withdrawn', 'suspended'));
