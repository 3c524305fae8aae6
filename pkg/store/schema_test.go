package store_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// TestSchemaSQLite checks what Schema reads of a new SQLite database, so
// that TestSchemaSameOnPostgres cannot pass on two empty descriptions.
func TestSchemaSQLite(t *testing.T) {
	checkSchema(t, schemaOf(t, openSQLite(t)))
}

// TestSchemaSameOnPostgres applies both folders of migrations and wants the
// same schema from each.
func TestSchemaSameOnPostgres(t *testing.T) {
	pg := schemaOf(t, openPostgres(t))
	checkSchema(t, pg)
	lite := schemaOf(t, openSQLite(t))
	for _, d := range lite.Diff(pg) {
		t.Error(d)
	}
}

// TestSchemaDiffTellsChanges makes sure Diff sees a change of each kind it
// compares, and names the side that has it.
func TestSchemaDiffTellsChanges(t *testing.T) {
	db := openSQLite(t)
	a, b := schemaOf(t, db), schemaOf(t, db)
	if d := a.Diff(b); len(d) > 0 {
		t.Fatalf("the same database read twice differs: %q", d)
	}
	b.Table("users").Column("email").NotNull = false
	b.Table("requests").Indexes = b.Table("requests").Indexes[1:]
	b.Table("request_events").ForeignKeys[0].OnDelete = "NO ACTION"
	b.Table("sessions").Checks++
	b.Table("users").Uniques = nil
	b.Views = nil
	d := strings.Join(a.Diff(b), "\n")
	for _, want := range []string{
		"seulement sur sqlite (1) : users : email text NOT NULL",
		"seulement sur sqlite (2) : users : email text",
		"seulement sur sqlite (1) : requests : INDEX requests_by_assignee (assignee) WHERE assignee is not null",
		"seulement sur sqlite (2) : request_events : FOREIGN KEY (actor_uid) REFERENCES users (uid) ON DELETE NO ACTION",
		"seulement sur sqlite (2) : sessions : CHECK × 4",
		"seulement sur sqlite (1) : users : UNIQUE (lower(email))",
		"seulement sur sqlite (1) : VIEW chat_records",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Diff misses %q; it says:\n%s", want, d)
		}
	}
}

// checkSchema checks facts of the migrated schema that each engine must
// show alike.
func checkSchema(t *testing.T, s *store.Schema) {
	t.Helper()
	var names []string
	for _, tb := range s.Tables {
		names = append(names, tb.Name)
	}
	for _, want := range []string{"app_meta", "users", "sessions", "chat_messages", "requests", "request_events", "quote_offers", "complaints", "task_runs"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s: no table %s in %v", s.Engine, want, names)
		}
	}
	if len(names) < 18 || slices.Contains(names, "schema_migrations") {
		t.Errorf("%s: tables %v, want the 18 or more of the migrations, schema_migrations apart", s.Engine, names)
	}
	if len(s.Views) != 1 || s.Views[0].Name != "chat_records" ||
		!slices.Equal(s.Views[0].Columns, []string{"id", "conversation_id", "user_input", "intent", "response", "timestamp"}) {
		t.Errorf("%s: views %+v, want chat_records", s.Engine, s.Views)
	}
	tests := []struct {
		table string
		check func(*store.Table) bool
		want  string
	}{
		{"users", func(tb *store.Table) bool {
			return *tb.Column("email") == store.Column{Name: "email", Type: "text", NotNull: true}
		},
			"email TEXT NOT NULL without default"},
		{"users", func(tb *store.Table) bool { return slices.Equal(tb.Uniques, []string{"lower(email)"}) },
			"unique on lower(email) alone"},
		{"users", func(tb *store.Table) bool {
			return slices.ContainsFunc(tb.Indexes, func(i store.Index) bool {
				return i.Name == "users_email_lower" && i.Unique && slices.Equal(i.Columns, []string{"lower(email)"})
			})
		}, "unique index users_email_lower on lower(email)"},
		{"users", func(tb *store.Table) bool { return tb.Checks == 3 }, "3 CHECK constraints"},
		{"chat_messages", func(tb *store.Table) bool {
			id := tb.Column("id")
			return id.Type == "integer" && id.NotNull && id.Identity && slices.Equal(tb.PrimaryKey, []string{"id"})
		}, "id integer, numbered by the engine, primary key"},
		{"request_events", func(tb *store.Table) bool {
			return slices.ContainsFunc(tb.ForeignKeys, func(fk store.ForeignKey) bool {
				return fk.String() == "FOREIGN KEY (request_id) REFERENCES requests (id) ON DELETE CASCADE"
			})
		}, "request_id references requests ON DELETE CASCADE"},
		{"request_events", func(tb *store.Table) bool { return slices.Equal(tb.Triggers, []string{"request_events_append_only"}) },
			"the append-only trigger"},
		{"request_refs", func(tb *store.Table) bool { return slices.Equal(tb.PrimaryKey, []string{"prefix", "year"}) },
			"primary key (prefix, year)"},
		{"requests", func(tb *store.Table) bool { return slices.Equal(tb.Uniques, []string{"ref"}) }, "ref unique"},
		{"requests", func(tb *store.Table) bool {
			return slices.ContainsFunc(tb.Indexes, func(i store.Index) bool {
				return i.Name == "requests_by_uid" && i.Where == "uid is not null" && slices.Equal(i.Columns, []string{"uid", "created_at"})
			})
		}, "partial index requests_by_uid (uid, created_at) WHERE uid IS NOT NULL"},
		{"sessions", func(tb *store.Table) bool {
			return slices.Equal(columns(tb), []string{"id", "public_id", "uid", "created_at", "last_seen_at", "expires_at", "remember", "user_agent"})
		}, "the columns of 0005 in their order"},
		{"quote_requests", func(tb *store.Table) bool { return tb.Column("status") == nil && tb.Column("declined_at") != nil },
			"status dropped (0006), declined_at added (0008)"},
	}
	for _, tt := range tests {
		tb := s.Table(tt.table)
		if tb == nil || !tt.check(tb) {
			t.Errorf("%s: %s: want %s; got %+v", s.Engine, tt.table, tt.want, tb)
		}
	}
}

func columns(tb *store.Table) []string {
	var out []string
	for _, c := range tb.Columns {
		out = append(out, c.Name)
	}
	return out
}

func schemaOf(t *testing.T, db *store.DB) *store.Schema {
	t.Helper()
	s, err := db.Schema(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// openSQLite opens a new SQLite database with every migration applied.
func openSQLite(t *testing.T) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "courtier.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// openPostgres opens a schema of its own in the database of
// COURTIER_TEST_POSTGRES, with every migration applied; it skips the test
// when the variable is unset.
func openPostgres(t *testing.T) *store.DB {
	t.Helper()
	base := os.Getenv(storetest.EnvPostgres)
	if base == "" {
		t.Skip(storetest.EnvPostgres + " unset: no PostgreSQL to compare with (scripts/pg-cluster.sh start makes one)")
	}
	db, err := store.Open(context.Background(), storetest.Schema(t, base))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
