-- Complaints (issue 8, ACPR recommendation 2022-R-01): what the person
-- wrote and the two dates the broker owes them. The shared part (reference,
-- status, assignee, deadline, history, notes, replies) is in requests;
-- deleting the request (or the client's account) deletes this row.
-- Not WITHOUT ROWID: the facts may hold 10 000 characters.
CREATE TABLE complaints (
    id                 TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    subject            TEXT NOT NULL,
    -- The contract number or request reference concerned, '' when none.
    concerns           TEXT NOT NULL DEFAULT '',
    facts              TEXT NOT NULL,
    -- What the person asks for.
    demand             TEXT NOT NULL,
    -- When the person agreed to the consent text of the form.
    consent_at         TEXT NOT NULL,
    -- The two deadlines of the procedure, fixed when the complaint arrives
    -- (the request's due_at holds the one that runs).
    acknowledge_due_at TEXT NOT NULL,
    answer_due_at      TEXT NOT NULL,
    acknowledged_at    TEXT,
    answered_at        TEXT
) STRICT;
