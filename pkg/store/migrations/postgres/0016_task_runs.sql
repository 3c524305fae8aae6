-- PostgreSQL twin of ../sqlite/0016_task_runs.sql: the periodic tasks run
-- once per period across every instance, each run claimed here first.
CREATE TABLE task_runs (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    started_at TEXT NOT NULL
);
