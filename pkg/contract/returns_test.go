package contract_test

import (
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/pricing"
	"courtier/pkg/sepa"
)

// exported signs marie's and chloé's car contracts starting on 10 March
// 2026 and exports their first debits in one file, COURTIER-20260310-1.
func (f *fixture) exported(t *testing.T) []*contract.Contract {
	t.Helper()
	chloe := contracttest.Client(t, f.app, "chloe@exemple.fr", "Chloé Lefèvre")
	cs := []*contract.Contract{f.sign(t, f.draft(t)), contracttest.Signed(t, f.app, chloe, "2026-03-10", "EF-456-GH")}
	r, err := f.app.Contracts.Export(f.ctx, account.Operator, "2026-03-10", false)
	if err != nil || r.Count != 2 || r.MsgID != "COURTIER-20260310-1" {
		t.Fatalf("export: %+v %v", r, err)
	}
	return cs
}

// record reads the return file text and records it as the operator.
func (f *fixture) record(t *testing.T, text string) (*contract.ReturnsReport, error) {
	t.Helper()
	list, err := sepa.ParseReturns(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v:\n%s", err, text)
	}
	return f.app.Contracts.RecordReturns(f.ctx, account.Operator, list)
}

// read is contract id as its reader sees it now.
func (f *fixture) read(t *testing.T, id string) *contract.Contract {
	t.Helper()
	c, err := f.app.Contracts.Get(f.ctx, account.Operator, id)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// statuses are the statuses of c's payments, in due order.
func statuses(c *contract.Contract) string {
	var out []string
	for _, p := range c.Payments {
		out = append(out, p.Status)
	}
	return strings.Join(out, " ")
}

// paidOn runs the day's work of day and returns how many debits it paid.
func (f *fixture) paidOn(t *testing.T, day string) int {
	t.Helper()
	r, err := f.app.Contracts.Tick(f.ctx, account.Operator, day)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range r.Steps {
		if st.Name == "paid" {
			return st.Count
		}
	}
	t.Fatalf("no step paid in %+v", r.Steps)
	return 0
}

// TestExportMarksSent: the debits exported are sent, with the references
// of the file; the others stay scheduled.
func TestExportMarksSent(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	c := f.read(t, cs[0].ID)
	if len(c.Payments) != len(c.Schedule) || len(c.Payments) < 2 {
		t.Fatalf("%d payments for a schedule of %d", len(c.Payments), len(c.Schedule))
	}
	first, second := c.Payments[0], c.Payments[1]
	if first.Status != contract.DebitSent || first.StatusLabel != "Envoyé" || first.DueDate != "2026-03-10" || first.AmountCents != c.Schedule[0].AmountCents ||
		c.Schedule[0].Status != contract.DebitSent || !c.Schedule[0].Exported {
		t.Errorf("first payment %+v, schedule %+v", first, c.Schedule[0])
	}
	if second.Status != contract.DebitScheduled || second.StatusLabel != "Prévu" || second.DueDate <= first.DueDate {
		t.Errorf("second payment %+v", second)
	}
}

// TestSettleDebits: a debit sent is paid the day after its return window
// ends, once however often the day's work runs; a debit never sent is
// never paid.
func TestSettleDebits(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	steps := []struct {
		day   string
		paid  int
		first string
	}{
		{"2026-03-11", 0, "sent"},
		{"2026-03-24", 0, "sent"}, // 10 March + 14 days: a return may still come
		{"2026-03-25", 2, "paid"},
		{"2026-03-25", 0, "paid"}, // the same day again
		{"2026-03-20", 0, "paid"}, // an earlier day caught up late
		{"2026-06-30", 0, "paid"}, // the later debits were never sent
	}
	for _, st := range steps {
		if n := f.paidOn(t, st.day); n != st.paid {
			t.Errorf("%s: %d paid, want %d", st.day, n, st.paid)
		}
		for _, c := range cs {
			if got := statuses(f.read(t, c.ID)); !strings.HasPrefix(got, st.first+" scheduled") {
				t.Errorf("%s: %s's payments %s, want the first %s", st.day, c.Number, got, st.first)
			}
		}
	}
	if p := f.read(t, cs[0].ID).Payments[0]; p.StatusLabel != "Payé" || p.ReasonCode != "" {
		t.Errorf("paid %+v", p)
	}
}

// TestRecordReturnsRefused: a file with a return that names no debit sent
// is refused whole with its line, and records nothing, not even its
// returns that did match.
func TestRecordReturnsRefused(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	e1, e2, amount := cs[0].Number+"-01", cs[1].Number+"-01", cs[0].Schedule[0].AmountCents
	const msg = "COURTIER-20260310-1"
	rejected := contracttest.Status{EndToEndID: e1, Status: sepa.StatusRejected, Reason: "AM04", AmountCents: amount}
	tests := []struct {
		name, file string
		want       []string
	}{
		{"unknown end-to-end id", contracttest.Pain002(msg, rejected, contracttest.Status{EndToEndID: "CT-2026-999999-01", Status: sepa.StatusRejected, Reason: "AC04"}),
			[]string{"ligne 20\u00a0:", "aucun prélèvement envoyé", "CT-2026-999999-01"}},
		{"debit not sent", contracttest.Pain002(msg, rejected, contracttest.Status{EndToEndID: cs[0].Number + "-02", Status: sepa.StatusRejected, Reason: "AM04"}),
			[]string{"ligne 20\u00a0:", cs[0].Number + "-02"}},
		{"amount below the debit's", contracttest.Pain002(msg, contracttest.Status{EndToEndID: e2, Status: sepa.StatusRejected, Reason: "AM04", AmountCents: amount - 100}),
			[]string{"ligne 14\u00a0:", e2, pricing.Euros(amount - 100)}},
		{"unknown file", contracttest.GroupRejected("COURTIER-20260311-1", "FF01"),
			[]string{"ligne 8\u00a0:", "aucun fichier de prélèvements", "COURTIER-20260311-1"}},
		{"unknown batch", contracttest.BatchRejected(msg, 2, "BE05"),
			[]string{"ligne 12\u00a0:", "pas de lot", msg + "-2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := f.record(t, tt.file)
			wantErr(t, err, apperr.EINVALID, "")
			for _, w := range tt.want {
				if !strings.Contains(apperr.MessageOf(err), w) {
					t.Errorf("%q lacks %q (report %+v)", apperr.MessageOf(err), w, r)
				}
			}
			for _, c := range cs {
				got := f.read(t, c.ID)
				if !strings.HasPrefix(statuses(got), "sent scheduled") || strings.Contains(got.History[len(got.History)-1].Action, "reject") {
					t.Errorf("%s recorded something: %s, %+v", c.Number, statuses(got), got.History[len(got.History)-1])
				}
			}
		})
	}
}

// TestRecordReturns: a rejection is recorded with its reason, in the
// history, and opens an incident; the same file again records nothing
// new; another reason for the same debit is refused; a debit rejected is
// never paid; a debit paid may still be returned (a refund, MD06).
func TestRecordReturns(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	e1, e2, amount := cs[0].Number+"-01", cs[1].Number+"-01", cs[0].Schedule[0].AmountCents
	const msg = "COURTIER-20260310-1"
	file := contracttest.Pain002(msg, contracttest.Status{EndToEndID: e1, Status: sepa.StatusRejected, Reason: "AM04", AmountCents: amount},
		contracttest.Status{EndToEndID: e2, Status: sepa.StatusAccepted}, contracttest.Status{EndToEndID: "VIR-CLIENT-1", Status: sepa.StatusAccepted})

	for _, who := range []struct {
		actor account.Actor
		code  apperr.Code
	}{{account.Visitor, apperr.EUNAUTHORIZED}, {f.agent, apperr.EFORBIDDEN}, {account.Actor{UID: "u-client", Role: account.RoleClient}, apperr.EFORBIDDEN}} {
		list, _ := sepa.ParseReturns(strings.NewReader(file))
		_, err := f.app.Contracts.RecordReturns(f.ctx, who.actor, list)
		wantErr(t, err, who.code, "")
	}

	r, err := f.record(t, file)
	if err != nil || *r != (contract.ReturnsReport{Rejected: 1, RejectedCents: amount, Accepted: 1, Ignored: 1}) {
		t.Fatalf("report %+v, %v", r, err)
	}
	c := f.read(t, cs[0].ID)
	p := c.Payments[0]
	if p.Status != contract.DebitRejected || p.StatusLabel != "Rejeté" || p.ReasonCode != "AM04" || p.ReasonLabel != "provision insuffisante" {
		t.Errorf("payment %+v", p)
	}
	if d := c.Schedule[0]; d.Status != contract.DebitRejected || d.ReasonLabel != "provision insuffisante" {
		t.Errorf("schedule %+v", d)
	}
	n := len(c.History)
	rejected, opened := c.History[n-2], c.History[n-1]
	want := "Prélèvement de " + pricing.Euros(amount) + " du 10\u00a0mars\u00a02026 rejeté par la banque\u00a0: Provision insuffisante (AM04)"
	if rejected.Action != "debit_rejected" || rejected.Detail != want || opened.Action != "payment_rejected" {
		t.Errorf("history ends with %+v, %+v; want %q then the incident", rejected, opened, want)
	}
	if got := statuses(f.read(t, cs[1].ID)); !strings.HasPrefix(got, "sent scheduled") {
		t.Errorf("the debit accepted is %s", got)
	}

	// The same file read twice records nothing new.
	r, err = f.record(t, file)
	if err != nil || *r != (contract.ReturnsReport{Already: 1, Accepted: 1, Ignored: 1}) {
		t.Fatalf("again: report %+v, %v", r, err)
	}
	if again := f.read(t, cs[0].ID); len(again.History) != n {
		t.Errorf("again: %d history lines, had %d", len(again.History), n)
	}
	// Another reason for the same debit is a fault of the file.
	_, err = f.record(t, contracttest.Pain002(msg, contracttest.Status{EndToEndID: e1, Status: sepa.StatusRejected, Reason: "AC04"}))
	wantErr(t, err, apperr.EINVALID, "")
	if m := apperr.MessageOf(err); !strings.Contains(m, "ligne 14\u00a0:") || !strings.Contains(m, "déjà rejeté (Provision insuffisante (AM04))") || !strings.Contains(m, "Compte clos (AC04)") {
		t.Errorf("another reason: %q", m)
	}

	if paid := f.paidOn(t, "2026-03-25"); paid != 1 {
		t.Errorf("%d paid, want chloé's alone", paid)
	}
	if got := statuses(f.read(t, cs[0].ID)); !strings.HasPrefix(got, "rejected scheduled") {
		t.Errorf("the debit rejected became %s", got)
	}

	// Weeks later chloé asks her bank for a refund.
	r, err = f.record(t, contracttest.Pain002(msg, contracttest.Status{EndToEndID: e2, Status: sepa.StatusRejected, Reason: "MD06"}))
	if err != nil || r.Rejected != 1 {
		t.Fatalf("refund: %+v, %v", r, err)
	}
	if p := f.read(t, cs[1].ID).Payments[0]; p.Status != contract.DebitRejected || p.ReasonLabel != "remboursement demandé par le débiteur" {
		t.Errorf("refunded %+v", p)
	}
}

// TestRecordReturnsWholeFile: a report rejecting a whole file, or its
// batch, rejects every debit that left in it; read again, nothing new.
func TestRecordReturnsWholeFile(t *testing.T) {
	tests := []struct {
		name, file, reason string
	}{
		{"file", contracttest.GroupRejected("COURTIER-20260310-1", "FF01"), "FF01"},
		{"batch", contracttest.BatchRejected("COURTIER-20260310-1", 1, "BE05"), "BE05"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			cs := f.exported(t)
			sum := cs[0].Schedule[0].AmountCents + cs[1].Schedule[0].AmountCents
			r, err := f.record(t, tt.file)
			if err != nil || *r != (contract.ReturnsReport{Rejected: 2, RejectedCents: sum}) {
				t.Fatalf("report %+v, %v", r, err)
			}
			for _, c := range cs {
				if p := f.read(t, c.ID).Payments[0]; p.Status != contract.DebitRejected || p.ReasonCode != tt.reason {
					t.Errorf("%s: %+v", c.Number, p)
				}
			}
			if r, err = f.record(t, tt.file); err != nil || *r != (contract.ReturnsReport{Already: 2}) {
				t.Errorf("again: %+v, %v", r, err)
			}
		})
	}
}

// TestRecordReturnsAdmin: an admin records the bank's files too.
func TestRecordReturnsAdmin(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "admin@exemple.fr", Password: password,
		DisplayName: "Anne Admin", Role: account.RoleAdmin}, f.clock.Now()))
	list, err := sepa.ParseReturns(strings.NewReader(contracttest.Pain002("COURTIER-20260310-1",
		contracttest.Status{EndToEndID: cs[0].Number + "-01", Status: sepa.StatusRejected, Reason: "AC04"})))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := f.app.Contracts.RecordReturns(f.ctx, admin, list); err != nil || r.Rejected != 1 {
		t.Fatalf("%+v, %v", r, err)
	}
	if h := f.read(t, cs[0].ID).History; h[len(h)-2].ActorName != "Anne Admin" {
		t.Errorf("recorded by %q", h[len(h)-2].ActorName)
	}
}

// TestSettleDebitsTogether: two instances doing the same day's work at
// once pay each debit once between them.
func TestSettleDebitsTogether(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	counts := make(chan int, 4)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			r, err := f.app.Contracts.Tick(f.ctx, account.Operator, "2026-03-25")
			if err != nil {
				errs <- err
				counts <- 0
				return
			}
			for _, st := range r.Steps {
				if st.Name == "paid" {
					counts <- st.Count
					return
				}
			}
			counts <- 0
		}()
	}
	total := 0
	for range 4 {
		total += <-counts
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if total != 2 {
		t.Errorf("%d debits paid by four ticks at once, want 2", total)
	}
	for _, c := range cs {
		if got := statuses(f.read(t, c.ID)); !strings.HasPrefix(got, "paid scheduled") {
			t.Errorf("%s: %s", c.Number, got)
		}
	}
}

// camt054 is a camt.054.001.02 notification of the broker's account: a
// debit of e1 returned for reason (its transaction on line 17), the
// collection of e2 credited, and a client's transfer credited, which is
// no debit.
func camt054(e1, reason string, cents1 int64, e2 string, cents2 int64) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr>
      <MsgId>CAMT054-20260313</MsgId>
      <CreDtTm>2026-03-13T06:00:00</CreDtTm>
    </GrpHdr>
    <Ntfctn>
      <Id>N-20260313-1</Id>
      <CreDtTm>2026-03-13T06:00:00</CreDtTm>
      <Acct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">` + sepa.FormatCents(cents1) + `</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-03-12</Dt></BookgDt>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>` + e1 + `</EndToEndId></Refs>
          <RtrInf><Rsn><Cd>` + reason + `</Cd></Rsn></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">` + sepa.FormatCents(cents2+5000) + `</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-03-10</Dt></BookgDt>
        <NtryDtls>
          <TxDtls>
            <Refs><EndToEndId>` + e2 + `</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">` + sepa.FormatCents(cents2) + `</Amt></TxAmt></AmtDtls>
          </TxDtls>
          <TxDtls>
            <Refs><EndToEndId>VIREMENT-DUPONT-MARS</EndToEndId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="EUR">50.00</Amt></TxAmt></AmtDtls>
          </TxDtls>
        </NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`
}

// TestRecordReturnsCamt054: a camt.054 notification records its returned
// debit, counts the debit collected, and leaves out a transfer received;
// a returned debit it names that was never sent refuses it.
func TestRecordReturnsCamt054(t *testing.T) {
	f := newFixture(t)
	cs := f.exported(t)
	a0, a1 := cs[0].Schedule[0].AmountCents, cs[1].Schedule[0].AmountCents
	r, err := f.record(t, camt054(cs[0].Number+"-01", "AC04", a0, cs[1].Number+"-01", a1))
	if err != nil || *r != (contract.ReturnsReport{Rejected: 1, RejectedCents: a0, Accepted: 1, Ignored: 1}) {
		t.Fatalf("report %+v, %v", r, err)
	}
	if p := f.read(t, cs[0].ID).Payments[0]; p.Status != contract.DebitRejected || p.ReasonLabel != "compte clos" {
		t.Errorf("returned %+v", p)
	}
	_, err = f.record(t, camt054(cs[1].Number+"-03", "AM04", a1, cs[1].Number+"-01", a1))
	wantErr(t, err, apperr.EINVALID, "")
	if m := apperr.MessageOf(err); !strings.HasPrefix(m, "ligne 17\u00a0:") || !strings.Contains(m, cs[1].Number+"-03") {
		t.Errorf("a debit never sent: %q", m)
	}
	if got := statuses(f.read(t, cs[1].ID)); !strings.HasPrefix(got, "sent scheduled") {
		t.Errorf("the refused file recorded %s", got)
	}
}
