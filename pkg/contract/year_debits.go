package contract

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// The statuses of a debit: scheduled until it leaves in a pain.008 file,
// sent then, paid once its return window passed without a return,
// rejected when the bank returned it, settled when the incident it opened
// is paid (by a new presentation or to staff).
const (
	DebitScheduled = "scheduled"
	DebitSent      = "sent"
	DebitPaid      = "paid"
	DebitRejected  = "rejected"
	DebitSettled   = "settled"
)

// debitLabels are the statuses of a debit as the client reads them.
var debitLabels = map[string]string{
	DebitScheduled: "Prévu",
	DebitSent:      "Envoyé",
	DebitPaid:      "Payé",
	DebitRejected:  "Rejeté",
	DebitSettled:   "Régularisé",
}

// DebitLabel is a debit status in French: « Payé » for DebitPaid.
func DebitLabel(status string) string {
	if l, ok := debitLabels[status]; ok {
		return l
	}
	return status
}

// ReturnWindowDays is how many calendar days after its due date a debit
// sent may still come back rejected or returned before it counts as paid.
// The SEPA Core rulebook (EPC016, PT-04.15 to 04.17) lets the debtor's
// bank reject a debit before settlement and return it up to 5 interbank
// (TARGET2) business days after the settlement date; the creditor's bank
// reports it the next business day. Five business days span 7 calendar
// days, 11 around Easter (Good Friday and Easter Monday are closed) or
// Christmas (25 and 26 December), and the report one more: 14 days cover
// the worst of them with a weekend to spare. A debtor's refund request
// (MD06, 8 weeks) or an unauthorised debit (13 months) may still come
// later: RecordReturns takes a return of a debit already paid.
const ReturnWindowDays = 14

// Payment is one debit of a contract as the client follows it (the API's
// "payments"): due date, amount, status and, once returned, why. A
// contract's payments are those of every period, in due order, without
// the debits cancelled before they were sent.
type Payment struct {
	Seq         int    `json:"seq"`
	DueDate     string `json:"dueDate"`
	AmountCents int64  `json:"amountCents"`
	Status      string `json:"status"`
	StatusLabel string `json:"statusLabel"`
	ReasonCode  string `json:"reasonCode,omitempty"`
	ReasonLabel string `json:"reasonLabel,omitempty"`
	// Represents is the seq of the rejected debit this one presents
	// again, 0 for a debit of the schedule.
	Represents int `json:"represents,omitempty"`
}

// listPayments reads contract id's payments.
func listPayments(ctx context.Context, tx *store.Tx, id string) ([]Payment, error) {
	rows, err := tx.QueryContext(ctx, `SELECT seq, due_date, amount_cents, status, COALESCE(reason_code, ''), COALESCE(reason_label, ''), COALESCE(represents, 0)
		FROM debits WHERE contract_id = ? AND NOT (cancelled = 1 AND status = 'scheduled') ORDER BY due_date, seq`, id)
	if err != nil {
		return nil, fmt.Errorf("paiements: %w", err)
	}
	defer rows.Close()
	out := []Payment{}
	for rows.Next() {
		var p Payment
		if err := rows.Scan(&p.Seq, &p.DueDate, &p.AmountCents, &p.Status, &p.ReasonCode, &p.ReasonLabel, &p.Represents); err != nil {
			return nil, fmt.Errorf("paiements: %w", err)
		}
		p.StatusLabel = DebitLabel(p.Status)
		out = append(out, p)
	}
	return out, rows.Err()
}

// settleDebits marks paid the debits sent whose return window passed by
// day without a return (due date + ReturnWindowDays before day), contract
// by contract, each in its own short transaction; a re-presentation paid
// ends its incident (representationPaid) in the same transaction. A debit
// already paid or returned is left as it is, so that a second run of the
// same day, or of an earlier one, marks nothing.
func (s *Service) settleDebits(ctx context.Context, day time.Time) (int, error) {
	before := day.AddDate(0, 0, -ReturnWindowDays).Format(layout)
	var ids []string
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT contract_id FROM debits WHERE status = 'sent' AND due_date < ? ORDER BY contract_id`, before)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	if err != nil {
		return 0, fmt.Errorf("prélèvements payés: %w", err)
	}
	at, total := s.tickTime(day), 0
	for _, id := range ids {
		var n int
		err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
			n, err = s.settleContract(ctx, tx, id, before, at)
			return err
		})
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// settleContract marks paid contract id's debits sent and due before
// before (YYYY-MM-DD), each by a compare-and-set on its status, so that
// two instances running the day's work mark it once.
func (s *Service) settleContract(ctx context.Context, tx *store.Tx, id, before string, at time.Time) (int, error) {
	list, err := scanDebits(tx.QueryContext(ctx, `SELECT `+debitColumns+` FROM debits
		WHERE contract_id = ? AND status = 'sent' AND due_date < ? ORDER BY seq`, id, before))
	if err != nil {
		return 0, fmt.Errorf("prélèvements payés: %w", err)
	}
	var c *Contract
	n := 0
	for _, d := range list {
		res, err := tx.ExecContext(ctx, `UPDATE debits SET status = 'paid', paid_at = ? WHERE contract_id = ? AND seq = ? AND status = 'sent'`,
			store.FormatTime(at), id, d.Seq)
		if err != nil {
			return 0, fmt.Errorf("prélèvements payés: %w", err)
		}
		if k, err := res.RowsAffected(); err != nil || k == 0 {
			if err != nil {
				return 0, err
			}
			continue
		}
		n++
		d.Status, d.StatusLabel = DebitPaid, DebitLabel(DebitPaid)
		if d.represents == 0 {
			continue
		}
		if c == nil {
			if c, err = findContract(ctx, tx, id); err != nil {
				return 0, err
			}
		}
		if err := s.representationPaid(ctx, tx, c, d, at); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// debitColumns are what scanDebits reads of a debit.
const debitColumns = `seq, due_date, amount_cents, sequence, exported_at IS NOT NULL, cancelled, status,
	COALESCE(reason_code, ''), COALESCE(reason_label, ''), COALESCE(end_to_end, ''), COALESCE(represents, 0)`

// scanDebits reads the debits of a query on debitColumns.
func scanDebits(rows *sql.Rows, err error) ([]Debit, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Debit{}
	for rows.Next() {
		var d Debit
		if err := scanDebit(rows, &d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// scanDebit reads one row of debitColumns into d, after the columns of
// first when the query selects some before them.
func scanDebit(rows *sql.Rows, d *Debit, first ...any) error {
	dest := append(first, &d.Seq, &d.Date, &d.AmountCents, &d.Sequence, &d.Exported, &d.Cancelled, &d.Status,
		&d.ReasonCode, &d.ReasonLabel, &d.endToEnd, &d.represents)
	if err := rows.Scan(dest...); err != nil {
		return err
	}
	d.StatusLabel = DebitLabel(d.Status)
	return nil
}

// operatorOrAdmin refuses an actor who is neither the server's operator
// nor an admin: the bank's files are theirs.
func operatorOrAdmin(actor account.Actor) error {
	if actor.IsOperator() {
		return nil
	}
	return actor.RequireAdmin()
}
