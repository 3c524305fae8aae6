package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/pricing"
)

// A contract from a price keeps the answers it is priced on. Whatever
// changes one of them at subscription (the address's postal code, an
// answer sent again) prices the formula again on the contract's start
// date: the premium of a contract is always the engine's price for its
// own risk, never a price made for another.

// Quoted is the price the client chose, as they saw it: the premium, the
// answers and the trace it was made from.
type Quoted struct {
	YearlyCents  int64           `json:"yearlyCents"`
	MonthlyCents int64           `json:"monthlyCents"`
	Answers      pricing.Answers `json:"answers"`
	Trace        []string        `json:"trace"`
}

// Repricing is how a contract's premium moved from the price chosen, for
// the client to read before signing and for staff.
type Repricing struct {
	FromYearlyCents  int64 `json:"fromYearlyCents"`
	FromMonthlyCents int64 `json:"fromMonthlyCents"`
	ToYearlyCents    int64 `json:"toYearlyCents"`
	ToMonthlyCents   int64 `json:"toMonthlyCents"`
	// DiffYearlyCents is ToYearlyCents − FromYearlyCents.
	DiffYearlyCents int64 `json:"diffYearlyCents"`
	// Changes are the answers that changed: label, before, after.
	Changes [][3]string `json:"changes"`
	// Removed and Added are the lines of « Pourquoi ce prix ? » that
	// changed, before and after.
	Removed []string `json:"removed"`
	Added   []string `json:"added"`
	// StartDate is the day the premium is priced on.
	StartDate string `json:"startDate"`
}

// mergeAnswers writes the answers raw names (a JSON object of the price
// form's keys; null takes an optional answer back) over c's.
func (s *Service) mergeAnswers(c *Contract, raw json.RawMessage) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	if c.Risk.Answers == nil {
		return apperr.FieldErrorf("answers", "Les réponses de ce contrat ont été étudiées par un conseiller\u00a0: écrivez-lui pour les changer.")
	}
	var changed map[string]json.RawMessage
	if err := json.Unmarshal(raw, &changed); err != nil {
		return apperr.FieldErrorf("answers", "Les réponses modifiées doivent être un objet JSON des champs du formulaire de prix.")
	}
	known := map[string]bool{}
	fields, _ := s.tariff().Form(c.Product)
	for _, f := range fields {
		known[f.Key] = true
	}
	base, _ := json.Marshal(c.Risk.Answers)
	var values map[string]json.RawMessage
	_ = json.Unmarshal(base, &values)
	for k, v := range changed {
		if !known[k] {
			return apperr.FieldErrorf("answers."+k, "Cette question n’existe pas pour ce produit.")
		}
		if string(bytes.TrimSpace(v)) == "null" {
			delete(values, k)
		} else {
			values[k] = v
		}
	}
	merged, _ := json.Marshal(values)
	var a pricing.Answers
	if err := json.Unmarshal(merged, &a); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return apperr.FieldErrorf("answers."+te.Field, "Cette réponse n’a pas le bon format.")
		}
		return apperr.FieldErrorf("answers", "Les réponses modifiées sont illisibles.")
	}
	c.Risk.Answers = &a
	return nil
}

// reprice prices c's answers on its start date and makes the engine's
// price of its formula c's premium; nothing for a contract from an offer.
func (s *Service) reprice(c *Contract) error {
	if c.Risk.Answers == nil || c.Risk.Quoted == nil {
		return nil
	}
	start, err := time.Parse(layout, c.StartDate)
	if err != nil {
		return err
	}
	var needs pricing.Needs
	if c.Risk.Needs != nil {
		needs = *c.Risk.Needs
	}
	res, err := s.tariff().Price(c.Product, *c.Risk.Answers, needs, pricing.DateOf(start))
	if err != nil {
		return answersError(err)
	}
	i := slices.IndexFunc(res.Prices, func(p pricing.Price) bool {
		return p.FormulaID == c.Risk.FormulaID && (c.Risk.InsurerID == "" || p.InsurerID == c.Risk.InsurerID)
	})
	if i < 0 {
		return apperr.FieldErrorf("postalCode", "La formule %s de %s n’est pas proposée pour ces réponses\u00a0: refaites votre demande de prix.", c.Formula, c.Insurer)
	}
	p := &res.Prices[i]
	c.YearlyCents, c.MonthlyCents, c.TaxesCents, c.DeductibleCents = p.YearlyCents, p.MonthlyCents, p.TaxesCents, p.DeductibleCents
	c.Guarantees = p.Guarantees
	if c.MonthlyCents == 0 && c.Rhythm == "monthly" {
		c.Rhythm = "yearly"
	}
	a := c.Risk.Answers
	c.Holder.PostalCode = a.PostalCode
	c.Risk.Lines = s.answerLines(c.Product, *a)
	s.riskVehicle(c, *a)
	s.riskDwelling(c, *a)
	c.Risk.Repricing = s.repricing(c, p)
	return nil
}

// repricing compares c's premium, priced as p, with the price chosen;
// nil when neither the answers nor the amounts moved.
func (s *Service) repricing(c *Contract, p *pricing.Price) *Repricing {
	q := c.Risk.Quoted
	before, after := s.answerLines(c.Product, q.Answers), c.Risk.Lines
	r := &Repricing{FromYearlyCents: q.YearlyCents, FromMonthlyCents: q.MonthlyCents, ToYearlyCents: p.YearlyCents,
		ToMonthlyCents: p.MonthlyCents, DiffYearlyCents: p.YearlyCents - q.YearlyCents, StartDate: c.StartDate,
		Changes: [][3]string{}, Removed: []string{}, Added: []string{}}
	old := map[string]string{}
	for _, l := range before {
		old[l[0]] = l[1]
	}
	seen := map[string]bool{}
	for _, l := range after {
		seen[l[0]] = true
		if v, ok := old[l[0]]; !ok || v != l[1] {
			r.Changes = append(r.Changes, [3]string{l[0], v, l[1]})
		}
	}
	for _, l := range before {
		if !seen[l[0]] {
			r.Changes = append(r.Changes, [3]string{l[0], l[1], ""})
		}
	}
	for _, t := range q.Trace {
		if !slices.Contains(p.Trace, t) {
			r.Removed = append(r.Removed, t)
		}
	}
	for _, t := range p.Trace {
		if !slices.Contains(q.Trace, t) {
			r.Added = append(r.Added, t)
		}
	}
	if len(r.Changes) == 0 && r.DiffYearlyCents == 0 && p.MonthlyCents == q.MonthlyCents {
		return nil
	}
	return r
}

// repricedDetail is the history's line of a premium priced again.
func repricedDetail(r *Repricing) string {
	d := "Prix recalculé\u00a0: " + pricing.Euros(r.FromYearlyCents) + " → " + pricing.Euros(r.ToYearlyCents) + " par an"
	if len(r.Changes) > 0 {
		d += changesText(r.Changes)
	} else {
		d += " (tarif à la date de début du contrat)"
	}
	return d
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// answersError turns the engine's refusal of changed answers into field
// errors: the postal code is the address's field, the others are
// answers.key.
func answersError(err error) error {
	var fields pricing.FieldErrors
	if !errors.As(err, &fields) || len(fields) == 0 {
		return err
	}
	e := &apperr.Error{Code: apperr.EINVALID}
	for _, f := range fields {
		name := f.Field
		if name != "postalCode" {
			name = "answers." + name
		}
		e.Fields = append(e.Fields, apperr.FieldMessage{Field: name, Message: f.Message})
	}
	e.Field, e.Message = e.Fields[0].Field, e.Fields[0].Message
	return e
}

// changesText is « (label : before → after ; …) » for the history's
// lines, "" without changes.
func changesText(changes [][3]string) string {
	if len(changes) == 0 {
		return ""
	}
	parts := make([]string, len(changes))
	for i, ch := range changes {
		parts[i] = ch[0] + "\u00a0: " + orDash(ch[1]) + " → " + orDash(ch[2])
	}
	return " (" + strings.Join(parts, "\u00a0; ") + ")"
}
