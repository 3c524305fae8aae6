package contract_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
	"courtier/pkg/unpaid"
)

// at moves the fixture's clock to 09:00 UTC of date (YYYY-MM-DD), 10:00
// or 11:00 in Paris. A date already reached that day leaves the clock
// alone; an earlier day fails the test, since time here never goes back.
func (f *fixture) at(t *testing.T, date string) {
	t.Helper()
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		t.Fatal(err)
	}
	now := f.clock.Now().UTC()
	if d.Before(now.Truncate(24 * time.Hour)) {
		t.Fatalf("the clock cannot go back to %s from %s", date, now.Format(time.DateOnly))
	}
	if want := d.Add(9 * time.Hour); want.After(now) {
		f.clock.Advance(want.Sub(now))
	}
}

// incidentsOn runs the day's work of date and returns the incidents' count.
func (f *fixture) incidentsOn(t *testing.T, date string) int {
	t.Helper()
	return f.tick(t, date)["incidents"]
}

// events counts the events of kind recorded for contract id: one e-mail each.
func (f *fixture) events(t *testing.T, id, kind string) int {
	t.Helper()
	var n int
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT COUNT(*) FROM events WHERE kind = ? AND aggregate = ?", kind, "contract:"+id).Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// debitStatus is the status of debit seq of contract id, and whether it is cancelled.
func (f *fixture) debitStatus(t *testing.T, id string, seq int) (status string, cancelled bool) {
	t.Helper()
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT status, cancelled FROM debits WHERE contract_id = ? AND seq = ?", id, seq).Scan(&status, &cancelled)
	})
	if err != nil {
		t.Fatal(err)
	}
	return status, cancelled
}

// fileOf reads c's newest document of kind as its owner.
func (f *fixture) fileOf(t *testing.T, c *contract.Contract, kind string) ([]byte, error) {
	t.Helper()
	for _, d := range c.Documents {
		if d.Kind == kind {
			file, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", d.ID)
			if err != nil {
				return nil, err
			}
			return file.Data, nil
		}
	}
	t.Fatalf("%s has no document %s", c.Number, kind)
	return nil, nil
}

// rejected signs marie's car contract (first debit due 10 March 2026) and
// has the bank reject its first debit on 13 March.
func (f *fixture) rejected(t *testing.T) *contract.Contract {
	t.Helper()
	c := f.sign(t, f.draft(t))
	f.at(t, "2026-03-13")
	if err := f.app.Contracts.RejectForTest(f.ctx, c.ID, 1, "Provision insuffisante", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	return f.get(t, c.ID)
}

// TestIncidentOpens: a rejected debit opens an incident at once: the
// e-mail, the request « Impayé », the debit presented again, the dates of
// the clock on the contract's page; opened twice, it is opened once.
func TestIncidentOpens(t *testing.T) {
	f := newFixture(t)
	c := f.rejected(t)
	i := c.Incident
	if i == nil {
		t.Fatal("no incident on the contract")
	}
	first := c.Schedule[0]
	want := contract.Incident{DueDate: "2026-03-10", AmountCents: first.AmountCents, ReasonLabel: "Provision insuffisante",
		Reference: "IMP-" + c.Number + "-01", IBAN: "FR76 3000 6000 0112 3456 7890 189", BIC: "AGRIFRPP", RepresentDate: "2026-03-18",
		NoticeAt: "2026-03-20", SuspendAt: "2026-04-19", TerminateAt: "2026-04-29", Stage: "open", StageLabel: "Prélèvement rejeté"}
	if *i != want {
		t.Errorf("incident\n got %+v\nwant %+v", *i, want)
	}
	if c.Status != contract.StatusAwaiting {
		t.Errorf("status %s: a rejected debit suspends nothing yet", c.Status)
	}
	last := c.Schedule[len(c.Schedule)-1]
	if last.Date != "2026-03-18" || last.AmountCents != first.AmountCents || last.Sequence != first.Sequence {
		t.Errorf("new presentation %+v of %+v", last, first)
	}
	// Opened again (a return file read twice): nothing more.
	if err := f.app.Contracts.RejectForTest(f.ctx, c.ID, 1, "Provision insuffisante", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	if n := f.events(t, c.ID, "contract.payment_rejected"); n != 1 {
		t.Errorf("%d e-mails of the rejection, want 1", n)
	}
	if again := f.get(t, c.ID); len(again.Schedule) != len(c.Schedule) {
		t.Errorf("schedule grew to %d debits", len(again.Schedule))
	}
	// Staff see it in the desk, described.
	queue, err := f.app.Desk.Queue(f.ctx, f.agent, desk.Filter{Kind: unpaid.Kind})
	if err != nil || len(queue) != 1 || queue[0].KindLabel != "Impayé" || !strings.Contains(queue[0].Summary, c.Number) {
		t.Fatalf("queue %+v %v", queue, err)
	}
	lines, err := f.app.Contracts.IncidentLines(f.ctx, f.agent, queue[0].ID)
	if err != nil || len(lines) < 5 || lines[3].Value != want.Reference {
		t.Errorf("lines %+v %v", lines, err)
	}
	// The client's view hides the desk's request; staff read it.
	if c.Incident.Request != "" {
		t.Errorf("the client reads the request %q", c.Incident.Request)
	}
}

// TestIncidentClock: day by day, each step once however often the day
// runs: the mise en demeure on day 10 (sealed, its text), the suspension
// on day 40 (no Mémo then), a payment by staff, the cover back at noon
// the next day, and no termination after.
func TestIncidentClock(t *testing.T) {
	f := newFixture(t)
	c := f.rejected(t)
	steps := []struct {
		date       string
		count      int
		stage      string
		status     contract.Status
		notices    int
		suspension int
	}{
		{"2026-03-19", 0, "open", contract.StatusAwaiting, 0, 0},
		{"2026-03-20", 1, "notice", contract.StatusAwaiting, 1, 0},
		{"2026-03-20", 0, "notice", contract.StatusAwaiting, 1, 0},
		{"2026-04-18", 0, "notice", contract.StatusAwaiting, 1, 0},
		{"2026-04-19", 1, "suspended", contract.StatusSuspended, 1, 1},
		{"2026-04-19", 0, "suspended", contract.StatusSuspended, 1, 1},
	}
	for _, s := range steps {
		f.at(t, s.date)
		if n := f.incidentsOn(t, s.date); n != s.count {
			t.Errorf("%s: %d steps, want %d", s.date, n, s.count)
		}
		got := f.get(t, c.ID)
		if got.Incident == nil || got.Incident.Stage != s.stage || got.Status != s.status {
			t.Fatalf("%s: incident %+v, status %s; want %s, %s", s.date, got.Incident, got.Status, s.stage, s.status)
		}
		if n := f.events(t, c.ID, "contract.formal_notice"); n != s.notices {
			t.Errorf("%s: %d mises en demeure mailed, want %d", s.date, n, s.notices)
		}
		if n := f.events(t, c.ID, "contract.suspended"); n != s.suspension {
			t.Errorf("%s: %d suspensions mailed, want %d", s.date, n, s.suspension)
		}
	}
	c = f.get(t, c.ID)
	if c.StatusLabel != "Suspendu" {
		t.Errorf("label %q", c.StatusLabel)
	}

	// The mise en demeure: sealed, with the sums, the dates, the consequences.
	letter, err := f.fileOf(t, c, contract.DocFormalNotice)
	if err != nil {
		t.Fatal(err)
	}
	if !pdfsigValid(t, letter) {
		t.Error("the mise en demeure's seal is not valid")
	}
	text := pdfText(t, letter)
	for _, want := range []string{"Mise en demeure", "Contrat n° " + c.Number, "Marie DURAND, 12 rue des Lilas, 69002 Lyon", "article L113-3",
		"Le prélèvement de " + strings.ReplaceAll(euros(c.Incident.AmountCents), "\u00a0", " ") + " dû le 10 mars 2026",
		"Provision insuffisante", "nous vous mettons en demeure de payer", "IMP-" + c.Number + "-01", "FR76 3000 6000 0112 3456 7890 189",
		"Le 19 avril 2026, 30 jours après l’envoi de cette lettre, les garanties de votre contrat seront suspendues",
		"Le 29 avril 2026, dix jours après la suspension, votre contrat sera résilié pour non-paiement",
		"à midi le lendemain du paiement", "Lettre recommandée électronique", "20 mars 2026"} {
		if !strings.Contains(text, want) {
			t.Errorf("the mise en demeure lacks %q:\n%s", want, text)
		}
	}

	// Suspended: no Mémo, nor attestation, the reason said; the other
	// documents still read.
	if _, err := f.fileOf(t, c, contract.DocMemo); apperr.CodeOf(err) != apperr.ECONFLICT || !strings.Contains(apperr.MessageOf(err), "suspendues pour non-paiement") {
		t.Errorf("Mémo while suspended: %v", err)
	}
	if _, err := f.fileOf(t, c, contract.DocConditions); err != nil {
		t.Errorf("conditions while suspended: %v", err)
	}

	// Staff record the payment received on 21 April.
	f.at(t, "2026-04-22")
	amount := c.Incident.AmountCents
	paid, err := f.app.Contracts.RecordPayment(f.ctx, f.agent, c.ID, contract.PaymentReceived{AmountCents: amount, Date: "2026-04-21", Way: "transfer"})
	if err != nil {
		t.Fatal(err)
	}
	if paid.Status != contract.StatusAwaiting || paid.Incident == nil || paid.Incident.Stage != "closed" || paid.Incident.CoverBackAt == nil ||
		!paid.Incident.CoverBackAt.Equal(time.Date(2026, 4, 22, 10, 0, 0, 0, time.UTC)) {
		t.Fatalf("after the payment: %s %+v", paid.Status, paid.Incident)
	}
	if st, _ := f.debitStatus(t, c.ID, 1); st != "settled" {
		t.Errorf("rejected debit %s, want settled", st)
	}
	if _, cancelled := f.debitStatus(t, c.ID, len(c.Schedule)); !cancelled {
		t.Error("the new presentation still runs after the payment")
	}
	if _, err := f.fileOf(t, f.get(t, c.ID), contract.DocMemo); err != nil {
		t.Errorf("Mémo after the payment: %v", err)
	}
	if n := f.events(t, c.ID, "contract.payment_received"); n != 1 {
		t.Errorf("%d e-mails of the payment", n)
	}
	// Paid twice: nothing to pay.
	_, err = f.app.Contracts.RecordPayment(f.ctx, f.agent, c.ID, contract.PaymentReceived{AmountCents: amount, Date: "2026-04-21", Way: "transfer"})
	wantErr(t, err, apperr.ECONFLICT, "")
	// The clock stopped: no termination on day 50.
	f.at(t, "2026-04-29")
	if n := f.incidentsOn(t, "2026-04-29"); n != 0 {
		t.Errorf("%d steps after the payment", n)
	}
	if got := f.get(t, c.ID); got.Status != contract.StatusAwaiting || f.events(t, c.ID, "contract.terminated") != 0 {
		t.Errorf("after day 50: %s", got.Status)
	}
	// Once the cover is back, the page shows the incident no more.
	f.at(t, "2026-04-30")
	if got := f.get(t, c.ID); got.Incident != nil {
		t.Errorf("incident still shown: %+v", got.Incident)
	}
}

// TestIncidentTerminates: days missed are caught up each at its date (a
// mise en demeure sent late suspends 30 days after it went), then the
// termination for non-payment, with its sealed letter; a payment then is
// refused.
func TestIncidentTerminates(t *testing.T) {
	f := newFixture(t)
	c := f.rejected(t)
	for _, s := range []struct {
		date  string
		count int
		stage string
	}{{"2026-04-25", 1, "notice"}, {"2026-05-24", 0, "notice"}, {"2026-05-25", 1, "suspended"}, {"2026-06-04", 1, "terminated"}, {"2026-06-04", 0, "terminated"}} {
		f.at(t, s.date)
		if n := f.incidentsOn(t, s.date); n != s.count {
			t.Errorf("%s: %d steps, want %d", s.date, n, s.count)
		}
		if got := f.get(t, c.ID); got.Incident == nil || got.Incident.Stage != s.stage {
			t.Fatalf("%s: %+v", s.date, got.Incident)
		}
	}
	c = f.get(t, c.ID)
	if c.Status != contract.StatusCancelled || c.Ending == nil || c.Ending.Reason != contract.ReasonUnpaid || c.Ending.Date != "2026-06-04" {
		t.Fatalf("terminated: %s %+v", c.Status, c.Ending)
	}
	if n := f.events(t, c.ID, "contract.terminated"); n != 1 {
		t.Errorf("%d e-mails of the termination", n)
	}
	letter, err := f.fileOf(t, c, contract.DocTermination)
	if err != nil {
		t.Fatal(err)
	}
	if !pdfsigValid(t, letter) {
		t.Error("the termination letter's seal is not valid")
	}
	text := pdfText(t, letter)
	for _, want := range []string{"Résiliation pour non-paiement", "Par notre lettre du 25 avril 2026", "suspendues depuis le 25 mai 2026",
		"est résilié à compter du 4 juin 2026", "article L113-3", "reste due"} {
		if !strings.Contains(text, want) {
			t.Errorf("the termination letter lacks %q:\n%s", want, text)
		}
	}
	for _, d := range c.Schedule {
		if d.Date > "2026-06-04" && !d.Cancelled {
			t.Errorf("debit %+v still to be taken after the termination", d)
		}
	}
	_, err = f.app.Contracts.RecordPayment(f.ctx, f.agent, c.ID, contract.PaymentReceived{AmountCents: c.Incident.AmountCents, Date: "2026-06-04", Way: "cheque"})
	wantErr(t, err, apperr.ECONFLICT, "")
	queue, err := f.app.Desk.Queue(f.ctx, f.agent, desk.Filter{Kind: unpaid.Kind, Status: desk.StatusClosed})
	if err != nil || len(queue) != 1 {
		t.Errorf("closed requests %+v %v", queue, err)
	}
}

// TestIncidentRepresentationPaid: the new presentation paid ends the
// incident without staff: the debit « Régularisé », the clock stopped.
func TestIncidentRepresentationPaid(t *testing.T) {
	f := newFixture(t)
	c := f.rejected(t)
	f.at(t, "2026-03-24")
	if err := f.app.Contracts.RepresentationPaidForTest(f.ctx, c.ID, 1, f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	// Paid on its due date, 18 March: covered again since noon on the
	// 19th, so the page no longer shows the incident on the 24th.
	got := f.get(t, c.ID)
	if got.Incident != nil || got.Status != contract.StatusAwaiting {
		t.Errorf("incident %+v, status %s", got.Incident, got.Status)
	}
	if h := got.History[len(got.History)-1]; !strings.Contains(strings.ReplaceAll(h.Detail, "\u00a0", " "), "réglé le 18 mars 2026 par la nouvelle présentation du prélèvement") {
		t.Errorf("history %+v", h)
	}
	if st, _ := f.debitStatus(t, c.ID, 1); st != "settled" {
		t.Errorf("debit %s", st)
	}
	if n := f.events(t, c.ID, "contract.payment_received"); n != 1 {
		t.Errorf("%d e-mails of the payment", n)
	}
	if n := f.incidentsOn(t, "2026-03-24"); n != 0 {
		t.Errorf("%d steps after the payment", n)
	}
}

// TestRecordPaymentChecks: staff only, every wrong field at once, the
// whole sum due, an unknown contract.
func TestRecordPaymentChecks(t *testing.T) {
	f := newFixture(t)
	c := f.rejected(t)
	due := c.Incident.AmountCents
	for _, tc := range []struct {
		name   string
		actor  account.Actor
		id     string
		p      contract.PaymentReceived
		code   apperr.Code
		fields []string
	}{
		{"client", f.marie, c.ID, contract.PaymentReceived{AmountCents: due, Date: "2026-03-13", Way: "card"}, apperr.EFORBIDDEN, nil},
		{"all wrong", f.agent, c.ID, contract.PaymentReceived{AmountCents: 0, Date: "13/03/2026", Way: "bitcoin"}, apperr.EINVALID, []string{"amountCents", "date", "way"}},
		{"too much", f.agent, c.ID, contract.PaymentReceived{AmountCents: 1_000_000_000, Date: "2026-03-13", Way: "cash"}, apperr.EINVALID, []string{"amountCents"}},
		{"tomorrow", f.agent, c.ID, contract.PaymentReceived{AmountCents: due, Date: "2026-03-14", Way: "cash"}, apperr.EINVALID, []string{"date"}},
		{"partial", f.agent, c.ID, contract.PaymentReceived{AmountCents: due - 1, Date: "2026-03-13", Way: "cash"}, apperr.EINVALID, []string{"amountCents"}},
		{"before the due date", f.agent, c.ID, contract.PaymentReceived{AmountCents: due, Date: "2026-03-01", Way: "cash"}, apperr.EINVALID, []string{"date"}},
		{"unknown", f.agent, "nope", contract.PaymentReceived{AmountCents: due, Date: "2026-03-13", Way: "cash"}, apperr.ENOTFOUND, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := f.app.Contracts.RecordPayment(context.Background(), tc.actor, tc.id, tc.p)
			if apperr.CodeOf(err) != tc.code {
				t.Fatalf("error %v, want %s", err, tc.code)
			}
			if tc.fields == nil {
				return
			}
			got := fieldsOf(err)
			if strings.Join(got, ",") != strings.Join(tc.fields, ",") {
				t.Errorf("fields %v, want %v (%v)", got, tc.fields, err)
			}
		})
	}
	if got := f.get(t, c.ID); got.Incident.Stage != "open" {
		t.Errorf("a refused payment moved the incident: %+v", got.Incident)
	}
}

// fieldsOf are the fields an EINVALID names.
func fieldsOf(err error) []string {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return nil
	}
	if len(e.Fields) == 0 {
		return []string{e.Field}
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Field)
	}
	return out
}

// euros is « 41,20 € ».
func euros(cents int64) string { return pricing.Euros(cents) }

// TestIncidentRepresentationRejected: the new presentation rejected in
// its turn tells the client to pay by transfer, once, and the incident
// runs on; a second debit rejected meanwhile adds to the sum due, which a
// payment must cover whole.
func TestIncidentRepresentationRejected(t *testing.T) {
	f := newFixture(t)
	c := f.rejected(t)
	again := len(c.Schedule)
	f.at(t, "2026-03-20")
	for range 2 {
		if err := f.app.Contracts.RejectForTest(f.ctx, c.ID, again, "Compte clôturé", f.clock.Now()); err != nil {
			t.Fatal(err)
		}
	}
	got := f.get(t, c.ID)
	if got.Incident == nil || got.Incident.Stage != "open" || got.Incident.RepresentDate != "" || got.Incident.AmountCents != c.Incident.AmountCents {
		t.Errorf("incident %+v", got.Incident)
	}
	if n := f.events(t, c.ID, "contract.payment_rejected"); n != 2 {
		// One for the debit, one for its new presentation, read twice.
		t.Errorf("%d e-mails of rejections, want 2", n)
	}
	if h := got.History[len(got.History)-1]; h.Action != "payment_rejected_again" || !strings.Contains(h.Detail, "Compte clôturé") {
		t.Errorf("history %+v", h)
	}
	// The second monthly debit rejected too: the sum due is both.
	f.at(t, "2026-04-13")
	if err := f.app.Contracts.RejectForTest(f.ctx, c.ID, 2, "Provision insuffisante", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	got = f.get(t, c.ID)
	both := c.Schedule[0].AmountCents + c.Schedule[1].AmountCents
	if got.Incident.AmountCents != both || got.Incident.DueDate != "2026-03-10" {
		t.Fatalf("incident %+v, want %d due", got.Incident, both)
	}
	_, err := f.app.Contracts.RecordPayment(f.ctx, f.agent, c.ID, contract.PaymentReceived{AmountCents: c.Schedule[0].AmountCents, Date: "2026-04-13", Way: "card"})
	wantErr(t, err, apperr.EINVALID, "amountCents")
	paid, err := f.app.Contracts.RecordPayment(f.ctx, f.agent, c.ID, contract.PaymentReceived{AmountCents: both, Date: "2026-04-13", Way: "card"})
	if err != nil {
		t.Fatal(err)
	}
	if paid.Incident == nil || paid.Incident.Stage != "closed" {
		t.Errorf("after the payment %+v", paid.Incident)
	}
	for _, seq := range []int{1, 2} {
		if st, _ := f.debitStatus(t, c.ID, seq); st != "settled" {
			t.Errorf("debit %d %s", seq, st)
		}
	}
}
