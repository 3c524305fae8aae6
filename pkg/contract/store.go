package contract

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"courtier/pkg/store"
)

// The SQL of contracts and their history, next to the code that scans it.

const contractColumns = `id, number, uid, source, source_id, product, insurer, formula, holder, risk, guarantees, start_date,
	yearly_cents, monthly_cents, taxes_cents, deductible_cents, rhythm, status, switch_from, created_at, updated_at,
	signed_at, provisional_until, end_reason, end_text, end_asked_at, end_date, refund_cents`

func insertContract(ctx context.Context, tx *store.Tx, c *Contract) error {
	holder, risk, guarantees, sw, err := contractJSON(c)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO contracts (id, number, uid, source, source_id, product, insurer, formula, holder, risk,
		guarantees, start_date, yearly_cents, monthly_cents, taxes_cents, deductible_cents, rhythm, status, switch_from, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.Number, c.uid, c.Source, c.SourceID, c.Product, c.Insurer, c.Formula, holder, risk, guarantees, c.StartDate,
		c.YearlyCents, c.MonthlyCents, c.TaxesCents, c.DeductibleCents, c.Rhythm, c.Status, sw,
		store.FormatTime(c.CreatedAt), store.FormatTime(c.UpdatedAt))
	if store.IsUnique(err) {
		return errTaken()
	}
	if err != nil {
		return fmt.Errorf("enregistrement du contrat: %w", err)
	}
	return nil
}

func contractJSON(c *Contract) (holder, risk, guarantees string, sw sql.NullString, err error) {
	parts := []any{c.Holder, c.Risk, c.Guarantees}
	out := make([]string, len(parts))
	for i, p := range parts {
		b, err := json.Marshal(p)
		if err != nil {
			return "", "", "", sw, err
		}
		out[i] = string(b)
	}
	if c.Switch != nil {
		b, err := json.Marshal(c.Switch)
		if err != nil {
			return "", "", "", sw, err
		}
		sw = sql.NullString{String: string(b), Valid: true}
	}
	return out[0], out[1], out[2], sw, nil
}

// updateContract writes what may change on a contract: the holder, the
// risk and its premium (before the signature), the status and its dates.
func updateContract(ctx context.Context, tx *store.Tx, c *Contract) error {
	holder, risk, guarantees, sw, err := contractJSON(c)
	if err != nil {
		return err
	}
	var reason, text, asked, endDate sql.NullString
	var refund sql.NullInt64
	if e := c.Ending; e != nil {
		reason, text, endDate = nullable(e.Reason), nullable(e.Text), nullable(e.Date)
		asked = nullable(store.FormatTime(e.AskedAt))
		refund = sql.NullInt64{Int64: e.RefundCents, Valid: true}
	}
	var signed sql.NullString
	if c.SignedAt != nil {
		signed = nullable(store.FormatTime(*c.SignedAt))
	}
	_, err = tx.ExecContext(ctx, `UPDATE contracts SET holder = ?, risk = ?, start_date = ?, rhythm = ?, switch_from = ?, status = ?,
		updated_at = ?, signed_at = ?, provisional_until = ?, end_reason = ?, end_text = ?, end_asked_at = ?, end_date = ?, refund_cents = ?,
		purge_after = ?, guarantees = ?, yearly_cents = ?, monthly_cents = ?, taxes_cents = ?, deductible_cents = ? WHERE id = ?`,
		holder, risk, c.StartDate, c.Rhythm, sw, c.Status, store.FormatTime(c.UpdatedAt), signed, nullable(c.ProvisionalUntil),
		reason, text, asked, endDate, refund, nullable(purgeAfter(c)), guarantees, c.YearlyCents, c.MonthlyCents, c.TaxesCents, c.DeductibleCents, c.ID)
	if err != nil {
		return fmt.Errorf("mise à jour du contrat %s: %w", c.Number, err)
	}
	return nil
}

func nullable(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// scanContract reads the contractColumns of one row.
func scanContract(row interface{ Scan(...any) error }) (*Contract, error) {
	var c Contract
	var uid, sw, signed, provisional, reason, text, asked, endDate sql.NullString
	var refund sql.NullInt64
	var holder, risk, guarantees, created, updated string
	err := row.Scan(&c.ID, &c.Number, &uid, &c.Source, &c.SourceID, &c.Product, &c.Insurer, &c.Formula, &holder, &risk, &guarantees,
		&c.StartDate, &c.YearlyCents, &c.MonthlyCents, &c.TaxesCents, &c.DeductibleCents, &c.Rhythm, &c.Status, &sw, &created, &updated,
		&signed, &provisional, &reason, &text, &asked, &endDate, &refund)
	if err != nil {
		return nil, err
	}
	for _, p := range []struct {
		text string
		dst  any
	}{{holder, &c.Holder}, {risk, &c.Risk}, {guarantees, &c.Guarantees}} {
		if err := json.Unmarshal([]byte(p.text), p.dst); err != nil {
			return nil, fmt.Errorf("contrat %s illisible: %w", c.Number, err)
		}
	}
	if sw.Valid {
		c.Switch = &Switch{}
		if err := json.Unmarshal([]byte(sw.String), c.Switch); err != nil {
			return nil, fmt.Errorf("contrat %s illisible: %w", c.Number, err)
		}
	}
	if c.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if c.UpdatedAt, err = store.ParseTime(updated); err != nil {
		return nil, err
	}
	if signed.Valid {
		t, err := store.ParseTime(signed.String)
		if err != nil {
			return nil, err
		}
		c.SignedAt = &t
	}
	if reason.Valid {
		c.Ending = &Ending{Reason: reason.String, Text: text.String, Date: endDate.String, RefundCents: refund.Int64}
		if c.Ending.AskedAt, err = store.ParseTime(asked.String); err != nil {
			return nil, err
		}
	}
	c.uid, c.ProvisionalUntil = uid.String, provisional.String
	return &c, nil
}

// findContract reads contract id; sql.ErrNoRows when there is none.
func findContract(ctx context.Context, tx *store.Tx, id string) (*Contract, error) {
	c, err := scanContract(tx.QueryRowContext(ctx, "SELECT "+contractColumns+" FROM contracts WHERE id = ?", id))
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lecture du contrat %s: %w", id, err)
	}
	return c, err
}

// listContracts reads the contracts matching where, newest first (at
// most maxList).
func listContracts(ctx context.Context, tx *store.Tx, where string, args ...any) ([]*Contract, error) {
	rows, err := tx.QueryContext(ctx, "SELECT "+contractColumns+" FROM contracts WHERE "+where+
		" ORDER BY created_at DESC, number DESC LIMIT "+strconv.Itoa(maxList), args...)
	if err != nil {
		return nil, fmt.Errorf("liste des contrats: %w", err)
	}
	defer rows.Close()
	out := []*Contract{}
	for rows.Next() {
		c, err := scanContract(rows)
		if err != nil {
			return nil, fmt.Errorf("liste des contrats: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// nextNumber numbers a new contract of year: CT-2026-000123.
func nextNumber(ctx context.Context, tx *store.Tx, year int) (string, error) {
	var last int
	err := tx.QueryRowContext(ctx, `INSERT INTO contract_numbers (year, last) VALUES (?, 1)
		ON CONFLICT (year) DO UPDATE SET last = contract_numbers.last + 1 RETURNING last`, year).Scan(&last)
	if err != nil {
		return "", fmt.Errorf("numérotation des contrats: %w", err)
	}
	return fmt.Sprintf("%s-%d-%06d", NumberPrefix, year, last), nil
}

func insertEvent(ctx context.Context, tx *store.Tx, id string, e Event, uid string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO contract_events (contract_id, at, actor_uid, actor_name, status, action, detail)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, store.FormatTime(e.At), nullable(uid), e.ActorName, e.Status, e.Action, e.Detail)
	if err != nil {
		return fmt.Errorf("historique du contrat: %w", err)
	}
	return nil
}

func listEvents(ctx context.Context, tx *store.Tx, id string) ([]Event, error) {
	rows, err := tx.QueryContext(ctx, `SELECT at, actor_name, status, action, detail, COALESCE(actor_uid, '') FROM contract_events WHERE contract_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("historique du contrat: %w", err)
	}
	defer rows.Close()
	list := []Event{}
	for rows.Next() {
		var e Event
		var at string
		if err := rows.Scan(&at, &e.ActorName, &e.Status, &e.Action, &e.Detail, &e.uid); err != nil {
			return nil, fmt.Errorf("historique du contrat: %w", err)
		}
		if e.At, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		list = append(list, e)
	}
	return list, rows.Err()
}

// purgeAfter is the day a contract's data may go: RetentionYears after
// its cover ended; "" while it runs.
func purgeAfter(c *Contract) string {
	if c.Ending == nil || (c.Status != StatusCancelled && c.Status != StatusWithdrawn) {
		return ""
	}
	end, err := time.Parse(layout, c.Ending.Date)
	if err != nil {
		return ""
	}
	return end.AddDate(RetentionYears, 0, 0).Format(layout)
}

// maxList bounds a list of contracts (staff's; a client has a few).
const maxList = 500
