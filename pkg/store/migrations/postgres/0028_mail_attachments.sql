-- PostgreSQL twin of ../sqlite/0028_mail_attachments.sql: the documents a
-- mail carries, by their SHA-256, read at send time.
CREATE TABLE mail_attachments (
    mail_id  BIGINT NOT NULL REFERENCES mails (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    mime     TEXT NOT NULL,
    sha256   TEXT NOT NULL,
    size     BIGINT NOT NULL CHECK (size >= 0),
    PRIMARY KEY (mail_id, position)
);

CREATE INDEX mail_attachments_by_file ON mail_attachments (sha256);
