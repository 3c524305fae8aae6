package quote

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the quote_offers table and of the decline columns of
// quote_requests (migration 0008), next to the code that scans it.

const offerColumns = `o.id, o.request_id, o.position, o.insurer, o.product_name, o.monthly_cents, o.yearly_cents,
	o.guarantees, o.deductible_cents, o.valid_until, o.note, o.status, COALESCE(o.created_by, ''), o.created_by_name,
	o.created_at, COALESCE(o.decided_at, '')`

// offerOrder lists the latest sending first, each in the agent's order.
// The offers of one sending share their sending number, which grows with
// each sending: it tells two sendings of the same millisecond apart.
const offerOrder = ` ORDER BY o.created_at DESC, o.sending DESC, o.position`

func scanOffer(row scanner) (*Offer, error) {
	var o Offer
	var guarantees, created, decided string
	err := row.Scan(&o.ID, &o.RequestID, &o.Position, &o.Insurer, &o.ProductName, &o.MonthlyCents, &o.YearlyCents,
		&guarantees, &o.DeductibleCents, &o.ValidUntil, &o.Note, &o.Status, &o.CreatedBy, &o.CreatedByName, &created, &decided)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(guarantees), &o.Guarantees); err != nil {
		return nil, fmt.Errorf("offre %s: garanties illisibles: %w", o.ID, err)
	}
	if o.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if decided != "" {
		if o.DecidedAt, err = store.ParseTime(decided); err != nil {
			return nil, err
		}
	}
	return &o, nil
}

// queryOffers reads the offers matching where, by request id.
func queryOffers(ctx context.Context, tx *store.Tx, where string, args ...any) (map[string][]Offer, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+offerColumns+` FROM quote_offers o WHERE `+where+offerOrder, args...)
	if err != nil {
		return nil, fmt.Errorf("lecture des offres: %w", err)
	}
	defer rows.Close()
	out := map[string][]Offer{}
	for rows.Next() {
		o, err := scanOffer(rows)
		if err != nil {
			return nil, fmt.Errorf("lecture des offres: %w", err)
		}
		out[o.RequestID] = append(out[o.RequestID], *o)
	}
	return out, rows.Err()
}

// offersOf reads the offers of request id.
func offersOf(ctx context.Context, tx *store.Tx, id string) ([]Offer, error) {
	all, err := queryOffers(ctx, tx, "o.request_id = ?", id)
	return all[id], err
}

// offersOfClient reads the offers of every request of uid, by request id.
func offersOfClient(ctx context.Context, tx *store.Tx, uid string) (map[string][]Offer, error) {
	return queryOffers(ctx, tx, "o.request_id IN (SELECT id FROM quote_requests WHERE uid = ?)", uid)
}

// nextSending is the number of a new sending of offers for request id.
func nextSending(ctx context.Context, tx *store.Tx, id string) (int64, error) {
	var n int64
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(sending), 0) + 1 FROM quote_offers WHERE request_id = ?", id).Scan(&n); err != nil {
		return 0, fmt.Errorf("offres de la demande %s: %w", id, err)
	}
	return n, nil
}

// insertOffer stores o as one offer of the sending numbered sending.
func insertOffer(ctx context.Context, tx *store.Tx, o *Offer, sending int64) error {
	g, err := json.Marshal(o.Guarantees)
	if err != nil {
		return fmt.Errorf("garanties de l'offre %s: %w", o.ID, err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO quote_offers (id, request_id, sending, position, insurer, product_name,
		monthly_cents, yearly_cents, guarantees, deductible_cents, valid_until, note, status, created_by, created_by_name, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		o.ID, o.RequestID, sending, o.Position, o.Insurer, o.ProductName, o.MonthlyCents, o.YearlyCents, string(g),
		o.DeductibleCents, o.ValidUntil, o.Note, o.Status, nullable(o.CreatedBy), o.CreatedByName, store.FormatTime(o.CreatedAt))
	if err != nil {
		return fmt.Errorf("enregistrement de l'offre %s: %w", o.ID, err)
	}
	return nil
}

// settleOffers moves every proposed offer of request id, except keep, to
// status `to` at `at`.
func settleOffers(ctx context.Context, tx *store.Tx, id, keep string, to OfferStatus, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE quote_offers SET status = ?, decided_at = ?
		WHERE request_id = ? AND status = 'proposed' AND id <> ?`, to, store.FormatTime(at), id, keep)
	if err != nil {
		return fmt.Errorf("offres de la demande %s: %w", id, err)
	}
	return nil
}

// acceptOffer marks offer id of request reqID accepted at `at`.
func acceptOffer(ctx context.Context, tx *store.Tx, reqID, id string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE quote_offers SET status = 'accepted', decided_at = ? WHERE request_id = ? AND id = ?`,
		store.FormatTime(at), reqID, id)
	if err != nil {
		return fmt.Errorf("acceptation de l'offre %s: %w", id, err)
	}
	return nil
}

// setDecline records the client's reason for declining the offers of id.
func setDecline(ctx context.Context, tx *store.Tx, id, reason string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE quote_requests SET decline_reason = ?, declined_at = ?, updated_at = ? WHERE id = ?`,
		reason, store.FormatTime(at), store.FormatTime(at), id)
	if err != nil {
		return fmt.Errorf("refus des offres de la demande %s: %w", id, err)
	}
	return nil
}

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
