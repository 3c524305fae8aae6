-- The offers of one sending share a number that grows with each sending of
-- the request, so the latest sending comes first even when two were made
-- in the same millisecond. It was read from rowid, which PostgreSQL does
-- not have; the offers already stored keep the order rowid gave them.
ALTER TABLE quote_offers ADD COLUMN sending INTEGER NOT NULL DEFAULT 0;
UPDATE quote_offers SET sending = rowid - position;
