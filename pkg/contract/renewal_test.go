package contract_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/contract"
	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// tick does the day's work of date as the operator and gives each step's
// count.
func (f *fixture) tick(t *testing.T, date string) map[string]int {
	t.Helper()
	r, err := f.app.Contracts.Tick(f.ctx, account.Operator, date)
	if err != nil {
		t.Fatalf("tick %s: %v", date, err)
	}
	out := map[string]int{}
	for _, s := range r.Steps {
		out[s.Name] = s.Count
	}
	return out
}

// payloads are the payloads of contract id's events of kind, oldest first.
func (f *fixture) payloads(t *testing.T, id string, kind event.Kind) []event.RenewalPayload {
	t.Helper()
	var out []event.RenewalPayload
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(f.ctx, "SELECT payload FROM events WHERE kind = ? AND aggregate = ? ORDER BY id", string(kind), event.ContractAggregate(id))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var body string
			if err := rows.Scan(&body); err != nil {
				return err
			}
			var p event.RenewalPayload
			if err := json.Unmarshal([]byte(body), &p); err != nil {
				return err
			}
			out = append(out, p)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// get reads contract id as marie.
func (f *fixture) get(t *testing.T, id string) *contract.Contract {
	t.Helper()
	c, err := f.app.Contracts.Get(f.ctx, f.marie, id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestNoticeWindow sends the avis d'échéance of marie's car contract
// (from 10 March 2026; anniversary 10 March 2027, last day to refuse 10
// January 2027) on the first tick inside the window of L113-15-1: not
// before 3 months before the deadline, late from 14 days before it, never
// once the anniversary came (the contract renews without it). Each avis
// is sent once however often the tick runs.
func TestNoticeWindow(t *testing.T) {
	cases := []struct {
		day        string
		sent, late bool
	}{
		{"2026-10-09", false, false}, // the day before the window opens
		{"2026-10-10", true, false},  // 3 months before the deadline
		{"2026-12-26", true, false},  // 15 days before it
		{"2026-12-27", true, true},   // 14 days before it: late
		{"2027-01-10", true, true},   // the deadline itself
		{"2027-03-09", true, true},   // the anniversary's eve
		{"2027-03-10", false, false}, // the anniversary: renewed without
	}
	for _, tc := range cases {
		t.Run(tc.day, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			if c.Period == nil || c.Period.Start != "2026-03-10" || c.Period.End != "2027-03-09" || c.RenewalDeadline != "2027-01-10" || c.Renewal != nil {
				t.Fatalf("signed: period %+v, deadline %q, renewal %+v", c.Period, c.RenewalDeadline, c.Renewal)
			}
			for range 2 {
				got := f.tick(t, tc.day)
				if want := 0; got["notices"] != want && !tc.sent {
					t.Fatalf("tick %s sent %d notices", tc.day, got["notices"])
				}
			}
			notices := f.payloads(t, c.ID, event.ContractNoticeSent)
			if tc.sent != (len(notices) == 1) || len(notices) > 1 {
				t.Fatalf("%d notices sent on %s, want sent %v", len(notices), tc.day, tc.sent)
			}
			c = f.get(t, c.ID)
			if !tc.sent {
				if c.Renewal != nil {
					t.Errorf("renewal %+v without a notice", c.Renewal)
				}
				return
			}
			p := notices[0]
			if p.Late != tc.late || c.Renewal == nil || c.Renewal.Late != tc.late || (p.LateRule != "") != tc.late {
				t.Fatalf("late %v (%q), renewal %+v, want late %v", p.Late, p.LateRule, c.Renewal, tc.late)
			}
			if p.Deadline.Format(time.DateOnly) != "2027-01-10" || p.Start.Format(time.DateOnly) != "2027-03-10" || p.End.Format(time.DateOnly) != "2028-03-09" {
				t.Errorf("notice of %s–%s, deadline %s", p.Start, p.End, p.Deadline)
			}
			if got := c.Renewal.NoticeSentAt.In(time.UTC).Format(time.DateOnly); got != tc.day {
				t.Errorf("notice sent on %s, want %s", got, tc.day)
			}
			if len(p.Attachments) != 1 || !strings.HasPrefix(p.Attachments[0].Name, "avis-d-echeance-") {
				t.Errorf("attachments %+v, want the avis", p.Attachments)
			}
			if !slices.ContainsFunc(p.Rights, func(r string) bool { return strings.Contains(r, "loi Hamon") }) {
				t.Errorf("a car's notice does not recall the loi Hamon: %q", p.Rights)
			}
			pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocNotice, false).ID)
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf.Data)
			for _, want := range []string{"Avis d’échéance", "10 janvier 2027", "10 mars 2027", euroText(c.Renewal.YearlyCents), "loi Hamon"} {
				if !strings.Contains(text, want) {
					t.Errorf("the avis lacks %q:\n%s", want, text)
				}
			}
			if tc.late && !strings.Contains(text, "L113-15-1") {
				t.Errorf("a late avis does not say the 20 days of L113-15-1:\n%s", text)
			}
		})
	}
}

// euroText is an amount as pdfText reads it.
func euroText(cents int64) string { return euroFree(pricing.Euros(cents)) }

// euroFree is s with its no-break spaces made ordinary.
func euroFree(s string) string { return strings.NewReplacer("\u00a0", " ", "\u202f", " ").Replace(s) }

// TestRenewal renews marie's car contract at its anniversary: the new
// premium is the engine's price for the same answers on the anniversary,
// as the avis said; a new year with its debits (seq continuing, period
// 2), a new Mémo for the year, a history line, an e-mail; once.
func TestRenewal(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	first := len(c.Schedule)
	if f.tick(t, "2026-10-10")["notices"] != 1 {
		t.Fatal("no notice")
	}
	c = f.get(t, c.ID)
	r := c.Renewal
	if r == nil || r.PreviousYearlyCents != c.YearlyCents || r.Start != "2027-03-10" || len(r.Schedule) != first {
		t.Fatalf("renewal %+v (premium %d, %d debits)", r, c.YearlyCents, first)
	}
	// The API's names (GET /api/contracts/{id}).
	body, _ := json.Marshal(c)
	for _, want := range []string{`"period":{"start":"2026-03-10","end":"2027-03-09"}`, `"renewalDeadline":"2027-01-10"`,
		`"renewal":{"noticeSentAt":`, `"previousYearlyCents":`, `"changes":[[`, `"schedule":[{`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the contract's JSON lacks %s", want)
		}
	}
	// The engine's price of the same answers on the anniversary, the
	// bonus-malus of a year without claim: 0,60 × 0,95 = 0,57.
	tariff, err := f.app.Prices.Tariff()
	if err != nil {
		t.Fatal(err)
	}
	res, err := tariff.Price(c.Product, *withBonus(c, 0.57).Risk.Answers, *c.Risk.Needs, pricing.DateOf(time.Date(2027, 3, 10, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Prices, func(p pricing.Price) bool { return p.FormulaID == c.Risk.FormulaID && p.InsurerID == c.Risk.InsurerID })
	if i < 0 || res.Prices[i].YearlyCents != r.YearlyCents || res.Prices[i].MonthlyCents != r.MonthlyCents {
		t.Fatalf("renewal at %d/%d, the engine's price %+v", r.YearlyCents, r.MonthlyCents, res.Prices[max(i, 0)])
	}
	// The driver is a year older: the trace says so, label by label.
	if len(r.Changes) == 0 {
		t.Errorf("no line of the price changed in a year: %+v", r)
	}
	t.Logf("changes in a year: %q", r.Changes)
	for _, ch := range r.Changes {
		if ch[1] == ch[2] || ch[0] == "" {
			t.Errorf("change %q", ch)
		}
	}

	if got := f.tick(t, "2027-03-09"); got["renewals"] != 0 {
		t.Fatalf("renewed on the eve of the anniversary: %v", got)
	}
	if got := f.tick(t, "2027-03-10"); got["renewals"] != 1 {
		t.Fatalf("the anniversary's tick: %v", got)
	}
	if got := f.tick(t, "2027-03-10"); got["renewals"] != 0 || got["notices"] != 0 {
		t.Fatalf("the anniversary's second tick: %v", got)
	}
	c = f.get(t, c.ID)
	if c.Period == nil || *c.Period != (contract.Period{Start: "2027-03-10", End: "2028-03-09"}) || c.RenewalDeadline != "2028-01-10" || c.Renewal != nil {
		t.Fatalf("renewed: period %+v, deadline %q, renewal %+v", c.Period, c.RenewalDeadline, c.Renewal)
	}
	if c.YearlyCents != r.YearlyCents || c.MonthlyCents != r.MonthlyCents {
		t.Errorf("premium %d/%d, the avis said %d/%d", c.YearlyCents, c.MonthlyCents, r.YearlyCents, r.MonthlyCents)
	}
	if c.Risk.Answers.BonusMalus != 0.57 {
		t.Errorf("the renewed answers' bonus-malus %v, want 0,57", c.Risk.Answers.BonusMalus)
	}
	if !slices.Contains(r.Changes, [3]string{"× bonus-malus", "relevé d’information\u00a0: 0,60", "relevé d’information\u00a0: 0,57"}) {
		t.Errorf("the avis does not say the bonus-malus moves: %q", r.Changes)
	}
	if len(c.Schedule) != 2*first {
		t.Fatalf("%d debits after the renewal, want %d", len(c.Schedule), 2*first)
	}
	for k, d := range c.Schedule[first:] {
		want := r.Schedule[k]
		if d.Seq != first+k+1 || d.Date != want.Date || d.AmountCents != want.AmountCents || d.Sequence != "RCUR" {
			t.Errorf("debit %d: %+v, the avis said %+v", first+k+1, d, want)
		}
	}
	var periods []int
	err = f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(f.ctx, "SELECT period FROM debits WHERE contract_id = ? ORDER BY seq", c.ID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var n int
			if err := rows.Scan(&n); err != nil {
				return err
			}
			periods = append(periods, n)
		}
		return rows.Err()
	})
	if err != nil || periods[0] != 1 || periods[first-1] != 1 || periods[first] != 2 || periods[len(periods)-1] != 2 {
		t.Errorf("the debits' periods %v, %v", periods, err)
	}
	if !slices.ContainsFunc(c.History, func(e contract.Event) bool {
		return e.Action == "renewed" && strings.Contains(euroFree(e.Detail), "du 10 mars 2027 au 9 mars 2028")
	}) {
		t.Errorf("no renewal in the history: %+v", c.History)
	}
	memo := doc(t, c, contract.DocMemo, false)
	pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", memo.ID)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, pdf.Data); !strings.Contains(text, "10 mars 2027") || !strings.Contains(text, "9 mars 2028") {
		t.Errorf("the new Mémo does not cover the new year:\n%s", text)
	}
	renewed := f.payloads(t, c.ID, event.ContractRenewed)
	if len(renewed) != 1 || renewed[0].YearlyCents != r.YearlyCents || len(renewed[0].Attachments) == 0 {
		t.Fatalf("renewal e-mails %+v", renewed)
	}
	if n := len(f.payloads(t, c.ID, event.ContractNoticeSent)); n != 1 {
		t.Errorf("%d notices", n)
	}
	// The second year's avis comes in its own window.
	if got := f.tick(t, "2027-10-10"); got["notices"] != 1 {
		t.Errorf("second year's notice: %v", got)
	}
	if c = f.get(t, c.ID); c.Renewal == nil || c.Renewal.PreviousYearlyCents != r.YearlyCents || c.Renewal.Start != "2028-03-10" {
		t.Errorf("second year's renewal %+v", c.Renewal)
	}
}

// TestRenewalRefused: a cancellation at the term asked before the
// deadline ends the contract at the anniversary, which renews nothing;
// asked before the window, no avis is sent.
func TestRenewalRefused(t *testing.T) {
	for _, asked := range []string{"2026-09-01", "2026-12-01"} {
		t.Run(asked, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			if asked > "2026-10-10" {
				f.tick(t, "2026-10-10")
			}
			f.at(t, asked)
			k, err := f.app.Contracts.Cancel(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: contract.ReasonTerm})
			if err != nil {
				t.Fatal(err)
			}
			if k.Ending == nil || k.Ending.Date != "2027-03-10" || k.RenewalDeadline != "" || k.Renewal != nil {
				t.Fatalf("ending %+v, deadline %q, renewal %+v: nothing renews", k.Ending, k.RenewalDeadline, k.Renewal)
			}
			f.tick(t, "2026-10-10")
			f.tick(t, "2027-01-01")
			wantNotices := 0
			if asked > "2026-10-10" {
				wantNotices = 1
			}
			if n := len(f.payloads(t, c.ID, event.ContractNoticeSent)); n != wantNotices {
				t.Errorf("%d notices, want %d", n, wantNotices)
			}
			if got := f.tick(t, "2027-03-10"); got["renewals"] != 1 {
				t.Errorf("the anniversary's tick: %v (the contract's end)", got)
			}
			c = f.get(t, c.ID)
			if c.Status != contract.StatusCancelled || c.Period.End != "2027-03-09" || c.RenewalDeadline != "" {
				t.Errorf("status %s, period %+v, deadline %q", c.Status, c.Period, c.RenewalDeadline)
			}
			if n := len(f.payloads(t, c.ID, event.ContractRenewed)); n != 0 {
				t.Errorf("%d renewals of a contract refused", n)
			}
			f.tick(t, "2027-03-11")
			if n := len(c.Schedule); n != len(f.get(t, c.ID).Schedule) {
				t.Errorf("debits added after the end")
			}
		})
	}
}

// TestLateNoticeCancellation: an avis sent late gives 20 days from its
// sending to refuse the renewal, at the anniversary or the day after the
// request once it passed; a renewal whose avis was never sent may be
// ended at any time, the day after the request (L113-15-1). Without
// them, a cancellation at the term past the deadline waits a year.
func TestLateNoticeCancellation(t *testing.T) {
	cases := []struct {
		name     string
		tick     []string // the days the tick ran
		asked    string
		want     string
		rule     string
		renewals int
	}{
		{"on time, past the deadline", []string{"2026-10-10"}, "2027-01-20", "2028-03-10", "L113-12", 0},
		{"late, within its 20 days", []string{"2027-01-05"}, "2027-01-20", "2027-03-10", "L113-15-1", 0},
		{"late, its 20 days gone", []string{"2027-01-05"}, "2027-01-26", "2028-03-10", "L113-12", 0},
		{"late, renewed, within its 20 days", []string{"2027-03-01", "2027-03-10"}, "2027-03-15", "2027-03-16", "L113-15-1", 1},
		{"never sent, renewed", []string{"2027-03-10"}, "2027-09-01", "2027-09-02", "tout moment", 1},
		{"on time, renewed", []string{"2026-10-10", "2027-03-10"}, "2027-09-01", "2028-03-10", "L113-12", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			renewals := 0
			for _, d := range tc.tick {
				renewals += f.tick(t, d)["renewals"]
			}
			if renewals != tc.renewals {
				t.Fatalf("%d renewals, want %d", renewals, tc.renewals)
			}
			f.at(t, tc.asked)
			p, err := f.app.Contracts.PreviewCancellation(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: contract.ReasonTerm})
			if err != nil {
				t.Fatal(err)
			}
			if p.Date != tc.want || !strings.Contains(p.Rule, tc.rule) {
				t.Fatalf("cancellation asked on %s: %s (%s), want %s (%s)", tc.asked, p.Date, p.Rule, tc.want, tc.rule)
			}
			k, err := f.app.Contracts.Cancel(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: contract.ReasonTerm})
			if err != nil || k.Ending.Date != tc.want {
				t.Fatalf("cancelled: %+v, %v", k.Ending, err)
			}
		})
	}
}

// TestLeapYearAnniversary: a contract started on 29 February 2028
// renews on 28 February 2029; its last day to refuse is 31 December 2028
// (two months before, a month's end counting for February's), its avis
// window opens on 30 September 2028; the new year's monthly debits go
// back to the 29th.
func TestLeapYearAnniversary(t *testing.T) {
	f := newFixture(t)
	f.at(t, "2028-01-15")
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, carAsk()), StartDate: "2028-02-29", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	if *c.Period != (contract.Period{Start: "2028-02-29", End: "2029-02-27"}) || c.RenewalDeadline != "2028-12-31" {
		t.Fatalf("period %+v, deadline %s", c.Period, c.RenewalDeadline)
	}
	if got := f.tick(t, "2028-09-29"); got["notices"] != 0 {
		t.Fatalf("notice before the window: %v", got)
	}
	if got := f.tick(t, "2028-09-30"); got["notices"] != 1 {
		t.Fatalf("no notice when the window opens: %v", got)
	}
	if got := f.tick(t, "2029-02-27"); got["renewals"] != 0 {
		t.Fatalf("renewed before the anniversary: %v", got)
	}
	if got := f.tick(t, "2029-02-28"); got["renewals"] != 1 {
		t.Fatalf("not renewed on 28 February: %v", got)
	}
	c = f.get(t, c.ID)
	if *c.Period != (contract.Period{Start: "2029-02-28", End: "2030-02-27"}) || c.RenewalDeadline != "2029-12-31" {
		t.Fatalf("renewed: period %+v, deadline %s", c.Period, c.RenewalDeadline)
	}
	if c.Rhythm == "monthly" {
		n := len(c.Schedule)
		if c.Schedule[n-12].Date != "2029-02-28" || c.Schedule[n-11].Date != "2029-03-29" || c.Schedule[n-1].Date != "2030-01-29" {
			t.Errorf("the new year's debits %+v", c.Schedule[n-12:])
		}
	}
}

// TestTemporaryEnds: a temporary contract gets no avis, never renews,
// and ends at its term: the tick of the day after its last day.
func TestTemporaryEnds(t *testing.T) {
	f := newFixture(t)
	c, err := f.subscribe(t, "temp", "2026-03-10")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c) // 7 days from 10 March, midnight: the last day is 16 March
	if c.Period == nil || *c.Period != (contract.Period{Start: "2026-03-10", End: "2026-03-16"}) || c.RenewalDeadline != "" {
		t.Fatalf("period %+v, deadline %q", c.Period, c.RenewalDeadline)
	}
	if got := f.tick(t, "2026-03-16"); got["renewals"] != 0 || got["notices"] != 0 {
		t.Fatalf("on its last day: %v", got)
	}
	if c = f.get(t, c.ID); !c.Status.InForce() {
		t.Fatalf("ended on its last day: %s", c.Status)
	}
	for range 2 {
		f.tick(t, "2026-03-17")
	}
	c = f.get(t, c.ID)
	if c.Status != contract.StatusCancelled || c.Ending == nil || c.Ending.Reason != contract.ReasonExpired || c.Ending.Date != "2026-03-16" {
		t.Fatalf("after its term: %s, %+v", c.Status, c.Ending)
	}
	if n := len(c.History); c.History[n-1].Action != "expired" || (n > 1 && c.History[n-2].Action == "expired") {
		t.Errorf("history %+v", c.History)
	}
	f.tick(t, "2027-03-10")
	if n := len(f.payloads(t, c.ID, event.ContractNoticeSent)) + len(f.payloads(t, c.ID, event.ContractRenewed)); n != 0 {
		t.Errorf("%d notices or renewals of a temporary contract", n)
	}
}

// TestRenewalBeforeALaterEnd: a cancellation under the loi Hamon asked
// shortly before the second anniversary ends a month later: the contract
// renews for those days, with no debit after its end (paid yearly, the
// premium of the days covered), then ends.
func TestRenewalBeforeALaterEnd(t *testing.T) {
	for _, rhythm := range []string{"monthly", "yearly"} {
		t.Run(rhythm, func(t *testing.T) {
			f := newFixture(t)
			c := f.draft(t)
			c, err := f.app.Contracts.Update(f.ctx, f.marie, c.ID, contract.Details{Rhythm: ptr(rhythm)}, "")
			if err != nil || c.Rhythm != rhythm {
				t.Fatalf("rhythm %q, %v", c.Rhythm, err)
			}
			c = f.sign(t, c)
			f.tick(t, "2026-10-10")
			f.tick(t, "2027-03-10")
			f.tick(t, "2027-10-10")
			yearly := f.get(t, c.ID).Renewal.YearlyCents
			f.at(t, "2028-02-20")
			k, err := f.app.Contracts.Cancel(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: contract.ReasonHamon})
			if err != nil || k.Ending.Date != "2028-03-20" {
				t.Fatalf("cancelled: %+v, %v", k.Ending, err)
			}
			if got := f.tick(t, "2028-03-10"); got["renewals"] != 1 {
				t.Fatalf("the anniversary before the end: %v", got)
			}
			c = f.get(t, c.ID)
			if c.Status != contract.StatusCancelRequested || c.Period.Start != "2028-03-10" {
				t.Fatalf("status %s, period %+v", c.Status, c.Period)
			}
			covered := 0
			for _, d := range c.Schedule {
				if d.Date >= "2028-03-20" && !d.Cancelled {
					t.Errorf("debit %+v after the end", d)
				}
				if d.Date >= "2028-03-10" && d.Date < "2028-03-20" {
					covered++
					want := c.MonthlyCents
					if rhythm == "yearly" {
						want = contract.DueForCover(yearly, time.Date(2028, 3, 10, 0, 0, 0, 0, time.UTC), time.Date(2028, 3, 20, 0, 0, 0, 0, time.UTC))
					}
					if d.Cancelled || d.AmountCents != want {
						t.Errorf("debit %+v of the days covered, want %d", d, want)
					}
				}
			}
			if covered != 1 {
				t.Errorf("%d debits for the days covered", covered)
			}
			if got := f.tick(t, "2028-03-20"); got["renewals"] != 1 {
				t.Fatalf("the end's tick: %v", got)
			}
			if c = f.get(t, c.ID); c.Status != contract.StatusCancelled {
				t.Errorf("status %s at its end", c.Status)
			}
		})
	}
}

// TestRenewalFromOffer: a contract from an insurer's offer, which the
// engine does not price, renews at its premium, its avis saying so.
func TestRenewalFromOffer(t *testing.T) {
	f := newFixture(t)
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "ada@exemple.fr", Password: password, DisplayName: "Ada", Role: account.RoleAdmin}, f.clock.Now()))
	r, err := f.app.Quotes.Create(f.ctx, f.marie, quote.Draft{Product: "car", Contact: quote.Contact{Method: "email"},
		Details: json.RawMessage(`{"brand":"peugeot","model":"208","year":2019,"energy":"essence","usage":"trajet-travail","licenceYear":2008,"bonusMalus":0.68,"cover":"tous-risques"}`)})
	if err != nil {
		t.Fatal(err)
	}
	offer := quote.OfferDraft{Insurer: "Mutuelle du Littoral", ProductName: "Auto Sérénité", MonthlyCents: 4200, YearlyCents: 48000,
		Guarantees: []string{"Responsabilité civile"}, DeductibleCents: 30000, ValidUntil: "2026-04-15"}
	if r, err = f.app.Quotes.SendOffers(f.ctx, admin, r.ID, []quote.OfferDraft{offer}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Quotes.Accept(f.ctx, f.marie, r.ID, r.Offers[0].ID); err != nil {
		t.Fatal(err)
	}
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{OfferID: r.Offers[0].ID, StartDate: "2026-03-10", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	f.tick(t, "2026-10-10")
	c = f.get(t, c.ID)
	if c.Renewal == nil || c.Renewal.YearlyCents != 48000 || c.Renewal.PreviousYearlyCents != 48000 || len(c.Renewal.Changes) != 0 {
		t.Fatalf("renewal %+v", c.Renewal)
	}
	// No answers to price: no comparison, the avis sends to an adviser.
	if ps := f.payloads(t, c.ID, event.ContractNoticeSent); c.Renewal.CompareURL != "" || len(ps) != 1 || ps[0].CompareURL != "" {
		t.Fatalf("a contract from an offer compared: %q, %+v", c.Renewal.CompareURL, ps)
	}
	f.tick(t, "2027-03-10")
	if c = f.get(t, c.ID); c.Period.Start != "2027-03-10" || c.YearlyCents != 48000 {
		t.Fatalf("renewed: %+v at %d", c.Period, c.YearlyCents)
	}
}
