package quote

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the quote_requests table (migration 0004), next to the code that scans it.

// The status and the reference live in requests (migration 0006), the
// queue every kind shares.
const requestColumns = `q.id, d.ref, q.uid, q.product, d.status, q.details, q.contact_method, q.phone, q.message, q.created_at, d.updated_at,
	q.decline_reason, COALESCE(q.declined_at, '')`

const requestFrom = ` FROM quote_requests q JOIN requests d ON d.id = q.id`

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

func scanRequest(row scanner) (*Request, error) {
	var r Request
	var details, created, updated, declined string
	err := row.Scan(&r.ID, &r.Ref, &r.UID, &r.Product, &r.Status, &details, &r.Contact.Method, &r.Contact.Phone, &r.Message, &created, &updated,
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
	if r.UpdatedAt, err = store.ParseTime(updated); err != nil {
		return nil, err
	}
	if declined != "" {
		if r.DeclinedAt, err = store.ParseTime(declined); err != nil {
			return nil, err
		}
	}
	return &r, nil
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
	rows, err := tx.QueryContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE q.uid = ? ORDER BY q.created_at DESC, d.ref DESC`, uid)
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
	return list, nil
}

// findRequest reads request id of uid; sql.ErrNoRows when it is not theirs.
func findRequest(ctx context.Context, tx *store.Tx, uid, id string) (*Request, error) {
	row := tx.QueryRowContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE q.id = ? AND q.uid = ?`, id, uid)
	r, err := scanRequest(row)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lecture de la demande de devis %s: %w", id, err)
	}
	return r, err
}

// findRequestByID reads request id whoever sent it, for staff;
// sql.ErrNoRows when there is none.
func findRequestByID(ctx context.Context, tx *store.Tx, id string) (*Request, error) {
	r, err := scanRequest(tx.QueryRowContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE q.id = ?`, id))
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lecture de la demande de devis %s: %w", id, err)
	}
	return r, err
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
// last touched before `before`; run when a request arrives, like the
// purge of chat conversations, so no background job is needed.
func purgeExpired(ctx context.Context, tx *store.Tx, before time.Time) (int, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM quote_requests WHERE uid IN (
		SELECT uid FROM requests WHERE kind = 'quote' AND uid IS NOT NULL GROUP BY uid HAVING MAX(updated_at) < ?)`, store.FormatTime(before))
	var n int64
	if err == nil {
		n, err = res.RowsAffected()
	}
	if err == nil && n > 0 {
		// The queue's part goes with them (no foreign key can tie the two
		// tables: quote_requests predates the queue).
		_, err = tx.ExecContext(ctx, `DELETE FROM requests WHERE kind = 'quote' AND id NOT IN (SELECT id FROM quote_requests)`)
	}
	if err != nil {
		return 0, fmt.Errorf("purge des demandes de devis expirées: %w", err)
	}
	return int(n), nil
}
