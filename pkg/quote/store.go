package quote

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The SQL of the quote_requests table (migration 0004), next to the code that scans it.

// The reference, the status and the last change live in the desk's
// queue (desk.Select), which every kind shares; joined here in Go.
const requestColumns = `q.id, q.uid, q.product, q.details, q.contact_method, q.phone, q.message, q.created_at,
	q.decline_reason, COALESCE(q.declined_at, '')`

const requestFrom = ` FROM quote_requests q`

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

func scanRequest(row scanner) (*Request, error) {
	var r Request
	var details, created, declined string
	err := row.Scan(&r.ID, &r.UID, &r.Product, &details, &r.Contact.Method, &r.Contact.Phone, &r.Message, &created,
		&r.DeclineReason, &declined)
	if err != nil {
		return nil, err
	}
	if r.Details = newDetails(r.Product); r.Details == nil {
		return nil, fmt.Errorf("demande de devis %s: produit inconnu %q", r.ID, r.Product)
	}
	if err := json.Unmarshal([]byte(details), r.Details); err != nil {
		return nil, fmt.Errorf("demande de devis %s: détails illisibles: %w", r.ID, err)
	}
	if r.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if declined != "" {
		if r.DeclinedAt, err = store.ParseTime(declined); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

// shared sets the reference, status and last change of each request of
// list from the desk, and leaves out any the desk does not hold.
func shared(ctx context.Context, tx *store.Tx, list []Request) ([]Request, error) {
	ids := make([]string, len(list))
	for i := range list {
		ids[i] = list[i].ID
	}
	queue, err := desk.ByID(ctx, tx, desk.Selection{Kind: Machine.Kind, IDs: ids})
	if err != nil {
		return nil, err
	}
	out := list[:0]
	for _, r := range list {
		if d, ok := queue[r.ID]; ok {
			r.Ref, r.Status, r.UpdatedAt = d.Ref, d.Status, d.UpdatedAt
			out = append(out, r)
		}
	}
	return out, nil
}

// describe names a request in errors.
func describe(r *Request) string { return fmt.Sprintf("%s (%s)", r.ID, r.Product) }

func insertRequest(ctx context.Context, tx *store.Tx, r *Request) error {
	details, err := json.Marshal(r.Details)
	if err != nil {
		return fmt.Errorf("détails de la demande de devis %s: %w", describe(r), err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO quote_requests (id, uid, product, details, contact_method, phone, message, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.UID, r.Product, string(details), r.Contact.Method, r.Contact.Phone, r.Message,
		store.FormatTime(r.CreatedAt), store.FormatTime(r.UpdatedAt))
	if err != nil {
		return fmt.Errorf("enregistrement de la demande de devis %s: %w", describe(r), err)
	}
	return nil
}

// listRequests reads uid's requests, newest first; the reference, numbered
// in order of arrival, breaks ties between requests of the same millisecond.
func listRequests(ctx context.Context, tx *store.Tx, uid string) ([]Request, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE q.uid = ?`, uid)
	if err != nil {
		return nil, fmt.Errorf("lecture des demandes de devis: %w", err)
	}
	defer rows.Close()
	list := []Request{}
	for rows.Next() {
		r, err := scanRequest(rows)
		if err != nil {
			return nil, fmt.Errorf("lecture des demandes de devis: %w", err)
		}
		list = append(list, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("lecture des demandes de devis: %w", err)
	}
	rows.Close()
	if list, err = shared(ctx, tx, list); err != nil {
		return nil, err
	}
	sort.Slice(list, func(i, j int) bool {
		if !list[i].CreatedAt.Equal(list[j].CreatedAt) {
			return list[i].CreatedAt.After(list[j].CreatedAt)
		}
		return list[i].Ref > list[j].Ref
	})
	return list, nil
}

// findRequest reads request id of uid; sql.ErrNoRows when it is not theirs.
func findRequest(ctx context.Context, tx *store.Tx, uid, id string) (*Request, error) {
	return findOne(ctx, tx, tx.QueryRowContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE q.id = ? AND q.uid = ?`, id, uid), id)
}

// findRequestByID reads request id whoever sent it, for staff;
// sql.ErrNoRows when there is none.
func findRequestByID(ctx context.Context, tx *store.Tx, id string) (*Request, error) {
	return findOne(ctx, tx, tx.QueryRowContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE q.id = ?`, id), id)
}

// findOne scans request id from row and joins its shared part;
// sql.ErrNoRows when either is missing.
func findOne(ctx context.Context, tx *store.Tx, row scanner, id string) (*Request, error) {
	r, err := scanRequest(row)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lecture de la demande de devis %s: %w", id, err)
	}
	if err != nil {
		return nil, err
	}
	list, err := shared(ctx, tx, []Request{*r})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, sql.ErrNoRows
	}
	return &list[0], nil
}

// nthRecent returns the date of uid's n-th newest request made after
// since, the zero time when there are fewer than n.
func nthRecent(ctx context.Context, tx *store.Tx, uid string, since time.Time, n int) (time.Time, error) {
	var at string
	err := tx.QueryRowContext(ctx,
		`SELECT created_at FROM quote_requests WHERE uid = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1 OFFSET ?`,
		uid, store.FormatTime(since), n-1).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("décompte des demandes de devis: %w", err)
	}
	return store.ParseTime(at)
}

// Retention is how long quote requests are kept after the client's last
// one changed, as the privacy policy says (3 years after the last contact,
// no contract being signed through the site).
const Retention = 3 * 365 * 24 * time.Hour

// purgeExpired deletes the requests of clients whose latest request was
// last touched before `before`, with their part of the queue (no foreign
// key can tie the two tables: quote_requests predates the queue).
func purgeExpired(ctx context.Context, tx *store.Tx, before time.Time) (int, error) {
	owners, err := desk.IdleOwners(ctx, tx, Machine.Kind, before)
	if err != nil || len(owners) == 0 {
		return 0, err
	}
	var ids []string
	for _, uid := range owners {
		rows, err := tx.QueryContext(ctx, `SELECT id FROM quote_requests WHERE uid = ?`, uid)
		if err != nil {
			return 0, fmt.Errorf("purge des demandes de devis expirées: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return 0, fmt.Errorf("purge des demandes de devis expirées: %w", err)
			}
			ids = append(ids, id)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return 0, fmt.Errorf("purge des demandes de devis expirées: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM quote_requests WHERE uid = ?`, uid); err != nil {
			return 0, fmt.Errorf("purge des demandes de devis expirées: %w", err)
		}
	}
	if _, err := desk.Delete(ctx, tx, desk.Selection{Kind: Machine.Kind, IDs: ids}); err != nil {
		return 0, fmt.Errorf("purge des demandes de devis expirées: %w", err)
	}
	return len(ids), nil
}
