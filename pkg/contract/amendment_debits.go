package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// remakeDebits cancels the debits of the running year not yet sent from
// the effective date and makes them again at the new premium; what the
// adjustment owes beyond them is one more debit on the effective date
// (settle > 0), what it gives back is to refund (settle < 0).
func remakeDebits(ctx context.Context, tx *store.Tx, prop *proposal) (settle int64, err error) {
	a, c := &prop.a, prop.after
	if a.YearlyCentsAfter == a.YearlyCentsBefore && a.MonthlyCentsAfter == prop.before.MonthlyCents {
		return 0, nil
	}
	list, err := periodDebitsOf(ctx, tx, c.ID, prop.period.n)
	if err != nil {
		return 0, err
	}
	sent, err := sentDebits(ctx, tx, c.ID)
	if err != nil {
		return 0, err
	}
	seq, err := nextSeq(ctx, tx, c.ID)
	if err != nil {
		return 0, err
	}
	var again []Debit
	moved := int64(0)
	for _, d := range list {
		if d.Cancelled || sent[d.Seq] || d.Date < a.EffectiveDate {
			continue
		}
		amount := c.MonthlyCents
		if c.Rhythm != "monthly" {
			amount = c.YearlyCents
		}
		if _, err := tx.ExecContext(ctx, "UPDATE debits SET cancelled = 1 WHERE contract_id = ? AND seq = ?", c.ID, d.Seq); err != nil {
			return 0, fmt.Errorf("échéancier: %w", err)
		}
		moved += amount - d.AmountCents
		again = append(again, Debit{Seq: seq, Date: d.Date, AmountCents: amount, Sequence: d.Sequence})
		seq++
	}
	settle = a.AdjustmentCents - moved
	if settle > 0 {
		again = append(again, Debit{Seq: seq, Date: a.EffectiveDate, AmountCents: settle, Sequence: "RCUR"})
	}
	return settle, insertPeriodDebits(ctx, tx, c.ID, prop.period.n, again)
}

// amendYear carries a signed amendment into the contract's years: the
// running year's premium is the new one (a renewal starts from it), and
// an avis d'échéance already sent announces the next year priced on the
// risk as changed, its debits made again when already scheduled, so
// that the renewal keeps the premium the engine's price of the risk.
func (s *Service) amendYear(ctx context.Context, tx *store.Tx, prop *proposal) error {
	c, p := prop.after, prop.period
	if _, err := tx.ExecContext(ctx, "UPDATE contract_periods SET yearly_cents = ?, monthly_cents = ? WHERE contract_id = ? AND n = ?",
		c.YearlyCents, c.MonthlyCents, c.ID, p.n); err != nil {
		return fmt.Errorf("période du contrat: %w", err)
	}
	if p.noticeSentAt == nil || p.renewedAt != nil {
		return nil
	}
	start, _ := time.Parse(layout, c.StartDate)
	o := s.renewalOffer(c, anniversary(start, p.n), p.noticeCRM)
	lines, err := json.Marshal(o.changes)
	if err != nil {
		return err
	}
	trace, err := json.Marshal(o.trace)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE contract_periods SET notice_yearly_cents = ?, notice_monthly_cents = ?, notice_taxes_cents = ?,
		notice_lines = ?, notice_trace = ? WHERE contract_id = ? AND n = ?`, o.yearly, o.monthly, o.taxes, string(lines), string(trace), c.ID, p.n); err != nil {
		return fmt.Errorf("avis d’échéance: %w", err)
	}
	next, err := periodDebitsOf(ctx, tx, c.ID, p.n+1)
	if err != nil || len(next) == 0 {
		return err
	}
	sent, err := sentDebits(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	// Scheduled ahead at the premium the avis announced: made again at
	// the new one (the debits already sent stay).
	seq, err := nextSeq(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	var again []Debit
	for _, d := range next {
		if d.Cancelled || sent[d.Seq] {
			continue
		}
		amount := o.monthly
		if c.Rhythm != "monthly" || o.monthly <= 0 {
			amount = o.yearly
		}
		if amount == d.AmountCents {
			continue
		}
		if _, err := tx.ExecContext(ctx, "UPDATE debits SET cancelled = 1 WHERE contract_id = ? AND seq = ? AND exported_at IS NULL", c.ID, d.Seq); err != nil {
			return fmt.Errorf("échéancier: %w", err)
		}
		again = append(again, Debit{Seq: seq, Date: d.Date, AmountCents: amount, Sequence: d.Sequence})
		seq++
	}
	return insertPeriodDebits(ctx, tx, c.ID, p.n+1, again)
}

// sentDebits tells the debits of contract id already sent to the bank,
// by seq: those stay as they are.
func sentDebits(ctx context.Context, tx *store.Tx, id string) (map[int]bool, error) {
	all, err := listDebits(ctx, tx, id)
	if err != nil {
		return nil, err
	}
	sent := map[int]bool{}
	for _, d := range all {
		sent[d.Seq] = d.Exported
	}
	return sent, nil
}
