-- PostgreSQL twin of ../sqlite/0013_email_index.sql. Nothing to do: this
-- engine has had users_email_lower since 0002, where it stands for SQLite's
-- COLLATE NOCASE UNIQUE. The file keeps the two folders numbered alike.
SELECT 1;
