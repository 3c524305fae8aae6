-- PostgreSQL twin of ../sqlite/0010_complaints.sql.
CREATE TABLE complaints (
    id                 TEXT PRIMARY KEY REFERENCES requests (id) ON DELETE CASCADE,
    subject            TEXT NOT NULL,
    concerns           TEXT NOT NULL DEFAULT '',
    facts              TEXT NOT NULL,
    demand             TEXT NOT NULL,
    consent_at         TEXT NOT NULL,
    acknowledge_due_at TEXT NOT NULL,
    answer_due_at      TEXT NOT NULL,
    acknowledged_at    TEXT,
    answered_at        TEXT
);
