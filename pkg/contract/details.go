package contract

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

var (
	// sivPlate is a registration of the SIV (since 2009): AB-123-CD,
	// without I, O or U.
	sivPlate = regexp.MustCompile(`^([A-HJ-NP-TV-Z]{2})-?([0-9]{3})-?([A-HJ-NP-TV-Z]{2})$`)
	// fniPlate is an older one, still on the road: 1234 AB 56.
	fniPlate   = regexp.MustCompile(`^([0-9]{1,4}) ?([A-Z]{1,3}) ?([0-9]{2}|2A|2B|97[1-6])$`)
	postalCode = regexp.MustCompile(`^[0-9]{5}$`)
)

// NormalizeRegistration writes a registration as on the plate, AB-123-CD
// or 1234 AB 56; EINVALID when it is neither.
func NormalizeRegistration(s string) (string, error) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), " "))
	if m := sivPlate.FindStringSubmatch(strings.ReplaceAll(s, " ", "-")); m != nil {
		return m[1] + "-" + m[2] + "-" + m[3], nil
	}
	if m := fniPlate.FindStringSubmatch(s); m != nil {
		return m[1] + " " + m[2] + " " + m[3], nil
	}
	return "", apperr.FieldErrorf("registration", "Indiquez l’immatriculation telle qu’elle figure sur la carte grise, par exemple AB-123-CD.")
}

// apply checks and sets details on c (pending only); every wrong field
// is reported at once.
func (s *Service) apply(c *Contract, d Details, creating bool) error {
	var bad []apperr.FieldMessage
	add := func(field, msg string) { bad = append(bad, apperr.FieldMessage{Field: field, Message: msg}) }
	text := func(field string, v *string, dst *string, max int, what string) {
		if v == nil {
			return
		}
		t := strings.Join(strings.Fields(*v), " ")
		if t == "" || utf8.RuneCountInString(t) > max {
			add(field, fmt.Sprintf("Indiquez %s (%d\u00a0caractères au plus).", what, max))
			return
		}
		*dst = t
	}
	text("address", d.Address, &c.Holder.Address, 120, "votre adresse")
	text("city", d.City, &c.Holder.City, 60, "votre ville")
	if d.PostalCode != nil {
		pc := strings.TrimSpace(*d.PostalCode)
		switch {
		case !postalCode.MatchString(pc):
			add("postalCode", "Indiquez un code postal de 5\u00a0chiffres.")
		default:
			c.Holder.PostalCode = pc
			// The address is where the risk lives: its postal code rates it.
			if c.Risk.Answers != nil {
				c.Risk.Answers.PostalCode = pc
			}
		}
	}
	if d.Registration != nil && s.spec(c.Product).Vehicle() {
		reg, err := NormalizeRegistration(*d.Registration)
		if err != nil {
			add("registration", apperr.MessageOf(err))
		} else {
			if c.Risk.Vehicle == nil {
				c.Risk.Vehicle = &Vehicle{}
			}
			c.Risk.Vehicle.Registration = reg
		}
	}
	s.applyRhythm(c, d.Rhythm, add)
	if d.Switch != nil {
		sw := Switch{Insurer: strings.TrimSpace(d.Switch.Insurer), PolicyNumber: strings.TrimSpace(d.Switch.PolicyNumber)}
		switch {
		case sw.Insurer == "" && sw.PolicyNumber == "":
			c.Switch = nil
		case !s.spec(c.Product).Hamon:
			add("switch", "Le changement d’assureur par le courtier (loi Hamon) ne s’applique pas à ce contrat.")
		case sw.Insurer == "" || len(sw.Insurer) > 80:
			add("switch.insurer", "Indiquez le nom de votre assureur actuel.")
		case sw.PolicyNumber == "" || len(sw.PolicyNumber) > 40:
			add("switch.policyNumber", "Indiquez le numéro de votre contrat actuel.")
		default:
			c.Switch = &sw
		}
	}
	if creating && c.Rhythm == "" {
		s.applyRhythm(c, nil, add)
	}
	if len(bad) > 0 {
		return &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	return nil
}

// applyAll checks and sets on c, pending, everything d gives: the
// policyholder (over the contract's, else the profile's, which keeps
// it for next time), the answers that changed, then the details; every
// wrong field is reported at once.
func (s *Service) applyAll(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract, d Details, creating bool) error {
	var errs []error
	p := policyholderOf(c.Holder)
	if !p.Complete() {
		saved, err := account.FindPolicyholder(ctx, tx, actor.UID)
		if err != nil {
			return err
		}
		for _, f := range [][2]*string{{&p.FirstName, &saved.FirstName}, {&p.LastName, &saved.LastName}, {&p.BirthDate, &saved.BirthDate}, {&p.Phone, &saved.Phone}} {
			if *f[0] == "" {
				*f[0] = *f[1]
			}
		}
	}
	given := d.Policyholder != nil
	if err := p.Apply(d.Policyholder, s.today()); err != nil && (creating || given) {
		errs = append(errs, err)
	} else if err == nil {
		c.Holder.FirstName, c.Holder.LastName, c.Holder.BirthDate, c.Holder.Phone = p.FirstName, p.LastName, p.BirthDate, p.Phone
		c.Holder.Name = p.FullName()
		if given {
			if err := account.KeepPolicyholder(ctx, tx, actor.UID, p, s.now()); err != nil {
				return err
			}
		}
	}
	if err := s.mergeAnswers(c, d.Answers); err != nil {
		errs = append(errs, err)
	}
	if err := s.apply(c, d, creating); err != nil {
		errs = append(errs, err)
	}
	return joinFields(errs)
}

// joinFields makes one EINVALID of the field errors errs, or returns
// the first other error.
func joinFields(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	out := &apperr.Error{Code: apperr.EINVALID}
	for _, err := range errs {
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.EINVALID {
			return err
		}
		if len(e.Fields) == 0 {
			out.Fields = append(out.Fields, apperr.FieldMessage{Field: e.Field, Message: e.Message})
		}
		out.Fields = append(out.Fields, e.Fields...)
	}
	out.Field, out.Message = out.Fields[0].Field, out.Fields[0].Message
	return out
}

// policyholderOf is the policyholder a contract's holder names.
func policyholderOf(h Holder) account.Policyholder {
	return account.Policyholder{FirstName: h.FirstName, LastName: h.LastName, BirthDate: h.BirthDate, Phone: h.Phone}
}

// applyRhythm sets how c is paid: monthly when the price has a monthly
// amount, unless the client chose yearly.
func (s *Service) applyRhythm(c *Contract, r *string, add func(field, msg string)) {
	switch {
	case r == nil && c.Rhythm != "":
	case r == nil && c.MonthlyCents > 0, r != nil && *r == "monthly" && c.MonthlyCents > 0:
		c.Rhythm = "monthly"
	case r == nil, r != nil && *r == "yearly":
		c.Rhythm = "yearly"
	case *r == "monthly":
		add("rhythm", "Ce contrat se paie en une fois.")
	default:
		add("rhythm", "Choisissez un paiement mensuel ou annuel.")
	}
}

// missing lists what c still needs before the signature: a vehicle's
// registration too.
func (s *Service) missing(c *Contract) []string {
	out := []string{}
	for _, f := range [][2]string{{"policyholder.firstName", c.Holder.FirstName}, {"policyholder.lastName", c.Holder.LastName},
		{"policyholder.birthDate", c.Holder.BirthDate}, {"policyholder.phone", c.Holder.Phone}} {
		if f[1] == "" {
			out = append(out, f[0])
		}
	}
	if c.Holder.Address == "" {
		out = append(out, "address")
	}
	if c.Holder.PostalCode == "" {
		out = append(out, "postalCode")
	}
	if c.Holder.City == "" {
		out = append(out, "city")
	}
	if s.spec(c.Product).Vehicle() && (c.Risk.Vehicle == nil || c.Risk.Vehicle.Registration == "") {
		out = append(out, "registration")
	}
	return out
}

// Update sets the details of a contract before its signature (PUT
// /api/contracts/{id}); the documents to read are issued again.
func (s *Service) Update(ctx context.Context, actor account.Actor, id string, d Details, start string) (*Contract, error) {
	err := s.db.WriteTx(ctx, func(tx *store.Tx) error {
		c, err := s.own(ctx, tx, actor, id)
		if err != nil {
			return err
		}
		if c.Status != StatusPending {
			return apperr.Errorf(apperr.ECONFLICT, "Ce contrat est signé\u00a0: ses conditions ne se modifient plus en ligne. Écrivez-nous pour tout changement.")
		}
		before := c.Risk.Repricing
		if err := s.applyAll(ctx, tx, actor, c, d, false); err != nil {
			return err
		}
		if start != "" {
			day, err := parseDay("startDate", start, "la date de début du contrat")
			if err != nil {
				return err
			}
			c.StartDate = day.Format(layout)
		}
		startDay, _ := time.Parse(layout, c.StartDate)
		if err := s.checkStart(c, startDay); err != nil {
			return err
		}
		if err := s.reprice(c); err != nil {
			return err
		}
		c.UpdatedAt = s.now()
		if err := updateContract(ctx, tx, c); err != nil {
			return err
		}
		if r := c.Risk.Repricing; r != nil && (before == nil || before.ToYearlyCents != r.ToYearlyCents || len(before.Changes) != len(r.Changes)) {
			if err := s.record(ctx, tx, actor, c, "repriced", repricedDetail(r), c.UpdatedAt); err != nil {
				return err
			}
		}
		return dropDrafts(ctx, tx, c.ID)
	})
	if err != nil {
		return nil, s.fail("contrat modifié", err, "uid", actor.UID, "id", id)
	}
	if err := s.ensureDrafts(ctx, id); err != nil {
		return nil, s.fail("documents d'un contrat", err, "id", id)
	}
	return s.Get(ctx, actor, id)
}

// answerLines writes a price's answers as the form asked them: label and
// value in French, for the documents and staff.
func (s *Service) answerLines(product string, a pricing.Answers) [][2]string {
	fields, _ := s.tariff().Form(product)
	raw, _ := json.Marshal(a)
	var values map[string]any
	_ = json.Unmarshal(raw, &values)
	lines := [][2]string{}
	for _, f := range fields {
		v, ok := values[f.Key]
		if !ok {
			continue
		}
		lines = append(lines, [2]string{f.Label, s.answerValue(f, v)})
	}
	return lines
}

func (s *Service) answerValue(f *pricing.FormField, v any) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "Oui"
		}
		return "Non"
	case float64:
		if f.Key == "vehicleId" {
			break
		}
		if f.Type == "cents" || f.Type == "vehicleCents" {
			return pricing.Euros(int64(x))
		}
		n := strconv.FormatFloat(x, 'f', -1, 64)
		// A year is a name, not a quantity: « 2020 », never « 2 020 ».
		if x == float64(int64(x)) && f.Type != "vehicleYear" {
			n = fr.Int(int(x)) // 12 000, its thousands apart
		}
		if f.Unit != "" {
			return strings.ReplaceAll(n, ".", ",") + "\u00a0" + f.Unit
		}
		return strings.ReplaceAll(n, ".", ",")
	case string:
		for _, ch := range f.Choices {
			if ch.ID == x {
				return ch.Label
			}
		}
		if f.Key == "vehicleId" {
			if veh, ok := s.tariff().Catalogue().Vehicle(x); ok {
				return veh.Name()
			}
		}
		if d, err := time.Parse(layout, x); err == nil {
			return frDate(d)
		}
		return x
	}
	return fmt.Sprint(v)
}
