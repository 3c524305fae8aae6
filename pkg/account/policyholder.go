package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
	"courtier/pkg/store"
)

// Policyholder is who signs a contract, as the law and the insurer name
// them: a legal first and last name, a date of birth and a phone. A
// display name is never one: the documents print only these.
type Policyholder struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	// BirthDate is YYYY-MM-DD.
	BirthDate string `json:"birthDate"`
	Phone     string `json:"phone"`
}

// FullName is « Léa BERNARD »: the last name in capitals, as French
// contracts write it so that it is never read as a first name.
func (p Policyholder) FullName() string {
	if p.LastName == "" {
		return p.FirstName
	}
	return strings.TrimSpace(p.FirstName + " " + strings.ToUpper(p.LastName))
}

// Complete tells whether every field is given.
func (p Policyholder) Complete() bool {
	return p.FirstName != "" && p.LastName != "" && p.BirthDate != "" && p.Phone != ""
}

// PolicyholderMinAge is the youngest a policyholder may be: a minor
// cannot sign a contract alone.
const PolicyholderMinAge = 18

// maxNameLen bounds a legal first or last name.
const maxNameLen = 60

func nameField(key, what string) input.Field {
	return input.Field{Name: "policyholder." + key, Max: maxNameLen,
		Required: "Indiquez votre " + what + " tel qu’il figure sur votre pièce d’identité.",
		TooLong:  fmt.Sprintf("Votre %s ne doit pas dépasser %d\u00a0caractères.", what, maxNameLen),
		Invalid:  "Votre " + what + " contient des caractères non autorisés."}
}

var (
	firstNameField = nameField("firstName", "prénom")
	lastNameField  = nameField("lastName", "nom")
)

// PolicyholderPatch is what a form gives of a policyholder; nil fields
// keep the value they had.
type PolicyholderPatch struct {
	FirstName *string `json:"firstName"`
	LastName  *string `json:"lastName"`
	BirthDate *string `json:"birthDate"`
	Phone     *string `json:"phone"`
}

// Apply checks patch and writes it over p; every wrong or missing field
// is reported at once as policyholder.firstName…, with today the day
// ages are counted to.
func (p *Policyholder) Apply(patch *PolicyholderPatch, today time.Time) error {
	var bad []apperr.FieldMessage
	fail := func(err error) {
		var e *apperr.Error
		if errors.As(err, &e) {
			bad = append(bad, apperr.FieldMessage{Field: e.Field, Message: e.Message})
		}
	}
	if patch == nil {
		patch = &PolicyholderPatch{}
	}
	for _, f := range []struct {
		field input.Field
		in    *string
		dst   *string
	}{{firstNameField, patch.FirstName, &p.FirstName}, {lastNameField, patch.LastName, &p.LastName}} {
		raw := *f.dst
		if f.in != nil {
			raw = *f.in
		}
		v, err := f.field.Clean(raw)
		if err == nil && !isName(v) {
			err = &apperr.Error{Code: apperr.EINVALID, Field: f.field.Name, Message: f.field.Invalid + " Écrivez-le en lettres, avec espaces, tirets ou apostrophes s’il en a."}
		}
		if err != nil {
			fail(err)
			continue
		}
		*f.dst = v
	}
	birth := p.BirthDate
	if patch.BirthDate != nil {
		birth = strings.TrimSpace(*patch.BirthDate)
	}
	if err := checkBirth(birth, today); err != nil {
		fail(err)
	} else {
		p.BirthDate = birth
	}
	phone := p.Phone
	if patch.Phone != nil {
		phone = *patch.Phone
	}
	switch clean, ok := input.Phone(phone); {
	case strings.TrimSpace(phone) == "":
		bad = append(bad, apperr.FieldMessage{Field: "policyholder.phone", Message: "Indiquez votre numéro de téléphone."})
	case !ok:
		bad = append(bad, apperr.FieldMessage{Field: "policyholder.phone", Message: "Indiquez un numéro de téléphone valide, par exemple 06 12 34 56 78."})
	default:
		p.Phone = clean
	}
	if len(bad) > 0 {
		return &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	return nil
}

// isName accepts letters of any script with the marks they carry, and
// the spaces, hyphens, apostrophes and dots names are written with.
func isName(s string) bool {
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.Is(unicode.M, r), r == ' ', r == '-', r == '\'', r == '’', r == '.':
		default:
			return false
		}
	}
	return letters > 0
}

// checkBirth refuses a date that is not one, in the future, of someone
// under PolicyholderMinAge, or over 120 years ago.
func checkBirth(s string, today time.Time) error {
	field := "policyholder.birthDate"
	if s == "" {
		return apperr.FieldErrorf(field, "Indiquez votre date de naissance.")
	}
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return apperr.FieldErrorf(field, "Indiquez votre date de naissance au format JJ/MM/AAAA.")
	}
	y, m, dd := today.Date()
	day := time.Date(y, m, dd, 0, 0, 0, 0, time.UTC)
	switch {
	case d.After(day):
		return apperr.FieldErrorf(field, "Votre date de naissance est dans le futur.")
	case d.AddDate(PolicyholderMinAge, 0, 0).After(day):
		return apperr.FieldErrorf(field, "Le souscripteur doit être majeur (%d\u00a0ans ou plus)\u00a0: un mineur ne peut pas souscrire seul.", PolicyholderMinAge)
	case d.AddDate(120, 0, 0).Before(day):
		return apperr.FieldErrorf(field, "Vérifiez votre date de naissance.")
	}
	return nil
}

// FindPolicyholder reads the policyholder account uid gave last time;
// the zero value when it gave none.
func FindPolicyholder(ctx context.Context, tx *store.Tx, uid string) (Policyholder, error) {
	var p Policyholder
	err := tx.QueryRowContext(ctx, `SELECT first_name, last_name, birth_date, phone FROM policyholders WHERE uid = ?`, uid).
		Scan(&p.FirstName, &p.LastName, &p.BirthDate, &p.Phone)
	if errors.Is(err, sql.ErrNoRows) {
		return Policyholder{}, nil
	}
	if err != nil {
		return p, fmt.Errorf("lecture du souscripteur: %w", err)
	}
	return p, nil
}

// KeepPolicyholder keeps p in uid's profile, offered at the next
// subscription.
func KeepPolicyholder(ctx context.Context, tx *store.Tx, uid string, p Policyholder, now time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO policyholders (uid, first_name, last_name, birth_date, phone, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (uid) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
		birth_date = excluded.birth_date, phone = excluded.phone, updated_at = excluded.updated_at`,
		uid, p.FirstName, p.LastName, p.BirthDate, p.Phone, store.FormatTime(now))
	if err != nil {
		return fmt.Errorf("souscripteur gardé: %w", err)
	}
	return nil
}

// Policyholder is the policyholder actor gave last time, to prefill the
// next subscription.
func (s *Service) Policyholder(ctx context.Context, actor Actor) (Policyholder, error) {
	if !actor.SignedIn() {
		return Policyholder{}, ErrSignedOut()
	}
	var p Policyholder
	err := s.db.ReadTx(ctx, func(tx *store.Tx) (err error) {
		p, err = FindPolicyholder(ctx, tx, actor.UID)
		return err
	})
	if err != nil {
		return p, s.fail("lecture du souscripteur", err, "uid", actor.UID)
	}
	return p, nil
}
