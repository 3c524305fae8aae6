package claim

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// MoveInput is a move staff make: the new status and what it asks for.
type MoveInput struct {
	Status      string `json:"status"`
	InsurerRef  string `json:"insurerRef"`
	Asked       string `json:"asked"`
	AmountCents int64  `json:"amountCents"`
	Reason      string `json:"reason"`
	// Note is an optional word to the client added to the step.
	Note string `json:"note"`
}

// MaxAmountCents bounds an indemnity typed by hand (10 million euros).
const MaxAmountCents = 1_000_000_000

// StaffDetail reads claim id for any agent or admin (and the terminal's
// operator), with the moves the reader may make.
func (s *Service) StaffDetail(ctx context.Context, actor account.Actor, id string) (*StaffClaim, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	var out *StaffClaim
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		c, err := s.read(ctx, tx, id)
		if err != nil {
			return err
		}
		out, err = s.staffView(ctx, tx, actor, c)
		return err
	})
	if err != nil {
		return nil, s.fail("lecture d'un sinistre", err, "id", id)
	}
	return out, nil
}

// staffView is c as actor reads it at the desk.
func (s *Service) staffView(ctx context.Context, tx *store.Tx, actor account.Actor, c *Claim) (*StaffClaim, error) {
	out := &StaffClaim{Claim: *c, Name: c.requestName, Email: c.requestEmail, Moves: []Move{}, Responsibility: c.responsibility, BonusMalus: s.weighs(c)}
	if actor.IsStaff() {
		if _, err := s.desk.Work(ctx, tx, actor, c.ID, desk.KindClaim); err == nil {
			out.CanWork = true
			out.Moves = movesFrom(desk.Status(c.Status))
		}
	}
	out.Actions = []string{}
	if out.CanWork {
		out.Actions = []string{"file", "message"}
	}
	return out, nil
}

// Move gives claim id a new status, with what it asks for, and tells the
// client: the agent who took it, or an admin.
func (s *Service) Move(ctx context.Context, actor account.Actor, id string, in MoveInput) (*StaffClaim, error) {
	if err := actor.RequireStaff(); err != nil {
		return nil, err
	}
	var out *StaffClaim
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := s.desk.Work(ctx, tx, actor, id, desk.KindClaim)
		if err != nil {
			return err
		}
		c, err := findClaim(ctx, tx, id)
		if err != nil {
			return err
		}
		to := desk.Status(in.Status)
		if !CanMove(r.Status, to) {
			from, _ := Machine.Info(r.Status)
			dest, _ := Machine.Info(to)
			return apperr.Errorf(apperr.ECONFLICT, "Un sinistre «\u00a0%s\u00a0» ne peut pas passer à «\u00a0%s\u00a0».", from.Label, dest.Label)
		}
		text, err := s.apply(c, r.Status, to, in)
		if err != nil {
			return err
		}
		if err := s.step(ctx, tx, actor, r, c, to, text, "status"); err != nil {
			return err
		}
		p := s.payload(r, c, text)
		if to == StatusRefused {
			p.Mediator = s.refusalClosing(c.Insurer)
		}
		if err := desk.Notify(ctx, tx, r, event.ClaimMoved, p, s.now()); err != nil {
			return err
		}
		full, err := s.read(ctx, tx, id)
		if err != nil {
			return err
		}
		out, err = s.staffView(ctx, tx, actor, full)
		return err
	})
	if err != nil {
		return nil, s.fail("étape d'un sinistre", err, "id", id, "actor", actor.UID)
	}
	return out, nil
}

// apply checks what the move to `to` needs, writes it on c and returns
// the step the client reads.
func (s *Service) apply(c *Claim, from, to desk.Status, in MoveInput) (string, error) {
	note, err := s.form().field("note", "note", "Le mot au client", false).Clean(in.Note)
	if err != nil {
		return "", err
	}
	var text string
	switch to {
	case StatusTransmitted:
		ref := in.InsurerRef
		if ref == "" && c.InsurerRef != "" {
			ref = c.InsurerRef
		}
		if c.InsurerRef, err = s.form().field("insurerRef", "insurerRef", "Le numéro de sinistre de l’assureur", true).Clean(ref); err != nil {
			return "", err
		}
		text = fmt.Sprintf("Votre déclaration est transmise à %s, qui l’enregistre sous le numéro %s.", c.Insurer, c.InsurerRef)
	case StatusExpertise:
		text = c.Insurer + " a missionné un expert\u00a0: il vous contactera pour convenir d’un rendez-vous."
	case StatusPieces:
		if c.Asked, err = s.form().field("asked", "asked", "La pièce demandée", true).Clean(in.Asked); err != nil {
			return "", err
		}
		c.askedFrom = from
		text = "Il nous manque une pièce pour avancer\u00a0: " + c.Asked
	case StatusIndemnified:
		if in.AmountCents <= 0 || in.AmountCents > MaxAmountCents {
			return "", apperr.FieldErrorf("amountCents", "Donnez le montant de l’indemnité, en euros.")
		}
		c.AmountCents = in.AmountCents
		text = fmt.Sprintf("%s vous indemnise de %s.", c.Insurer, euros(c.AmountCents))
	case StatusRefused:
		if c.Reason, err = s.form().field("reason", "reason", "Le motif du refus", true).Clean(in.Reason); err != nil {
			return "", err
		}
		text = c.Insurer + " refuse de prendre ce sinistre en charge\u00a0: " + c.Reason
	case StatusDeclared:
		text = "Votre dossier est de nouveau entre nos mains\u00a0: nous le vérifions."
	case StatusClosed:
		text = "Votre dossier est clos."
	}
	if to != StatusPieces {
		c.Asked, c.askedFrom = "", ""
	}
	if note != "" {
		text += "\n\n" + note
	}
	return text, nil
}

// step moves r and c to `to` with the client's step text, the
// deadline the status owes and the claim's dates, in tx.
func (s *Service) step(ctx context.Context, tx *store.Tx, actor account.Actor, r *desk.Request, c *Claim, to desk.Status, text, action string) error {
	now := s.now()
	from, _ := Machine.Info(r.Status)
	dest, _ := Machine.Info(to)
	var due time.Time
	if dest.Waiting {
		due = s.cal.AddWorkingDays(now, s.form().Delays.TransmitWorkingDays)
	}
	if err := s.desk.Advance(ctx, tx, actor, r, to, due, action, "Statut\u00a0: "+from.Label+" → "+dest.Label); err != nil {
		return err
	}
	c.Status = string(to)
	if actor.IsStaff() && c.firstAnswer == nil {
		c.firstAnswer = &now
	}
	c.endedAt = nil
	if ended(to) {
		c.endedAt = &now
	}
	if err := updateClaim(ctx, tx, c); err != nil {
		return err
	}
	return insertStep(ctx, tx, c.ID, Step{At: now, Status: string(to), Text: text})
}

// payload is the event of a step of c, as r's client is told of it.
func (s *Service) payload(r *desk.Request, c *Claim, text string) event.ClaimPayload {
	s.label(c)
	p := event.ClaimPayload{
		Recipient: r.Recipient(), ID: c.ID, Ref: r.Ref, Product: c.ProductLabel, Kind: c.KindLabel, Status: c.StatusLabel, Step: c.Status,
		Insurer: c.Insurer, InsurerRef: c.InsurerRef, Text: text, DeclareRule: c.DeclareRule, AmountCents: c.AmountCents,
	}
	if c.DeclareBy != "" {
		p.DeclareBy = mustDay(c.DeclareBy)
	}
	return p
}

// refusalClosing is the paragraph every refusal ends with: the insurer's
// complaints service first, then the mediator, free of charge.
func (s *Service) refusalClosing(insurer string) string {
	m := s.mediator
	where := m.Address
	if m.Website != "" {
		where += ", " + m.Website
	}
	return fmt.Sprintf("Vous pouvez contester ce refus\u00a0: écrivez d’abord au service réclamations de %s, nous vous aidons à le faire. "+
		"Si sa réponse ne vous satisfait pas, ou sans réponse dans les deux mois, vous pouvez saisir gratuitement %s\u00a0: %s.", insurer, m.Name, where)
}

// euros writes cents as French euros (pricing.Euros).
func euros(cents int64) string { return pricing.Euros(cents) }
