package desk

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"courtier/pkg/store"
)

// What the kinds' packages read and change of their requests, inside
// their own transactions: pkg/desk alone names the requests table in SQL
// (TestOnlyDeskNamesRequests), so that the queue's columns, indexes and
// rules change in one place. A kind's own table is keyed by the
// request's id; it joins the shared part in Go, through these.

// Selection picks requests of one kind. Empty fields select everything.
type Selection struct {
	// Kind is required: a selection never spans kinds.
	Kind Kind
	// UID is the account that sent them; "" for any.
	UID string
	// IDs are the requests' ids; nil for any.
	IDs []string
	// Statuses are the statuses they stand in; nil for any.
	Statuses []Status
	// CreatedAfter and UpdatedBefore bound their creation and last change.
	CreatedAfter  time.Time
	UpdatedBefore time.Time
}

// idsChunk bounds the ids of one statement, far under both engines'
// limits on bound parameters.
const idsChunk = 500

// where is the WHERE clause of sel, over requests r; chunk stands for
// sel.IDs or a part of them.
func (sel Selection) where(chunk []string) (string, []any, error) {
	if sel.Kind == "" {
		return "", nil, fmt.Errorf("sélection de demandes sans type")
	}
	conds, args := []string{"r.kind = ?"}, []any{sel.Kind}
	if sel.UID != "" {
		conds, args = append(conds, "r.uid = ?"), append(args, sel.UID)
	}
	if sel.IDs != nil {
		conds = append(conds, "r.id IN ("+placeholders(len(chunk))+")")
		for _, id := range chunk {
			args = append(args, id)
		}
	}
	if len(sel.Statuses) > 0 {
		conds = append(conds, "r.status IN ("+placeholders(len(sel.Statuses))+")")
		for _, st := range sel.Statuses {
			args = append(args, st)
		}
	}
	if !sel.CreatedAfter.IsZero() {
		conds, args = append(conds, "r.created_at > ?"), append(args, store.FormatTime(sel.CreatedAfter))
	}
	if !sel.UpdatedBefore.IsZero() {
		conds, args = append(conds, "r.updated_at < ?"), append(args, store.FormatTime(sel.UpdatedBefore))
	}
	return strings.Join(conds, " AND "), args, nil
}

// placeholders is "?, ?, …", n of them; "NULL" for none, which matches nothing.
func placeholders(n int) string {
	if n == 0 {
		return "NULL"
	}
	return "?" + strings.Repeat(", ?", n-1)
}

// chunks calls fn with sel's ids a part at a time, once with nil when sel
// names no ids, and never when it names an empty list.
func (sel Selection) chunks(fn func(chunk []string) error) error {
	if sel.IDs == nil {
		return fn(nil)
	}
	for start := 0; start < len(sel.IDs); start += idsChunk {
		if err := fn(sel.IDs[start:min(start+idsChunk, len(sel.IDs))]); err != nil {
			return err
		}
	}
	return nil
}

// Select reads the requests of sel in tx, oldest first (the reference,
// numbered in order of arrival, breaks ties), without their assignee's name.
func Select(ctx context.Context, tx *store.Tx, sel Selection) ([]Request, error) {
	out := []Request{}
	err := sel.chunks(func(chunk []string) error {
		where, args, err := sel.where(chunk)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE `+where, args...)
		if err != nil {
			return fmt.Errorf("lecture des demandes: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			r, err := scanRequest(rows)
			if err != nil {
				return fmt.Errorf("lecture des demandes: %w", err)
			}
			out = append(out, *r)
		}
		return rows.Err()
	})
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].Ref < out[j].Ref
	})
	return out, err
}

// ByID reads the requests of sel in tx, by id.
func ByID(ctx context.Context, tx *store.Tx, sel Selection) (map[string]*Request, error) {
	list, err := Select(ctx, tx, sel)
	if err != nil {
		return nil, err
	}
	out := make(map[string]*Request, len(list))
	for i := range list {
		out[list[i].ID] = &list[i]
	}
	return out, nil
}

// Count counts the requests of sel in tx.
func Count(ctx context.Context, tx *store.Tx, sel Selection) (int, error) {
	total := 0
	err := sel.chunks(func(chunk []string) error {
		where, args, err := sel.where(chunk)
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*)`+requestFrom+` WHERE `+where, args...).Scan(&n); err != nil {
			return fmt.Errorf("décompte des demandes: %w", err)
		}
		total += n
		return nil
	})
	return total, err
}

// CountByStatus counts the requests of sel in tx, by status.
func CountByStatus(ctx context.Context, tx *store.Tx, sel Selection) (map[Status]int, error) {
	out := map[Status]int{}
	err := sel.chunks(func(chunk []string) error {
		where, args, err := sel.where(chunk)
		if err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT r.status, COUNT(*)`+requestFrom+` WHERE `+where+` GROUP BY r.status`, args...)
		if err != nil {
			return fmt.Errorf("demandes par statut: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var st Status
			var n int
			if err := rows.Scan(&st, &n); err != nil {
				return fmt.Errorf("demandes par statut: %w", err)
			}
			out[st] += n
		}
		return rows.Err()
	})
	return out, err
}

// IdleOwners lists the accounts whose requests of kind were all last
// changed before `before` (the retention of a kind kept per client).
func IdleOwners(ctx context.Context, tx *store.Tx, kind Kind, before time.Time) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT r.uid`+requestFrom+` WHERE r.kind = ? AND r.uid IS NOT NULL
		GROUP BY r.uid HAVING MAX(r.updated_at) < ?`, kind, store.FormatTime(before))
	if err != nil {
		return nil, fmt.Errorf("clients sans demande récente: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var uid string
		if err := rows.Scan(&uid); err != nil {
			return nil, fmt.Errorf("clients sans demande récente: %w", err)
		}
		out = append(out, uid)
	}
	return out, rows.Err()
}

// Delete deletes the requests of sel in tx, with their history, notes and
// replies and the rows of the kinds' tables that reference them (foreign
// keys), and says how many went.
func Delete(ctx context.Context, tx *store.Tx, sel Selection) (int64, error) {
	var total int64
	err := sel.chunks(func(chunk []string) error {
		where, args, err := sel.where(chunk)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM requests WHERE id IN (SELECT r.id`+requestFrom+` WHERE `+where+`)`, args...)
		if err != nil {
			return fmt.Errorf("suppression des demandes: %w", err)
		}
		n, err := res.RowsAffected()
		total += n
		return err
	})
	return total, err
}

// Detach takes the requests of sel in tx from their account, which no
// longer deletes them when it goes: a kind whose requests outlive an
// erasure (a claim, kept by law) calls it from its KindSpec.Erase.
func Detach(ctx context.Context, tx *store.Tx, sel Selection) error {
	return sel.chunks(func(chunk []string) error {
		where, args, err := sel.where(chunk)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE requests SET uid = NULL WHERE id IN (SELECT r.id`+requestFrom+` WHERE `+where+`)`, args...); err != nil {
			return fmt.Errorf("demandes détachées du compte: %w", err)
		}
		return nil
	})
}
