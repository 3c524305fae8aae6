package quote

import (
	"fmt"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/input"
)

// The bounds of a sending of offers.
const (
	// MaxOffers is the most offers sent at once: more than a client can
	// compare on a phone screen makes the choice harder, not better.
	MaxOffers = 5
	// MaxGuarantees is the most main guarantees listed per offer.
	MaxGuarantees = 12
	// maxCents bounds every amount: under 1 000 000 €, far above any
	// premium or deductible of the products sold here, low enough that a
	// typing slip of a few zeros is caught.
	maxCents = 100_000_000
	// validityMonths is how far ahead an offer may stay valid.
	validityMonths = 12
)

// The yearly premium must lie between 10 and 12.5 monthly premiums: a
// yearly payment is at most two months cheaper than twelve monthly ones
// (insurers' usual discount), and monthly payments cost at most a few
// percent more (fees for paying in instalments). Outside that range one
// of the two amounts is surely mistyped.
const (
	minYearlyTenths = 100 // 10 monthly premiums, in tenths
	maxYearlyTenths = 125 // 12.5 monthly premiums, in tenths
)

// The free-text fields of an offer, cleaned by pkg/input.
var (
	insurerField = input.Field{Max: 80, Required: "Indiquez l’assureur.",
		TooLong: "Le nom de l’assureur ne peut pas dépasser 80\u00a0caractères.", Invalid: invalidText}
	productNameField = input.Field{Max: 120, Required: "Indiquez le nom de la formule proposée.",
		TooLong: "Le nom de la formule ne peut pas dépasser 120\u00a0caractères.", Invalid: invalidText}
	guaranteeField = input.Field{Max: 120, Required: "Écrivez la garantie, ou retirez la ligne.",
		TooLong: "Une garantie ne peut pas dépasser 120\u00a0caractères.", Invalid: invalidText}
	noteField = input.Field{Max: 2000, Multiline: true,
		TooLong: "La note ne peut pas dépasser 2\u00a0000\u00a0caractères.", Invalid: invalidText}
	reasonField = input.Field{Name: "reason", Max: 1000, Multiline: true, Required: "Dites-nous pourquoi ces offres ne vous conviennent pas.",
		TooLong: "Le motif ne peut pas dépasser 1\u00a0000\u00a0caractères.", Invalid: invalidText}
)

const invalidText = "Ce texte contient des caractères non autorisés."

// validateOffers checks and cleans a sending of offers, the first error
// naming its field as the site's form does ("offers.1.yearlyCents").
// today is the date in the company's time zone, as UTC midnight.
func validateOffers(drafts []OfferDraft, today time.Time) ([]Offer, error) {
	switch {
	case len(drafts) == 0:
		return nil, apperr.FieldErrorf("offers", "Ajoutez au moins une offre.")
	case len(drafts) > MaxOffers:
		return nil, apperr.FieldErrorf("offers", "Envoyez %d offres au plus.", MaxOffers)
	}
	out := make([]Offer, len(drafts))
	for i, d := range drafts {
		o, err := validateOffer(d, today, fmt.Sprintf("offers.%d.", i))
		if err != nil {
			return nil, err
		}
		o.Position = i
		out[i] = *o
	}
	return out, nil
}

// clean runs f on v with its error named field.
func clean(f input.Field, field, v string) (string, error) {
	f.Name = field
	return f.Clean(v)
}

// validateOffer checks one offer; p prefixes its field names.
func validateOffer(d OfferDraft, today time.Time, p string) (*Offer, error) {
	o := &Offer{MonthlyCents: d.MonthlyCents, YearlyCents: d.YearlyCents, DeductibleCents: d.DeductibleCents, Status: OfferProposed}
	var err error
	if o.Insurer, err = clean(insurerField, p+"insurer", d.Insurer); err != nil {
		return nil, err
	}
	if o.ProductName, err = clean(productNameField, p+"productName", d.ProductName); err != nil {
		return nil, err
	}
	if err := checkPremiums(d, p); err != nil {
		return nil, err
	}
	if o.Guarantees, err = checkGuarantees(d.Guarantees, p+"guarantees"); err != nil {
		return nil, err
	}
	switch {
	case d.DeductibleCents < 0:
		return nil, apperr.FieldErrorf(p+"deductibleCents", "La franchise ne peut pas être négative (0\u00a0€ s’il n’y en a pas).")
	case d.DeductibleCents >= maxCents:
		return nil, apperr.FieldErrorf(p+"deductibleCents", "La franchise doit être inférieure à %s.", euros(maxCents))
	}
	if o.ValidUntil, err = checkValidity(d.ValidUntil, today, p+"validUntil"); err != nil {
		return nil, err
	}
	if o.Note, err = clean(noteField, p+"note", d.Note); err != nil {
		return nil, err
	}
	return o, nil
}

// checkPremiums checks each premium, then that they agree.
func checkPremiums(d OfferDraft, p string) error {
	for _, f := range []struct {
		field, what string
		cents       int64
	}{{"monthlyCents", "mensuelle", d.MonthlyCents}, {"yearlyCents", "annuelle", d.YearlyCents}} {
		switch {
		case f.cents <= 0:
			return apperr.FieldErrorf(p+f.field, "Indiquez une prime %s supérieure à 0\u00a0€.", f.what)
		case f.cents >= maxCents:
			return apperr.FieldErrorf(p+f.field, "La prime %s doit être inférieure à %s.", f.what, euros(maxCents))
		}
	}
	if d.YearlyCents*10 < d.MonthlyCents*minYearlyTenths || d.YearlyCents*10 > d.MonthlyCents*maxYearlyTenths {
		lo := (d.MonthlyCents*minYearlyTenths + 9) / 10
		hi := d.MonthlyCents * maxYearlyTenths / 10
		return apperr.FieldErrorf(p+"yearlyCents",
			"La prime annuelle doit être comprise entre 10 et 12,5\u00a0fois la prime mensuelle, soit entre %s et %s.", euros(lo), euros(hi))
	}
	return nil
}

// checkGuarantees cleans the list of main guarantees.
func checkGuarantees(list []string, field string) ([]string, error) {
	switch {
	case len(list) == 0:
		return nil, apperr.FieldErrorf(field, "Indiquez au moins une garantie.")
	case len(list) > MaxGuarantees:
		return nil, apperr.FieldErrorf(field, "Indiquez %d garanties au plus.", MaxGuarantees)
	}
	out := make([]string, len(list))
	seen := map[string]bool{}
	for i, g := range list {
		f := fmt.Sprintf("%s.%d", field, i)
		c, err := clean(guaranteeField, f, g)
		if err != nil {
			return nil, err
		}
		if seen[c] {
			return nil, apperr.FieldErrorf(f, "Cette garantie figure déjà dans la liste.")
		}
		seen[c], out[i] = true, c
	}
	return out, nil
}

// checkValidity reads the last day of validity: from today to a year ahead.
func checkValidity(v string, today time.Time, field string) (string, error) {
	if v == "" {
		return "", apperr.FieldErrorf(field, "Indiquez jusqu’à quand l’offre est valable.")
	}
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return "", apperr.FieldErrorf(field, "Indiquez une date valide (AAAA-MM-JJ).")
	}
	last := today.AddDate(0, validityMonths, 0)
	switch {
	case d.Before(today):
		return "", apperr.FieldErrorf(field, "La date de validité ne peut pas être passée.")
	case d.After(last):
		return "", apperr.FieldErrorf(field, "Une offre peut rester valable un an au plus, jusqu’au %s.", frDate(last))
	}
	return d.Format(time.DateOnly), nil
}
