package chat

import (
	"context"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/input"
	"courtier/pkg/store"
)

// Canned is a ready answer the admin maintains for the agents' composer.
type Canned struct {
	ID    int64  `json:"id"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// maxCanned bounds the list of canned answers.
const maxCanned = 200

var (
	cannedTitle = input.Field{
		Name: "title", Max: 80,
		Required: "Donnez un titre à cette réponse.",
		TooLong:  "Le titre dépasse 80\u00a0caractères\u00a0: raccourcissez-le.",
		Invalid:  "Le titre contient des caractères non autorisés.",
	}
	cannedText = input.Field{
		Name: "text", Max: MaxMessageLen, Multiline: true, DropControls: true,
		Required: "Écrivez le texte de la réponse.",
		TooLong:  "Le texte dépasse 1\u00a0000 caractères\u00a0: raccourcissez-le.",
		Invalid:  "Le texte contient des caractères non autorisés.",
	}
)

// CannedAnswers lists the canned answers by title, for staff.
func (s *Service) CannedAnswers(ctx context.Context, actor account.Actor) ([]Canned, error) {
	out := []Canned{}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		if _, err := confirmStaff(ctx, tx, actor); err != nil {
			return err
		}
		var err error
		out, err = listCanned(ctx, tx)
		return err
	})
	if err != nil {
		return nil, s.fail("réponses types", err)
	}
	return out, nil
}

// SaveCanned adds a canned answer (id 0) or changes one, for an admin.
func (s *Service) SaveCanned(ctx context.Context, actor account.Actor, id int64, title, text string) (*Canned, error) {
	title, err := cannedTitle.Clean(title)
	if err != nil {
		return nil, err
	}
	if text, err = cannedText.Clean(text); err != nil {
		return nil, err
	}
	out := &Canned{ID: id, Title: title, Text: text}
	now := store.FormatTime(s.now())
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := s.confirmAdmin(ctx, tx, actor); err != nil {
			return err
		}
		if id == 0 {
			n, err := countCanned(ctx, tx)
			if err != nil {
				return err
			}
			if n >= maxCanned {
				return apperr.Errorf(apperr.EINVALID, "Il y a déjà %d réponses types : supprimez-en une avant d’en ajouter.", maxCanned)
			}
			out.ID, err = insertCanned(ctx, tx, title, text, actor.UID, now)
			return err
		}
		return updateCanned(ctx, tx, id, title, text, actor.UID, now)
	})
	if err != nil {
		return nil, s.fail("enregistrement d'une réponse type", err)
	}
	return out, nil
}

// DeleteCanned removes canned answer id, for an admin.
func (s *Service) DeleteCanned(ctx context.Context, actor account.Actor, id int64) error {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := s.confirmAdmin(ctx, tx, actor); err != nil {
			return err
		}
		return deleteCanned(ctx, tx, id)
	})
	if err != nil {
		return s.fail("suppression d'une réponse type", err)
	}
	return nil
}

// confirmAdmin refuses an actor who is not, in the store, an active admin.
func (s *Service) confirmAdmin(ctx context.Context, tx *store.Tx, actor account.Actor) error {
	if err := actor.RequireAdmin(); err != nil {
		return err
	}
	m, err := confirmStaff(ctx, tx, actor)
	if err != nil {
		return err
	}
	if !m.admin {
		return apperr.Errorf(apperr.EFORBIDDEN, "Cette action est réservée aux administrateurs.")
	}
	return nil
}
