package contact

import (
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/company"
	"courtier/pkg/input"
)

// checker validates a draft field by field in the form's order and keeps
// the first error: the API answers one field, the first one to fix.
type checker struct{ err error }

// fail records err unless an earlier field already failed.
func (c *checker) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// text cleans *v with f, the rules of every free text (pkg/input).
func (c *checker) text(v *string, f input.Field) {
	clean, err := f.Clean(*v)
	*v = clean
	if err != nil {
		c.fail(err)
	}
}

// consent requires the box under the form's text on personal data.
func (c *checker) consent(ok bool) {
	if !ok {
		c.fail(apperr.FieldErrorf("consent", "Cochez la case pour nous autoriser à utiliser ces informations."))
	}
}

// name is the sender's name: a client's comes from the account, and one
// typed is kept only when the account has none; a visitor must give one.
func (s *Service) name(c *checker, actor account.Actor, typed string) string {
	if actor.SignedIn() && actor.Name != "" {
		return actor.Name
	}
	f := s.form.text("name", "name", "Indiquez votre nom.", false)
	if actor.SignedIn() {
		f.Required, f.Min = "", 0
	}
	c.text(&typed, f)
	return typed
}

// validateMessage checks d for actor and returns it cleaned: trimmed
// texts, the e-mail address normalised (the account's for a client), the
// phone number without separators.
func (s *Service) validateMessage(actor account.Actor, d MessageDraft) (MessageDraft, error) {
	c := &checker{}
	d.Name = s.name(c, actor, d.Name)
	if actor.SignedIn() {
		d.Email = actor.Email
	} else if email, err := account.NormalizeEmail(d.Email); err != nil {
		c.fail(err)
	} else {
		d.Email = email
	}
	d.Phone = strings.TrimSpace(d.Phone)
	if d.Phone != "" {
		phone, ok := input.Phone(d.Phone)
		if !ok {
			c.fail(apperr.FieldErrorf("phone", "Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34, ou laissez ce champ vide."))
		}
		d.Phone = phone
	}
	d.Subject = strings.TrimSpace(d.Subject)
	if _, ok := s.form.subject(d.Subject); !ok {
		c.fail(apperr.FieldErrorf("subject", "Choisissez l’objet de votre message."))
	}
	c.text(&d.Message, s.form.text("message", "message", "Écrivez votre message.", true))
	c.consent(d.Consent)
	return d, c.err
}

// validCallback is a callback draft once checked.
type validCallback struct {
	name, phone, product, note string
	// slot is zero when the client asked to be called as soon as possible.
	slot company.Slot
}

// validateCallback checks d for actor at now: a French phone number, a
// slot among those offered now (or none: as soon as possible), a product
// of the company profile or none.
func (s *Service) validateCallback(actor account.Actor, d CallbackDraft, now time.Time) (*validCallback, error) {
	c := &checker{}
	v := &validCallback{name: s.name(c, actor, d.Name)}
	if strings.TrimSpace(d.Phone) == "" {
		c.fail(apperr.FieldErrorf("phone", "Indiquez le numéro auquel vous rappeler."))
	} else if phone, ok := input.FrenchPhone(d.Phone); !ok {
		c.fail(apperr.FieldErrorf("phone", "Saisissez un numéro de téléphone français, par exemple 06 39 98 12 34."))
	} else {
		v.phone = phone
	}
	v.product = strings.TrimSpace(d.Product)
	if v.product != "" && s.productTitle(v.product) == "" {
		c.fail(apperr.FieldErrorf("product", "Choisissez une assurance de la liste, ou aucune."))
	}
	if slot, err := s.slot(d.Slot, now); err != nil {
		c.fail(err)
	} else {
		v.slot = slot
	}
	v.note = d.Note
	c.text(&v.note, s.form.text("note", "note", "", true))
	c.consent(d.Consent)
	return v, c.err
}

// slot reads the slot the client chose: one of those offered at now, or
// the zero slot when none was chosen.
func (s *Service) slot(d SlotDraft, now time.Time) (company.Slot, error) {
	if strings.TrimSpace(d.Start) == "" && strings.TrimSpace(d.End) == "" {
		return company.Slot{}, nil
	}
	start, err1 := time.Parse(time.RFC3339, strings.TrimSpace(d.Start))
	end, err2 := time.Parse(time.RFC3339, strings.TrimSpace(d.End))
	if err1 != nil || err2 != nil {
		return company.Slot{}, apperr.FieldErrorf("slot", "Choisissez un créneau parmi ceux proposés.")
	}
	sl := company.Slot{Start: start.UTC(), End: end.UTC()}
	if !s.cal.ValidSlot(now, sl, s.form.SlotDays) {
		return company.Slot{}, apperr.FieldErrorf("slot", "Ce créneau n’est plus disponible\u00a0: choisissez-en un autre.")
	}
	return sl, nil
}

// productTitle is the title of product id in the company profile, "" when
// it is not one of its services.
func (s *Service) productTitle(id string) string {
	for _, sv := range s.company.Services {
		if sv.ID == id {
			return sv.Title
		}
	}
	return ""
}
