package contract

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/store"
)

// The SQL of the contract's years (contract_periods) and of the debits of
// a year after the first, next to the code that scans it.

// period is one year of a contract (a temporary contract's days), and
// the avis d'échéance that announced the next one.
type period struct {
	n          int
	start, end string
	yearly     int64
	monthly    int64
	// noticeSentAt is when the avis d'échéance was sent, nil before (or
	// never, once renewedAt is set); noticeLate tells it was sent less
	// than NoticeMinDays before the deadline, or never.
	noticeSentAt *time.Time
	noticeLate   bool
	// The new year's premium, the trace lines that changed and the
	// whole new trace, as the avis said them.
	noticeYearly, noticeMonthly, noticeTaxes int64
	noticeLines                              [][3]string
	noticeTrace                              []string
	renewedAt                                *time.Time
	// compareURL is the address of the comparison the avis links to
	// (/mes-prix?id=…), "" when none.
	compareURL string
	// noticeCRM is the bonus-malus the avis applied, nil for a contract
	// without one (or an avis before 0038).
	noticeCRM *bonusMalus
}

const periodColumns = `n, start_date, end_date, yearly_cents, monthly_cents, notice_sent_at, notice_late, notice_yearly_cents,
	notice_monthly_cents, notice_taxes_cents, notice_lines, notice_trace, renewed_at, COALESCE(compare_url, ''), notice_crm`

func insertPeriod(ctx context.Context, tx *store.Tx, id string, p period) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO contract_periods (contract_id, n, start_date, end_date, yearly_cents, monthly_cents)
		VALUES (?, ?, ?, ?, ?, ?)`, id, p.n, p.start, p.end, p.yearly, p.monthly)
	if err != nil {
		return fmt.Errorf("période du contrat: %w", err)
	}
	return nil
}

// listPeriods reads contract id's years, the first first.
func listPeriods(ctx context.Context, tx *store.Tx, id string) ([]period, error) {
	rows, err := tx.QueryContext(ctx, "SELECT "+periodColumns+" FROM contract_periods WHERE contract_id = ? ORDER BY n", id)
	if err != nil {
		return nil, fmt.Errorf("périodes du contrat: %w", err)
	}
	defer rows.Close()
	var out []period
	for rows.Next() {
		var p period
		var sent, renewed, lines, trace, crm sql.NullString
		var yearly, monthly, taxes sql.NullInt64
		if err := rows.Scan(&p.n, &p.start, &p.end, &p.yearly, &p.monthly, &sent, &p.noticeLate, &yearly, &monthly, &taxes,
			&lines, &trace, &renewed, &p.compareURL, &crm); err != nil {
			return nil, fmt.Errorf("périodes du contrat: %w", err)
		}
		p.noticeYearly, p.noticeMonthly, p.noticeTaxes = yearly.Int64, monthly.Int64, taxes.Int64
		for _, t := range []struct {
			s   sql.NullString
			dst **time.Time
		}{{sent, &p.noticeSentAt}, {renewed, &p.renewedAt}} {
			if t.s.Valid {
				at, err := store.ParseTime(t.s.String)
				if err != nil {
					return nil, err
				}
				*t.dst = &at
			}
		}
		for _, j := range []struct {
			s   sql.NullString
			dst any
		}{{lines, &p.noticeLines}, {trace, &p.noticeTrace}, {crm, &p.noticeCRM}} {
			if j.s.Valid {
				if err := json.Unmarshal([]byte(j.s.String), j.dst); err != nil {
					return nil, fmt.Errorf("avis d’échéance illisible: %w", err)
				}
			}
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// currentPeriod is contract id's last year, nil when it has none (not
// signed).
func currentPeriod(ctx context.Context, tx *store.Tx, id string) (*period, error) {
	list, err := listPeriods(ctx, tx, id)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[len(list)-1], nil
}

// markNotice records the avis d'échéance of period n sent at at, unless
// another tick did; sent tells whether this one did.
func markNotice(ctx context.Context, tx *store.Tx, id string, n int, at time.Time, late bool, yearly, monthly, taxes int64,
	lines [][3]string, trace []string, crm *bonusMalus) (sent bool, err error) {
	var bm sql.NullString
	if crm != nil {
		b, err := json.Marshal(crm)
		if err != nil {
			return false, err
		}
		bm = sql.NullString{String: string(b), Valid: true}
	}
	l, err := json.Marshal(lines)
	if err != nil {
		return false, err
	}
	t, err := json.Marshal(trace)
	if err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE contract_periods SET notice_sent_at = ?, notice_late = ?, notice_yearly_cents = ?,
		notice_monthly_cents = ?, notice_taxes_cents = ?, notice_lines = ?, notice_trace = ?, notice_crm = ?
		WHERE contract_id = ? AND n = ? AND notice_sent_at IS NULL AND renewed_at IS NULL`,
		store.FormatTime(at), late, yearly, monthly, taxes, string(l), string(t), bm, id, n)
	if err != nil {
		return false, fmt.Errorf("avis d’échéance: %w", err)
	}
	k, err := res.RowsAffected()
	return k == 1, err
}

// markRenewed records that period n gave way to the next at at; a
// period whose avis was never sent is then late for good (L113-15-1).
func markRenewed(ctx context.Context, tx *store.Tx, id string, n int, at time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE contract_periods SET renewed_at = ?,
		notice_late = CASE WHEN notice_sent_at IS NULL THEN 1 ELSE notice_late END
		WHERE contract_id = ? AND n = ? AND renewed_at IS NULL`, store.FormatTime(at), id, n)
	if err != nil {
		return false, fmt.Errorf("renouvellement: %w", err)
	}
	k, err := res.RowsAffected()
	return k == 1, err
}

// periodsDue are the contracts in force whose last period has a day
// before before that matters: its end (renewals, before = the day) or
// the opening of its avis' window (before = the day + 6 months).
func periodsDue(ctx context.Context, tx *store.Tx, before string, noticeUnsent bool) ([]string, error) {
	q := `SELECT p.contract_id FROM contract_periods p JOIN contracts c ON c.id = p.contract_id
		WHERE p.renewed_at IS NULL AND p.end_date < ? AND c.status IN ('awaiting_documents', 'active', 'cancel_requested', 'suspended')`
	if noticeUnsent {
		q += " AND p.notice_sent_at IS NULL"
	}
	rows, err := tx.QueryContext(ctx, q+" ORDER BY p.end_date, p.contract_id", before)
	if err != nil {
		return nil, fmt.Errorf("périodes à échéance: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// nextSeq is the seq the next debit of contract id takes: its debits are
// numbered across its years, as their end-to-end ids are.
func nextSeq(ctx context.Context, tx *store.Tx, id string) (int, error) {
	var last int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(seq), 0) FROM debits WHERE contract_id = ?", id).Scan(&last); err != nil {
		return 0, fmt.Errorf("échéancier: %w", err)
	}
	return last + 1, nil
}

// insertPeriodDebits inserts the debits of year n of contract id (their
// Seq already continuing the contract's). The debits table's period
// column is the « debits » branch's (0031).
func insertPeriodDebits(ctx context.Context, tx *store.Tx, id string, n int, list []Debit) error {
	for _, d := range list {
		_, err := tx.ExecContext(ctx, `INSERT INTO debits (contract_id, seq, due_date, amount_cents, sequence, period) VALUES (?, ?, ?, ?, ?, ?)`,
			id, d.Seq, d.Date, d.AmountCents, d.Sequence, n)
		if err != nil {
			return fmt.Errorf("échéancier de l’année %d: %w", n, err)
		}
	}
	return nil
}

// periodDebitsOf are the debits of year n of contract id, cancelled ones
// included, without the new presentations of rejected ones.
func periodDebitsOf(ctx context.Context, tx *store.Tx, id string, n int) ([]Debit, error) {
	rows, err := tx.QueryContext(ctx, `SELECT seq, due_date, amount_cents, sequence, cancelled FROM debits
		WHERE contract_id = ? AND period = ? AND represents IS NULL ORDER BY seq`, id, n)
	if err != nil {
		return nil, fmt.Errorf("échéancier de l’année %d: %w", n, err)
	}
	defer rows.Close()
	var out []Debit
	for rows.Next() {
		var d Debit
		if err := rows.Scan(&d.Seq, &d.Date, &d.AmountCents, &d.Sequence, &d.Cancelled); err != nil {
			return nil, fmt.Errorf("échéancier de l’année %d: %w", n, err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// setCompare records url as the comparison of period n's avis unless one
// is recorded already; it returns the one recorded, so that two ticks
// never link to two comparisons.
func setCompare(ctx context.Context, tx *store.Tx, id string, n int, url string) (string, error) {
	_, err := tx.ExecContext(ctx, `UPDATE contract_periods SET compare_url = ?
		WHERE contract_id = ? AND n = ? AND compare_url IS NULL AND notice_sent_at IS NULL`, url, id, n)
	if err != nil {
		return "", fmt.Errorf("comparaison de l’avis d’échéance: %w", err)
	}
	var got sql.NullString
	err = tx.QueryRowContext(ctx, "SELECT compare_url FROM contract_periods WHERE contract_id = ? AND n = ?", id, n).Scan(&got)
	if err != nil {
		return "", fmt.Errorf("comparaison de l’avis d’échéance: %w", err)
	}
	return got.String, nil
}
