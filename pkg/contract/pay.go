package contract

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// nextMandate is the unique reference of a new mandate: CTR-00000042.
func nextMandate(ctx context.Context, tx *store.Tx) (string, error) {
	var last int64
	err := tx.QueryRowContext(ctx, `INSERT INTO mandate_numbers (id, last) VALUES (1, 1)
		ON CONFLICT (id) DO UPDATE SET last = mandate_numbers.last + 1 RETURNING last`).Scan(&last)
	if err != nil {
		return "", fmt.Errorf("numérotation des mandats: %w", err)
	}
	return sepa.NewMandateRef(MandatePrefix, last)
}

func insertMandate(ctx context.Context, tx *store.Tx, id string, m *Mandate) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO mandates (rum, contract_id, holder, iban, bic, signed_at) VALUES (?, ?, ?, ?, ?, ?)`,
		m.RUM, id, m.Holder, m.iban, m.bic, store.FormatTime(m.SignedAt))
	if err != nil {
		return fmt.Errorf("mandat SEPA: %w", err)
	}
	return nil
}

func findMandate(ctx context.Context, tx *store.Tx, id string) (*Mandate, error) {
	rows, err := tx.QueryContext(ctx, "SELECT rum, holder, iban, bic, signed_at FROM mandates WHERE contract_id = ?", id)
	if err != nil {
		return nil, fmt.Errorf("mandat SEPA: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, rows.Err()
	}
	var m Mandate
	var at string
	if err := rows.Scan(&m.RUM, &m.Holder, &m.iban, &m.bic, &at); err != nil {
		return nil, fmt.Errorf("mandat SEPA: %w", err)
	}
	if m.SignedAt, err = store.ParseTime(at); err != nil {
		return nil, err
	}
	m.IBAN = sepa.MaskIBAN(m.iban)
	return &m, rows.Err()
}

// schedule is c's first year of debits, from its start day and rhythm.
func schedule(c *Contract) ([]Debit, error) {
	start, err := time.Parse(layout, c.StartDate)
	if err != nil {
		return nil, err
	}
	rhythm := sepa.Yearly
	if c.Rhythm == "monthly" {
		rhythm = sepa.Monthly
	}
	list, err := sepa.FirstYear(sepa.Plan{Start: sepa.DateOf(start), Rhythm: rhythm, YearlyCents: c.YearlyCents, MonthlyCents: c.MonthlyCents})
	if err != nil {
		return nil, err
	}
	out := make([]Debit, len(list))
	for i, d := range list {
		out[i] = Debit{Seq: i + 1, Date: d.Date.String(), AmountCents: d.AmountCents, Sequence: string(d.SeqType),
			Status: DebitScheduled, StatusLabel: DebitLabel(DebitScheduled)}
	}
	return out, nil
}

func insertDebits(ctx context.Context, tx *store.Tx, id string, list []Debit) error {
	for _, d := range list {
		_, err := tx.ExecContext(ctx, `INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence) VALUES (?, ?, ?, ?, ?)`,
			id, d.Seq, d.Date, d.AmountCents, d.Sequence)
		if err != nil {
			return fmt.Errorf("échéancier: %w", err)
		}
	}
	return nil
}

func listDebits(ctx context.Context, tx *store.Tx, id string) ([]Debit, error) {
	list, err := scanDebits(tx.QueryContext(ctx, `SELECT `+debitColumns+` FROM debits WHERE contract_id = ? ORDER BY seq`, id))
	if err != nil {
		return nil, fmt.Errorf("échéancier: %w", err)
	}
	return list, nil
}

// cancelDebits cancels the debits not yet exported due after from
// (YYYY-MM-DD; all of them when ""): the cover ends before them.
func cancelDebits(ctx context.Context, tx *store.Tx, id, from string) error {
	_, err := tx.ExecContext(ctx, `UPDATE debits SET cancelled = 1 WHERE contract_id = ? AND exported_at IS NULL AND due_date >= ?`, id, from)
	if err != nil {
		return fmt.Errorf("échéancier: %w", err)
	}
	return nil
}

// paidDebits is what was already debited: the debits sent (taken unless
// the bank returns them) or paid, and those returned but settled since,
// unless by a re-presentation that is itself counted. A debit returned
// and not settled was never collected.
func paidDebits(ctx context.Context, tx *store.Tx, id string) (int64, error) {
	var n int64
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount_cents), 0) FROM debits d WHERE contract_id = ? AND status IN ('sent', 'paid', 'settled')
		AND NOT (status = 'settled' AND EXISTS (SELECT 1 FROM debits r WHERE r.contract_id = d.contract_id AND r.represents = d.seq AND r.status IN ('sent', 'paid')))`,
		id).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("échéancier: %w", err)
	}
	return n, nil
}
