package store

import (
	"context"
	"database/sql"
)

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
