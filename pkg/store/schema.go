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

// readSQLite reads s from SQLite's catalog and pragmas.
func (s *Schema) readSQLite(ctx context.Context, q *sql.DB) error {
	type meta struct {
		sql        string
		wr, strict bool
	}
	metas := map[string]meta{}
	err := queryRows(ctx, q, `SELECT m.name, m.sql, l.wr, l."strict" FROM sqlite_master m
		JOIN pragma_table_list l ON l.schema = 'main' AND l.name = m.name
		WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\_%' ESCAPE '\' AND m.name <> 'schema_migrations'`, nil,
		func(r *sql.Rows) error {
			var name string
			var m meta
			err := r.Scan(&name, &m.sql, &m.wr, &m.strict)
			metas[name] = m
			return err
		})
	if err != nil {
		return err
	}
	ts := tableSet{}
	for name, m := range metas {
		t := ts.get(name)
		t.Checks = countChecks(m.sql)
		if err := sqliteColumns(ctx, q, t, m.wr, m.strict); err != nil {
			return err
		}
		if err := sqliteIndexes(ctx, q, t); err != nil {
			return err
		}
		if err := sqliteForeignKeys(ctx, q, t); err != nil {
			return err
		}
	}
	for _, t := range ts {
		for i, fk := range t.ForeignKeys {
			if fk.RefColumns == nil && ts[fk.RefTable] != nil { // REFERENCES t alone names t's primary key
				t.ForeignKeys[i].RefColumns = ts[fk.RefTable].PrimaryKey
			}
		}
	}
	err = queryRows(ctx, q, `SELECT type, tbl_name, name FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name`, nil,
		func(r *sql.Rows) error {
			var kind, table, name string
			if err := r.Scan(&kind, &table, &name); err != nil {
				return err
			}
			if kind == "view" {
				s.Views = append(s.Views, View{Name: name})
			} else if t := ts[table]; t != nil {
				t.Triggers = append(t.Triggers, name)
			}
			return nil
		})
	if err != nil {
		return err
	}
	for i := range s.Views {
		v := &s.Views[i]
		err := queryRows(ctx, q, "SELECT name FROM pragma_table_info(?) ORDER BY cid", []any{v.Name}, func(r *sql.Rows) error {
			var c string
			err := r.Scan(&c)
			v.Columns = append(v.Columns, c)
			return err
		})
		if err != nil {
			return err
		}
	}
	ts.into(s)
	return nil
}

// sqliteColumns reads t's columns and primary key. In a STRICT or WITHOUT
// ROWID table, and for INTEGER PRIMARY KEY, the key's columns refuse NULL
// without saying NOT NULL, as PostgreSQL's always do: they are told NOT
// NULL here, so that only an ordinary table's historic NULL keys stand out.
func sqliteColumns(ctx context.Context, q *sql.DB, t *Table, withoutRowid, strict bool) error {
	var pk []int
	var decls []string
	err := queryRows(ctx, q, `SELECT name, type, "notnull", dflt_value IS NOT NULL, pk FROM pragma_table_info(?) ORDER BY cid`,
		[]any{t.Name}, func(r *sql.Rows) error {
			var c Column
			var decl string
			var pos int
			if err := r.Scan(&c.Name, &decl, &c.NotNull, &c.Default, &pos); err != nil {
				return err
			}
			c.Type = sqliteFamily(decl)
			pk, decls = append(pk, pos), append(decls, decl)
			t.Columns = append(t.Columns, c)
			return nil
		})
	if err != nil {
		return err
	}
	for n := 1; slices.Contains(pk, n); n++ {
		i := slices.Index(pk, n)
		c := &t.Columns[i]
		t.PrimaryKey = append(t.PrimaryKey, c.Name)
		// A rowid alias, numbered by SQLite: the one key column of a rowid
		// table, declared INTEGER to the letter.
		c.Identity = !withoutRowid && slices.Max(pk) == 1 && strings.EqualFold(decls[i], "INTEGER")
		c.NotNull = c.NotNull || strict || withoutRowid || c.Identity
	}
	return nil
}

// sqliteFamily is the family of a declared type, by SQLite's rules of
// type affinity (https://sqlite.org/datatype3.html, 3.1).
func sqliteFamily(decl string) string {
	d := strings.ToUpper(decl)
	switch {
	case strings.Contains(d, "INT"):
		return "integer"
	case strings.Contains(d, "CHAR"), strings.Contains(d, "CLOB"), strings.Contains(d, "TEXT"):
		return "text"
	case d == "", strings.Contains(d, "BLOB"):
		return "blob"
	case strings.Contains(d, "REAL"), strings.Contains(d, "FLOA"), strings.Contains(d, "DOUB"):
		return "real"
	}
	return strings.ToLower(decl)
}

// sqliteIndexes reads t's indexes. The automatic ones (sqlite_autoindex_*)
// stand for a PRIMARY KEY or UNIQUE constraint: the first is PrimaryKey
// already, the second goes to Uniques as PostgreSQL's constraint indexes do.
func sqliteIndexes(ctx context.Context, q *sql.DB, t *Table) error {
	type index struct {
		Index
		origin string   // c: CREATE INDEX, u: UNIQUE, pk: PRIMARY KEY
		terms  []string // the key as CREATE INDEX wrote it, for its expressions
	}
	var list []index
	err := queryRows(ctx, q, `SELECT il.name, il."unique", il.origin, il.partial, COALESCE(m.sql, '')
		FROM pragma_index_list(?) il LEFT JOIN sqlite_master m ON m.type = 'index' AND m.name = il.name`,
		[]any{t.Name}, func(r *sql.Rows) error {
			var ix index
			var partial bool
			var stmt string
			if err := r.Scan(&ix.Name, &ix.Unique, &ix.origin, &partial, &stmt); err != nil {
				return err
			}
			var where string
			ix.terms, where = sqliteIndexSQL(stmt)
			if partial {
				ix.Where = where
			}
			list = append(list, ix)
			return nil
		})
	if err != nil {
		return err
	}
	for _, ix := range list {
		if ix.origin == "pk" {
			continue
		}
		err := queryRows(ctx, q, "SELECT cid, COALESCE(name, ''), COALESCE(coll, '') FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno",
			[]any{ix.Name}, func(r *sql.Rows) error {
				var cid int
				var name, coll string
				if err := r.Scan(&cid, &name, &coll); err != nil {
					return err
				}
				switch n := len(ix.Columns); {
				case cid == -2 && n < len(ix.terms): // an expression
					name = ix.terms[n]
				case strings.EqualFold(coll, "NOCASE"):
					// users.email is COLLATE NOCASE UNIQUE on SQLite, which has
					// kept it since 0002 beside users_email_lower (0013), while
					// PostgreSQL has no NOCASE and only users_email_lower: the
					// same rule, written as lower(email) so that both engines
					// show it alike. It is the one such column of the schema.
					name = "lower(" + name + ")"
				}
				ix.Columns = append(ix.Columns, name)
				return nil
			})
		if err != nil {
			return err
		}
		if ix.Unique {
			t.Uniques = append(t.Uniques, uniqueKey(ix.Columns, ix.Where))
		}
		if ix.origin == "c" {
			t.Indexes = append(t.Indexes, ix.Index)
		}
	}
	return nil
}

// sqliteIndexSQL cuts a CREATE INDEX statement into its key's terms and
// its WHERE predicate, normalised; both empty for an automatic index.
func sqliteIndexSQL(stmt string) (terms []string, where string) {
	open := strings.IndexByte(stmt, '(')
	if open < 0 {
		return nil, ""
	}
	end := closing(stmt, open)
	if end < 0 {
		return nil, ""
	}
	list := stmt[open+1 : end]
	for start, i := 0, 0; i <= len(list); i++ {
		if i < len(list) && list[i] == '(' {
			i = closing(list, i)
			if i < 0 {
				break
			}
		} else if i == len(list) || list[i] == ',' {
			term := strings.TrimSpace(list[start:i])
			term = strings.TrimSuffix(strings.TrimSuffix(term, " ASC"), " DESC")
			terms = append(terms, normExpr(term))
			start = i + 1
		}
	}
	rest := strings.TrimSpace(stmt[end+1:])
	if len(rest) > 5 && strings.EqualFold(rest[:5], "WHERE") {
		where = normExpr(rest[5:])
	}
	return terms, where
}

// sqliteForeignKeys reads t's foreign keys.
func sqliteForeignKeys(ctx context.Context, q *sql.DB, t *Table) error {
	last := -1
	return queryRows(ctx, q, `SELECT id, "table", "from", "to", on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq`,
		[]any{t.Name}, func(r *sql.Rows) error {
			var id int
			var ref, from, onDelete string
			var to sql.NullString
			if err := r.Scan(&id, &ref, &from, &to, &onDelete); err != nil {
				return err
			}
			if id != last {
				t.ForeignKeys = append(t.ForeignKeys, ForeignKey{RefTable: ref, OnDelete: strings.ToUpper(onDelete)})
				last = id
			}
			fk := &t.ForeignKeys[len(t.ForeignKeys)-1]
			fk.Columns = append(fk.Columns, from)
			if to.Valid {
				fk.RefColumns = append(fk.RefColumns, to.String)
			}
			return nil
		})
}

// countChecks counts the CHECK constraints of a CREATE TABLE statement,
// the words CHECK outside quotes and comments: SQLite keeps the statement
// as written, comments included, and rewrites it on ADD and DROP COLUMN.
func countChecks(stmt string) int {
	n := 0
	for i := 0; i < len(stmt); i++ {
		c := stmt[i]
		switch {
		case c == '\'' || c == '"' || c == '`' || c == '[':
			end := c
			if c == '[' {
				end = ']'
			}
			if j := strings.IndexByte(stmt[i+1:], end); j >= 0 {
				i += j + 1
			}
		case strings.HasPrefix(stmt[i:], "--"):
			if j := strings.IndexByte(stmt[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(stmt)
			}
		case strings.HasPrefix(stmt[i:], "/*"):
			if j := strings.Index(stmt[i:], "*/"); j >= 0 {
				i += j + 1
			} else {
				i = len(stmt)
			}
		case c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i
			for j < len(stmt) && (stmt[j] == '_' || stmt[j] >= '0' && stmt[j] <= '9' ||
				stmt[j] >= 'A' && stmt[j] <= 'Z' || stmt[j] >= 'a' && stmt[j] <= 'z') {
				j++
			}
			if strings.EqualFold(stmt[i:j], "CHECK") {
				n++
			}
			i = j - 1
		}
	}
	return n
}

// readPostgres reads s from PostgreSQL's catalog, in the current schema
// (the first of search_path), where the migrations made their tables.
func (s *Schema) readPostgres(ctx context.Context, q *sql.DB) error {
	ts := tableSet{}
	for _, read := range []func(context.Context, *sql.DB, *Schema, tableSet) error{
		pgColumns, pgIndexes, pgForeignKeys, pgChecksAndTriggers,
	} {
		if err := read(ctx, q, s, ts); err != nil {
			return err
		}
	}
	ts.into(s)
	return nil
}

// pgInSchema restricts a query on pg_class c to the current schema.
const pgInSchema = `c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`

// pgColumns reads the columns of every table and view. A serial column
// (a nextval default) counts as an identity, as SQLite's rowid alias does.
func pgColumns(ctx context.Context, q *sql.DB, s *Schema, ts tableSet) error {
	return queryRows(ctx, q, `SELECT c.relname, c.relkind::text, a.attname, t.typname, a.attnotnull, a.atthasdef,
			a.attidentity <> '' OR COALESCE(pg_get_expr(d.adbin, d.adrelid), '') LIKE 'nextval(%'
		FROM pg_class c
		JOIN pg_attribute a ON a.attrelid = c.oid
		JOIN pg_type t ON t.oid = a.atttypid
		LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
		WHERE `+pgInSchema+` AND c.relkind IN ('r', 'p', 'v', 'm') AND c.relname <> 'schema_migrations'
			AND a.attnum > 0 AND NOT a.attisdropped
		ORDER BY c.relname, a.attnum`, nil, func(r *sql.Rows) error {
		var rel, kind, typ string
		var c Column
		if err := r.Scan(&rel, &kind, &c.Name, &typ, &c.NotNull, &c.Default, &c.Identity); err != nil {
			return err
		}
		if kind == "v" || kind == "m" {
			if len(s.Views) == 0 || s.Views[len(s.Views)-1].Name != rel {
				s.Views = append(s.Views, View{Name: rel})
			}
			v := &s.Views[len(s.Views)-1]
			v.Columns = append(v.Columns, c.Name)
			return nil
		}
		c.Type = pgFamily(typ)
		c.Default = c.Default && !c.Identity
		t := ts.get(rel)
		t.Columns = append(t.Columns, c)
		return nil
	})
}

// pgFamily is the family of a PostgreSQL type, by its pg_type name.
func pgFamily(typ string) string {
	switch typ {
	case "int2", "int4", "int8":
		return "integer"
	case "text", "varchar", "bpchar":
		return "text"
	case "float4", "float8":
		return "real"
	case "bytea":
		return "blob"
	}
	return typ
}

// pgIndexes reads every index, one row per key column: the primary key's
// goes to PrimaryKey, a constraint's to Uniques (its name is PostgreSQL's
// choice, not the migration's), the others to Indexes.
func pgIndexes(ctx context.Context, q *sql.DB, _ *Schema, ts tableSet) error {
	type index struct {
		Index
		table               string
		primary, constraint bool
	}
	var list []*index
	err := queryRows(ctx, q, `SELECT c.relname, i.relname, x.indisunique, x.indisprimary,
			EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x')),
			COALESCE(pg_get_expr(x.indpred, x.indrelid), ''),
			CASE WHEN x.indkey[n.n - 1] = 0 THEN pg_get_indexdef(x.indexrelid, n.n, false)
				ELSE (SELECT attname FROM pg_attribute WHERE attrelid = x.indrelid AND attnum = x.indkey[n.n - 1]) END
		FROM pg_index x
		JOIN pg_class c ON c.oid = x.indrelid
		JOIN pg_class i ON i.oid = x.indexrelid
		CROSS JOIN LATERAL generate_series(1, x.indnkeyatts) AS n(n)
		WHERE `+pgInSchema+` AND c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
		ORDER BY c.relname, i.relname, n.n`, nil, func(r *sql.Rows) error {
		var ix index
		var col string
		if err := r.Scan(&ix.table, &ix.Name, &ix.Unique, &ix.primary, &ix.constraint, &ix.Where, &col); err != nil {
			return err
		}
		if n := len(list); n == 0 || list[n-1].table != ix.table || list[n-1].Name != ix.Name {
			ix.Where = normExpr(ix.Where)
			list = append(list, &ix)
		}
		last := list[len(list)-1]
		last.Columns = append(last.Columns, normExpr(col))
		return nil
	})
	if err != nil {
		return err
	}
	for _, ix := range list {
		t := ts.get(ix.table)
		switch {
		case ix.primary:
			t.PrimaryKey = ix.Columns
			continue
		case ix.Unique:
			t.Uniques = append(t.Uniques, uniqueKey(ix.Columns, ix.Where))
		}
		if !ix.constraint {
			t.Indexes = append(t.Indexes, ix.Index)
		}
	}
	return nil
}

// pgDeleteActions maps pg_constraint.confdeltype to SQL's words.
var pgDeleteActions = map[string]string{"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"}

// pgForeignKeys reads every foreign key, one row per column pair.
func pgForeignKeys(ctx context.Context, q *sql.DB, _ *Schema, ts tableSet) error {
	last := ""
	return queryRows(ctx, q, `SELECT c.relname, k.conname, f.relname, a.attname, fa.attname, k.confdeltype::text
		FROM pg_constraint k
		JOIN pg_class c ON c.oid = k.conrelid
		JOIN pg_class f ON f.oid = k.confrelid
		CROSS JOIN LATERAL unnest(k.conkey, k.confkey) WITH ORDINALITY AS p(col, ref, n)
		JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = p.col
		JOIN pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = p.ref
		WHERE `+pgInSchema+` AND k.contype = 'f'
		ORDER BY c.relname, k.conname, p.n`, nil, func(r *sql.Rows) error {
		var table, name, ref, col, refCol, action string
		if err := r.Scan(&table, &name, &ref, &col, &refCol, &action); err != nil {
			return err
		}
		t := ts.get(table)
		if table+"."+name != last {
			t.ForeignKeys = append(t.ForeignKeys, ForeignKey{RefTable: ref, OnDelete: pgDeleteActions[action]})
			last = table + "." + name
		}
		fk := &t.ForeignKeys[len(t.ForeignKeys)-1]
		fk.Columns, fk.RefColumns = append(fk.Columns, col), append(fk.RefColumns, refCol)
		return nil
	})
}

// pgChecksAndTriggers counts the CHECK constraints of every table and
// names its triggers, leaving out those PostgreSQL makes for foreign keys.
func pgChecksAndTriggers(ctx context.Context, q *sql.DB, _ *Schema, ts tableSet) error {
	err := queryRows(ctx, q, `SELECT c.relname, count(*) FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
		WHERE `+pgInSchema+` AND k.contype = 'c' AND c.relname <> 'schema_migrations' GROUP BY c.relname`, nil,
		func(r *sql.Rows) error {
			var table string
			var n int
			err := r.Scan(&table, &n)
			ts.get(table).Checks = n
			return err
		})
	if err != nil {
		return err
	}
	return queryRows(ctx, q, `SELECT c.relname, g.tgname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
		WHERE `+pgInSchema+` AND NOT g.tgisinternal AND c.relname <> 'schema_migrations'`, nil,
		func(r *sql.Rows) error {
			var table, name string
			err := r.Scan(&table, &name)
			t := ts.get(table)
			t.Triggers = append(t.Triggers, name)
			return err
		})
}
