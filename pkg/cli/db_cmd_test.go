package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestDBCommandLines: what `courtier db` refuses before it opens anything.
func TestDBCommandLines(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		errHas string
	}{
		{"db alone shows help", []string{"db"}, 0, ""},
		{"unknown subcommand", []string{"db", "vacuum"}, 2, "unknown command"},
		{"migrate takes no argument", []string{"db", "migrate", "x"}, 2, "unknown command"},
		{"backup without path", []string{"db", "backup"}, 2, "accepts 1 arg(s)"},
		{"copy without flags", []string{"db", "copy"}, 2, `required flag(s) "from", "to" not set`},
		{"copy without target", []string{"db", "copy", "--from", "a.db"}, 2, `required flag(s) "to" not set`},
		{"copy onto itself", []string{"db", "copy", "--from", "a.db", "--to", "a.db"}, 2, "--from and --to name the same database"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runIn(t, filepath.Join(t.TempDir(), "absente.db"), "", tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.errHas) {
				t.Errorf("exit %d, err %q; want %d and %q (out %q)", code, errOut, tt.code, tt.errHas, out)
			}
		})
	}
}

// emptyDSN is a database of the tests' engine with nothing in it: a SQLite
// file of no bytes (it exists, as commands other than serve want) or a new
// PostgreSQL schema (storetest.DSN's may come migrated from the pool).
func emptyDSN(t *testing.T) string {
	t.Helper()
	if base := os.Getenv(storetest.EnvPostgres); base != "" {
		return storetest.Schema(t, base)
	}
	dsn := storetest.DSN(t)
	if err := os.WriteFile(dsn, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	return dsn
}

// TestDBMigrate applies every migration to an empty database, then none;
// a SQLite file that is not there is not created.
func TestDBMigrate(t *testing.T) {
	dsn := emptyDSN(t)
	db, err := store.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	all, err := db.Migrations()
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	latest := all[len(all)-1].Version
	for _, want := range []string{
		fmt.Sprintf("Base à jour\u00a0: migration %d (%d appliquées).\n", latest, len(all)),
		fmt.Sprintf("Base à jour\u00a0: migration %d (aucune à appliquer).\n", latest),
	} {
		if out, errOut, code := runIn(t, dsn, "", "db", "migrate"); code != 0 || out != want {
			t.Errorf("exit %d, out %q, err %q; want %q", code, out, errOut, want)
		}
	}
	missing := filepath.Join(t.TempDir(), "nulle-part", "courtier.db")
	if _, errOut, code := runIn(t, missing, "", "db", "migrate"); code != 1 || !strings.Contains(errOut, "n’existe pas") {
		t.Errorf("missing database: exit %d, err %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("db migrate created %s", filepath.Dir(missing))
	}
}

func TestAppliedCount(t *testing.T) {
	for n, want := range map[int]string{0: "aucune à appliquer", 1: "1 appliquée", 2: "2 appliquées", 16: "16 appliquées"} {
		if got := appliedCount(n); got != want {
			t.Errorf("appliedCount(%d) = %q, want %q", n, got, want)
		}
	}
}

// withClient makes a database at dsn holding one client and returns it.
func withClient(t *testing.T, dsn string) string {
	t.Helper()
	a, err := app.Open(context.Background(), app.Config{DB: dsn, Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if _, err := a.Accounts.Create(context.Background(), account.NewUser{Email: "marie@exemple.fr", Password: "cheval-agrafe-correct-42"}); err != nil {
		t.Fatal(err)
	}
	return dsn
}

// TestDBBackup writes a backup that holds the client, then refuses to
// write it again; on PostgreSQL it points to pg_dump, without the password.
func TestDBBackup(t *testing.T) {
	src := withClient(t, filepath.Join(t.TempDir(), "courtier.db"))
	path := filepath.Join(t.TempDir(), "sauvegarde.db")
	out, errOut, code := runIn(t, src, "", "db", "backup", path)
	if code != 0 || !regexp.MustCompile(`^Sauvegarde écrite dans `+regexp.QuoteMeta(path)+` \([0-9]+,[0-9] Ko\)\.\n$`).MatchString(out) {
		t.Fatalf("exit %d, out %q, err %q", code, out, errOut)
	}
	if out, _, code := runIn(t, path, "", "users", "list"); code != 0 || !strings.Contains(out, "marie@exemple.fr") {
		t.Errorf("the backup lists %q (exit %d)", out, code)
	}
	want := "courtier: Le fichier " + path + " existe déjà\u00a0: une sauvegarde n’écrase rien, choisissez un autre chemin.\n"
	if out, errOut, code := runIn(t, src, "", "db", "backup", path); code != 1 || errOut != want || out != "" {
		t.Errorf("backup onto an existing file: exit %d, out %q, err %q; want %q", code, out, errOut, want)
	}
	url := "postgres://courtier:secret@db.internal:5432/courtier?search_path=broker&sslmode=disable"
	want = "courtier: Sur PostgreSQL, sauvegardez avec pg_dump\u00a0: pg_dump --format=custom --schema=broker --file=/tmp/c.dump " +
		"'postgres://courtier:xxxxx@db.internal:5432/courtier?sslmode=disable' (pg_restore la restaure).\n"
	if out, errOut, code := runIn(t, url, "", "db", "backup", "/tmp/c.dump"); code != 1 || errOut != want || out != "" {
		t.Errorf("backup on PostgreSQL: exit %d, out %q, err %q; want %q", code, out, errOut, want)
	}
}

// TestDBCopy copies a SQLite database into a new one of each engine and
// prints the counts; a second copy onto the same target is refused.
func TestDBCopy(t *testing.T) {
	targets := map[string]func(t *testing.T) string{
		"sqlite": func(t *testing.T) string { return filepath.Join(t.TempDir(), "cible.db") },
		"postgres": func(t *testing.T) string {
			base := os.Getenv(storetest.EnvPostgres)
			if base == "" {
				t.Skip(storetest.EnvPostgres + " unset: no PostgreSQL to copy to")
			}
			return storetest.Schema(t, base)
		},
	}
	for name, target := range targets {
		t.Run(name, func(t *testing.T) {
			src := withClient(t, filepath.Join(t.TempDir(), "courtier.db"))
			dst := target(t)
			out, errOut, code := runIn(t, "", "", "db", "copy", "--from", src, "--to", dst)
			if code != 0 || !regexp.MustCompile(`(?m)^users +1 +1$`).MatchString(out) ||
				!regexp.MustCompile(`(?m)^Copie terminée\x{a0}: [0-9]+ lignes dans [0-9]+ tables, autant de chaque côté\.$`).MatchString(out) {
				t.Fatalf("exit %d, out:\n%s\nerr %q", code, out, errOut)
			}
			out, errOut, code = runIn(t, "", "", "db", "copy", "--from", src, "--to", dst)
			if code != 1 || out != "" || !strings.Contains(errOut, "La base cible n’est pas vide (users)") {
				t.Errorf("second copy: exit %d, out %q, err %q", code, out, errOut)
			}
		})
	}
}

// TestDBCopyRefusesASourceBehind: a source missing a migration is refused
// with the command that brings it up, before the target is made.
func TestDBCopyRefusesASourceBehind(t *testing.T) {
	ctx := context.Background()
	src := filepath.Join(t.TempDir(), "courtier.db")
	db, err := store.Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	err = db.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)")
		return err
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "cible.db")
	_, errOut, code := runIn(t, "", "", "db", "copy", "--from", src, "--to", dst)
	if code != 1 || !strings.Contains(errOut, "mettez d’abord la source à jour (courtier db migrate --db "+src+"), puis relancez la copie.") {
		t.Errorf("exit %d, err %q", code, errOut)
	}
	if _, err := os.Stat(dst); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the target was made: %v", err)
	}
}

// TestPrintCounts marks the tables whose counts differ and then leaves the
// verdict to the error.
func TestPrintCounts(t *testing.T) {
	var b strings.Builder
	if err := printCounts(&b, []store.TableCount{{Table: "users", Source: 3, Target: 3}, {Table: "sessions", Source: 5, Target: 4}}); err != nil {
		t.Fatal(err)
	}
	want := "TABLE     SOURCE  CIBLE\nusers     3       3\nsessions  5       4  ≠\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestFrenchSize(t *testing.T) {
	for n, want := range map[int64]string{12: "12 octets", 3482: "3,4 Ko", 1258291: "1,2 Mo", 5 << 30: "5,0 Go"} {
		if got := frenchSize(n); got != want {
			t.Errorf("frenchSize(%d) = %q, want %q", n, got, want)
		}
	}
}
