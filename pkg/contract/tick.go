package contract

import (
	"context"
	"time"

	"courtier/pkg/account"
)

// TickStep is what one step of a day's work did: its name, its French
// label for the operator and how many contracts or debits it moved.
type TickStep struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Count int    `json:"count"`
}

// TickReport is a day's work (Tick), step by step.
type TickReport struct {
	Day   string     `json:"day"`
	Steps []TickStep `json:"steps"`
}

// step is one step of the day's work: it does, as of day (a civil day at
// midnight UTC, as day() makes it), everything due on or before day that
// is not done yet, so that a tick run twice, or after days missed, does
// each thing once.
type step struct {
	name, label string
	run         func(ctx context.Context, day time.Time) (int, error)
}

// steps are the day's work in its order: the debits whose return window
// passed are paid before the incidents' clocks run, and the notices go
// before the renewals they announce.
func (s *Service) steps() []step {
	return []step{
		{"paid", "prélèvements payés", s.settleDebits},
		{"incidents", "incidents de paiement avancés", s.runIncidents},
		{"notices", "avis d’échéance envoyés", s.sendNotices},
		{"renewals", "contrats renouvelés ou arrivés à leur terme", s.renewDue},
	}
}

// Tick does the day's work of the contracts as of date (YYYY-MM-DD; today
// when ""): the debits paid once their return window passed, the payment
// incidents' letters and suspensions, the avis d'échéance and the
// renewals. Idempotent: a second tick of the same day changes nothing and
// sends nothing again. For the server's operator and admins; serve runs it
// once a day across its instances.
func (s *Service) Tick(ctx context.Context, actor account.Actor, date string) (*TickReport, error) {
	if !actor.IsOperator() {
		if err := actor.RequireAdmin(); err != nil {
			return nil, err
		}
	}
	d := s.today()
	if date != "" {
		var err error
		if d, err = parseDay("date", date, "la date"); err != nil {
			return nil, err
		}
	}
	// The letters and avis of the day are sealed inside the write
	// transactions of their steps: the sealing key is read before, as the
	// key's own store may need the writer those transactions hold.
	if _, _, err := s.sealer(ctx); err != nil {
		return nil, s.fail("travail du jour", err, "day", d.Format(layout))
	}
	r := &TickReport{Day: d.Format(layout)}
	for _, st := range s.steps() {
		n, err := st.run(ctx, d)
		if err != nil {
			return nil, s.fail("travail du jour ("+st.name+")", err, "day", r.Day)
		}
		r.Steps = append(r.Steps, TickStep{Name: st.name, Label: st.label, Count: n})
	}
	return r, nil
}

// TickToday is Tick of today as the server's own task (serve).
func (s *Service) TickToday(ctx context.Context) (int, error) {
	r, err := s.Tick(ctx, account.Operator, "")
	if err != nil {
		return 0, err
	}
	n := 0
	for _, st := range r.Steps {
		n += st.Count
	}
	return n, nil
}

// tickTime is when the work of day is recorded: now for today, 06:00 in
// the broker's time zone for another day (a day caught up, or a test).
func (s *Service) tickTime(d time.Time) time.Time {
	if d.Equal(s.today()) {
		return s.now()
	}
	return time.Date(d.Year(), d.Month(), d.Day(), 6, 0, 0, 0, s.loc)
}
