-- The UTS #39 skeleton of each account's address (pkg/account/email.go):
-- an address that reads like an account's is taken, found in one lookup.
-- SQL cannot compute it: pkg/account fills the column when it starts
-- (fillSkeletons), for these rows and again whenever its rules change.
-- Not unique: two accounts made before this may already read alike, and
-- neither is taken from its owner; the check runs in the write
-- transaction, one at a time on SQLite, serializable on PostgreSQL.
ALTER TABLE users ADD COLUMN email_skeleton TEXT;
CREATE INDEX users_by_email_skeleton ON users (email_skeleton);
