package instant

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// The SQL of price_quotes and price_links, next to the code that
// scans it.

// insertQuote stores a new quote, its prices in its result, as
// encodeQuote wrote them.
func insertQuote(ctx context.Context, tx *store.Tx, q *Quote, keyHash string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO price_quotes (id, product, answers, needs, result, tariff_version, key_hash, created_at, valid_until)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, q.ID, q.Product, string(q.saved.answers), string(q.saved.needs), q.saved.result,
		q.TariffVersion, keyHash, store.FormatTime(q.CreatedAt), q.ValidUntil)
	if err != nil {
		return fmt.Errorf("enregistrement des prix: %w", err)
	}
	return nil
}

const quoteColumns = `q.id, q.answers, q.needs, q.result, q.key_hash, q.created_at, q.uid, q.email, q.consent, q.chosen, q.kept_at,
	q.request_id`

// quoteFrom is the table of the quotes; their lead's reference comes from the desk (withRefs).
const quoteFrom = ` FROM price_quotes q`

// scanQuote reads the quoteColumns of one row; keyHash receives the key's hash.
func scanQuote(row interface{ Scan(...any) error }, keyHash *string) (*Quote, error) {
	var q Quote
	var answers, needs, result, created string
	var uid, email, chosen, kept, request sql.NullString
	err := row.Scan(&q.ID, &answers, &needs, &result, keyHash, &created, &uid, &email, &q.Consent, &chosen, &kept, &request)
	if err != nil {
		return nil, err
	}
	q.Result = &pricing.Result{}
	for _, part := range []struct {
		text string
		dst  any
	}{{answers, &q.Answers}, {needs, &q.Needs}, {result, q.Result}} {
		if err := json.Unmarshal([]byte(part.text), part.dst); err != nil {
			return nil, fmt.Errorf("prix illisibles %s: %w", q.ID, err)
		}
	}
	if q.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if kept.Valid {
		t, err := store.ParseTime(kept.String)
		if err != nil {
			return nil, err
		}
		q.KeptAt = &t
	}
	q.uid, q.Email, q.Chosen, q.requestID = uid.String, email.String, chosen.String, request.String
	q.VehicleDescribed = q.Answers.Described()
	return &q, nil
}

// withRefs sets the reference of the lead of each quote that has one.
func withRefs(ctx context.Context, tx *store.Tx, quotes ...*Quote) error {
	var ids []string
	for _, q := range quotes {
		if q.requestID != "" {
			ids = append(ids, q.requestID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	leads, err := desk.ByID(ctx, tx, desk.Selection{Kind: Machine.Kind, IDs: ids})
	if err != nil {
		return err
	}
	for _, q := range quotes {
		if l, ok := leads[q.requestID]; ok {
			q.Ref = l.Ref
		}
	}
	return nil
}

// findQuote reads the quote id; ENOTFOUND when none.
func findQuote(ctx context.Context, tx *store.Tx, id string) (*Quote, string, error) {
	var keyHash string
	q, err := scanQuote(tx.QueryRowContext(ctx, "SELECT "+quoteColumns+quoteFrom+" WHERE q.id = ?", id), &keyHash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", errNoQuote()
	}
	if err != nil {
		return nil, "", fmt.Errorf("lecture des prix: %w", err)
	}
	return q, keyHash, withRefs(ctx, tx, q)
}

// findQuoteWhere reads the one quote whose column equals value (a link's
// hash through price_links, or a lead's request id); ENOTFOUND when none.
func findQuoteWhere(ctx context.Context, tx *store.Tx, where string, value string) (*Quote, error) {
	var keyHash string
	q, err := scanQuote(tx.QueryRowContext(ctx, "SELECT "+quoteColumns+quoteFrom+" WHERE "+where, value), &keyHash)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoQuote()
	}
	if err != nil {
		return nil, fmt.Errorf("lecture des prix: %w", err)
	}
	return q, withRefs(ctx, tx, q)
}

// listQuotes reads the quotes kept by uid, newest first.
func listQuotes(ctx context.Context, tx *store.Tx, uid string) ([]*Quote, error) {
	rows, err := tx.QueryContext(ctx, "SELECT "+quoteColumns+quoteFrom+" WHERE q.uid = ? ORDER BY q.created_at DESC, q.id", uid)
	if err != nil {
		return nil, fmt.Errorf("liste des prix: %w", err)
	}
	defer rows.Close()
	out := []*Quote{}
	for rows.Next() {
		var keyHash string
		q, err := scanQuote(rows, &keyHash)
		if err != nil {
			return nil, fmt.Errorf("liste des prix: %w", err)
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("liste des prix: %w", err)
	}
	rows.Close()
	return out, withRefs(ctx, tx, out...)
}

// updateKept records who kept q, how, and its lead.
func updateKept(ctx context.Context, tx *store.Tx, q *Quote) error {
	_, err := tx.ExecContext(ctx, `UPDATE price_quotes SET uid = ?, email = ?, consent = ?, chosen = ?, kept_at = ?, request_id = ? WHERE id = ?`,
		nullable(q.uid), nullable(q.Email), q.Consent, nullable(q.Chosen), store.FormatTime(*q.KeptAt), nullable(q.requestID), q.ID)
	if err != nil {
		return fmt.Errorf("prix gardés: %w", err)
	}
	return nil
}

func nullable(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// insertLink stores the hash of a link back to quote.
func insertLink(ctx context.Context, tx *store.Tx, hash, quote string, now time.Time) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO price_links (hash, quote_id, created_at) VALUES (?, ?, ?)", hash, quote, store.FormatTime(now))
	if err != nil {
		return fmt.Errorf("lien vers les prix: %w", err)
	}
	return nil
}

// purgeQuotes deletes the quotes nobody kept whose prices ended before
// `before` (YYYY-MM-DD), and the kept ones whose prices ended before
// `keptBefore`; a lead of the desk stays, under the desk's rules.
func purgeQuotes(ctx context.Context, tx *store.Tx, before, keptBefore string) (int, error) {
	const expired = `(kept_at IS NULL AND valid_until < ?) OR (kept_at IS NOT NULL AND valid_until < ?)`
	// A lead goes with its prices: what was advised is what it recorded.
	rows, err := tx.QueryContext(ctx, `SELECT request_id FROM price_quotes WHERE request_id IS NOT NULL AND (`+expired+`)`, before, keptBefore)
	if err != nil {
		return 0, fmt.Errorf("suppression des devis en ligne expirés: %w", err)
	}
	leads := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, fmt.Errorf("suppression des devis en ligne expirés: %w", err)
		}
		leads = append(leads, id)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return 0, fmt.Errorf("suppression des devis en ligne expirés: %w", err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM price_quotes WHERE `+expired, before, keptBefore)
	if err != nil {
		return 0, fmt.Errorf("suppression des prix expirés: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if _, err := desk.Delete(ctx, tx, desk.Selection{Kind: Machine.Kind, IDs: leads}); err != nil {
		return 0, fmt.Errorf("suppression des devis en ligne expirés: %w", err)
	}
	return int(n), nil
}
