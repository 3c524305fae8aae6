package cli

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtier/pkg/store"
)

// newDB makes an empty database, as the first start of serve does, and
// returns its path.
func newDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "courtier.db")
	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCommandsNeedAnExistingDatabase: only serve creates the database; any
// other command given a path that is not there says so and exits 1.
func TestCommandsNeedAnExistingDatabase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nulle-part")
	missing := filepath.Join(dir, "courtier.db")
	want := "courtier: La base de données " + missing + " n’existe pas\u00a0: vérifiez --db ou COURTIER_DB (courtier serve la crée à son premier démarrage).\n"
	for _, args := range [][]string{
		{"users", "list"},
		{"users", "list", "--json"},
		{"users", "set-role", "a@exemple.fr", "agent"},
		{"users", "create", "--email", "a@exemple.fr", "--role", "admin"},
		{"users", "disable", "a@exemple.fr"},
		{"users", "enable", "a@exemple.fr"},
	} {
		for _, how := range []string{"env", "flag"} {
			var out, errOut bytes.Buffer
			getenv, line := env(map[string]string{"COURTIER_DB": missing}), args
			if how == "flag" {
				getenv, line = env(nil), append([]string{"--db", missing}, args...)
			}
			code := Run(line, getenv, strings.NewReader("une phrase de passe solide\n"), &out, &errOut)
			if code != 1 || errOut.String() != want || out.Len() != 0 {
				t.Errorf("%v by %s: exit %d, out %q, err %q; want 1 and %q", args, how, code, out.String(), errOut.String(), want)
			}
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a command created %s: %v", dir, err)
	}
	// Commands that do not use the database do not care.
	for _, args := range [][]string{{"version"}, {"chat"}} {
		if _, errOut, code := runIn(t, missing, "", args...); code != 0 {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
}
