package contact

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
)

func TestRequestCallbackByRole(t *testing.T) {
	for who, code := range map[string]apperr.Code{"visitor": "", "client": "", "agent": apperr.EFORBIDDEN, "admin": apperr.EFORBIDDEN} {
		t.Run(who, func(t *testing.T) {
			f := newFixture(t, monday)
			d := f.callbackDraft(t)
			rc, err := f.svc.RequestCallback(context.Background(), f.people[who], d)
			checkCode(t, err, code, "", "")
			if code != "" {
				return
			}
			r := f.request(t, rc.ID).Request
			// Monday 10:00: the first slot starts at 11:00, an hour's notice.
			if !strings.HasPrefix(rc.Ref, "RA-2026-") || r.Phone != "0639981234" || r.Product != "car" ||
				r.Summary != "2\u00a0mars\u00a02026, 11:00\u00a0–\u00a012:00 · Assurance auto et moto" || rc.SlotStart != d.Slot.Start[:19]+".000Z" {
				t.Errorf("receipt %+v, stored %+v", rc, r)
			}
		})
	}
}

func TestRequestCallbackValidation(t *testing.T) {
	f := newFixture(t, monday)
	with := func(change func(d *CallbackDraft)) CallbackDraft {
		d := f.callbackDraft(t)
		change(&d)
		return d
	}
	tests := []struct {
		name    string
		draft   CallbackDraft
		field   string
		message string
	}{
		{"no name", with(func(d *CallbackDraft) { d.Name = "" }), "name", "Indiquez votre nom"},
		{"no phone", with(func(d *CallbackDraft) { d.Phone = " " }), "phone", "Indiquez le numéro"},
		{"foreign phone", with(func(d *CallbackDraft) { d.Phone = "+44 20 7946 0958" }), "phone", "numéro de téléphone français"},
		{"short phone", with(func(d *CallbackDraft) { d.Phone = "06 39 98" }), "phone", "numéro de téléphone français"},
		{"phone with letters", with(func(d *CallbackDraft) { d.Phone = "06 39 98 12 AB" }), "phone", "français"},
		{"unknown product", with(func(d *CallbackDraft) { d.Product = "bateau" }), "product", "Choisissez une assurance"},
		{"slot not a time", with(func(d *CallbackDraft) { d.Slot.Start = "demain" }), "slot", "parmi ceux proposés"},
		{"slot without end", with(func(d *CallbackDraft) { d.Slot.End = "" }), "slot", "parmi ceux proposés"},
		{"slot at night", with(func(d *CallbackDraft) {
			d.Slot = SlotDraft{Start: "2026-03-03T21:00:00Z", End: "2026-03-03T22:00:00Z"}
		}), "slot", "plus disponible"},
		{"slot of two hours", with(func(d *CallbackDraft) {
			d.Slot = SlotDraft{Start: "2026-03-03T08:00:00Z", End: "2026-03-03T10:00:00Z"}
		}), "slot", "plus disponible"},
		{"slot already past", with(func(d *CallbackDraft) {
			d.Slot = SlotDraft{Start: "2026-03-02T08:00:00Z", End: "2026-03-02T09:00:00Z"}
		}), "slot", "plus disponible"},
		{"slot on a Sunday", with(func(d *CallbackDraft) {
			d.Slot = SlotDraft{Start: "2026-03-08T09:00:00Z", End: "2026-03-08T10:00:00Z"}
		}), "slot", "plus disponible"},
		{"slot beyond the days offered", with(func(d *CallbackDraft) {
			d.Slot = SlotDraft{Start: "2026-04-02T08:00:00Z", End: "2026-04-02T09:00:00Z"}
		}), "slot", "plus disponible"},
		{"note too long", with(func(d *CallbackDraft) { d.Note = strings.Repeat("a", 501) }), "note", "500 caractères"},
		{"note with a bidi control", with(func(d *CallbackDraft) { d.Note = "abc\u2066def" }), "note", "non autorisés"},
		{"no consent", with(func(d *CallbackDraft) { d.Consent = false }), "consent", "Cochez la case"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.svc.RequestCallback(context.Background(), account.Visitor, tt.draft)
			checkCode(t, err, apperr.EINVALID, tt.field, tt.message)
		})
	}
}

// TestCallbackDeadlines: a chosen slot is due at its end; "as soon as
// possible" within 24 working hours (company.json), the opening hours
// counted in Paris across weekends, holidays and the change of time.
func TestCallbackDeadlines(t *testing.T) {
	tests := []struct {
		name      string
		sent, due time.Time
	}{
		{"Monday morning", monday, at(2026, time.March, 4, 16, 0)},
		{"Friday evening, over the weekend", at(2026, time.March, 6, 17, 0), at(2026, time.March, 11, 11, 0)},
		{"Saturday morning", at(2026, time.March, 7, 10, 0), at(2026, time.March, 11, 13, 0)},
		{"before 1 May", at(2026, time.April, 30, 17, 0), at(2026, time.May, 6, 11, 0)},
		{"before 14 July", at(2026, time.July, 13, 9, 0), at(2026, time.July, 16, 15, 0)},
		{"before Christmas", at(2026, time.December, 24, 9, 0), at(2026, time.December, 29, 12, 0)},
		{"across the change to summer time", at(2026, time.March, 27, 9, 0), at(2026, time.March, 31, 12, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, tt.sent)
			d := f.callbackDraft(t)
			d.Slot = SlotDraft{}
			rc, err := f.svc.RequestCallback(context.Background(), account.Visitor, d)
			if err != nil {
				t.Fatal(err)
			}
			due, _ := time.Parse(time.RFC3339, rc.DueAt)
			if !due.Equal(tt.due) || rc.SlotStart != "" {
				t.Errorf("due %s, want %s (%+v)", due.In(paris), tt.due, rc)
			}
			detail, err := f.svc.StaffCallback(context.Background(), f.people["agent"], rc.ID)
			if err != nil || detail.SlotLabel != "Dès que possible" || detail.SlotStart != "" {
				t.Errorf("detail %+v, %v", detail, err)
			}
			// With a slot, the deadline is the slot's end.
			withSlot := f.callback(t, account.Visitor)
			if withSlot.DueAt != withSlot.SlotEnd {
				t.Errorf("slot %s–%s, due %s", withSlot.SlotStart, withSlot.SlotEnd, withSlot.DueAt)
			}
		})
	}
}

func TestSlotsAreGroupedByParisDay(t *testing.T) {
	// Saturday 28 March 2026 at 9:30: Saturday's last slot (11:00, an
	// hour's notice), then Monday after the change to summer time.
	f := newFixture(t, at(2026, time.March, 28, 9, 30))
	days := f.svc.Slots()
	if len(days) != 10 {
		t.Fatalf("%d days", len(days))
	}
	if days[0].Date != "2026-03-28" || len(days[0].Slots) != 1 || !days[0].Slots[0].Start.Equal(at(2026, time.March, 28, 11, 0)) {
		t.Errorf("first day %+v", days[0])
	}
	if days[1].Date != "2026-03-30" || len(days[1].Slots) != 9 || !days[1].Slots[0].Start.Equal(at(2026, time.March, 30, 9, 0)) {
		t.Errorf("Monday %+v", days[1])
	}
	for _, d := range days {
		for _, s := range d.Slots {
			if s.Start.In(paris).Format(time.DateOnly) != d.Date || s.End.Sub(s.Start) != time.Hour || s.Start.Location() != time.UTC {
				t.Errorf("slot %v in day %s", s, d.Date)
			}
		}
	}
}

func TestLogCallByRole(t *testing.T) {
	tests := []struct {
		who  string
		code apperr.Code
	}{
		{"visitor", apperr.EUNAUTHORIZED}, {"client", apperr.EFORBIDDEN}, {"other", apperr.EFORBIDDEN},
		{"agent", ""}, {"agent2", apperr.EFORBIDDEN}, {"admin", ""},
	}
	for _, tt := range tests {
		t.Run(tt.who, func(t *testing.T) {
			f := newFixture(t, monday)
			rc := f.callback(t, f.people["client"])
			f.take(t, rc.ID, "agent")
			_, err := f.svc.LogCall(context.Background(), f.people[tt.who], rc.ID, OutcomeReached, "")
			checkCode(t, err, tt.code, "", "")
			want := StatusCalled
			if tt.code != "" {
				want = StatusInProgress // where taking it put it
			}
			if got := f.request(t, rc.ID).Request.Status; got != want {
				t.Errorf("status %s, want %s", got, want)
			}
		})
	}
}

// TestLogCallTransitions: every status × outcome; a call is logged while
// the request waits for one, reached ends in called, no answer in
// in_progress.
func TestLogCallTransitions(t *testing.T) {
	tests := []struct {
		from    desk.Status
		outcome Outcome
		want    desk.Status
		code    apperr.Code
	}{
		{StatusReceived, OutcomeReached, StatusCalled, ""},
		{StatusReceived, OutcomeNoAnswer, StatusInProgress, ""},
		{StatusInProgress, OutcomeReached, StatusCalled, ""},
		{StatusInProgress, OutcomeNoAnswer, StatusInProgress, ""},
		{StatusCalled, OutcomeReached, StatusCalled, apperr.ECONFLICT},
		{StatusCalled, OutcomeNoAnswer, StatusCalled, apperr.ECONFLICT},
		{StatusClosed, OutcomeReached, StatusClosed, apperr.ECONFLICT},
		{StatusClosed, OutcomeNoAnswer, StatusClosed, apperr.ECONFLICT},
		{StatusReceived, "busy", StatusReceived, apperr.EINVALID},
	}
	for _, tt := range tests {
		t.Run(string(tt.from)+" "+string(tt.outcome), func(t *testing.T) {
			f := newFixture(t, monday)
			rc := f.callback(t, account.Visitor)
			f.take(t, rc.ID, "agent")
			f.setStatus(t, rc.ID, tt.from)
			_, err := f.svc.LogCall(context.Background(), f.people["agent"], rc.ID, tt.outcome, "")
			checkCode(t, err, tt.code, "", "")
			if got := f.request(t, rc.ID).Request.Status; got != tt.want {
				t.Errorf("status %s, want %s", got, tt.want)
			}
		})
	}
}

// TestCallsAreCountedAndTold: a call without answer is counted, due again
// two working hours later and told to the client; a call that reached
// them clears the deadline.
func TestCallsAreCountedAndTold(t *testing.T) {
	f := newFixture(t, monday)
	ctx := context.Background()
	rc := f.callback(t, f.people["client"])
	f.take(t, rc.ID, "agent")
	f.clock.Advance(time.Hour) // 11:00
	first, err := f.svc.LogCall(ctx, f.people["agent"], rc.ID, OutcomeNoAnswer, "")
	if err != nil {
		t.Fatal(err)
	}
	if first.Label != "Tentative d’appel du 2\u00a0mars\u00a02026 à\u00a011:00" || !strings.Contains(first.Body, "06\u00a039\u00a098\u00a012\u00a034") || !strings.Contains(first.Body, "01 99 00 42 42") {
		t.Errorf("first reply %+v", first)
	}
	r := f.request(t, rc.ID)
	if r.Request.Status != StatusInProgress || r.Request.DueAt != "2026-03-02T12:00:00.000Z" {
		t.Errorf("after no answer: %+v", r.Request)
	}
	if last := r.History[len(r.History)-1]; last.Action != "no_answer" || !strings.Contains(last.Detail, "tentative n°\u00a01") {
		t.Errorf("history %+v", last)
	}
	f.clock.Advance(3 * time.Hour) // 14:00
	second, err := f.svc.LogCall(ctx, f.people["agent"], rc.ID, OutcomeReached, "Devis auto envoyé par e-mail.")
	if err != nil {
		t.Fatal(err)
	}
	if second.Label != "Appel du 2\u00a0mars\u00a02026 à\u00a014:00" || !strings.HasSuffix(second.Body, "\n\nDevis auto envoyé par e-mail.") {
		t.Errorf("second reply %+v", second)
	}
	d, err := f.svc.StaffCallback(ctx, f.people["agent"], rc.ID)
	if err != nil || d.Attempts != 2 || d.LastOutcome != "reached" || d.LastCallAt != "2026-03-02T13:00:00.000Z" || d.ProductLabel != "Assurance auto et moto" {
		t.Errorf("detail %+v, %v", d, err)
	}
	r = f.request(t, rc.ID)
	if r.Request.Status != StatusCalled || r.Request.DueAt != "" || len(r.Replies) != 2 {
		t.Errorf("after the call: %+v", r)
	}
	mine, _ := f.desk.Mine(ctx, f.people["client"])
	if len(mine) != 1 || mine[0].StatusLabel != "Appel effectué" || len(mine[0].Replies) != 2 {
		t.Errorf("client view %+v", mine)
	}
}

func TestLogCallRefusals(t *testing.T) {
	f := newFixture(t, monday)
	rc := f.callback(t, account.Visitor)
	msg := f.message(t, account.Visitor)
	f.take(t, rc.ID, "agent")
	f.take(t, msg.ID, "agent")
	agent := f.people["agent"]
	_, err := f.svc.LogCall(context.Background(), agent, rc.ID, OutcomeReached, strings.Repeat("a", 1001))
	checkCode(t, err, apperr.EINVALID, "note", "1\u202f000")
	_, err = f.svc.LogCall(context.Background(), agent, msg.ID, OutcomeReached, "")
	checkCode(t, err, apperr.ENOTFOUND, "", "")
	_, err = f.svc.LogCall(context.Background(), agent, "inconnu", OutcomeReached, "")
	checkCode(t, err, apperr.ENOTFOUND, "", "")
}
