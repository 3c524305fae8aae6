package complaint

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// TestDeadlinesInTheCompanyCalendar: the acknowledgement is due at the
// closing time of the 10th working day (Saturdays count, Sundays and
// public holidays do not), the answer 2 calendar months later at the same
// Paris time, across weekends, holidays and the change to summer time.
func TestDeadlinesInTheCompanyCalendar(t *testing.T) {
	tests := []struct {
		name               string
		filed, ack, answer time.Time
	}{
		{"a Monday morning", at(2026, 3, 2, 10, 0), at(2026, 3, 13, 18, 0), at(2026, 5, 2, 10, 0)},
		{"a Saturday morning: counted from Monday", at(2026, 3, 7, 11, 0), at(2026, 3, 19, 18, 0), at(2026, 5, 7, 11, 0)},
		{"a Sunday evening", at(2026, 3, 8, 21, 30), at(2026, 3, 19, 18, 0), at(2026, 5, 8, 21, 30)},
		{"before 1 May, 8 May and Ascension", at(2026, 4, 30, 10, 0), at(2026, 5, 15, 18, 0), at(2026, 6, 30, 10, 0)},
		{"before 14 July: due on a Saturday at noon", at(2026, 7, 13, 10, 0), at(2026, 7, 25, 12, 0), at(2026, 9, 13, 10, 0)},
		{"Christmas Eve: 25 December and 1 January skipped", at(2026, 12, 24, 16, 0), at(2027, 1, 7, 18, 0), at(2027, 2, 24, 16, 0)},
		{"before summer time and Easter Monday", at(2026, 3, 27, 10, 0), at(2026, 4, 9, 18, 0), at(2026, 5, 27, 10, 0)},
		{"31 December: the answer on the last day of February", at(2026, 12, 31, 9, 0), at(2027, 1, 13, 18, 0), at(2027, 2, 28, 9, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnvAt(t, tt.filed, nil)
			f := e.file(t, account.Visitor)
			if f.AcknowledgeDueAt != store.FormatTime(tt.ack) || f.AnswerDueAt != store.FormatTime(tt.answer) {
				t.Errorf("due %s / %s, want %s / %s", f.AcknowledgeDueAt, f.AnswerDueAt, store.FormatTime(tt.ack), store.FormatTime(tt.answer))
			}
			if f.AcknowledgeDays != 10 || f.AnswerMonths != 2 {
				t.Errorf("delays %d days, %d months", f.AcknowledgeDays, f.AnswerMonths)
			}
			if r := e.request(t, f.ID).Request; r.DueAt != f.AcknowledgeDueAt {
				t.Errorf("request due %s, want the acknowledgement's %s", r.DueAt, f.AcknowledgeDueAt)
			}
		})
	}
}

// fakeCalendar answers fixed dates, so the service is shown to use what
// the calendar says and nothing else.
type fakeCalendar struct {
	days, months []int
	ack, answer  time.Time
}

func (f *fakeCalendar) AddWorkingDays(_ time.Time, n int) time.Time {
	f.days = append(f.days, n)
	return f.ack
}
func (f *fakeCalendar) AddMonths(_ time.Time, n int) time.Time {
	f.months = append(f.months, n)
	return f.answer
}

// TestDeadlinesFollowTheProcedure: the request's deadline is the
// acknowledgement's, then the answer's once acknowledged, then none once
// answered; overdue when the clock passes it.
func TestDeadlinesFollowTheProcedure(t *testing.T) {
	cal := &fakeCalendar{ack: at(2026, 3, 5, 18, 0), answer: at(2026, 4, 20, 12, 0)}
	e := newEnvAt(t, at(2026, 3, 2, 10, 0), cal)
	ctx := context.Background()
	id := e.taken(t)
	if len(cal.days) != 1 || cal.days[0] != 10 || len(cal.months) != 1 || cal.months[0] != 2 {
		t.Fatalf("calendar asked %v working days, %v months", cal.days, cal.months)
	}
	steps := []struct {
		name    string
		advance time.Duration
		act     func() error
		due     time.Time
		overdue bool
		status  string
	}{
		{name: "filed", due: cal.ack, status: "Nouvelle"},
		{name: "past the acknowledgement's date", advance: 4 * 24 * time.Hour, due: cal.ack, overdue: true, status: "Nouvelle"},
		{name: "acknowledged", act: func() error { _, err := e.svc.Acknowledge(ctx, e.agent, id, ackText); return err }, due: cal.answer, status: "Accusé de réception envoyé"},
		{name: "in progress", act: func() error { _, err := e.desk.SetStatus(ctx, e.agent, id, StatusInProgress); return err }, due: cal.answer, status: "En cours d’instruction"},
		{name: "past the answer's date", advance: 60 * 24 * time.Hour, due: cal.answer, overdue: true, status: "En cours d’instruction"},
		{name: "answered", act: func() error { _, err := e.svc.Answer(ctx, e.agent, id, answerText); return err }, status: "Réponse envoyée"},
	}
	for _, s := range steps {
		e.clock.Advance(s.advance)
		if s.act != nil {
			if err := s.act(); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
		r := e.request(t, id).Request
		want := ""
		if !s.due.IsZero() {
			want = store.FormatTime(s.due)
		}
		if r.DueAt != want || r.Overdue != s.overdue || r.StatusLabel != s.status {
			t.Errorf("%s: due %q overdue %v status %q, want %q %v %q", s.name, r.DueAt, r.Overdue, r.StatusLabel, want, s.overdue, s.status)
		}
	}
}
