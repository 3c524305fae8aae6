package contract_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/contract"
	"courtier/pkg/quote"
	"courtier/pkg/store"
)

// TestSubscription follows a car contract from a kept price to « Actif »:
// details, documents to read, the code, the signature with its evidence,
// the supporting documents checked by an agent.
func TestSubscription(t *testing.T) {
	f := newFixture(t)
	price := f.keptPrice(t, f.marie, carAsk())
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: price, StartDate: "2026-03-10"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != contract.StatusPending || !strings.HasPrefix(c.Number, "CT-2026-") || len(c.Documents) != 0 {
		t.Fatalf("new contract %s %s with %d documents", c.Number, c.Status, len(c.Documents))
	}
	if got := strings.Join(c.Missing, ","); got != "address,city,registration" {
		t.Fatalf("missing %q", got)
	}
	_, err = f.app.Contracts.SendCode(f.ctx, f.marie, c.ID)
	wantErr(t, err, apperr.EINVALID, "address")

	c, err = f.app.Contracts.Update(f.ctx, f.marie, c.ID, details(), "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Risk.Vehicle.Registration != "AB-123-CD" || len(c.Missing) != 0 {
		t.Fatalf("after details: %+v missing %v", c.Risk.Vehicle, c.Missing)
	}
	kinds := []string{}
	for _, d := range c.Documents {
		kinds = append(kinds, d.Kind)
	}
	if got := strings.Join(kinds, ","); got != "advice,conditions,ipid,letter" {
		t.Fatalf("documents to read: %s", got)
	}
	if len(c.Schedule) != 12 || c.Rhythm != "monthly" {
		t.Fatalf("schedule before signature: %d debits, %s", len(c.Schedule), c.Rhythm)
	}

	sent, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if sent.SentTo != "m•••@exemple.fr" {
		t.Errorf("sent to %q", sent.SentTo)
	}
	code := f.lastCode(t)
	sg := contract.Signing{Code: "000000", Holder: "Marie Durand", IBAN: iban, Accept: accept(c), Client: contract.Client{IP: "203.0.113.7", UserAgent: "Mozilla/5.0 (test)"}}
	if code == "000000" {
		sg.Code = "111111"
	}
	_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	wantErr(t, err, apperr.EINVALID, "code")
	sg.Code = code
	sg.IBAN = "FR76 3000 6000 0112 3456 7890 188"
	_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	wantErr(t, err, apperr.EINVALID, "iban")
	sg.IBAN, sg.Accept = iban, []string{"advice"}
	_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	wantErr(t, err, apperr.EINVALID, "accept")
	sg.Accept = accept(c)
	c, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != contract.StatusAwaiting || c.ProvisionalUntil != "2026-04-08" || c.SignedAt == nil || c.WithdrawUntil != "2026-03-16" {
		t.Fatalf("signed: %s, provisional until %s, withdraw until %s", c.Status, c.ProvisionalUntil, c.WithdrawUntil)
	}
	if c.Mandate == nil || !strings.HasPrefix(c.Mandate.RUM, "CTR-") || strings.Contains(c.Mandate.IBAN, "0112") {
		t.Fatalf("mandate %+v", c.Mandate)
	}
	if len(c.Schedule) != 12 || c.Schedule[0].Sequence != "FRST" || c.Schedule[0].Date != "2026-03-10" {
		t.Fatalf("schedule %+v", c.Schedule)
	}
	_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	wantErr(t, err, apperr.ECONFLICT, "")

	// The conditions signed carry the number, the client and the plate.
	pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocConditions, true).ID)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, pdf.Data)
	for _, want := range []string{c.Number, "Marie DURAND", "AB-123-CD", "Signature électronique", "203.0.113.7"} {
		if !strings.Contains(text, want) {
			t.Errorf("signed conditions lack %q", want)
		}
	}
	memo, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocMemo, false).ID)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, memo.Data); !strings.Contains(text, "Mémo Véhicule Assuré") || !strings.Contains(text, "8 avril 2026") {
		t.Errorf("memo: %s", text)
	}
	if err := f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID); err != nil {
		t.Fatalf("evidence: %v", err)
	}

	// The agent checks the supporting documents: two accepted, one refused.
	scan := blob.File{MIME: "application/pdf", Data: []byte("%PDF-1.4\n%%EOF\n")}
	for _, k := range contract.ProofKinds("car") {
		if c, err = f.app.Contracts.SendProof(f.ctx, f.marie, c.ID, k, scan, k+".pdf"); err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.app.Contracts.ReviewProof(f.ctx, f.marie, c.ID, "licence", contract.Review{Accept: true})
	wantErr(t, err, apperr.EFORBIDDEN, "")
	for _, k := range []string{"licence", "registration"} {
		if c, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, k, contract.Review{Accept: true}); err != nil {
			t.Fatal(err)
		}
	}
	_, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, "record", contract.Review{})
	wantErr(t, err, apperr.EINVALID, "reason")
	if c, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, "record", contract.Review{Reason: "La page 2 manque."}); err != nil {
		t.Fatal(err)
	}
	if c.Status != contract.StatusAwaiting || c.Proofs[2].Status != contract.ProofRefused || c.Proofs[2].Reason != "La page 2 manque." {
		t.Fatalf("after refusal: %s %+v", c.Status, c.Proofs[2])
	}
	if c, err = f.app.Contracts.SendProof(f.ctx, f.marie, c.ID, "record", scan, "releve-complet.pdf"); err != nil {
		t.Fatal(err)
	}
	if c, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, "record", contract.Review{Accept: true}); err != nil {
		t.Fatal(err)
	}
	if c.Status != contract.StatusActive || c.ProvisionalUntil != "" {
		t.Fatalf("after every proof: %s", c.Status)
	}
	memos := 0
	for _, d := range c.Documents {
		if d.Kind == contract.DocMemo {
			memos++
		}
	}
	if memos != 2 {
		t.Fatalf("%d memos, want the provisional one and the year's", memos)
	}
}

// TestEvidenceFailsOnAByte changes one byte of a document read and of a
// sealed one: the evidence no longer verifies.
func TestEvidenceFailsOnAByte(t *testing.T) {
	for _, kind := range []string{contract.DocConditions, contract.DocMandate} {
		t.Run(kind, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			if err := f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID); err != nil {
				t.Fatal(err)
			}
			signed := kind == contract.DocMandate
			sum := doc(t, c, kind, signed).SHA256
			err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
				var data []byte
				if err := tx.QueryRowContext(f.ctx, "SELECT data FROM files WHERE sha256 = ?", sum).Scan(&data); err != nil {
					return err
				}
				data[len(data)/2] ^= 1
				_, err := tx.ExecContext(f.ctx, "UPDATE files SET data = ? WHERE sha256 = ?", data, sum)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			err = f.app.Contracts.VerifyEvidence(f.ctx, f.agent, c.ID)
			wantErr(t, err, apperr.ECONFLICT, "")
		})
	}
}

// TestCodeLimits checks the code's ten minutes, its five tries and the
// limits on sending it again.
func TestCodeLimits(t *testing.T) {
	f := newFixture(t)
	c := f.draft(t)
	if _, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID); err != nil {
		t.Fatal(err)
	}
	_, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID)
	wantErr(t, err, apperr.ETOOMANY, "")
	code := f.lastCode(t)
	wrong := "123456"
	if code == wrong {
		wrong = "654321"
	}
	sg := contract.Signing{Code: wrong, Holder: "Marie Durand", IBAN: iban, Accept: accept(c), Client: contract.Client{IP: "203.0.113.7"}}
	for i := 0; i < contract.CodeAttempts; i++ {
		_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
		wantErr(t, err, apperr.EINVALID, "code")
	}
	sg.Code = code
	_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	wantErr(t, err, apperr.EINVALID, "code") // five wrong tries: even the right code is refused

	// A new code, but too late: ten minutes.
	f.clock.Advance(contract.CodeResend)
	if _, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID); err != nil {
		t.Fatal(err)
	}
	sg.Code = f.lastCode(t)
	f.clock.Advance(contract.CodeLife)
	_, err = f.app.Contracts.Sign(f.ctx, f.marie, c.ID, sg)
	wantErr(t, err, apperr.EINVALID, "code")

	for i := 3; i <= contract.CodeSends; i++ {
		f.clock.Advance(contract.CodeResend)
		if _, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	f.clock.Advance(contract.CodeResend)
	_, err = f.app.Contracts.SendCode(f.ctx, f.marie, c.ID)
	wantErr(t, err, apperr.ETOOMANY, "")
	f.clock.Advance(contract.CodeWindow)
	if _, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID); err != nil {
		t.Fatalf("a day later: %v", err)
	}
	if c, err := f.app.Contracts.Sign(f.ctx, f.marie, c.ID, contract.Signing{Code: f.lastCode(t), Holder: "Marie Durand", IBAN: iban,
		Accept: accept(c), Client: contract.Client{IP: "203.0.113.7"}}); err != nil || c.Status != contract.StatusAwaiting {
		t.Fatalf("sign with the last code: %v", err)
	}
}

// TestOthersCannotReach checks that another client reads and changes
// nothing of marie's contract, by guessing its id: 404 everywhere.
func TestOthersCannotReach(t *testing.T) {
	f := newFixture(t)
	c := f.draft(t)
	paul := f.marie
	paul.UID, paul.Name, paul.Email = "someone-else", "Paul", "paul@exemple.fr"
	_, err := f.app.Contracts.Get(f.ctx, paul, c.ID)
	wantErr(t, err, apperr.ENOTFOUND, "")
	_, err = f.app.Contracts.SendCode(f.ctx, paul, c.ID)
	wantErr(t, err, apperr.ENOTFOUND, "")
	_, _, err = f.app.Contracts.File(f.ctx, paul, c.ID, "documents", c.Documents[0].ID)
	wantErr(t, err, apperr.ENOTFOUND, "")
	_, err = f.app.Contracts.Update(f.ctx, paul, c.ID, details(), "")
	wantErr(t, err, apperr.ENOTFOUND, "")
	_, err = f.app.Contracts.Cancel(f.ctx, paul, c.ID, contract.Cancellation{Reason: "term"})
	wantErr(t, err, apperr.ENOTFOUND, "")
	if _, err := f.app.Contracts.Get(f.ctx, f.agent, c.ID); err != nil {
		t.Fatalf("staff read: %v", err)
	}
	// Someone else's price is not a price one may subscribe to.
	_, err = f.app.Contracts.Create(f.ctx, paul, contract.Draft{PriceID: c.SourceID, StartDate: "2026-03-10"})
	wantErr(t, err, apperr.ENOTFOUND, "")
	// One contract per price.
	_, err = f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: c.SourceID, StartDate: "2026-03-10"})
	wantErr(t, err, apperr.ECONFLICT, "")
}

// TestCancelAndWithdraw cancels one contract at its term and withdraws
// from another within its 14 days.
func TestCancelAndWithdraw(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	p, err := f.app.Contracts.PreviewCancellation(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: "term"})
	if err != nil || p.Date != "2027-03-10" {
		t.Fatalf("preview %+v, %v", p, err)
	}
	_, err = f.app.Contracts.PreviewCancellation(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: "hamon"})
	wantErr(t, err, apperr.EINVALID, "reason")
	c, err = f.app.Contracts.Cancel(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: "term"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Status != contract.StatusCancelRequested || c.Ending.Date != "2027-03-10" {
		t.Fatalf("cancelled: %s %+v", c.Status, c.Ending)
	}
	_, err = f.app.Contracts.Cancel(f.ctx, f.marie, c.ID, contract.Cancellation{Reason: "term"})
	wantErr(t, err, apperr.ECONFLICT, "")
	for _, d := range c.Schedule {
		if d.Cancelled {
			t.Fatalf("a debit of the first year cancelled: %+v", d)
		}
	}
	f.clock.Advance(24 * time.Hour * 365)
	if n, err := f.app.Contracts.EndDue(f.ctx); err != nil || n != 0 {
		t.Fatalf("EndDue the day before: %d, %v", n, err)
	}
	f.clock.Advance(24 * time.Hour * 9)
	if n, err := f.app.Contracts.EndDue(f.ctx); err != nil || n != 1 {
		t.Fatalf("EndDue on the day: %d, %v", n, err)
	}
	if c, _ = f.app.Contracts.Get(f.ctx, f.marie, c.ID); c.Status != contract.StatusCancelled {
		t.Fatalf("after its date: %s", c.Status)
	}

	g := newFixture(t)
	w := g.sign(t, g.draft(t))
	g.clock.Advance(24 * time.Hour * 14)
	if w, err = g.app.Contracts.Withdraw(g.ctx, g.marie, w.ID); err != nil {
		t.Fatalf("withdraw on the 14th day: %v", err)
	}
	if w.Status != contract.StatusWithdrawn || w.Ending.RefundCents != 0 || w.Ending.DueCents == 0 {
		t.Fatalf("withdrawn: %s %+v", w.Status, w.Ending)
	}
	for _, d := range w.Schedule {
		if !d.Cancelled {
			t.Fatalf("a debit left after the withdrawal: %+v", d)
		}
	}
	h := newFixture(t)
	x := h.sign(t, h.draft(t))
	h.clock.Advance(24 * time.Hour * 15)
	_, err = h.app.Contracts.Withdraw(h.ctx, h.marie, x.ID)
	wantErr(t, err, apperr.ECONFLICT, "")
}

// TestCreateRefusals checks the start date and the details' bounds.
func TestCreateRefusals(t *testing.T) {
	f := newFixture(t)
	price := f.keptPrice(t, f.marie, carAsk())
	cases := []struct {
		name  string
		d     contract.Draft
		field string
	}{
		{"today", contract.Draft{PriceID: price, StartDate: "2026-03-02"}, "startDate"},
		{"bad date", contract.Draft{PriceID: price, StartDate: "10/03/2026"}, "startDate"},
		{"too far", contract.Draft{PriceID: price, StartDate: "2026-06-01"}, "startDate"},
		{"no source", contract.Draft{StartDate: "2026-03-10"}, "priceId"},
		{"both", contract.Draft{PriceID: price, OfferID: "x", StartDate: "2026-03-10"}, "priceId"},
		{"plate", contract.Draft{PriceID: price, StartDate: "2026-03-10", Details: contract.Details{Registration: ptr("IO-123-UU")}}, "registration"},
		{"postal code", contract.Draft{PriceID: price, StartDate: "2026-03-10", Details: contract.Details{PostalCode: ptr("6900")}}, "postalCode"},
		{"rhythm", contract.Draft{PriceID: price, StartDate: "2026-03-10", Details: contract.Details{Rhythm: ptr("weekly")}}, "rhythm"},
		{"switch too early", contract.Draft{PriceID: price, StartDate: "2026-03-10", Details: contract.Details{Switch: &contract.Switch{Insurer: "Autre", PolicyNumber: "123"}}}, "startDate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.app.Contracts.Create(f.ctx, f.marie, c.d)
			wantErr(t, err, apperr.EINVALID, c.field)
		})
	}
	_, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: "nope-1", StartDate: "2026-03-10"})
	wantErr(t, err, apperr.ENOTFOUND, "")
}

// TestRegistration checks the plates accepted and how they are written.
func TestRegistration(t *testing.T) {
	for in, want := range map[string]string{"ab-123-cd": "AB-123-CD", "AB 123 CD": "AB-123-CD", "ab123cd": "AB-123-CD", "1234 ab 56": "1234 AB 56", "123 ABC 2A": "123 ABC 2A"} {
		if got, err := contract.NormalizeRegistration(in); err != nil || got != want {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "AB-1234-CD", "IO-123-CD", "AB-123-CU", "hello"} {
		if _, err := contract.NormalizeRegistration(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

// TestCounts checks the admin's figures after a signature.
func TestCounts(t *testing.T) {
	f := newFixture(t)
	f.draft(t)
	f.sign(t, f.draft(t))
	c, err := f.app.Contracts.Counts(f.ctx, f.agent)
	if err != nil {
		t.Fatal(err)
	}
	if c.SignedThisMonth != 1 || c.Active != 1 || c.Awaiting != 1 || c.Pending != 1 || c.PremiumsCents <= 0 || c.CancelledThisMonth != 0 {
		t.Fatalf("counts %+v", c)
	}
	_, err = f.app.Contracts.Counts(f.ctx, f.marie)
	wantErr(t, err, apperr.EFORBIDDEN, "")
}

// TestFromOffer subscribes to an offer a client accepted: a car offer
// becomes a contract with its documents; a health offer is written with
// an adviser.
func TestFromOffer(t *testing.T) {
	f := newFixture(t)
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "ada@exemple.fr", Password: password, DisplayName: "Ada", Role: account.RoleAdmin}, f.clock.Now()))
	offer := quote.OfferDraft{Insurer: "Mutuelle du Littoral", ProductName: "Auto Sérénité", MonthlyCents: 4200, YearlyCents: 48000,
		Guarantees: []string{"Responsabilité civile", "Bris de glace"}, DeductibleCents: 30000, ValidUntil: "2026-04-15"}
	accepted := func(product, details string) string {
		r, err := f.app.Quotes.Create(f.ctx, f.marie, quote.Draft{Product: product, Contact: quote.Contact{Method: "email"}, Details: json.RawMessage(details)})
		if err != nil {
			t.Fatal(err)
		}
		if r, err = f.app.Quotes.SendOffers(f.ctx, admin, r.ID, []quote.OfferDraft{offer}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.app.Quotes.Accept(f.ctx, f.marie, r.ID, r.Offers[0].ID); err != nil {
			t.Fatal(err)
		}
		return r.Offers[0].ID
	}
	id := accepted("car", `{"brand":"peugeot","model":"208","year":2019,"energy":"essence","usage":"trajet-travail","licenceYear":2008,"bonusMalus":0.68,"cover":"tous-risques"}`)
	_, err := f.app.Contracts.Create(f.ctx, f.agent, contract.Draft{OfferID: id, StartDate: "2026-03-10"})
	wantErr(t, err, apperr.ENOTFOUND, "")
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{OfferID: id, StartDate: "2026-03-10", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	if c.Source != "offer" || c.Insurer != "Mutuelle du Littoral" || c.YearlyCents != 48000 || len(c.Documents) != 3 {
		t.Fatalf("from an offer: %+v, %d documents", c, len(c.Documents))
	}
	pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocConditions, false).ID)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, pdf.Data); !strings.Contains(text, "Peugeot 208") {
		t.Errorf("the conditions lack the vehicle: %s", text)
	}
	if s := f.sign(t, c); s.Status != contract.StatusAwaiting {
		t.Fatalf("signed: %s", s.Status)
	}
	health := accepted("health", `{"adults":2,"children":1,"birthYear":1985,"priority":"dentaire"}`)
	_, err = f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{OfferID: health, StartDate: "2026-03-10"})
	wantErr(t, err, apperr.EINVALID, "offerId")
}

// TestPurge deletes a contract never signed after 30 days, and a
// cancelled one five years after its end, with their files.
func TestPurge(t *testing.T) {
	f := newFixture(t)
	pending := f.draft(t)
	signed := f.sign(t, f.draft(t))
	if _, err := f.app.Contracts.Cancel(f.ctx, f.marie, signed.ID, contract.Cancellation{Reason: "term"}); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(contract.PendingLife + time.Hour)
	_, err := f.app.Contracts.SendCode(f.ctx, f.marie, pending.ID)
	wantErr(t, err, apperr.ECONFLICT, "")
	if n, err := f.app.Contracts.PurgeExpired(f.ctx); err != nil || n != 1 {
		t.Fatalf("purge after 30 days: %d, %v", n, err)
	}
	_, err = f.app.Contracts.Get(f.ctx, f.marie, pending.ID)
	wantErr(t, err, apperr.ENOTFOUND, "")
	f.clock.Advance(24 * time.Hour * 365)
	if _, err := f.app.Contracts.EndDue(f.ctx); err != nil {
		t.Fatal(err)
	}
	// It ended on 10 March 2027: kept until 10 March 2032.
	f.clock.Advance(time.Date(2032, 3, 10, 12, 0, 0, 0, time.UTC).Sub(f.clock.Now()))
	if n, err := f.app.Contracts.PurgeExpired(f.ctx); err != nil || n != 0 {
		t.Fatalf("purge on the last day of the five years: %d, %v", n, err)
	}
	f.clock.Advance(24 * time.Hour)
	if n, err := f.app.Contracts.PurgeExpired(f.ctx); err != nil || n != 1 {
		t.Fatalf("purge after five years: %d, %v", n, err)
	}
	var files int
	f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT COUNT(*) FROM files").Scan(&files)
	})
	if files != 0 {
		t.Fatalf("%d files left", files)
	}
}
