package complaint

import (
	"fmt"
	"strconv"
	"strings"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// fields are the cleaning rules of the form's texts, built from its bounds.
type fields struct {
	name, subject, concerns, facts, demand, reply input.Field
}

// frInt writes n with the French thousands separator: "10 000".
func frInt(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString("\u00a0")
		}
		b.WriteRune(r)
	}
	return b.String()
}

// chars is "20 caractères", the unit kept with its number.
func chars(n int) string { return frInt(n) + "\u00a0caractères" }

// text is a field of bounds b whose messages name it as what ("l'objet").
func text(name string, b Bounds, multiline bool, required, what string) input.Field {
	return input.Field{
		Name: name, Min: b.Min, Max: b.Max, Multiline: multiline, Required: required,
		TooShort: fmt.Sprintf("Écrivez au moins %s pour %s.", chars(b.Min), what),
		TooLong:  fmt.Sprintf("%s ne peut pas dépasser %s.", upperFirst(what), chars(b.Max)),
		Invalid:  fmt.Sprintf("%s contient des caractères non autorisés.", upperFirst(what)),
	}
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}

func newFields(f Form) fields {
	return fields{
		name:     text("name", f.Name, false, "Indiquez votre nom.", "votre nom"),
		subject:  text("subject", f.Subject, false, "Indiquez l’objet de votre réclamation.", "l’objet"),
		concerns: text("concerns", f.Concerns, false, "", "la référence du contrat ou de la demande"),
		facts:    text("facts", f.Facts, true, "Décrivez les faits.", "la description des faits"),
		demand:   text("demand", f.Demand, true, "Indiquez ce que vous demandez.", "votre demande"),
		reply:    text("text", f.Reply, true, "Écrivez le texte envoyé au réclamant.", "le texte"),
	}
}

// errConsent refuses a complaint sent without the consent box ticked.
var errConsent = apperr.FieldErrorf("consent",
	"Cochez la case pour accepter que nous conservions ces informations afin de traiter votre réclamation.")

// clean checks d in the order of the form and returns it as stored, with
// the identity of the account for a client; the first error found is
// returned, naming its field.
func (fs fields) clean(actor account.Actor, d Draft) (Draft, error) {
	var err error
	steps := []struct {
		v *string
		f input.Field
	}{{&d.Subject, fs.subject}, {&d.Concerns, fs.concerns}, {&d.Facts, fs.facts}, {&d.Demand, fs.demand}}
	for _, s := range steps {
		if *s.v, err = s.f.Clean(*s.v); err != nil {
			return d, err
		}
	}
	if actor.SignedIn() {
		d.Name, d.Email = actor.Name, actor.Email
		if d.Name == "" {
			d.Name = d.Email
		}
	} else {
		if d.Name, err = fs.name.Clean(d.Name); err != nil {
			return d, err
		}
		if d.Email, err = account.NormalizeEmail(d.Email); err != nil {
			return d, err
		}
	}
	if d.Phone = input.Trim(d.Phone); d.Phone != "" {
		phone, ok := input.Phone(d.Phone)
		if !ok {
			return d, apperr.FieldErrorf("phone", "Saisissez un numéro de téléphone valide, par exemple 06 39 98 12 34, ou laissez le champ vide.")
		}
		d.Phone = phone
	}
	if !d.Consent {
		return d, errConsent
	}
	return d, nil
}
