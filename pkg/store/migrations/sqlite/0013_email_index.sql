-- E-mail addresses are looked up as lower(email) = lower(?) on both
-- engines (PostgreSQL has no NOCASE collation), and that needs an index on
-- lower(email): SQLite's column index, COLLATE NOCASE, serves only
-- comparisons made in that collation. The column's NOCASE UNIQUE stays
-- (dropping it would rebuild the table); both say the same thing, as
-- SQLite's lower() and NOCASE both fold ASCII letters only, so no database
-- that passed the one fails the other.
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
