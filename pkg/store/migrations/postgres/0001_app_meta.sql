-- PostgreSQL twin of ../sqlite/0001_app_meta.sql: what each table and column
-- is for is said there; the files here say only what differs by engine.
CREATE TABLE app_meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- The same text as SQLite's strftime('%Y-%m-%dT%H:%M:%SZ', 'now'): now() is
-- a timestamptz, taken to UTC before it is written out.
INSERT INTO app_meta (key, value) VALUES ('created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
