package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/pricing"
	"courtier/pkg/sepa"
	"courtier/pkg/store/storetest"
)

// exportedContracts signs two contracts on the database at dsn and
// exports their first debits with `courtier sepa export`; it returns the
// contracts and the file's message id.
func exportedContracts(t *testing.T, dsn string) ([]*contract.Contract, string) {
	t.Helper()
	paris, _ := time.LoadLocation("Europe/Paris")
	start := contracttest.Day(time.Now().In(paris), 3)
	cs := signedContracts(t, dsn, start)
	if _, stderr, code := runIn(t, dsn, "", "sepa", "export", "--date", start); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	return cs, "COURTIER-" + strings.ReplaceAll(start, "-", "") + "-1"
}

// writeReturns writes text to a file of the test and returns its path.
func writeReturns(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "retours.xml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// firstPayments are the statuses of each contract's first payment and
// the last action of its history, read on the database at dsn.
func firstPayments(t *testing.T, dsn string, cs []*contract.Contract) []string {
	t.Helper()
	a, err := app.Open(context.Background(), app.Config{DB: dsn})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var out []string
	for _, c := range cs {
		got, err := a.Contracts.Get(context.Background(), account.Operator, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		p, last := got.Payments[0], got.History[len(got.History)-1]
		out = append(out, p.Status+" "+p.ReasonCode+" "+last.Action)
	}
	return out
}

// TestSepaReturns records a pain.002 file rejecting one debit and
// accepting the other, then the same file again, which records nothing.
func TestSepaReturns(t *testing.T) {
	dsn := storetest.DSN(t)
	cs, msg := exportedContracts(t, dsn)
	amount := cs[0].Schedule[0].AmountCents
	file := writeReturns(t, contracttest.Pain002(msg,
		contracttest.Status{EndToEndID: cs[0].Number + "-01", Status: sepa.StatusRejected, Reason: "AM04", AmountCents: amount},
		contracttest.Status{EndToEndID: cs[1].Number + "-01", Status: sepa.StatusAccepted},
		contracttest.Status{EndToEndID: "VIR-1", Status: sepa.StatusAccepted}, contracttest.Status{EndToEndID: "VIR-2", Status: sepa.StatusAccepted}))

	stdout, stderr, code := runIn(t, dsn, "", "sepa", "returns", file)
	want := "1\u00a0rejet enregistré (" + pricing.Euros(amount) + "), 1\u00a0prélèvement accepté par la banque, 2\u00a0opérations sans prélèvement du courtier ignorées.\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Fatalf("exit %d, out %q, err %q; want %q", code, stdout, stderr, want)
	}
	got := firstPayments(t, dsn, cs)
	if got[0] != "rejected AM04 payment_rejected" || got[1] != "sent  debit_exported" {
		t.Errorf("after the file: %q", got)
	}

	stdout, stderr, code = runIn(t, dsn, "", "sepa", "returns", file)
	want = "Aucun rejet nouveau (1\u00a0rejet déjà enregistré), 1\u00a0prélèvement accepté par la banque, 2\u00a0opérations sans prélèvement du courtier ignorées.\n"
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("again: exit %d, out %q, err %q; want %q", code, stdout, stderr, want)
	}
	if again := firstPayments(t, dsn, cs); strings.Join(again, "|") != strings.Join(got, "|") {
		t.Errorf("again changed %q into %q", got, again)
	}
}

// TestSepaReturnsRefused: a file that names an unknown debit, a hostile
// or broken file, fails with its line on standard error, one line, and
// records nothing of the file.
func TestSepaReturnsRefused(t *testing.T) {
	dsn := storetest.DSN(t)
	cs, msg := exportedContracts(t, dsn)
	rejected := contracttest.Status{EndToEndID: cs[0].Number + "-01", Status: sepa.StatusRejected, Reason: "AM04"}
	laughs := `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>&lol2;</CstmrPmtStsRpt></Document>
`
	deep := `<?xml version="1.0"?>` + "\n" + `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>` +
		strings.Repeat("<a>", 5000) + strings.Repeat("</a>", 5000) + "</CstmrPmtStsRpt></Document>\n"
	tests := []struct {
		name, text string
		errHas     []string
	}{
		{"unknown end-to-end id", contracttest.Pain002(msg, rejected, contracttest.Status{EndToEndID: "CT-2026-999999-01", Status: sepa.StatusRejected, Reason: "AC04"}),
			[]string{"courtier: retours.xml, ligne 20\u00a0: aucun prélèvement envoyé ne porte la référence «\u00a0CT-2026-999999-01\u00a0»."}},
		{"a debit not sent", contracttest.Pain002(msg, rejected, contracttest.Status{EndToEndID: cs[1].Number + "-02", Status: sepa.StatusRejected}),
			[]string{"courtier: retours.xml, ligne 20\u00a0:", cs[1].Number + "-02"}},
		{"unknown file", contracttest.GroupRejected("COURTIER-20200101-1", "FF01"), []string{"ligne 8\u00a0:", "COURTIER-20200101-1"}},
		{"entities", laughs, []string{"courtier: retours.xml, ligne 2\u00a0: déclaration «\u00a0<!DOCTYPE", "refusée"}},
		{"too deep", deep, []string{"courtier: retours.xml, ligne 2\u00a0: imbrication trop profonde"}},
		{"not XML", "%PDF-1.7\nbinaire\n", []string{"courtier: retours.xml, ligne 1\u00a0: texte hors de l’élément Document."}},
		{"control characters", "%PDF-1.7\n\x00\x01\x02 binaire\n", []string{"courtier: retours.xml, ligne ", "XML mal formé"}},
		{"cut short", contracttest.Pain002(msg, rejected)[:600], []string{"courtier: retours.xml, ligne "}},
		{"a pain.008", `<?xml version="1.0"?>` + "\n" + `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"><CstmrDrctDbtInitn/></Document>`,
			[]string{"ligne 2\u00a0:", "non pris en charge"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := runIn(t, dsn, "", "sepa", "returns", writeReturns(t, tt.text))
			if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 {
				t.Errorf("exit %d, out %q, err %q", code, stdout, stderr)
			}
			for _, w := range tt.errHas {
				if !strings.Contains(stderr, w) {
					t.Errorf("err %q lacks %q", stderr, w)
				}
			}
		})
	}
	if got := firstPayments(t, dsn, cs); got[0] != "sent  debit_exported" || got[1] != "sent  debit_exported" {
		t.Errorf("refused files recorded something: %q", got)
	}
}

func TestSepaReturnsCommandLines(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		code   int
		errHas string
	}{
		{"no file", []string{"sepa", "returns"}, 2, "accepts 1 arg(s), received 0"},
		{"two files", []string{"sepa", "returns", "a.xml", "b.xml"}, 2, "accepts 1 arg(s), received 2"},
		{"no such file", []string{"sepa", "returns", filepath.Join(dir, "absent.xml")}, 1, "courtier: Impossible de lire " + filepath.Join(dir, "absent.xml") + "\u00a0: no such file or directory"},
		{"a directory", []string{"sepa", "returns", dir}, 1, "courtier: retours"},
	}
	// A directory opens but does not read: the parser names line 1.
	tests[3].errHas = "courtier: " + filepath.Base(dir) + ", ligne 1\u00a0:"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runIn(t, filepath.Join(dir, "none.db"), "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.errHas) || out != "" {
				t.Errorf("exit %d, out %q, err %q; want %d and %q", code, out, errOut, tt.code, tt.errHas)
			}
		})
	}
}

// TestContractsTickSealsLetters runs, each in a new process's state, the
// days of a rejected debit's incident through `contracts tick`: the mise
// en demeure and the suspension are sealed letters made by a command that
// has not read the sealing key yet (a tick once hung there, the key read
// inside the tick's own write transaction).
func TestContractsTickSealsLetters(t *testing.T) {
	dsn := storetest.DSN(t)
	cs, msg := exportedContracts(t, dsn)
	file := writeReturns(t, contracttest.Pain002(msg,
		contracttest.Status{EndToEndID: cs[0].Number + "-01", Status: sepa.StatusRejected, Reason: "AM04", AmountCents: cs[0].Schedule[0].AmountCents}))
	if _, stderr, code := runIn(t, dsn, "", "sepa", "returns", file); code != 0 {
		t.Fatalf("returns: exit %d: %s", code, stderr)
	}
	due, _ := time.Parse(time.DateOnly, cs[0].Schedule[0].Date)
	for _, d := range []int{contract.NoticeDays, contract.NoticeDays + contract.SuspendDays, contract.NoticeDays + contract.SuspendDays + contract.TerminateDays} {
		day := due.AddDate(0, 0, d).Format(time.DateOnly)
		stdout, stderr, code := runIn(t, dsn, "", "contracts", "tick", "--date", day)
		if code != 0 || !strings.Contains(stdout, "incidents de paiement avancés\u00a0: 1") {
			t.Fatalf("tick of %s: exit %d, out %q, err %q", day, code, stdout, stderr)
		}
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
	kinds := map[string]bool{}
	for _, d := range c.Documents {
		kinds[d.Kind] = true
	}
	if c.Status != contract.StatusCancelled || !kinds[contract.DocFormalNotice] || !kinds[contract.DocTermination] {
		t.Fatalf("after the incident's days: %s, documents %v", c.Status, kinds)
	}
}
