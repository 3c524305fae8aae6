-- PostgreSQL twin of ../sqlite/0029_requests_kind_open.sql: the kinds
-- register themselves with pkg/desk, which refuses a kind it does not
-- know; the CHECK on requests.kind goes.
ALTER TABLE requests DROP CONSTRAINT requests_kind_check;
