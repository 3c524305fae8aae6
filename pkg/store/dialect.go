package store

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// dialect turns the code's SQL, written once for both engines, into the
// engine's. The code writes what both engines read alike: ? placeholders,
// RETURNING for new IDs, ON CONFLICT for upserts, lower(x) = lower(?) for
// case-insensitive comparisons, IS NOT DISTINCT FROM, COALESCE, times as
// fixed-width UTC text and booleans as 0/1 integers. What differs is done
// here: PostgreSQL's $n placeholders and its refusal of a Go bool for an
// integer column.
type dialect interface {
	rewrite(query string, args []any) (string, []any)
}

// sqliteDialect is the code's SQL as it is.
type sqliteDialect struct{}

func (sqliteDialect) rewrite(query string, args []any) (string, []any) { return query, args }

// pgDialect numbers the placeholders; the texts are few, so each is
// rewritten once and kept.
type pgDialect struct {
	texts sync.Map // string → string
	kept  atomic.Int64
}

// maxRewritten bounds what pgDialect keeps: the code's texts are a few
// hundred; a text built at run time past the bound is rewritten each time.
const maxRewritten = 2048

func (d *pgDialect) rewrite(query string, args []any) (string, []any) {
	q, ok := d.texts.Load(query)
	if !ok {
		q = numberPlaceholders(query)
		if d.kept.Load() < maxRewritten {
			if _, loaded := d.texts.LoadOrStore(query, q); !loaded {
				d.kept.Add(1)
			}
		}
	}
	return q.(string), pgArgs(args)
}

// pgArgs replaces Go booleans with 0/1: the columns are integers on both
// engines, SQLite's driver converts a bool itself and pgx refuses it.
func pgArgs(args []any) []any {
	var out []any
	for i, a := range args {
		b, ok := a.(bool)
		if !ok {
			continue
		}
		if out == nil {
			out = append([]any(nil), args...)
		}
		if b {
			out[i] = int64(1)
		} else {
			out[i] = int64(0)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// numberPlaceholders rewrites each ? outside string literals, quoted
// identifiers and comments as $1, $2…, and each ?N as $N.
func numberPlaceholders(q string) string {
	if !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for i := 0; i < len(q); i++ {
		c := q[i]
		switch {
		case c == '\'' || c == '"':
			j := literalEnd(q, i+1, c)
			b.WriteString(q[i:j])
			i = j - 1
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			j := strings.IndexByte(q[i:], '\n')
			if j < 0 {
				j = len(q) - i
			}
			b.WriteString(q[i : i+j])
			i += j - 1
		case c == '?':
			// ?NNN (SQLite's numbered parameter, used where one value
			// appears twice) keeps its number; a bare ? takes the next.
			j := i + 1
			for j < len(q) && q[j] >= '0' && q[j] <= '9' {
				j++
			}
			b.WriteByte('$')
			if j > i+1 {
				b.WriteString(q[i+1 : j])
				i = j - 1
				break
			}
			n++
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// literalEnd is the index just past the quote that closes the literal opened
// before from (a doubled quote is part of the literal), or len(q).
func literalEnd(q string, from int, quote byte) int {
	for j := from; j < len(q); j++ {
		if q[j] == quote {
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

// SkipLocked ends a SELECT that claims rows to work on, so that several
// instances share the work: on PostgreSQL « FOR UPDATE OF table SKIP
// LOCKED » (rows another transaction claimed are passed over, table is the
// name or alias in the query whose rows are claimed); on SQLite nothing,
// its single writer already runs the claims one after the other. table is
// a constant of the code, never input.
func (t *Tx) SkipLocked(table string) string {
	if t.db.engine != Postgres {
		return ""
	}
	return " FOR UPDATE OF " + table + " SKIP LOCKED"
}
