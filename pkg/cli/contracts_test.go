package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/contract"
	"courtier/pkg/store/storetest"
)

// tickLines are the lines `contracts tick` prints for a report whose steps
// are steps (the day already in French).
func tickLines(day string, steps []contract.TickStep) string {
	var b strings.Builder
	b.WriteString("Travail du " + day + "\u00a0:\n")
	for _, st := range steps {
		b.WriteString("  " + st.Label + "\u00a0: 0\n")
	}
	return b.String()
}

// TestContractsTick runs a day's work on a database, for a given day and
// for today, and again: one line per step of the service's report, in its
// order, nothing on standard error.
func TestContractsTick(t *testing.T) {
	dsn := storetest.DSN(t)
	a, err := app.Open(context.Background(), app.Config{DB: dsn})
	if err != nil {
		t.Fatal(err)
	}
	r, err := a.Contracts.Tick(context.Background(), account.Operator, "2026-03-01")
	a.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Steps) < 4 {
		t.Fatalf("report %+v: fewer steps than the day's work has", r)
	}
	paris, _ := time.LoadLocation("Europe/Paris")
	today := time.Now().In(paris)
	months := []string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"}
	todayFr := func() string {
		d := today.Format("2")
		if d == "1" {
			d = "1er"
		}
		return d + "\u00a0" + months[today.Month()-1] + "\u00a0" + today.Format("2006")
	}()
	tests := []struct {
		name string
		args []string
		day  string
	}{
		{"a day", []string{"contracts", "tick", "--date", "2026-03-10"}, "10\u00a0mars\u00a02026"},
		{"the same day again", []string{"contracts", "tick", "--date", "2026-03-10"}, "10\u00a0mars\u00a02026"},
		{"the first of a month", []string{"contracts", "tick", "--date", "2027-05-01"}, "1er\u00a0mai\u00a02027"},
		{"today", []string{"contracts", "tick"}, todayFr},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runIn(t, dsn, "", tt.args...)
			if want := tickLines(tt.day, r.Steps); code != 0 || out != want || errOut != "" {
				t.Errorf("exit %d, out %q, err %q; want 0 and %q", code, out, errOut, want)
			}
		})
	}
}

func TestContractsTickCommandLines(t *testing.T) {
	db := filepath.Join(t.TempDir(), "none.db")
	tests := []struct {
		name   string
		args   []string
		code   int
		errHas string
	}{
		{"bad date", []string{"contracts", "tick", "--date", "10/03/2026"}, 1, "courtier: Date invalide «\u00a010/03/2026\u00a0»\u00a0: indiquez --date au format AAAA-MM-JJ, par exemple 2026-03-10."},
		{"no such day", []string{"contracts", "tick", "--date", "2026-02-30"}, 1, "Date invalide «\u00a02026-02-30\u00a0»"},
		{"empty date", []string{"contracts", "tick", "--date", ""}, 1, "n’existe pas"},
		{"no database", []string{"contracts", "tick", "--date", "2026-03-10"}, 1, "courtier: La base de données " + db + " n’existe pas"},
		{"extra argument", []string{"contracts", "tick", "x"}, 2, "unknown command"},
		{"unknown subcommand", []string{"contracts", "renew"}, 2, "unknown command"},
		{"date without value", []string{"contracts", "tick", "--date"}, 2, "flag needs an argument"},
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

// TestContractsHelp: the help is in English and names the subcommand.
func TestContractsHelp(t *testing.T) {
	out, errOut, code := runIn(t, filepath.Join(t.TempDir(), "none.db"), "", "contracts", "--help")
	if code != 0 || errOut != "" || !strings.Contains(out, "tick") || !strings.Contains(out, "back office") {
		t.Errorf("exit %d, out %q, err %q", code, out, errOut)
	}
}

// TestWriteTickReport: each step's count as the service counted it, the
// thousands spaced the French way.
func TestWriteTickReport(t *testing.T) {
	var b strings.Builder
	r := &contract.TickReport{Day: "2027-01-01", Steps: []contract.TickStep{
		{Name: "paid", Label: "prélèvements payés", Count: 1200},
		{Name: "incidents", Label: "incidents de paiement avancés", Count: 1},
		{Name: "notices", Label: "avis d’échéance envoyés", Count: 0},
	}}
	if err := writeTickReport(&b, r); err != nil {
		t.Fatal(err)
	}
	want := "Travail du 1er\u00a0janvier\u00a02027\u00a0:\n  prélèvements payés\u00a0: 1\u202f200\n  incidents de paiement avancés\u00a0: 1\n  avis d’échéance envoyés\u00a0: 0\n"
	if b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}
