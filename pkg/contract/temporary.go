package contract

import (
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/document"
)

// A temporary contract (a product "temporary" in the rating file, the
// « temp ») insures a car for 1 to 90 days: it may start on the day it
// is signed, from the next full hour; it ends on its own; under one month
// it has no withdrawal period (L112-2-1) and the loi Hamon never applies
// to it (L113-15-2 names yearly contracts; the rating file refuses a
// temporary product whose spec says Hamon).

// temporary tells a contract of fixed length.
func (s *Service) temporary(c *Contract) bool { return s.tariff().Temporary(c.Product) }

// withdrawable tells whether the client of c has the 14 days to withdraw:
// every contract but a temporary one of less than a month.
func (s *Service) withdrawable(c *Contract) bool {
	if !s.temporary(c) {
		return true
	}
	start, _ := time.Parse(layout, c.StartDate)
	return !start.AddDate(0, 0, max(c.Risk.Days, 1)).Before(addMonths(start, 1))
}

// coverPeriod is when a temporary contract covers, in loc: from the hour
// its signature fixed (StartHour), or before it the next full hour after
// at when it starts on at's day, midnight on a later day; for its days.
func coverPeriod(c *Contract, at time.Time, loc *time.Location) (from, to time.Time) {
	d, _ := time.Parse(layout, c.StartDate)
	hour := c.Risk.StartHour
	if c.SignedAt == nil && day(at, loc).Equal(d) {
		hour = nextHour(at, loc)
	}
	from = time.Date(d.Year(), d.Month(), d.Day(), hour, 0, 0, 0, loc)
	return from, from.AddDate(0, 0, max(c.Risk.Days, 1))
}

// nextHour is the next full hour after t in loc (24 when there is none
// left in its day).
func nextHour(t time.Time, loc *time.Location) int { return t.In(loc).Hour() + 1 }

// checkStart checks c's start date on now: CheckStart's rules, and for a
// temporary contract today too, while a full hour is left in the day.
func (s *Service) checkStart(c *Contract, start time.Time) error {
	today := s.today()
	if s.temporary(c) && start.Before(today) {
		return apperr.FieldErrorf("startDate", "Le contrat peut commencer au plus tôt aujourd’hui, le %s, à l’heure pleine qui suit la signature.", frDate(today))
	}
	if s.temporary(c) && start.Equal(today) {
		if nextHour(s.now(), s.loc) > 23 {
			return apperr.FieldErrorf("startDate", "Il ne reste plus d’heure pleine aujourd’hui\u00a0: le contrat peut commencer demain, le %s.", frDate(today.AddDate(0, 0, 1)))
		}
		return nil
	}
	return CheckStart(start, today, c.Switch != nil)
}

// attestation composes the attestation of a home or of a temporary
// contract at at.
func (s *Service) attestation(c *Contract, at time.Time) (*document.Doc, error) {
	in := document.AttestationInput{Contract: c.Number, Issued: at, Insurer: s.insurerName(c), Holder: s.person(c), Guarantees: c.Guarantees}
	if ins, ok := s.tariff().Insurer(c.Insurer); ok {
		in.InsurerPhone = ins.AssistancePhone
	}
	if s.temporary(c) {
		v := s.vehicle(c)
		in.Vehicle = &v
		in.From, in.To = coverPeriod(c, at, s.loc)
		return s.papers.Renderer.TemporaryAttestation(in)
	}
	start, _ := time.Parse(layout, c.StartDate)
	d := c.Risk.Dwelling
	if d == nil {
		d = &Dwelling{}
	}
	in.Dwelling = &document.Dwelling{Address: s.person(c).Address, Kind: d.Kind, Status: d.Status, Surface: d.Surface, Rooms: d.Rooms}
	in.From, in.To = coverStart(c, start), coverEnd(c, start)
	return s.papers.Renderer.HomeAttestation(in)
}
