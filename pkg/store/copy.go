package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
)

// copyBatchParams bounds the values of one INSERT of a copy: SQLite's
// historical limit of 999 parameters, far under PostgreSQL's 65,535.
const copyBatchParams = 999

// copyProgressRows is how often, in rows, Copy reports a long table.
const copyProgressRows = 10_000

// TableCount is the number of rows of one table on each side of a copy.
type TableCount struct {
	Table          string
	Source, Target int64
}

// LevelError refuses a copy between databases at different migration levels.
type LevelError struct{ Source, Target int }

func (e *LevelError) Error() string {
	return fmt.Sprintf("la source est à la migration %d, la cible à la migration %d", e.Source, e.Target)
}

// NotEmptyError refuses a copy into a database that already holds data.
type NotEmptyError struct{ Tables []string }

func (e *NotEmptyError) Error() string {
	return "la base cible contient déjà des données (" + strings.Join(e.Tables, ", ") + ")"
}

// ErrCountsDiffer says that after a copy a table does not hold as many rows
// on both sides.
var ErrCountsDiffer = errors.New("nombres de lignes différents après la copie")

// Copy copies every row of every table of from into to, an empty database
// at the same migration level, and returns the row counts of each table on
// both sides, in the order copied; the error wraps ErrCountsDiffer when
// they differ. schema_migrations is not copied: each side keeps its own.
//
// Empty means no row in any table but those migrations write (seeded:
// event_consumers, and in app_meta the key created_at that migration 1
// writes): a database that `courtier serve`
// ever ran on holds its session key, and is not empty. app_meta is copied
// whole, the target's created_at replaced by the source's (the broker's
// data began then), and the source's session_key goes with it, so that
// everyone signed in stays so.
//
// Tables go parents first (the foreign keys of the source's schema), their
// columns named from that schema, their IDs kept, read from one snapshot of
// from and written in one transaction of to, so that a failure leaves to
// as it was. On PostgreSQL each identity sequence is then set to its
// table's largest ID, so that new rows do not take a copied one; SQLite's
// INTEGER PRIMARY KEY goes on after the largest ID by itself (no table has
// AUTOINCREMENT). request_events' trigger refuses updates, not inserts.
// Rows written to from after the snapshot are not copied: stop the service
// first. progress, when not nil, is told the rows of a table copied so far,
// every copyProgressRows rows and when the table is done; PostgreSQL may
// run the transaction again, and progress hear a table again.
func Copy(ctx context.Context, from, to *DB, progress func(table string, rows int64)) ([]TableCount, error) {
	if sameDatabase(from, to) {
		return nil, errors.New("la source et la cible sont la même base")
	}
	if err := sameLevel(ctx, from, to); err != nil {
		return nil, err
	}
	tables, err := copyPlan(ctx, from, to)
	if err != nil {
		return nil, err
	}
	if progress == nil {
		progress = func(string, int64) {}
	}
	counts := make([]TableCount, len(tables))
	err = from.ReadTx(ctx, func(src *Tx) error {
		err := to.WriteTx(ctx, func(dst *Tx) error {
			if err := checkEmpty(ctx, dst, tables); err != nil {
				return err
			}
			for _, t := range tables {
				if err := copyTable(ctx, src, dst, t, progress); err != nil {
					return err
				}
			}
			return resetIdentities(ctx, dst, tables)
		})
		if err != nil {
			return err
		}
		// The source's counts from the snapshot copied: a source still
		// written to does not make the copy look wrong.
		return countRows(ctx, src, tables, counts, func(c *TableCount, n int64) { c.Source = n })
	})
	if err != nil {
		return nil, err
	}
	err = to.ReadTx(ctx, func(tx *Tx) error {
		return countRows(ctx, tx, tables, counts, func(c *TableCount, n int64) { c.Target = n })
	})
	if err != nil {
		return nil, err
	}
	return counts, countsDiffer(counts)
}

// tablePlan is how one table is copied.
type tablePlan struct {
	name    string
	columns []string // the source's, in its order
	key     []string // the primary key: rows are read in its order
	// identity are the target's columns its engine numbers.
	identity []string
}

// sameDatabase tells whether a and b are one database opened twice.
func sameDatabase(a, b *DB) bool {
	if a.engine != b.engine {
		return false
	}
	if a.engine == Postgres {
		return a.dsn == b.dsn
	}
	fa, errA := os.Stat(a.path)
	fb, errB := os.Stat(b.path)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

// sameLevel refuses databases at different migration levels (LevelError).
func sameLevel(ctx context.Context, from, to *DB) error {
	vs, err := from.SchemaVersion(ctx)
	if err != nil {
		return fmt.Errorf("source: %w", err)
	}
	vt, err := to.SchemaVersion(ctx)
	if err != nil {
		return fmt.Errorf("cible: %w", err)
	}
	if vs != vt {
		return &LevelError{Source: vs, Target: vt}
	}
	return nil
}

// copyPlan reads both schemas and orders the source's tables parents
// first; both must have the same tables with the same columns.
func copyPlan(ctx context.Context, from, to *DB) ([]tablePlan, error) {
	src, err := from.Schema(ctx)
	if err != nil {
		return nil, fmt.Errorf("source: %w", err)
	}
	dst, err := to.Schema(ctx)
	if err != nil {
		return nil, fmt.Errorf("cible: %w", err)
	}
	ordered, err := parentsFirst(src.Tables)
	if err != nil {
		return nil, err
	}
	var plans []tablePlan
	var differ []string
	for _, t := range ordered {
		d := dst.Table(t.Name)
		if d == nil || !sameColumns(&t, d) {
			differ = append(differ, t.Name)
			continue
		}
		p := tablePlan{name: t.Name, columns: t.columnNames(), key: t.PrimaryKey}
		for _, c := range d.Columns {
			if c.Identity {
				p.identity = append(p.identity, c.Name)
			}
		}
		plans = append(plans, p)
	}
	for _, d := range dst.Tables {
		if src.Table(d.Name) == nil {
			differ = append(differ, d.Name)
		}
	}
	if differ != nil {
		return nil, fmt.Errorf("la source et la cible n’ont pas les mêmes colonnes (tables %s)", strings.Join(differ, ", "))
	}
	return plans, nil
}

// sameColumns tells whether a and b have columns of the same names.
func sameColumns(a, b *Table) bool {
	x, y := a.columnNames(), b.columnNames()
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// parentsFirst orders tables, sorted by name as Schema gives them, so
// that each comes after the tables its foreign keys name (itself aside).
func parentsFirst(tables []Table) ([]Table, error) {
	byName := map[string]*Table{}
	for i := range tables {
		byName[tables[i].Name] = &tables[i]
	}
	const visiting, done = 1, 2
	state := map[string]int{}
	var out []Table
	var visit func(t *Table) error
	visit = func(t *Table) error {
		switch state[t.Name] {
		case done:
			return nil
		case visiting:
			return fmt.Errorf("clés étrangères en cycle par la table %s: pas d’ordre de copie", t.Name)
		}
		state[t.Name] = visiting
		for _, fk := range t.ForeignKeys {
			if parent := byName[fk.RefTable]; parent != nil && parent != t {
				if err := visit(parent); err != nil {
					return err
				}
			}
		}
		state[t.Name] = done
		out = append(out, *t)
		return nil
	}
	for i := range tables {
		if err := visit(&tables[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// quoteIdent quotes a name read from the catalog, as both engines read it.
func quoteIdent(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

func quoteAll(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = quoteIdent(n)
	}
	return out
}

// seeded are the tables that migrations write rows into, with the
// condition of a row that is not theirs ("": every row is theirs). The
// target's rows of them are replaced by the source's.
var seeded = map[string]string{"app_meta": "key <> 'created_at'", "event_consumers": ""}

// checkEmpty refuses a target holding data (NotEmptyError), then clears
// the rows a new database has (seeded) for the source's.
func checkEmpty(ctx context.Context, dst *Tx, tables []tablePlan) error {
	var full []string
	for _, t := range tables {
		q := "SELECT 1 FROM " + quoteIdent(t.name)
		if cond, ok := seeded[t.name]; ok {
			if cond == "" {
				continue
			}
			q += " WHERE " + cond
		}
		var one int
		err := dst.tx.QueryRowContext(ctx, q+" LIMIT 1").Scan(&one)
		switch {
		case err == nil:
			full = append(full, t.name)
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("lecture de la cible (%s): %w", t.name, err)
		}
	}
	if full != nil {
		return &NotEmptyError{Tables: full}
	}
	for _, t := range tables {
		if _, ok := seeded[t.name]; !ok {
			continue
		}
		if _, err := dst.tx.ExecContext(ctx, "DELETE FROM "+quoteIdent(t.name)); err != nil {
			return fmt.Errorf("%s de la cible: %w", t.name, err)
		}
	}
	return nil
}

// copyTable streams the rows of t from src into dst, in batches.
func copyTable(ctx context.Context, src, dst *Tx, t tablePlan, progress func(string, int64)) error {
	cols := quoteAll(t.columns)
	q := "SELECT " + strings.Join(cols, ", ") + " FROM " + quoteIdent(t.name)
	if len(t.key) > 0 {
		q += " ORDER BY " + strings.Join(quoteAll(t.key), ", ")
	}
	rows, err := src.tx.QueryContext(ctx, q)
	if err != nil {
		return fmt.Errorf("lecture de %s: %w", t.name, err)
	}
	defer rows.Close()
	per := max(1, copyBatchParams/len(cols))
	batch := make([]any, 0, per*len(cols))
	var n, told int64
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := insertRows(ctx, dst, t.name, cols, batch); err != nil {
			return err
		}
		n += int64(len(batch) / len(cols))
		batch = batch[:0]
		if n-told >= copyProgressRows {
			progress(t.name, n)
			told = n
		}
		return nil
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("lecture de %s: %w", t.name, err)
		}
		if batch = append(batch, vals...); len(batch) == cap(batch) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("lecture de %s: %w", t.name, err)
	}
	if err := flush(); err != nil {
		return err
	}
	progress(t.name, n)
	return nil
}

// insertRows writes the rows of vals (len(cols) values each) with one
// INSERT, run as text: its shape is the copy's alone, not worth keeping
// among the code's prepared statements.
func insertRows(ctx context.Context, dst *Tx, table string, cols []string, vals []any) error {
	row := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	q := "INSERT INTO " + quoteIdent(table) + " (" + strings.Join(cols, ", ") + ") VALUES " +
		strings.TrimSuffix(strings.Repeat(row+", ", len(vals)/len(cols)), ", ")
	args := vals
	if dst.db.engine == Postgres {
		q, args = numberPlaceholders(q), pgArgs(vals)
	}
	if _, err := dst.tx.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("copie de %s: %w", table, err)
	}
	return nil
}

// resetIdentities sets each identity sequence of a PostgreSQL target to
// its column's largest value, so that the next row takes the one after;
// an empty table keeps its sequence at the start.
func resetIdentities(ctx context.Context, dst *Tx, tables []tablePlan) error {
	if dst.db.engine != Postgres {
		return nil
	}
	for _, t := range tables {
		for _, col := range t.identity {
			q := "SELECT setval(pg_get_serial_sequence($1, $2), m) FROM (SELECT MAX(" + quoteIdent(col) + ") AS m FROM " +
				quoteIdent(t.name) + ") AS x WHERE m IS NOT NULL"
			if _, err := dst.tx.ExecContext(ctx, q, quoteIdent(t.name), col); err != nil {
				return fmt.Errorf("séquence de %s.%s: %w", t.name, col, err)
			}
		}
	}
	return nil
}

// countRows counts the rows of each table through tx into its entry of
// counts, with set.
func countRows(ctx context.Context, tx *Tx, tables []tablePlan, counts []TableCount, set func(*TableCount, int64)) error {
	for i, t := range tables {
		var n int64
		if err := tx.tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+quoteIdent(t.name)).Scan(&n); err != nil {
			return fmt.Errorf("compte des lignes de %s: %w", t.name, err)
		}
		counts[i].Table = t.name
		set(&counts[i], n)
	}
	return nil
}

// countsDiffer names the tables whose counts differ (ErrCountsDiffer).
func countsDiffer(counts []TableCount) error {
	var differ []string
	for _, c := range counts {
		if c.Source != c.Target {
			differ = append(differ, fmt.Sprintf("%s (%d ≠ %d)", c.Table, c.Source, c.Target))
		}
	}
	if differ == nil {
		return nil
	}
	return fmt.Errorf("%w : %s", ErrCountsDiffer, strings.Join(differ, ", "))
}
