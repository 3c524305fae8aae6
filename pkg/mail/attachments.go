package mail

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	gomail "github.com/wneessen/go-mail"

	"courtier/pkg/event"
	"courtier/pkg/fr"
	"courtier/pkg/store"
)

// DefaultAttachmentLimit is how much the documents of one mail may weigh
// once encoded, by default: 10 MB, under the 20 to 25 MB most mail
// servers accept, the text and the encoding's margins included.
const DefaultAttachmentLimit = 10 << 20

// Attachment is a document a mail carries, named by the SHA-256 of the
// stored file it is read from when the mail is sent.
type Attachment struct {
	Name   string `json:"name"`
	MIME   string `json:"mime"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

// Files reads a stored file by its SHA-256 (the blob store of the
// contracts' documents); an error when it is gone.
type Files func(ctx context.Context, sha256 string) ([]byte, error)

// encoded is what n bytes weigh in a message: base64 makes 4 of 3, in
// lines of 76 characters and their line break.
func encoded(n int64) int64 {
	b64 := (n + 2) / 3 * 4
	return b64 + (b64+75)/76*2
}

// pack splits list between what the mail carries and what it links to:
// the largest documents go as links until the rest fits the limit.
func (m *Mailer) pack(list []event.Attachment) (attached, linked []event.Attachment) {
	var total int64
	for _, a := range list {
		total += encoded(a.Size)
	}
	bySize := slices.Clone(list)
	slices.SortStableFunc(bySize, func(a, b event.Attachment) int { return int(b.Size - a.Size) })
	out := map[string]bool{}
	for _, a := range bySize {
		if total <= m.attachLimit {
			break
		}
		out[a.SHA256] = true
		total -= encoded(a.Size)
	}
	for _, a := range list {
		if out[a.SHA256] {
			linked = append(linked, a)
		} else {
			attached = append(attached, a)
		}
	}
	return attached, linked
}

// withAttachments makes a contract notice carry the documents of its
// event: attached as far as the limit allows, the others linked, and the
// mail says which are which.
func withAttachments(b builder) builder {
	return func(m *Mailer, e event.Event) ([]notice, error) {
		notices, err := b(m, e)
		if err != nil || len(notices) == 0 {
			return notices, err
		}
		p, err := decode[event.ContractPayload](e)
		if err != nil || len(p.Attachments) == 0 {
			return notices, err
		}
		attached, linked := m.pack(p.Attachments)
		n := &notices[0]
		n.attachments = attached
		var after []string
		if len(attached) > 0 {
			after = append(after, "Joints à ce message, à conserver\u00a0: "+names(attached)+".")
		}
		if len(linked) > 0 {
			s := "Trop volumineux pour ce message, ces documents sont à télécharger depuis votre espace\u00a0: "
			for i, a := range linked {
				if i > 0 {
					s += ", "
				}
				s += a.Name + " (" + m.link(a.Path, nil) + ")"
			}
			after = append(after, s+".")
		}
		n.doc.After = append(after, n.doc.After...)
		return notices, nil
	}
}

// names lists the files' names with their size: « a.pdf (84 Ko) ».
func names(list []event.Attachment) string {
	s := ""
	for i, a := range list {
		if i > 0 {
			s += ", "
		}
		s += a.Name + " (" + kilobytes(a.Size) + ")"
	}
	return s
}

// kilobytes is « 84\u00a0Ko », at least 1.
func kilobytes(n int64) string {
	return fr.Int(int(max(1, (n+512)/1024))) + "\u00a0Ko"
}

// insertAttachments records the attachments of the mail messageID.
func insertAttachments(ctx context.Context, tx *store.Tx, messageID string, list []event.Attachment) error {
	for i, a := range list {
		_, err := tx.ExecContext(ctx, `INSERT INTO mail_attachments (mail_id, position, name, mime, sha256, size)
			SELECT id, ?, ?, ?, ?, ? FROM mails WHERE message_id = ?`, i, a.Name, a.MIME, a.SHA256, a.Size, messageID)
		if err != nil {
			return fmt.Errorf("pièce jointe du mail %s: %w", messageID, err)
		}
	}
	return nil
}

// listAttachments reads the attachments of mail id, in order.
func listAttachments(ctx context.Context, q store.Querier, id int64) ([]Attachment, error) {
	rows, err := q.QueryContext(ctx, "SELECT name, mime, sha256, size FROM mail_attachments WHERE mail_id = ? ORDER BY position", id)
	if err != nil {
		return nil, fmt.Errorf("pièces jointes du mail %d: %w", id, err)
	}
	defer rows.Close()
	var out []Attachment
	for rows.Next() {
		var a Attachment
		if err := rows.Scan(&a.Name, &a.MIME, &a.SHA256, &a.Size); err != nil {
			return nil, fmt.Errorf("pièces jointes du mail %d: %w", id, err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// attach reads r's documents from the file store and attaches them. A
// document gone (its contract purged meanwhile) is left out with a
// warning: the mail still goes, its text naming the client's space.
func (s *Sender) attach(ctx context.Context, r *row, msg *gomail.Msg) error {
	if len(r.Attachments) == 0 {
		return nil
	}
	for _, a := range r.Attachments {
		var data []byte
		err := fmt.Errorf("aucun magasin de fichiers")
		if s.m.files != nil {
			data, err = s.m.files(ctx, a.SHA256)
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			s.m.log.Warn("pièce jointe introuvable, mail envoyé sans elle", "mail", r.ID, "fichier", a.Name, "sha256", a.SHA256, "err", err)
			continue
		}
		if err := msg.AttachReader(a.Name, bytes.NewReader(data), gomail.WithFileContentType(gomail.ContentType(a.MIME))); err != nil {
			return permanent{fmt.Errorf("pièce jointe %s: %w", a.Name, err)}
		}
	}
	return nil
}
