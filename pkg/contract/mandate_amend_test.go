package contract_test

import (
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
)

// Accounts of the tests, their ISO keys right: the tests' own IBAN's bank
// (30006) keeps sameBank; otherBank and thirdBank are other banks.
const (
	sameBank  = "FR76 3000 6000 0112 3456 7890 286"
	otherBank = "FR76 3000 4008 2000 0123 4560 104"
	thirdBank = "FR14 2004 1010 0505 0001 3M02 606"
)

// fileTx is one DrctDbtTxInf of a pain.008 file as the tests read it,
// with its batch's sequence type, as the schema names the elements.
type fileTx struct {
	SeqTp     string
	EndToEnd  string
	MndtID    string
	IBAN      string
	AmdmntInd string
	OrgnlIBAN string
	OrgnlAgt  string
	Details   bool
}

// readFile reads the debits of a pain.008 file, by end-to-end id.
func readFile(t *testing.T, data []byte) map[string]fileTx {
	t.Helper()
	var doc struct {
		PmtInf []struct {
			SeqTp string `xml:"PmtTpInf>SeqTp"`
			Tx    []struct {
				EndToEndID string `xml:"PmtId>EndToEndId"`
				MndtID     string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
				AmdmntInd  string `xml:"DrctDbtTx>MndtRltdInf>AmdmntInd"`
				Details    *struct {
					OrgnlDbtrIBAN string `xml:"OrgnlDbtrAcct>Id>IBAN"`
					OrgnlDbtrAgt  string `xml:"OrgnlDbtrAgt>FinInstnId>Othr>Id"`
				} `xml:"DrctDbtTx>MndtRltdInf>AmdmntInfDtls"`
				IBAN string `xml:"DbtrAcct>Id>IBAN"`
			} `xml:"DrctDbtTxInf"`
		} `xml:"CstmrDrctDbtInitn>PmtInf"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string]fileTx{}
	for _, p := range doc.PmtInf {
		for _, tx := range p.Tx {
			ft := fileTx{SeqTp: p.SeqTp, EndToEnd: tx.EndToEndID, MndtID: tx.MndtID, IBAN: tx.IBAN, AmdmntInd: tx.AmdmntInd}
			if d := tx.Details; d != nil {
				ft.Details, ft.OrgnlIBAN, ft.OrgnlAgt = true, d.OrgnlDbtrIBAN, d.OrgnlDbtrAgt
			}
			out[tx.EndToEndID] = ft
		}
	}
	return out
}

func compact(iban string) string { return strings.ReplaceAll(iban, " ", "") }

// TestMandateAmendment changes the account of a monthly contract's
// mandate after its first debit left, and reads the next files: the
// next debit tells the bank once, as the SEPA Core rulebook has it (the
// original IBAN for the same bank, SMNDA and FRST for another), the
// following one says nothing; the file made again is the same.
func TestMandateAmendment(t *testing.T) {
	type change struct{ holder, iban, bic string }
	tests := []struct {
		name    string
		changes []change
		// want is the next debit as the file gives it: its sequence type,
		// the original IBAN, the original agent; details whether it has
		// AmdmntInfDtls at all.
		seq, orgnlIBAN, orgnlAgt string
		details                  bool
		history                  string
	}{
		{"another account of the same bank", []change{{"", sameBank, ""}},
			"RCUR", compact(iban), "", true, "même banque"},
		{"another bank", []change{{"Marie et Paul Durand", otherBank, "BNPAFRPPXXX"}},
			"FRST", "", "SMNDA", true, "changement de banque"},
		// Two changes before the next debit: the bank is told once, what
		// differs from the account it knows.
		{"another bank, then an account of the first bank", []change{{"", otherBank, ""}, {"", sameBank, ""}},
			"RCUR", compact(iban), "", true, "même banque"},
		{"another bank, then a third one", []change{{"", otherBank, ""}, {"", thirdBank, ""}},
			"FRST", "", "SMNDA", true, "changement de banque"},
		{"another bank, then back to the first account", []change{{"", otherBank, ""}, {"", iban, ""}},
			"RCUR", "", "", false, "retour au compte que la banque connaît"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			c := f.sign(t, f.draft(t))
			if c.Rhythm != "monthly" || len(c.Schedule) < 3 {
				t.Fatalf("a monthly contract, got %s with %d debits", c.Rhythm, len(c.Schedule))
			}
			first, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[0].Date, false)
			if err != nil {
				t.Fatal(err)
			}
			if tx := readFile(t, first.XML); len(tx) != 1 || slices.ContainsFunc(mapValues(tx), func(x fileTx) bool { return x.AmdmntInd != "" }) {
				t.Fatalf("first file: %+v", tx)
			}
			f.clock.Advance(24 * 3600e9)
			for _, ch := range tt.changes {
				if err := f.app.Contracts.AmendMandateForTest(f.ctx, c.ID, ch.holder, ch.iban, ch.bic, f.clock.Now()); err != nil {
					t.Fatal(err)
				}
			}
			last := tt.changes[len(tt.changes)-1]

			next, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[1].Date, false)
			if err != nil {
				t.Fatal(err) // Export checks the file as pkg/sepa does, and refuses a wrong one
			}
			txs := readFile(t, next.XML)
			got, ok := txs[c.Number+"-02"]
			if !ok || len(txs) != 1 {
				t.Fatalf("next file: %+v", txs)
			}
			ind := ""
			if tt.details {
				ind = "true"
			}
			if got.SeqTp != tt.seq || got.IBAN != compact(last.iban) || got.MndtID != c.Mandate.RUM || got.AmdmntInd != ind ||
				got.Details != tt.details || got.OrgnlIBAN != tt.orgnlIBAN || got.OrgnlAgt != tt.orgnlAgt {
				t.Errorf("next debit %+v, want %s to %s, details %v, original IBAN %q, agent %q", got, tt.seq, compact(last.iban), tt.details, tt.orgnlIBAN, tt.orgnlAgt)
			}
			// The file made again tells the same, byte for byte.
			again, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[1].Date, true)
			if err != nil || string(again.XML) != string(next.XML) {
				t.Errorf("again: %v, same %v", err, err == nil && string(again.XML) == string(next.XML))
			}
			// The following debit says nothing of the change.
			following, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[2].Date, false)
			if err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, following.XML)[c.Number+"-03"]; got.SeqTp != "RCUR" || got.AmdmntInd != "" || got.Details || got.IBAN != compact(last.iban) {
				t.Errorf("following debit %+v", got)
			}

			c, err = f.app.Contracts.Get(f.ctx, f.marie, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			// The debit stays what it was presented as, for the bank's
			// return files, which name the batch by its sequence type.
			if c.Schedule[1].Sequence != tt.seq || c.Schedule[2].Sequence != "RCUR" {
				t.Errorf("sequences %s, %s", c.Schedule[1].Sequence, c.Schedule[2].Sequence)
			}
			if c.Mandate.RUM == "" || !strings.HasSuffix(compact(c.Mandate.IBAN), compact(last.iban)[len(compact(last.iban))-3:]) {
				t.Errorf("mandate %+v", c.Mandate)
			}
			var amended, told int
			for _, e := range c.History {
				if e.Action == "mandate_amended" {
					amended++
					if amended == len(tt.changes) && !strings.Contains(e.Detail, tt.history) {
						t.Errorf("history %q lacks %q", e.Detail, tt.history)
					}
				}
				if e.Action == "debit_exported" && strings.Contains(e.Detail, "modification du mandat") {
					told++
				}
			}
			if amended != len(tt.changes) || told != map[bool]int{true: 1, false: 0}[tt.details] {
				t.Errorf("history: %d changes, %d debits with the mandate's change: %+v", amended, told, c.History)
			}
			if last.holder != "" && c.Mandate.Holder != last.holder {
				t.Errorf("holder %q", c.Mandate.Holder)
			}
		})
	}
}

func mapValues[K comparable, V any](m map[K]V) []V {
	var out []V
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestMandateAmendmentBeforeAnyDebit: a mandate whose bank saw no debit
// yet changes account with nothing to tell: its first debit is a first
// one without amendment details.
func TestMandateAmendmentBeforeAnyDebit(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if err := f.app.Contracts.AmendMandateForTest(f.ctx, c.ID, "", otherBank, "", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	r, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[0].Date, false)
	if err != nil {
		t.Fatal(err)
	}
	got := readFile(t, r.XML)[c.Number+"-01"]
	if got.SeqTp != "FRST" || got.AmdmntInd != "" || got.Details || got.IBAN != compact(otherBank) {
		t.Errorf("first debit %+v", got)
	}
	r, err = f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[1].Date, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, r.XML)[c.Number+"-02"]; got.SeqTp != "RCUR" || got.Details {
		t.Errorf("second debit %+v", got)
	}
}

// TestMandateAmendmentDocument: the mandate is issued again for the new
// account, its reference and date of signature kept; the former stays.
func TestMandateAmendmentDocument(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	f.clock.Advance(24 * 3600e9)
	if err := f.app.Contracts.AmendMandateForTest(f.ctx, c.ID, "", otherBank, "BNPAFRPP", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	c, err := f.app.Contracts.Get(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	var mandates []contract.Document
	for _, d := range c.Documents {
		if d.Kind == contract.DocMandate && d.Signed {
			mandates = append(mandates, d)
		}
	}
	if len(mandates) != 2 {
		t.Fatalf("mandates %+v", mandates)
	}
	latest := slices.MaxFunc(mandates, func(a, b contract.Document) int { return a.IssuedAt.Compare(b.IssuedAt) })
	file, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", latest.ID)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, file.Data)
	for _, w := range []string{c.Mandate.RUM, otherBank, "BNPAFRPP", "modifiées le 3 mars 2026 par avenant", "garde sa référence (RUM) et sa date de signature",
		"Signé électroniquement le 2 mars 2026"} {
		if !strings.Contains(text, w) {
			t.Errorf("the new mandate lacks %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, iban) {
		t.Errorf("the new mandate still gives the former account:\n%s", text)
	}
}

// TestMandateAmendmentRefused: a wrong account is refused with every
// wrong field, in French, and changes nothing.
func TestMandateAmendmentRefused(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	tests := []struct {
		name              string
		holder, iban, bic string
		fields            map[string]string
	}{
		{"the IBAN's key", "", "FR76 3000 6000 0112 3456 7890 287", "", map[string]string{"changes.iban": "clé de contrôle de l’IBAN est fausse"}},
		{"no IBAN", "", "  ", "", map[string]string{"changes.iban": "Indiquez l’IBAN du nouveau compte."}},
		{"outside SEPA", "", "US12 3456 7890 1234 5678", "", map[string]string{"changes.iban": "IBAN"}},
		{"a wrong BIC and a wrong IBAN", "", "FR00", "BNPA12", map[string]string{"changes.iban": "IBAN", "changes.bic": "Un BIC compte 8 ou 11 caractères"}},
		{"a BIC of a wrong form", "", otherBank, "BNPA1RPP", map[string]string{"changes.bic": "Ce BIC n’a pas le bon format"}},
		{"a holder too long", strings.Repeat("Marie ", 13), otherBank, "", map[string]string{"changes.holder": "70\u00a0caractères au plus"}},
		{"the same account", "Marie Durand", iban, "", map[string]string{"changes.iban": "C’est déjà le compte prélevé pour ce contrat."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := f.app.Contracts.AmendMandateForTest(f.ctx, c.ID, tt.holder, tt.iban, tt.bic, f.clock.Now())
			wantErr(t, err, apperr.EINVALID, "")
			e := err.(*apperr.Error)
			got := map[string]string{}
			for _, fm := range e.Fields {
				got[fm.Field] = fm.Message
			}
			if len(e.Fields) == 0 {
				got[e.Field] = e.Message
			}
			if len(got) != len(tt.fields) {
				t.Errorf("fields %v, want %v", got, tt.fields)
			}
			for field, w := range tt.fields {
				if !strings.Contains(got[field], w) {
					t.Errorf("%s: %q, want %q", field, got[field], w)
				}
			}
		})
	}
	after, err := f.app.Contracts.Get(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if after.Mandate.IBAN != c.Mandate.IBAN || slices.ContainsFunc(after.History, func(e contract.Event) bool { return e.Action == "mandate_amended" }) {
		t.Errorf("a refused change changed the mandate: %+v", after.Mandate)
	}
}

// TestMandateAmendmentRejected: the debit that told the bank of a change
// of bank is rejected; its new presentation tells it again, as a first
// debit, and the next one says nothing.
func TestMandateAmendmentRejected(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if _, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[0].Date, false); err != nil {
		t.Fatal(err)
	}
	if err := f.app.Contracts.AmendMandateForTest(f.ctx, c.ID, "", otherBank, "", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	r, err := f.app.Contracts.Export(f.ctx, account.Operator, "2026-04-10", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, r.XML)[c.Number+"-02"]; got.SeqTp != "FRST" || got.OrgnlAgt != "SMNDA" {
		t.Fatalf("next debit %+v", got)
	}
	f.at(t, "2026-04-13")
	if err := f.app.Contracts.RejectForTest(f.ctx, c.ID, 2, "Provision insuffisante", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	c, err = f.app.Contracts.Get(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	again := c.Schedule[len(c.Schedule)-1]
	if again.Date != "2026-04-18" {
		t.Fatalf("new presentation %+v", again)
	}
	r, err = f.app.Contracts.Export(f.ctx, account.Operator, again.Date, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, r.XML)[fmt.Sprintf("%s-%02d", c.Number, again.Seq)]; got.SeqTp != "FRST" || got.AmdmntInd != "true" || got.OrgnlAgt != "SMNDA" {
		t.Errorf("new presentation in the file %+v", got)
	}
	r, err = f.app.Contracts.Export(f.ctx, account.Operator, "2026-05-10", false)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, r.XML)[c.Number+"-03"]; got.SeqTp != "RCUR" || got.Details {
		t.Errorf("the debit after %+v", got)
	}
}

// TestMandateHolderChanged: the holder's name alone changes with nothing
// to tell the bank (the rulebook's amendment details have no field for
// it): the next debit carries no details.
func TestMandateHolderChanged(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if _, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[0].Date, false); err != nil {
		t.Fatal(err)
	}
	if err := f.app.Contracts.AmendMandateForTest(f.ctx, c.ID, "Marie Durand-Martin", iban, "", f.clock.Now()); err != nil {
		t.Fatal(err)
	}
	r, err := f.app.Contracts.Export(f.ctx, account.Operator, c.Schedule[1].Date, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, r.XML)[c.Number+"-02"]; got.SeqTp != "RCUR" || got.Details || got.IBAN != compact(iban) {
		t.Errorf("next debit %+v", got)
	}
	c, err = f.app.Contracts.Get(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(c.History, func(e contract.Event) bool { return e.Action == "mandate_amended" })
	if c.Mandate.Holder != "Marie Durand-Martin" || i < 0 || c.History[i].Detail != "Titulaire du compte prélevé modifié\u00a0: Marie Durand-Martin au lieu de Marie Durand\u00a0; le mandat "+c.Mandate.RUM+" garde sa référence." {
		t.Errorf("mandate %+v, history %+v", c.Mandate, c.History)
	}
}
