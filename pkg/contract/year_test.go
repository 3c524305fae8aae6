package contract_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/event"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// year is a contract's year lived day by day: each day the operator
// exports the debits due the next day and the day's work runs, twice, as
// on a server whose two instances both try it.
type year struct {
	f *fixture
	t *testing.T
	// files are the MsgIDs of the debit files, by due date.
	files map[string]string
}

// day moves the clock to date, exports the debits due the day after and
// runs the day's work of date twice.
func (y *year) day(date string) {
	y.t.Helper()
	y.f.at(y.t, date)
	d, _ := time.Parse(time.DateOnly, date)
	next := d.AddDate(0, 0, 1).Format(time.DateOnly)
	r, err := y.f.app.Contracts.Export(y.f.ctx, account.Operator, next, false)
	switch {
	case err == nil:
		y.files[next] = r.MsgID
	case apperr.CodeOf(err) != apperr.ENOTFOUND:
		y.t.Fatalf("export of %s on %s: %v", next, date, err)
	}
	first := y.f.tick(y.t, date)
	if again := y.f.tick(y.t, date); sum(again) != 0 {
		y.t.Fatalf("the second tick of %s did %v (the first %v)", date, again, first)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// until lives every day from the day after the clock's to date.
func (y *year) until(date string) {
	y.t.Helper()
	end, _ := time.Parse(time.DateOnly, date)
	for d := time.Date(y.f.clock.Now().Year(), y.f.clock.Now().Month(), y.f.clock.Now().Day()+1, 0, 0, 0, 0, time.UTC); !d.After(end); d = d.AddDate(0, 0, 1) {
		y.day(d.Format(time.DateOnly))
	}
}

// returns records the bank's status report on the file of due date that
// rejects the debits named by their seq, for reason.
func (y *year) returns(c *contract.Contract, due, reason string, seqs ...int) {
	y.t.Helper()
	var list []contracttest.Status
	for _, seq := range seqs {
		list = append(list, contracttest.Status{EndToEndID: fmt.Sprintf("%s-%02d", c.Number, seq), Status: sepa.StatusRejected, Reason: reason})
	}
	r, err := y.f.record(y.t, contracttest.Pain002(y.files[due], list...))
	if err != nil || r.Rejected != len(seqs) {
		y.t.Fatalf("return file of %s: %+v, %v", due, r, err)
	}
}

// TestContractYear lives a monthly car contract's year and its renewal day
// by day through the day's work, as issue 42 accepts it: the debits
// exported and paid once their return window passed; the third rejected
// by a pain.002 file, then its new presentation too: the e-mail at once,
// the request « Impayé », the mise en demeure on day 10, the suspension
// 30 days later with no Mémo, a payment recorded by staff and the cover
// back at noon the next day; the avis d'échéance on the first day of its
// window with the deadline and the new premium; the renewal at the
// anniversary with its new schedule and Mémo; and beside it a temporary
// contract that ends at its term. Every e-mail goes once, though the day's
// work runs twice every day.
func TestContractYear(t *testing.T) {
	f := newFixture(t)
	y := &year{f: f, t: t, files: map[string]string{}}
	c := f.sign(t, f.draft(t))
	if c.Rhythm != "monthly" || len(c.Schedule) != 12 {
		t.Fatalf("a monthly contract of 12 debits, got %s with %d", c.Rhythm, len(c.Schedule))
	}
	for _, p := range c.Proofs {
		contracttest.SendProof(t, f.app, f.marie, c.ID, p.Kind)
		if _, err := f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, p.Kind, contract.Review{Accept: true}); err != nil {
			t.Fatal(err)
		}
	}
	temp, err := f.subscribe(t, "temp", "2026-03-20")
	if err != nil {
		t.Fatal(err)
	}
	temp = f.sign(t, temp)
	if c = f.get(t, c.ID); c.Status != contract.StatusActive || c.RenewalDeadline != "2027-01-10" ||
		c.Period == nil || *c.Period != (contract.Period{Start: "2026-03-10", End: "2027-03-09"}) {
		t.Fatalf("signed: %s, period %+v, deadline %q", c.Status, c.Period, c.RenewalDeadline)
	}

	// March and April: each debit sent the day before its due date, paid
	// once its return window passed; the temporary contract ends.
	y.until("2026-05-12")
	c = f.get(t, c.ID)
	if got := statuses(c); !strings.HasPrefix(got, "paid paid sent scheduled") {
		t.Fatalf("on 12 May the payments are %s", got)
	}
	if temp = f.get(t, temp.ID); temp.Status != contract.StatusCancelled || temp.Ending == nil || temp.Ending.Reason != contract.ReasonExpired {
		t.Fatalf("the temporary contract after its term: %s %+v", temp.Status, temp.Ending)
	}

	// 13 May: the bank rejects the debit of 10 May.
	y.day("2026-05-13")
	y.returns(c, "2026-05-10", "AM04", 3)
	c = f.get(t, c.ID)
	if p := c.Payments[2]; p.Status != contract.DebitRejected || p.ReasonCode != "AM04" {
		t.Fatalf("the rejected debit reads %+v", p)
	}
	if c.Incident == nil || c.Incident.AmountCents != c.Schedule[2].AmountCents || c.Incident.RepresentDate != "2026-05-18" {
		t.Fatalf("incident %+v", c.Incident)
	}
	if n := f.events(t, c.ID, string(event.ContractPaymentRejected)); n != 1 {
		t.Fatalf("%d e-mails of the rejection", n)
	}
	if n := y.requests("unpaid"); n != 1 {
		t.Fatalf("%d requests « Impayé »", n)
	}
	// Presented again on 18 May, rejected again on 20 May.
	y.until("2026-05-19")
	var again int
	for _, p := range f.get(t, c.ID).Payments {
		if p.Represents == 3 {
			again = p.Seq
		}
	}
	if again == 0 || y.files["2026-05-18"] == "" {
		t.Fatalf("no new presentation sent on 18 May: %+v", f.get(t, c.ID).Payments)
	}
	if n := f.events(t, c.ID, string(event.ContractFormalNotice)); n != 0 {
		t.Fatalf("a mise en demeure on day 9")
	}
	y.day("2026-05-20")
	y.returns(c, "2026-05-18", "AM04", again)
	if n := f.events(t, c.ID, string(event.ContractFormalNotice)); n != 1 {
		t.Fatalf("%d mises en demeure on day 10", n)
	}
	if _, err := f.fileOf(t, f.get(t, c.ID), contract.DocFormalNotice); err != nil {
		t.Fatalf("the mise en demeure: %v", err)
	}

	// Suspended 30 days after the mise en demeure: no Mémo then.
	y.until("2026-06-18")
	if c = f.get(t, c.ID); c.Status == contract.StatusSuspended {
		t.Fatal("suspended on day 39")
	}
	y.day("2026-06-19")
	c = f.get(t, c.ID)
	if c.Status != contract.StatusSuspended || f.events(t, c.ID, string(event.ContractSuspended)) != 1 {
		t.Fatalf("on day 40: %s, %d e-mails", c.Status, f.events(t, c.ID, string(event.ContractSuspended)))
	}
	if _, err := f.fileOf(t, c, contract.DocMemo); apperr.CodeOf(err) != apperr.ECONFLICT {
		t.Fatalf("the Mémo of a suspended contract: %v", err)
	}

	// 22 June: staff record the transfer; the cover is back at noon the
	// day after.
	y.until("2026-06-22")
	due := f.get(t, c.ID).Incident.AmountCents
	if _, err := f.app.Contracts.RecordPayment(f.ctx, f.agent, c.ID, contract.PaymentReceived{AmountCents: due, Date: "2026-06-22", Way: "transfer"}); err != nil {
		t.Fatal(err)
	}
	c = f.get(t, c.ID)
	back := time.Date(2026, 6, 23, 12, 0, 0, 0, f.app.Calendar.Location())
	if c.Status != contract.StatusActive || c.Incident == nil || c.Incident.CoverBackAt == nil || !c.Incident.CoverBackAt.Equal(back) {
		t.Fatalf("after the payment: %s, %+v", c.Status, c.Incident)
	}
	if c.Payments[2].Status != contract.DebitSettled {
		t.Fatalf("the debit paid by transfer is %s", c.Payments[2].Status)
	}
	if _, err := f.fileOf(t, c, contract.DocMemo); err != nil {
		t.Fatalf("the Mémo after the payment: %v", err)
	}

	// The avis d'échéance on the first day of its window, 3 months before
	// the last day to refuse (10 January 2027).
	y.until("2026-10-09")
	if n := f.events(t, c.ID, string(event.ContractNoticeSent)); n != 0 {
		t.Fatal("an avis d'échéance before its window")
	}
	y.day("2026-10-10")
	c = f.get(t, c.ID)
	if f.events(t, c.ID, string(event.ContractNoticeSent)) != 1 || c.Renewal == nil || c.Renewal.YearlyCents <= 0 ||
		c.Renewal.PreviousYearlyCents != c.YearlyCents || c.RenewalDeadline != "2027-01-10" || len(c.Renewal.Schedule) != 12 {
		t.Fatalf("the avis: %+v, deadline %q", c.Renewal, c.RenewalDeadline)
	}
	newYearly := c.Renewal.YearlyCents
	memos := count(c.Documents, contract.DocMemo)

	// The anniversary: a new year, its debits and its Mémo.
	y.until("2027-03-12")
	c = f.get(t, c.ID)
	if c.Period == nil || *c.Period != (contract.Period{Start: "2027-03-10", End: "2028-03-09"}) || c.YearlyCents != newYearly ||
		c.RenewalDeadline != "2028-01-10" || f.events(t, c.ID, string(event.ContractRenewed)) != 1 {
		t.Fatalf("renewed: period %+v, %d cents (avis %d), deadline %q", c.Period, c.YearlyCents, newYearly, c.RenewalDeadline)
	}
	if n := count(c.Documents, contract.DocMemo); n <= memos {
		t.Errorf("no new Mémo at the renewal (%d, had %d)", n, memos)
	}
	var year1, year2 []string
	for _, p := range c.Payments {
		switch {
		case p.DueDate < "2027-03-10":
			year1 = append(year1, p.Status)
		default:
			year2 = append(year2, p.Status)
		}
	}
	if got := strings.Join(year1, " "); got != "paid paid settled rejected paid paid paid paid paid paid paid paid paid" {
		t.Errorf("the first year's payments: %s", got)
	}
	if len(year2) != 12 || year2[0] != "sent" {
		t.Errorf("the second year's payments: %v", year2)
	}
	// Each e-mail once, the day's work having run twice each day.
	for kind, want := range map[event.Kind]int{event.ContractPaymentRejected: 2, event.ContractFormalNotice: 1, event.ContractSuspended: 1,
		event.ContractPaymentReceived: 1, event.ContractNoticeSent: 1, event.ContractRenewed: 1, event.ContractTerminated: 0} {
		if n := f.events(t, c.ID, string(kind)); n != want {
			t.Errorf("%d e-mails %s, want %d", n, kind, want)
		}
	}
}

// requests counts the desk's requests of kind.
func (y *year) requests(kind string) int {
	y.t.Helper()
	var n int
	err := y.f.app.Store.ReadTx(y.f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(y.f.ctx, "SELECT COUNT(*) FROM requests WHERE kind = ?", kind).Scan(&n)
	})
	if err != nil {
		y.t.Fatal(err)
	}
	return n
}

// count counts the documents of kind.
func count(docs []contract.Document, kind string) int {
	n := 0
	for _, d := range docs {
		if d.Kind == kind {
			n++
		}
	}
	return n
}
