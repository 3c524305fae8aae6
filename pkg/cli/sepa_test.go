package cli

import (
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/sepa"
	"courtier/pkg/store/storetest"
)

// pain008 is what the test reads of a pain.008 file.
type pain008 struct {
	MsgID   string `xml:"CstmrDrctDbtInitn>GrpHdr>MsgId"`
	NbOfTxs int    `xml:"CstmrDrctDbtInitn>GrpHdr>NbOfTxs"`
	CtrlSum string `xml:"CstmrDrctDbtInitn>GrpHdr>CtrlSum"`
	PmtInf  []struct {
		SeqTp string `xml:"PmtTpInf>SeqTp"`
		Date  string `xml:"ReqdColltnDt"`
		IBAN  string `xml:"CdtrAcct>Id>IBAN"`
		ICS   string `xml:"CdtrSchmeId>Id>PrvtId>Othr>Id"`
		Txs   []struct {
			EndToEndID string `xml:"PmtId>EndToEndId"`
			Amount     string `xml:"InstdAmt"`
			RUM        string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
			Debtor     string `xml:"Dbtr>Nm"`
			IBAN       string `xml:"DbtrAcct>Id>IBAN"`
			Remittance string `xml:"RmtInf>Ustrd"`
		} `xml:"DrctDbtTxInf"`
	} `xml:"CstmrDrctDbtInitn>PmtInf"`
}

// signedContracts signs two clients' car contracts starting on start, on
// the database at dsn, with the clock of the command line (time.Now).
func signedContracts(t *testing.T, dsn, start string) []*contract.Contract {
	t.Helper()
	a, err := app.Open(context.Background(), app.Config{DB: dsn, Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	marie := contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	chloe := contracttest.Client(t, a, "chloe@exemple.fr", "Chloé Lefèvre-Dœuf")
	return []*contract.Contract{
		contracttest.Signed(t, a, marie, start, "AB-123-CD"),
		contracttest.Signed(t, a, chloe, start, "EF-456-GH"),
	}
}

// TestSepaExport exports the first debits of two contracts, refuses a
// second export of the day, makes the lost file again with --again, and
// finds nothing on a day without debits.
func TestSepaExport(t *testing.T) {
	dsn := storetest.DSN(t)
	paris, _ := time.LoadLocation("Europe/Paris")
	start := contracttest.Day(time.Now().In(paris), 3)
	cs := signedContracts(t, dsn, start)
	if cs[0].Schedule[0].Date != start {
		t.Fatalf("first debit on %s, want %s", cs[0].Schedule[0].Date, start)
	}
	out := filepath.Join(t.TempDir(), "remise.xml")

	stdout, stderr, code := runIn(t, dsn, "", "sepa", "export", "--date", start, "--out", out)
	if code != 0 || !strings.Contains(stdout, "2\u00a0prélèvements") || !strings.Contains(stdout, "écrit dans "+out) {
		t.Fatalf("exit %d, out %q, err %q", code, stdout, stderr)
	}
	first, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc pain008
	if err := xml.Unmarshal(first, &doc); err != nil {
		t.Fatalf("%v:\n%s", err, first)
	}
	sum := cs[0].Schedule[0].AmountCents + cs[1].Schedule[0].AmountCents
	if doc.NbOfTxs != 2 || doc.CtrlSum != sepa.FormatCents(sum) || len(doc.PmtInf) != 1 {
		t.Fatalf("NbOfTxs %d CtrlSum %s PmtInf %d, want 2 %s 1", doc.NbOfTxs, doc.CtrlSum, len(doc.PmtInf), sepa.FormatCents(sum))
	}
	p := doc.PmtInf[0]
	if p.SeqTp != "FRST" || p.Date != start || p.ICS != "FR78ZZZ424242" || p.IBAN != "FR7630006000011234567890189" {
		t.Errorf("payment %+v", p)
	}
	tx := p.Txs[1]
	if tx.IBAN != sepa.NormalizeIBAN(contracttest.IBAN) || tx.Debtor != "Chloe Lefevre-Doeuf" || tx.EndToEndID != cs[1].Number+"-01" ||
		tx.RUM != cs[1].Mandate.RUM || !strings.HasPrefix(tx.Remittance, "Cotisation ") || !strings.Contains(tx.Remittance, "contrat "+cs[1].Number+" echeance ") {
		t.Errorf("transaction %+v", tx)
	}
	wantID := "COURTIER-" + strings.ReplaceAll(start, "-", "") + "-1"
	if doc.MsgID != wantID {
		t.Errorf("MsgId %s, want %s", doc.MsgID, wantID)
	}

	_, stderr, code = runIn(t, dsn, "", "sepa", "export", "--date", start)
	if code != 1 || !strings.Contains(stderr, "Aucun prélèvement à exporter le ") || !strings.Contains(stderr, "2\u00a0prélèvements déjà exportés") ||
		!strings.Contains(stderr, "--again") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("second export: exit %d, err %q", code, stderr)
	}

	stdout, stderr, code = runIn(t, dsn, "", "sepa", "export", "--date", start, "--again")
	if code != 0 || stdout != string(first) || !strings.Contains(stderr, wantID) {
		t.Errorf("--again: exit %d, err %q, the same file %v", code, stderr, stdout == string(first))
	}

	next := contracttest.Day(time.Now().In(paris), 4)
	stdout, stderr, code = runIn(t, dsn, "", "sepa", "export", "--date", next)
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "courtier: Aucun prélèvement à exporter le ") || strings.Contains(stderr, "déjà") {
		t.Errorf("a day without debits: exit %d, out %q, err %q", code, stdout, stderr)
	}
}

// TestSepaExportRecordsTheDebit: the contract's schedule and history say
// the debit left for the bank.
func TestSepaExportRecordsTheDebit(t *testing.T) {
	dsn := storetest.DSN(t)
	paris, _ := time.LoadLocation("Europe/Paris")
	start := contracttest.Day(time.Now().In(paris), 2)
	cs := signedContracts(t, dsn, start)
	if _, stderr, code := runIn(t, dsn, "", "sepa", "export", "--date", start); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	a, err := app.Open(context.Background(), app.Config{DB: dsn})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	c, err := a.Contracts.Get(context.Background(), account.Operator, cs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Schedule[0].Exported || c.Schedule[1].Exported {
		t.Errorf("schedule %+v", c.Schedule[:2])
	}
	last := c.History[len(c.History)-1]
	if last.Action != "debit_exported" || !strings.Contains(last.Detail, "transmis à la banque ("+cs[0].Number+"-01)") {
		t.Errorf("last history line %+v", last)
	}
}

func TestSepaExportCommandLines(t *testing.T) {
	db := filepath.Join(t.TempDir(), "none.db")
	tests := []struct {
		name   string
		args   []string
		code   int
		errHas string
	}{
		{"no date", []string{"sepa", "export"}, 2, `required flag(s) "date" not set`},
		{"bad date", []string{"sepa", "export", "--date", "10/03/2026"}, 1, "courtier: Date invalide «\u00a010/03/2026\u00a0»\u00a0: indiquez --date au format AAAA-MM-JJ"},
		{"no such day", []string{"sepa", "export", "--date", "2026-02-30"}, 1, "Date invalide"},
		{"no database", []string{"sepa", "export", "--date", "2026-03-10"}, 1, "n’existe pas"},
		{"extra argument", []string{"sepa", "export", "--date", "2026-03-10", "x"}, 2, "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runIn(t, db, "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.errHas) || out != "" {
				t.Errorf("exit %d, out %q, err %q; want %d and %q", code, out, errOut, tt.code, tt.errHas)
			}
			if tt.code == 1 && strings.Count(errOut, "\n") != 1 {
				t.Errorf("err %q is not one line", errOut)
			}
		})
	}
}

// TestSepaExportPastDay: a day gone is refused before anything is marked.
func TestSepaExportPastDay(t *testing.T) {
	dsn := storetest.DSN(t)
	a, err := app.Open(context.Background(), app.Config{DB: dsn})
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	_, errOut, code := runIn(t, dsn, "", "sepa", "export", "--date", "2020-03-10")
	if code != 1 || errOut != "courtier: Le 10\u00a0mars\u00a02020 est passé\u00a0: la banque ne prélève pas à une date passée.\n" {
		t.Errorf("exit %d, err %q", code, errOut)
	}
}
