package claim

import (
	"context"
	"crypto/rand"
	"fmt"
	"slices"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/fr"
	"courtier/pkg/store"
)

// Prescription is how old a loss may be to be declared here: the
// insurance contract's actions are barred after two years (L114-1).
const Prescription = 2

// Declare stores the declaration of actor, a signed-in client, and
// answers it with its reference and the last day to declare: the broker
// owes its transmission to the insurer within the form's working days.
func (s *Service) Declare(ctx context.Context, actor account.Actor, d Draft) (*Claim, error) {
	if !actor.SignedIn() {
		return nil, account.ErrSignedOut()
	}
	if actor.IsStaff() {
		return nil, apperr.Errorf(apperr.EFORBIDDEN, "La déclaration de sinistre est celle des clients\u00a0: notez plutôt ce que vous avez à dire dans une note interne.")
	}
	now := s.now()
	c, err := s.check(ctx, actor, d, now)
	if err != nil {
		return nil, err
	}
	err = s.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := s.checkLimit(ctx, tx, actor.UID, now); err != nil {
			return err
		}
		if _, err := purgeEnded(ctx, tx, now.Add(-Retention)); err != nil {
			return err
		}
		r, err := s.desk.Open(ctx, tx, actor, desk.Draft{
			ID: c.ID, Kind: desk.KindClaim, UID: actor.UID, Name: actor.Name, Email: actor.Email, Product: c.Product,
			Summary: c.KindLabel + " du " + fr.Date(mustDay(c.OccurredAt), time.UTC), Due: s.cal.AddWorkingDays(now, s.form().Delays.TransmitWorkingDays),
		})
		if err != nil {
			return err
		}
		c.Ref, c.Status = r.Ref, string(r.Status)
		if err := insertClaim(ctx, tx, c); err != nil {
			return err
		}
		text := "Nous avons bien reçu votre déclaration. Nous la vérifions et la transmettons à " + c.Insurer + "."
		if c.Elsewhere != nil {
			// No mandate at that insurer: promise only what the broker does.
			text = s.elsewhereText(c, c.Elsewhere)
		}
		if err := insertStep(ctx, tx, c.ID, Step{At: now, Status: c.Status, Text: text}); err != nil {
			return err
		}
		return desk.Notify(ctx, tx, r, event.ClaimDeclared, s.payload(r, c, text), now)
	})
	if err != nil {
		return nil, s.fail("déclaration de sinistre", err, "uid", actor.UID)
	}
	s.log.Info("sinistre déclaré", "id", c.ID, "ref", c.Ref, "uid", actor.UID, "product", c.Product, "kind", c.Kind)
	return s.Get(ctx, actor, c.ID)
}

// check validates d whole (every wrong field at once) and builds the claim.
func (s *Service) check(ctx context.Context, actor account.Actor, d Draft, now time.Time) (*Claim, error) {
	var bad []apperr.FieldMessage
	add := func(field, msg string) { bad = append(bad, apperr.FieldMessage{Field: field, Message: msg}) }
	clean := func(key, name, what string, raw string) string {
		v, err := s.form().field(key, name, what, true).Clean(raw)
		if err != nil {
			add(name, apperr.MessageOf(err))
		}
		return v
	}
	c := &Claim{ID: rand.Text(), DeclaredAt: now}
	if d.ContractID != "" {
		if err := s.onContract(ctx, actor, d.ContractID, c); err != nil {
			return nil, err
		}
	} else {
		c.Insurer = clean("insurer", "insurer", "L’assureur", d.Insurer)
		c.PolicyNumber = clean("policyNumber", "policyNumber", "Le numéro de contrat", d.PolicyNumber)
		c.Product = d.Product
	}
	p := s.product(c.Product)
	if p == nil {
		add("product", "Choisissez le produit assuré.")
	}
	k := s.form().kind(d.Kind)
	if k == nil || (p != nil && !slices.Contains(p.Kinds, d.Kind)) {
		add("kind", "Choisissez ce qui s’est passé.")
		k = nil
	}
	c.Kind = d.Kind
	day, err := time.Parse(time.DateOnly, d.OccurredAt)
	today := s.today(now)
	switch {
	case err != nil:
		add("occurredAt", "Donnez la date du sinistre (AAAA-MM-JJ).")
	case day.After(today):
		add("occurredAt", "La date du sinistre ne peut pas être dans le futur.")
	case day.Before(today.AddDate(-Prescription, 0, 0)):
		add("occurredAt", "Un sinistre de plus de deux ans est prescrit (article L114-1 du code des assurances)\u00a0: appelez-nous pour en parler.")
	default:
		c.OccurredAt = d.OccurredAt
		s.inCover(c, day, add)
	}
	c.Description = clean("description", "description", "Le récit", d.Description)
	if p != nil && k != nil && c.OccurredAt != "" {
		c.Answers = s.form().answers(p, d.Kind, day, d.Answers, add)
		s.deadline(c, *k, day, today, add)
	}
	if len(bad) > 0 {
		return nil, &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	if c.Answers == nil {
		c.Answers = []Answer{}
	}
	c.assistance = s.assistance(c.Insurer)
	s.label(c)
	return c, nil
}

// onContract fills c from the actor's contract id: its number, insurer
// and product. A contract not signed covers nothing yet.
func (s *Service) onContract(ctx context.Context, actor account.Actor, id string, c *Claim) error {
	k, err := s.contracts.Get(ctx, actor, id)
	if err != nil {
		return err
	}
	if k.Status == contract.StatusPending {
		return apperr.FieldErrorf("contractId", "Ce contrat n’est pas encore signé\u00a0: il ne couvre rien.")
	}
	c.ContractID, c.Contract, c.Insurer, c.PolicyNumber, c.Product = k.ID, k.Number, k.Insurer, k.Number, k.Product
	c.start = k.StartDate
	if k.Ending != nil {
		c.end = k.Ending.Date
	}
	return nil
}

// inCover refuses a loss outside the cover of the contract here.
func (s *Service) inCover(c *Claim, day time.Time, add func(field, msg string)) {
	d := day.Format(time.DateOnly)
	switch {
	case c.start != "" && d < c.start:
		add("occurredAt", "Ce sinistre précède le début de votre contrat, le "+fr.Date(mustDay(c.start), time.UTC)+".")
	case c.end != "" && d > c.end:
		add("occurredAt", "Votre contrat a pris fin le "+fr.Date(mustDay(c.end), time.UTC)+", avant ce sinistre.")
	}
}

// deadline sets the last day to declare c from its nature, the day of
// the loss and, for a natural disaster, the decree's publication.
func (s *Service) deadline(c *Claim, k KindInfo, day, today time.Time, add func(field, msg string)) {
	var decree time.Time
	for _, a := range c.Answers {
		if a.ID == "decreeDate" {
			decree, _ = time.Parse(time.DateOnly, a.Value)
		}
	}
	if decree.After(today) {
		add("answers.decreeDate", "L’arrêté ne peut pas être paru après aujourd’hui.")
		return
	}
	dl := s.form().Delays.DeclareBy(k, day, decree, s.holiday)
	c.DeclareRule = dl.Rule
	if !dl.Day.IsZero() {
		c.DeclareBy = dl.Day.Format(time.DateOnly)
	}
}

// checkLimit refuses a client's declaration beyond PerDay in 24 hours,
// counted in the write transaction.
func (s *Service) checkLimit(ctx context.Context, tx *store.Tx, uid string, now time.Time) error {
	n, err := desk.Count(ctx, tx, desk.Selection{Kind: Machine.Kind, UID: uid, CreatedAfter: now.Add(-24 * time.Hour)})
	if err != nil {
		return fmt.Errorf("sinistres du jour: %w", err)
	}
	if n >= s.perDay {
		return apperr.TooMany(time.Hour, fmt.Sprintf("Vous avez déclaré %d\u00a0sinistres aujourd’hui. Pour un autre, appelez-nous ou écrivez-nous\u00a0: nous vous aidons.", n))
	}
	return nil
}

// mustDay parses a date the service wrote itself.
func mustDay(s string) time.Time {
	d, _ := time.Parse(time.DateOnly, s)
	return d
}
