package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"courtier/pkg/store/storetest"
)

// TestTUICommandLines checks the flags of `courtier tui` without running it.
func TestTUICommandLines(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		args   []string
		code   int
		want   string
		errHas string
	}{
		{name: "defaults", args: []string{"tui"}, want: "as= refresh=5s nocolor=false"},
		{name: "flags", args: []string{"tui", "--as", "marie@exemple.fr", "--refresh", "1m"}, want: "as=marie@exemple.fr refresh=1m0s nocolor=false"},
		{name: "NO_COLOR", env: map[string]string{"NO_COLOR": "1"}, args: []string{"tui"}, want: "as= refresh=5s nocolor=true"},
		{name: "refresh zero", args: []string{"tui", "--refresh", "0"}, code: 2, errHas: "invalid --refresh 0s"},
		{name: "refresh negative", args: []string{"tui", "--refresh", "-5s"}, code: 2, errHas: "invalid --refresh -5s"},
		{name: "refresh unparsable", args: []string{"tui", "--refresh", "souvent"}, code: 2, errHas: "invalid argument"},
		{name: "extra argument", args: []string{"tui", "x"}, code: 2, errHas: "unknown command"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			root := NewRootCommand(env(tt.env))
			for _, c := range root.Commands() {
				if c.Name() == "tui" {
					root.RemoveCommand(c)
				}
			}
			root.AddCommand(NewTUICommand(&Options{}, env(tt.env), func(_ context.Context, o *TUIOptions) error {
				got = fmt.Sprintf("as=%s refresh=%s nocolor=%v", o.As, o.Refresh, o.NoColor)
				return nil
			}))
			root.SetOut(io.Discard)
			root.SetErr(io.Discard)
			root.SetArgs(tt.args)
			err := root.Execute()
			code := ExitCode(err)
			if err != nil && isUsage(err) {
				code = 2
			}
			if code != tt.code || got != tt.want || !strings.Contains(errString(err), tt.errHas) {
				t.Errorf("exit %d, ran %q, err %v; want %d, %q, %q", code, got, err, tt.code, tt.want, tt.errHas)
			}
		})
	}
}

// TestTUIRefusals: a bad --as or a missing database is one French line
// on stderr and exit 1, before the dashboard starts.
func TestTUIRefusals(t *testing.T) {
	db := newDB(t)
	for _, args := range [][]string{
		{"users", "create", "--email", "admin@exemple.fr", "--role", "admin"},
		{"users", "create", "--email", "lea@exemple.fr"},
		{"users", "create", "--email", "paul@exemple.fr", "--role", "agent"},
		{"users", "disable", "paul@exemple.fr"},
	} {
		if _, errOut, code := runIn(t, db, "une phrase de passe solide\n", args...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, errOut)
		}
	}
	missing := filepath.Join(t.TempDir(), "absente.db")
	tests := []struct {
		name string
		db   string
		args []string
		code int
		err  string
	}{
		{"unknown --as", db, []string{"tui", "--as", "inconnu@exemple.fr"}, 1,
			"courtier: Aucun compte n’a l’adresse inconnu@exemple.fr\u00a0: vérifiez --as (courtier users list).\n"},
		{"a client as --as", db, []string{"tui", "--as", "LEA@exemple.fr"}, 1,
			"courtier: lea@exemple.fr est un compte client\u00a0: --as demande un conseiller ou un administrateur.\n"},
		{"a disabled agent as --as", db, []string{"tui", "--as", "paul@exemple.fr"}, 1,
			"courtier: Le compte paul@exemple.fr est désactivé\u00a0: --as demande un compte actif.\n"},
		{"missing database", missing, []string{"tui", "--as", "admin@exemple.fr"}, 1,
			"courtier: La base de données " + missing + " n’existe pas\u00a0: vérifiez --db ou COURTIER_DB (courtier serve la crée à son premier démarrage).\n"},
		{"bad refresh before anything", missing, []string{"tui", "--refresh", "0s"}, 2, "courtier: invalid --refresh 0s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runIn(t, tt.db, "q", tt.args...)
			if code != tt.code || !strings.HasPrefix(errOut, tt.err) || out != "" {
				t.Errorf("exit %d, out %q, err %q; want %d and %q", code, out, errOut, tt.code, tt.err)
			}
		})
	}
}

// TestTUIRuns runs the dashboard over a real database, as an admin and
// read-only, until q; the streams are not terminals.
func TestTUIRuns(t *testing.T) {
	db := newDB(t)
	if _, errOut, code := runIn(t, db, "une phrase de passe solide\n", "users", "create", "--email", "marie@exemple.fr", "--name", "Marie Dupont", "--role", "admin"); code != 0 {
		t.Fatal(errOut)
	}
	tests := []struct{ name, as, want string }{
		{"as an admin", "marie@exemple.fr", "Compte\u00a0: Marie Dupont (Administrateur)"},
		{"read-only", "", "Lecture seule\u00a0: lancez avec --as pour agir"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, keys := io.Pipe()
			out, errOut := &storetest.Buffer{}, &storetest.Buffer{}
			args := []string{"tui"}
			if tt.as != "" {
				args = append(args, "--as", tt.as)
			}
			done := make(chan int, 1)
			go func() { done <- Run(args, env(map[string]string{"COURTIER_DB": db, "NO_COLOR": "1"}), in, out, errOut) }()
			deadline := time.Now().Add(10 * time.Second)
			for !strings.Contains(out.String(), tt.want) || !strings.Contains(out.String(), "1 administrateur") {
				if time.Now().After(deadline) {
					t.Fatalf("no %q and no overview in:\n%s\nstderr %s", tt.want, out.String(), errOut.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if _, err := keys.Write([]byte("q")); err != nil {
				t.Fatal(err)
			}
			select {
			case code := <-done:
				if code != 0 || errOut.String() != "" {
					t.Errorf("exit %d, stderr %q", code, errOut.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatal("courtier tui did not exit on q")
			}
		})
	}
}
