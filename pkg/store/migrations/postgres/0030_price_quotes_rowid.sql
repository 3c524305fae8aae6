-- PostgreSQL twin of ../sqlite/0030_price_quotes_rowid.sql, which rebuilds
-- price_quotes as a rowid table on SQLite: a PostgreSQL table keeps its
-- rows apart from its key's index already, and the schema stays the same.
SELECT 1;
