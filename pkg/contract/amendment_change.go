package contract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"courtier/pkg/apperr"
	"courtier/pkg/pricing"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// How each kind of amendment changes a contract, how the change is
// priced, and what it says to people.

// applyChange writes changes over prop.after.
func (s *Service) applyChange(ctx context.Context, tx *store.Tx, prop *proposal, kind string, changes map[string]json.RawMessage, add func(f, m string)) error {
	c := prop.after
	answers := map[string]json.RawMessage{}
	for k, v := range changes {
		switch k {
		case "registration", "address", "city", "postalCode", "formulaId", "holder", "iban", "bic":
		default:
			answers[k] = v
		}
	}
	str := func(k string) (string, bool) {
		raw, ok := changes[k]
		if !ok {
			return "", false
		}
		var v string
		if err := json.Unmarshal(raw, &v); err != nil {
			add("changes."+k, "Cette réponse n’a pas le bon format.")
			return "", false
		}
		return strings.Join(strings.Fields(v), " "), true
	}
	switch kind {
	case AmendVehicle:
		if id, ok := str("vehicleId"); ok && id != "" {
			for _, k := range describedKeys {
				if _, given := answers[k]; !given && s.asks(c.Product, k) {
					answers[k] = json.RawMessage("null")
				}
			}
		}
		if _, ok := changes["vehicleYear"]; !ok {
			add("changes.vehicleYear", "Indiquez l’année de mise en circulation du véhicule.")
		}
		reg, _ := str("registration")
		if reg, err := NormalizeRegistration(reg); err != nil {
			add("changes.registration", apperr.MessageOf(err))
		} else if err := s.mergeChanged(c, answers); err == nil {
			s.riskVehicle(c, *c.Risk.Answers)
			if c.Risk.Vehicle != nil {
				c.Risk.Vehicle.Registration = reg
			}
		} else {
			return err
		}
	case AmendAddress:
		text := func(k string, dst *string, max int, what string) {
			if v, ok := str(k); ok {
				if v == "" || utf8.RuneCountInString(v) > max {
					add("changes."+k, fmt.Sprintf("Indiquez %s (%d\u00a0caractères au plus).", what, max))
					return
				}
				*dst = v
			} else if _, given := changes[k]; !given {
				add("changes."+k, "Indiquez "+what+".")
			}
		}
		text("address", &c.Holder.Address, 120, "la nouvelle adresse")
		text("city", &c.Holder.City, 60, "la ville")
		pc, ok := str("postalCode")
		switch {
		case !ok:
			if _, given := changes["postalCode"]; !given {
				add("changes.postalCode", "Indiquez le code postal.")
			}
		case !postalCode.MatchString(pc):
			add("changes.postalCode", "Indiquez un code postal de 5\u00a0chiffres.")
		default:
			c.Holder.PostalCode = pc
			if c.Risk.Answers != nil {
				answers["postalCode"] = json.RawMessage(`"` + pc + `"`)
			}
		}
		if len(answers) > 0 && c.Risk.Answers == nil {
			add("changes", "Les réponses de ce contrat ont été étudiées par votre conseiller\u00a0: écrivez-lui pour les changer.")
			return nil
		}
		if err := s.mergeChanged(c, answers); err != nil {
			return err
		}
		if c.Risk.Answers != nil {
			s.riskDwelling(c, *c.Risk.Answers)
		}
	case AmendDriver:
		if _, ok := changes["namedDrivers"]; !ok {
			add("changes.namedDrivers", "Indiquez le nombre de conducteurs désignés.")
			return nil
		}
		return s.mergeChanged(c, answers)
	case AmendFormula:
		id, _ := str("formulaId")
		switch {
		case id == "":
			add("changes.formulaId", "Choisissez la nouvelle formule.")
		case id == c.Risk.FormulaID:
			add("changes.formulaId", "C’est déjà la formule de votre contrat.")
		default:
			c.Risk.FormulaID = id
		}
	case AmendBank:
		sg := &Signing{}
		sg.Holder, _ = str("holder")
		sg.IBAN, _ = str("iban")
		sg.BIC, _ = str("bic")
		checkAccount(sg, func(f, m string) { add("changes."+f, m) })
		prop.bank = sg
	}
	return nil
}

// mergeChanged writes the answers changed over c's, their errors named
// after the changes' keys.
func (s *Service) mergeChanged(c *Contract, answers map[string]json.RawMessage) error {
	if len(answers) == 0 {
		return nil
	}
	raw, err := json.Marshal(answers)
	if err != nil {
		return err
	}
	return renameFields(s.mergeAnswers(c, raw), "answers", "changes")
}

// renameFields names err's fields from prefix from with prefix to.
func renameFields(err error, from, to string) error {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return err
	}
	out := *e
	rename := func(f string) string {
		if f == from || strings.HasPrefix(f, from+".") {
			return to + f[len(from):]
		}
		if f == "postalCode" {
			return to + ".postalCode"
		}
		return f
	}
	out.Field = rename(e.Field)
	out.Fields = make([]apperr.FieldMessage, len(e.Fields))
	for i, f := range e.Fields {
		out.Fields[i] = apperr.FieldMessage{Field: rename(f.Field), Message: f.Message}
	}
	return &out
}

// advisor ends what the rating file refuses: the way to ask a person.
const advisor = " Pour ce changement, contactez un conseiller\u00a0: il étudiera votre demande."

// priceChange prices prop.after on the effective date with its insurer
// and formula: the engine's price becomes its premium.
func (s *Service) priceChange(prop *proposal, kind string) error {
	c := prop.after
	var needs pricing.Needs
	if c.Risk.Needs != nil {
		needs = *c.Risk.Needs
	}
	res, err := s.tariff().Price(c.Product, *c.Risk.Answers, needs, pricing.DateOf(prop.effective))
	if err != nil {
		err = renameFields(answersError(err), "answers", "changes")
		var e *apperr.Error
		if errors.As(err, &e) {
			out := *e
			out.Message += advisor
			for i := range out.Fields {
				out.Fields[i].Message += advisor
			}
			return &out
		}
		return err
	}
	i := slices.IndexFunc(res.Prices, func(p pricing.Price) bool {
		return p.FormulaID == c.Risk.FormulaID && (c.Risk.InsurerID == "" || p.InsurerID == c.Risk.InsurerID)
	})
	if i < 0 {
		field := "changes"
		if kind == AmendFormula {
			field = "changes.formulaId"
		}
		return apperr.FieldErrorf(field, "%s ne propose pas cette formule pour votre contrat ainsi changé."+advisor, c.Insurer)
	}
	p := &res.Prices[i]
	c.YearlyCents, c.MonthlyCents, c.TaxesCents, c.DeductibleCents = p.YearlyCents, p.MonthlyCents, p.TaxesCents, p.DeductibleCents
	c.Guarantees, c.Formula = p.Guarantees, p.Formula
	c.Risk.Deductibles = nil
	for _, d := range p.Deductibles {
		c.Risk.Deductibles = append(c.Risk.Deductibles, Deductible{Label: d.Label, Cents: d.Cents})
	}
	c.Risk.Lines = s.answerLines(c.Product, *c.Risk.Answers)
	c.Risk.Trace = p.Trace
	if c.Rhythm == "monthly" && c.MonthlyCents == 0 {
		return apperr.FieldErrorf("changes", "Ce changement ne se paie pas au mois\u00a0: il demande un paiement annuel."+advisor)
	}
	a := &prop.a
	a.YearlyCentsAfter, a.MonthlyCentsAfter = p.YearlyCents, p.MonthlyCents
	a.Trace = traceChanges(currentTrace(prop.before), p.Trace)
	return nil
}

// peopleLines are what a contract says of its risk, as label and value.
func (s *Service) peopleLines(c *Contract) [][2]string {
	out := [][2]string{{"Formule", c.Formula + " (" + c.Insurer + ")"},
		{"Adresse", c.Holder.Address + ", " + c.Holder.PostalCode + " " + c.Holder.City}}
	if v := c.Risk.Vehicle; v != nil {
		out = append(out, [2]string{"Véhicule", strings.TrimSpace(v.Name())}, [2]string{"Immatriculation", v.Registration})
	}
	for _, l := range c.Risk.Lines {
		if !slices.ContainsFunc(out, func(o [2]string) bool { return o[0] == l[0] }) {
			out = append(out, l)
		}
	}
	return out
}

// peopleChanges are the lines that change, label, before and after; for
// a bank account, the holder and the masked IBAN.
func (s *Service) peopleChanges(ctx context.Context, tx *store.Tx, prop *proposal) ([][3]string, error) {
	out := [][3]string{}
	if b := prop.bank; b != nil {
		m, err := findMandate(ctx, tx, prop.before.ID)
		if err != nil {
			return nil, err
		}
		var holder, account string
		if m != nil {
			holder, account = m.Holder, m.IBAN
		}
		if holder != b.Holder {
			out = append(out, [3]string{"Titulaire du compte", holder, b.Holder})
		}
		if n := sepa.MaskIBAN(b.IBAN); n != account || len(out) == 0 {
			out = append(out, [3]string{"Compte prélevé (IBAN)", account, n})
		}
		return out, nil
	}
	before, after := s.peopleLines(prop.before), s.peopleLines(prop.after)
	old := map[string]string{}
	for _, l := range before {
		old[l[0]] = l[1]
	}
	seen := map[string]bool{}
	for _, l := range after {
		seen[l[0]] = true
		if v, ok := old[l[0]]; !ok || v != l[1] {
			out = append(out, [3]string{l[0], v, l[1]})
		}
	}
	for _, l := range before {
		if !seen[l[0]] {
			out = append(out, [3]string{l[0], l[1], ""})
		}
	}
	return out, nil
}
