-- The documents a mail carries (issue 38): the contract's PDFs, named by
-- their SHA-256 in files (migration 0023) rather than copied, and read at
-- send time. A row lives while its mail may still be sent: the sender
-- deletes them once the SMTP server accepted it, and the files sweep
-- (contract.FileRefs) keeps what a row names, so that an account erased
-- between the signature and the sending does not take the attachments.
-- A file gone all the same is left out, never the mail.
CREATE TABLE mail_attachments (
    mail_id  INTEGER NOT NULL REFERENCES mails (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name     TEXT NOT NULL,
    mime     TEXT NOT NULL,
    sha256   TEXT NOT NULL,
    size     INTEGER NOT NULL CHECK (size >= 0),
    PRIMARY KEY (mail_id, position)
) STRICT, WITHOUT ROWID;

CREATE INDEX mail_attachments_by_file ON mail_attachments (sha256);
