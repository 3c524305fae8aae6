package store

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Schema describes what the migrations built, told the same way whatever
// the engine, so that the two folders of migrations can be checked to
// build the same database (see Diff). What the engines write differently
// is left out or normalised: types by family, CHECK constraints counted,
// the names of the indexes behind PRIMARY KEY and UNIQUE constraints.
type Schema struct {
	Engine Engine
	Tables []Table // by name; schema_migrations and SQLite's own tables left out
	Views  []View  // by name
}

// Table is one table of a Schema.
type Table struct {
	Name        string
	Columns     []Column // in the table's order
	PrimaryKey  []string
	ForeignKeys []ForeignKey
	// Uniques are the table's uniqueness rules other than its primary key,
	// from constraints and unique indexes alike, each once, sorted: the
	// key's columns or expressions joined by ", ", then " WHERE …" when
	// the rule holds on part of the table.
	Uniques []string
	// Indexes are those made by CREATE INDEX, by name; the indexes the
	// engine makes for a constraint are named differently by each engine
	// and stand in PrimaryKey and Uniques.
	Indexes  []Index
	Checks   int      // how many CHECK constraints: their text differs by dialect
	Triggers []string // by name
}

// Column is one column of a Table.
type Column struct {
	Name    string
	Type    string // "integer", "text", "real", "blob", or the engine's type name when none of these
	NotNull bool
	Default bool
	// Identity tells the engine numbers it: SQLite's INTEGER PRIMARY KEY,
	// PostgreSQL's identity (or serial) column.
	Identity bool
}

// ForeignKey is one foreign key of a Table.
type ForeignKey struct {
	Columns    []string
	RefTable   string
	RefColumns []string
	OnDelete   string // "NO ACTION", "CASCADE", "SET NULL", "SET DEFAULT" or "RESTRICT"
}

// Index is an index made by CREATE INDEX.
type Index struct {
	Name    string
	Columns []string // column names or normalised expressions, such as "lower(email)"
	Unique  bool
	Where   string // the normalised predicate of a partial index, "" otherwise
}

// Partial tells whether the index covers only the rows its predicate selects.
func (i Index) Partial() bool { return i.Where != "" }

// View is one view of a Schema.
type View struct {
	Name    string
	Columns []string
}

// Table is the table called name, nil when there is none.
func (s *Schema) Table(name string) *Table {
	for i := range s.Tables {
		if s.Tables[i].Name == name {
			return &s.Tables[i]
		}
	}
	return nil
}

// Column is the column called name, nil when there is none.
func (t *Table) Column(name string) *Column {
	for i := range t.Columns {
		if t.Columns[i].Name == name {
			return &t.Columns[i]
		}
	}
	return nil
}

// Schema reads the schema of the open database.
func (db *DB) Schema(ctx context.Context) (*Schema, error) {
	s := &Schema{Engine: db.engine}
	var err error
	if db.engine == Postgres {
		err = s.readPostgres(ctx, db.read)
	} else {
		err = s.readSQLite(ctx, db.read)
	}
	if err != nil {
		return nil, fmt.Errorf("lecture du schéma: %w", err)
	}
	for i := range s.Tables {
		t := &s.Tables[i]
		// Once each: on SQLite, users.email's NOCASE unique and
		// users_email_lower are one rule, PostgreSQL's one index.
		slices.Sort(t.Uniques)
		t.Uniques = slices.Compact(t.Uniques)
		slices.SortFunc(t.Indexes, func(a, b Index) int { return strings.Compare(a.Name, b.Name) })
		slices.SortFunc(t.ForeignKeys, func(a, b ForeignKey) int { return strings.Compare(a.String(), b.String()) })
		slices.Sort(t.Triggers)
	}
	slices.SortFunc(s.Views, func(a, b View) int { return strings.Compare(a.Name, b.Name) })
	return s, nil
}

// Diff lists, one per line, what s has and o has not and the reverse,
// each line naming the side that has it; empty when both describe the
// same schema.
func (s *Schema) Diff(o *Schema) []string {
	left, right := string(s.Engine), string(o.Engine)
	if left == right {
		left, right = left+" (1)", right+" (2)"
	}
	mine, theirs := s.facts(), o.facts()
	var out []string
	for _, f := range mine {
		if !slices.Contains(theirs, f) {
			out = append(out, "seulement sur "+left+" : "+f)
		}
	}
	for _, f := range theirs {
		if !slices.Contains(mine, f) {
			out = append(out, "seulement sur "+right+" : "+f)
		}
	}
	return out
}

// facts are the statements that make up s, one per thing Diff compares.
func (s *Schema) facts() []string {
	var out []string
	for _, t := range s.Tables {
		p := t.Name + " : "
		out = append(out, "TABLE "+t.Name, p+"colonnes ("+strings.Join(t.columnNames(), ", ")+")")
		for _, c := range t.Columns {
			out = append(out, p+c.String())
		}
		if t.PrimaryKey != nil {
			out = append(out, p+"PRIMARY KEY ("+strings.Join(t.PrimaryKey, ", ")+")")
		}
		out = append(out, fmt.Sprintf("%sCHECK × %d", p, t.Checks))
		for _, fk := range t.ForeignKeys {
			out = append(out, p+fk.String())
		}
		for _, u := range t.Uniques {
			out = append(out, p+"UNIQUE ("+u+")")
		}
		for _, i := range t.Indexes {
			out = append(out, p+i.String())
		}
		for _, tr := range t.Triggers {
			out = append(out, p+"TRIGGER "+tr)
		}
	}
	for _, v := range s.Views {
		out = append(out, "VIEW "+v.Name+" ("+strings.Join(v.Columns, ", ")+")")
	}
	return out
}

func (t *Table) columnNames() []string {
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return names
}

// String is the column as Diff shows it: name, type family and flags.
func (c Column) String() string {
	s := c.Name + " " + c.Type
	if c.NotNull {
		s += " NOT NULL"
	}
	if c.Default {
		s += " DEFAULT"
	}
	if c.Identity {
		s += " IDENTITY"
	}
	return s
}

// String is the foreign key as SQL declares it.
func (fk ForeignKey) String() string {
	return fmt.Sprintf("FOREIGN KEY (%s) REFERENCES %s (%s) ON DELETE %s",
		strings.Join(fk.Columns, ", "), fk.RefTable, strings.Join(fk.RefColumns, ", "), fk.OnDelete)
}

// String is the index as SQL declares it, its predicate normalised.
func (i Index) String() string {
	s := "INDEX " + i.Name + " (" + strings.Join(i.Columns, ", ") + ")"
	if i.Unique {
		s = "UNIQUE " + s
	}
	if i.Where != "" {
		s += " WHERE " + i.Where
	}
	return s
}

// uniqueKey is how Uniques writes the rule an index enforces.
func uniqueKey(cols []string, where string) string {
	k := strings.Join(cols, ", ")
	if where != "" {
		k += " WHERE " + where
	}
	return k
}

var (
	pgCast     = regexp.MustCompile(`::[A-Za-z_][A-Za-z0-9_]*`)
	spaces     = regexp.MustCompile(`\s+`)
	spaceParen = regexp.MustCompile(`\( | \)`)
)

// normExpr writes an index expression or predicate the same way whichever
// engine gave it: PostgreSQL adds casts (::text), parentheses and quotes
// that the migration did not write and upper-cases keywords, SQLite hands
// back the text of the migration. Enough for the expressions of these
// migrations; a new one that comes out differently shows in Diff.
func normExpr(e string) string {
	e = pgCast.ReplaceAllString(e, "")
	e = strings.ReplaceAll(e, `"`, "")
	e = strings.TrimSpace(spaces.ReplaceAllString(e, " "))
	e = spaceParen.ReplaceAllStringFunc(e, strings.TrimSpace)
	for len(e) > 1 && e[0] == '(' && closing(e, 0) == len(e)-1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	quoted := false
	return strings.Map(func(r rune) rune {
		if r == '\'' {
			quoted = !quoted
		}
		if quoted {
			return r
		}
		return unicode.ToLower(r)
	}, e)
}

// closing is the index of the parenthesis that closes the one at open in
// s, skipping quoted text; -1 when it is not closed.
func closing(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\'', '"':
			j := strings.IndexByte(s[i+1:], s[i])
			if j < 0 {
				return -1
			}
			i += j + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// queryRows runs q and hands each row to scan.
func queryRows(ctx context.Context, q *sql.DB, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// tableSet gathers the tables of a Schema by name while they are read.
type tableSet map[string]*Table

// get is the table called name, added when first met.
func (ts tableSet) get(name string) *Table {
	if ts[name] == nil {
		ts[name] = &Table{Name: name}
	}
	return ts[name]
}

// into sets s.Tables to the tables of ts, sorted by name.
func (ts tableSet) into(s *Schema) {
	for _, t := range ts {
		s.Tables = append(s.Tables, *t)
	}
	slices.SortFunc(s.Tables, func(a, b Table) int { return strings.Compare(a.Name, b.Name) })
}
