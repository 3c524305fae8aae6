package store

import (
	"context"
	"database/sql"
	"slices"
	"strings"
)

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
