-- The contract's years (issue 42). Period n runs from the start date + 12
-- months × (n − 1) to the day before the anniversary start + 12 months × n
-- (a temporary contract has one period, its days). The avis d'échéance of
-- period n announces period n + 1: sent at notice_sent_at, late when sent
-- less than 15 days before the last day to refuse the renewal, or never
-- (L113-15-1); its premium and the trace lines that changed
-- (notice_lines, JSON [[label, before, after], …]) are what it said.
-- renewed_at is when period n + 1 began.
CREATE TABLE contract_periods (
    contract_id          TEXT NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
    n                    INTEGER NOT NULL CHECK (n >= 1),
    start_date           TEXT NOT NULL,
    end_date             TEXT NOT NULL,
    yearly_cents         INTEGER NOT NULL CHECK (yearly_cents > 0),
    monthly_cents        INTEGER NOT NULL CHECK (monthly_cents >= 0),
    notice_sent_at       TEXT,
    notice_late          INTEGER NOT NULL DEFAULT 0 CHECK (notice_late IN (0, 1)),
    notice_yearly_cents  INTEGER,
    notice_monthly_cents INTEGER,
    notice_lines         TEXT,
    -- Beside the design of issue 42: the new year's taxes and its whole
    -- trace, which the renewal makes the contract's.
    notice_taxes_cents   INTEGER,
    notice_trace         TEXT,
    renewed_at           TEXT,
    PRIMARY KEY (contract_id, n)
) STRICT, WITHOUT ROWID;

-- The tick looks for the periods still open whose notice or end is due.
CREATE INDEX contract_periods_open ON contract_periods (end_date) WHERE renewed_at IS NULL;

-- Period 1 of every contract signed before: a year from its start (the
-- day before the first anniversary; a start on 29 February has its
-- anniversary on 28 February, as Go's addMonths says), or a temporary
-- contract's days (its cover ends on the last day at the hour it began,
-- midnight ending the day before).
INSERT INTO contract_periods (contract_id, n, start_date, end_date, yearly_cents, monthly_cents)
    SELECT id, 1, start_date,
           CASE
               WHEN COALESCE(json_extract(risk, '$.days'), 0) > 0 THEN
                   date(start_date, '+' || (json_extract(risk, '$.days') - CASE WHEN COALESCE(json_extract(risk, '$.startHour'), 0) > 0 THEN 0 ELSE 1 END) || ' days')
               WHEN substr(start_date, 6, 5) = '02-29' THEN date(start_date, '-1 day', '+1 year', '-1 day')
               ELSE date(start_date, '+1 year', '-1 day')
           END,
           yearly_cents, monthly_cents
    FROM contracts WHERE signed_at IS NOT NULL;
