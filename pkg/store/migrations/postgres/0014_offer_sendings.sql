-- The offers of one sending share a number that grows with each sending of
-- the request, so the latest sending comes first even when two were made
-- in the same millisecond (SQLite's migration numbers the offers it holds
-- from their rowid).
ALTER TABLE quote_offers ADD COLUMN sending BIGINT NOT NULL DEFAULT 0;
