-- The periodic tasks of `courtier serve` (purges) run once per period
-- across every instance on the database, not once per process: each run
-- is claimed here first (store.DB.Claim), by one instance.
CREATE TABLE task_runs (
    name       TEXT PRIMARY KEY,
    -- The instance that claimed the last run, for the operator.
    holder     TEXT NOT NULL,
    started_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
