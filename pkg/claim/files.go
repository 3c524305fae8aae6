package claim

import (
	"context"
	"crypto/rand"
	"fmt"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/store"
)

// The labels of the thread's messages in the desk's replies: the client
// reads « Vous » or the author's name, staff the label.
const (
	LabelFromClient = "Message du client"
	LabelFromBroker = "Message du cabinet"
)

// Upload is a file checked by pkg/upload: its content-sniffed type,
// cleaned bytes and their SHA-256.
type Upload struct {
	Name   string
	MIME   string
	Data   []byte
	SHA256 string
}

// onClaim runs fn on claim id in a write transaction, for its owner or
// for staff who may work on it (desk.Work); staff tells which.
func (s *Service) onClaim(ctx context.Context, actor account.Actor, id string,
	fn func(tx *store.Tx, r *desk.Request, c *Claim, staff bool) error) error {
	return s.db.WriteTx(ctx, func(tx *store.Tx) error {
		var r *desk.Request
		var err error
		staff := actor.IsStaff()
		if staff {
			r, err = s.desk.Work(ctx, tx, actor, id, desk.KindClaim)
		} else {
			r, err = s.desk.Own(ctx, tx, actor, id, desk.KindClaim)
		}
		if err != nil {
			return err
		}
		c, err := findClaim(ctx, tx, id)
		if err != nil {
			return err
		}
		return fn(tx, r, c, staff)
	})
}

// AddFile attaches a photo or a document to claim id: its owner while it
// runs, or staff who work on it. A file sent while a piece is asked puts
// the claim back where it was.
func (s *Service) AddFile(ctx context.Context, actor account.Actor, id string, u Upload) (*Claim, error) {
	if u.SHA256 == "" || len(u.Data) == 0 || u.MIME == "" {
		return nil, apperr.FieldErrorf("file", "Choisissez un fichier à envoyer.")
	}
	now := s.now()
	err := s.onClaim(ctx, actor, id, func(tx *store.Tx, r *desk.Request, c *Claim, staff bool) error {
		if !staff && ended(r.Status) {
			return errEnded()
		}
		var n int
		if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM claim_files WHERE claim_id = ?", id).Scan(&n); err != nil {
			return fmt.Errorf("pièces du sinistre: %w", err)
		}
		if n >= s.form().MaxFiles {
			return apperr.Errorf(apperr.ECONFLICT, "Ce dossier a déjà %d\u00a0pièces, le maximum. Écrivez-nous pour en ajouter.", s.form().MaxFiles)
		}
		sum, err := blob.Put(ctx, tx, u.MIME, u.Data, now)
		if err != nil {
			return err
		}
		f := &File{ID: rand.Text(), Name: u.Name, MIME: u.MIME, Size: int64(len(u.Data)), At: now, FromStaff: staff, sha256: sum}
		if err := insertFile(ctx, tx, id, f); err != nil {
			return err
		}
		if err := s.desk.Record(ctx, tx, actor, id, "file", "Pièce jointe\u00a0: "+u.Name); err != nil {
			return err
		}
		return s.answered(ctx, tx, actor, r, c, staff, "Pièce reçue\u00a0: "+u.Name+". Merci\u00a0!")
	})
	if err != nil {
		return nil, s.fail("pièce d'un sinistre", err, "id", id, "actor", actor.UID)
	}
	return s.readFor(ctx, actor, id)
}

// answered puts a claim waiting for a piece back where it was when its
// client sends something.
func (s *Service) answered(ctx context.Context, tx *store.Tx, actor account.Actor, r *desk.Request, c *Claim, staff bool, text string) error {
	if staff || r.Status != StatusPieces {
		return nil
	}
	back := c.askedFrom
	if back == "" {
		back = StatusTransmitted
	}
	c.Asked, c.askedFrom = "", ""
	return s.step(ctx, tx, actor, r, c, back, text, "pieces_received")
}

// readFor reads claim id as actor sees it: the owner's view or the desk's.
func (s *Service) readFor(ctx context.Context, actor account.Actor, id string) (*Claim, error) {
	if actor.IsStaff() {
		sc, err := s.StaffDetail(ctx, actor, id)
		if err != nil {
			return nil, err
		}
		return &sc.Claim, nil
	}
	return s.Get(ctx, actor, id)
}

// FileOf reads file fileID of claim id for its owner or any staff.
func (s *Service) FileOf(ctx context.Context, actor account.Actor, id, fileID string) (*blob.File, string, error) {
	var f *blob.File
	var name string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if actor.IsStaff() || actor.IsOperator() {
			if err := actor.RequireReader(); err != nil {
				return err
			}
		} else if _, err := s.desk.Own(ctx, tx, actor, id, desk.KindClaim); err != nil {
			return err
		}
		files, err := filesOf(ctx, tx, id)
		if err != nil {
			return err
		}
		for _, x := range files {
			if x.ID == fileID {
				name = x.Name
				f, err = blob.Get(ctx, tx, x.sha256)
				return err
			}
		}
		return apperr.Errorf(apperr.ENOTFOUND, "Ce document est introuvable.")
	})
	if err != nil {
		return nil, "", s.fail("pièce d'un sinistre", err, "id", id)
	}
	return f, name, nil
}

// Write adds a message to the thread of claim id: the owner writes to
// the broker, staff who work on it answer (and the client is e-mailed).
func (s *Service) Write(ctx context.Context, actor account.Actor, id, body string) (*Claim, error) {
	body, err := s.form().field("message", "body", "Le message", true).Clean(body)
	if err != nil {
		return nil, err
	}
	err = s.onClaim(ctx, actor, id, func(tx *store.Tx, r *desk.Request, c *Claim, staff bool) error {
		label := LabelFromClient
		if staff {
			label = LabelFromBroker
		}
		if _, err := s.desk.AddReply(ctx, tx, actor, id, label, body); err != nil {
			return err
		}
		if !staff {
			return s.answered(ctx, tx, actor, r, c, staff, "Votre message est reçu\u00a0: nous le lisons.")
		}
		if c.firstAnswer == nil {
			now := s.now()
			c.firstAnswer = &now
			if err := updateClaim(ctx, tx, c); err != nil {
				return err
			}
		}
		p := s.payload(r, c, body)
		p.Author = actor.Name
		return desk.Notify(ctx, tx, r, event.ClaimMessage, p, s.now())
	})
	if err != nil {
		return nil, s.fail("message d'un sinistre", err, "id", id, "actor", actor.UID)
	}
	return s.readFor(ctx, actor, id)
}

// messagesOf is the thread of a claim from the desk's replies.
func messagesOf(replies []desk.Reply) []Message {
	out := []Message{}
	for _, r := range replies {
		at, _ := store.ParseTime(r.At)
		out = append(out, Message{ID: r.ID, At: at, AuthorName: r.AuthorName, FromClient: r.Label == LabelFromClient, Body: r.Body})
	}
	return out
}

// errEnded refuses a file on a claim that is over.
func errEnded() error {
	return apperr.Errorf(apperr.ECONFLICT, "Ce dossier est clos\u00a0: écrivez-nous si vous avez un nouvel élément, nous le rouvrirons.")
}
