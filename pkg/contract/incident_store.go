package contract

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the payment incidents (payment_incidents), next to its scans.

// incident is one row of payment_incidents: a rejected debit and where
// its clock stands. Days are YYYY-MM-DD, times the store's UTC text
// parsed; zero when not yet.
type incident struct {
	contractID  string
	seq         int
	openedAt    time.Time
	dueDate     string
	amountCents int64
	reason      string
	reference   string
	requestID   string
	noticeAt    time.Time
	suspendedAt time.Time
	terminated  time.Time
	closedAt    time.Time
	closedHow   string
	paidCents   int64
	paidDate    string
	paidWay     string
	coverBackAt time.Time
}

// running tells whether the incident's clock still runs: neither paid
// nor ended by the termination.
func (i *incident) running() bool { return i.closedAt.IsZero() && i.terminated.IsZero() }

const incidentColumns = `contract_id, seq, opened_at, due_date, amount_cents, reason_label, reference, COALESCE(request_id, ''),
	COALESCE(notice_at, ''), COALESCE(suspended_at, ''), COALESCE(terminated_at, ''), COALESCE(closed_at, ''), COALESCE(closed_how, ''),
	COALESCE(payment_cents, 0), COALESCE(payment_date, ''), COALESCE(payment_way, ''), COALESCE(cover_back_at, '')`

func scanIncident(row interface{ Scan(...any) error }) (*incident, error) {
	var i incident
	var opened, notice, suspended, terminated, closed, back string
	if err := row.Scan(&i.contractID, &i.seq, &opened, &i.dueDate, &i.amountCents, &i.reason, &i.reference, &i.requestID,
		&notice, &suspended, &terminated, &closed, &i.closedHow, &i.paidCents, &i.paidDate, &i.paidWay, &back); err != nil {
		return nil, err
	}
	for _, t := range []struct {
		text string
		dst  *time.Time
	}{{opened, &i.openedAt}, {notice, &i.noticeAt}, {suspended, &i.suspendedAt}, {terminated, &i.terminated}, {closed, &i.closedAt}, {back, &i.coverBackAt}} {
		if t.text == "" {
			continue
		}
		v, err := store.ParseTime(t.text)
		if err != nil {
			return nil, err
		}
		*t.dst = v
	}
	return &i, nil
}

// formatOptional is t in the store's text, NULL when zero.
func formatOptional(t time.Time) sql.NullString {
	if t.IsZero() {
		return sql.NullString{}
	}
	return nullable(store.FormatTime(t))
}

func insertIncident(ctx context.Context, tx *store.Tx, i *incident) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO payment_incidents (contract_id, seq, opened_at, due_date, amount_cents, reason_label, reference, request_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, i.contractID, i.seq, store.FormatTime(i.openedAt), i.dueDate, i.amountCents, i.reason, i.reference, nullable(i.requestID))
	if err != nil {
		return fmt.Errorf("incident de paiement: %w", err)
	}
	return nil
}

// updateIncident writes what moves on an incident: its clock and its end.
func updateIncident(ctx context.Context, tx *store.Tx, i *incident) error {
	var cents sql.NullInt64
	if i.paidCents > 0 {
		cents = sql.NullInt64{Int64: i.paidCents, Valid: true}
	}
	_, err := tx.ExecContext(ctx, `UPDATE payment_incidents SET notice_at = ?, suspended_at = ?, terminated_at = ?, closed_at = ?, closed_how = ?,
		payment_cents = ?, payment_date = ?, payment_way = ?, cover_back_at = ? WHERE contract_id = ? AND seq = ?`,
		formatOptional(i.noticeAt), formatOptional(i.suspendedAt), formatOptional(i.terminated), formatOptional(i.closedAt), nullable(i.closedHow),
		cents, nullable(i.paidDate), nullable(i.paidWay), formatOptional(i.coverBackAt), i.contractID, i.seq)
	if err != nil {
		return fmt.Errorf("incident de paiement: %w", err)
	}
	return nil
}

// findIncident reads the incident of debit seq of contract id; nil when none.
func findIncident(ctx context.Context, tx *store.Tx, id string, seq int) (*incident, error) {
	i, err := scanIncident(tx.QueryRowContext(ctx, "SELECT "+incidentColumns+" FROM payment_incidents WHERE contract_id = ? AND seq = ?", id, seq))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("incident de paiement: %w", err)
	}
	return i, nil
}

// claimIncident reads the incident of debit seq of contract id to move
// its clock, claimed against another instance doing the same day's work
// (on PostgreSQL; SQLite's one writer runs them one after the other): nil
// when none, or claimed already.
func claimIncident(ctx context.Context, tx *store.Tx, id string, seq int) (*incident, error) {
	i, err := scanIncident(tx.QueryRowContext(ctx, "SELECT "+incidentColumns+" FROM payment_incidents WHERE contract_id = ? AND seq = ?"+
		tx.SkipLocked("payment_incidents"), id, seq))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("incident de paiement: %w", err)
	}
	return i, nil
}

// listIncidents reads the incidents matching where, oldest due first.
func listIncidents(ctx context.Context, tx *store.Tx, where string, args ...any) ([]*incident, error) {
	rows, err := tx.QueryContext(ctx, "SELECT "+incidentColumns+" FROM payment_incidents WHERE "+where+" ORDER BY due_date, contract_id, seq", args...)
	if err != nil {
		return nil, fmt.Errorf("incidents de paiement: %w", err)
	}
	defer rows.Close()
	var out []*incident
	for rows.Next() {
		i, err := scanIncident(rows)
		if err != nil {
			return nil, fmt.Errorf("incidents de paiement: %w", err)
		}
		out = append(out, i)
	}
	return out, rows.Err()
}

// contractIncidents are contract id's incidents, oldest due first.
func contractIncidents(ctx context.Context, tx *store.Tx, id string) ([]*incident, error) {
	return listIncidents(ctx, tx, "contract_id = ?", id)
}

// runningIncidents are the incidents whose clock runs, of every contract:
// the day's work reads them (runIncidents).
func runningIncidents(ctx context.Context, tx *store.Tx) ([]*incident, error) {
	return listIncidents(ctx, tx, "closed_at IS NULL AND terminated_at IS NULL")
}

// incidentOfRequest reads the incident staff follow in request id.
func incidentOfRequest(ctx context.Context, tx *store.Tx, id string) (*incident, error) {
	list, err := listIncidents(ctx, tx, "request_id = ?", id)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return list[0], nil
}

// debitFacts are what the bank's return recorded on debit seq of
// contract id (the debits' own columns, 0031): its reason in French and,
// for a new presentation, the seq of the debit it presents again (0 when
// none).
func debitFacts(ctx context.Context, tx *store.Tx, id string, seq int) (reason string, represents int, err error) {
	var rep sql.NullInt64
	err = tx.QueryRowContext(ctx, "SELECT COALESCE(reason_label, ''), represents FROM debits WHERE contract_id = ? AND seq = ?", id, seq).Scan(&reason, &rep)
	if err != nil {
		return "", 0, fmt.Errorf("prélèvement %d: %w", seq, err)
	}
	return reason, int(rep.Int64), nil
}

// insertRepresentation schedules debit d of contract id again on date,
// as a new debit that names it (represents), at the end of the schedule.
func insertRepresentation(ctx context.Context, tx *store.Tx, id string, d Debit, date string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence, period, represents)
		SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, COALESCE(MAX(CASE WHEN seq = ? THEN period END), 1), ? FROM debits WHERE contract_id = ?`,
		id, date, d.AmountCents, d.Sequence, d.Seq, d.Seq, id)
	if err != nil {
		return fmt.Errorf("nouvelle présentation du prélèvement: %w", err)
	}
	return nil
}

// representationOf is the date the debit seq of contract id is presented
// again, "" when it is not (or no more: cancelled, or already sent).
func representationOf(ctx context.Context, tx *store.Tx, id string, seq int) (date string, sent bool, err error) {
	err = tx.QueryRowContext(ctx, `SELECT due_date, exported_at IS NOT NULL FROM debits WHERE contract_id = ? AND represents = ? AND cancelled = 0
		AND status IN ('scheduled', 'sent') ORDER BY seq DESC LIMIT 1`, id, seq).Scan(&date, &sent)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("nouvelle présentation du prélèvement: %w", err)
	}
	return date, sent, nil
}

// toldAgain tells whether the client of contract id was already told
// that the new presentation of incident reference was rejected: there is
// one presentation, so one such line.
func toldAgain(ctx context.Context, tx *store.Tx, id, reference string) (bool, error) {
	var n int
	err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM contract_events WHERE contract_id = ? AND action = 'payment_rejected_again' AND detail LIKE ?",
		id, "%"+reference+"%").Scan(&n)
	if err != nil {
		return false, fmt.Errorf("historique du contrat: %w", err)
	}
	return n > 0, nil
}

// settleDebit marks the rejected debit seq of contract id paid at last
// (« Régularisé ») on day, and cancels its new presentation not yet sent:
// the client paid otherwise, nothing more is to be taken.
func settleDebit(ctx context.Context, tx *store.Tx, id string, seq int, day string) error {
	if _, err := tx.ExecContext(ctx, "UPDATE debits SET status = 'settled', paid_at = ? WHERE contract_id = ? AND seq = ?", day, id, seq); err != nil {
		return fmt.Errorf("prélèvement régularisé: %w", err)
	}
	_, err := tx.ExecContext(ctx, "UPDATE debits SET cancelled = 1 WHERE contract_id = ? AND represents = ? AND exported_at IS NULL", id, seq)
	if err != nil {
		return fmt.Errorf("nouvelle présentation annulée: %w", err)
	}
	return nil
}
