-- PostgreSQL twin of ../sqlite/0025_email_skeleton.sql: the UTS #39
-- skeleton of each account's address, filled by pkg/account, indexed but
-- not unique (see there why).
ALTER TABLE users ADD COLUMN email_skeleton TEXT;
CREATE INDEX users_by_email_skeleton ON users (email_skeleton);
