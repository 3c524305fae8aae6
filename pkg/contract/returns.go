package contract

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// ReturnsReport is what RecordReturns did with a bank's return file.
type ReturnsReport struct {
	// Rejected debits were recorded rejected now, for RejectedCents.
	Rejected      int   `json:"rejected"`
	RejectedCents int64 `json:"rejectedCents"`
	// Already counts the rejections the file reports that were recorded
	// before, identically: the same file read twice records nothing new.
	Already int `json:"already"`
	// Accepted counts the debits the file reports accepted or pending:
	// nothing to record, the return window decides when they are paid.
	Accepted int `json:"accepted"`
	// Ignored counts what the file reports accepted or credited that is
	// no debit of the broker: a camt.054 lists every credit booked on the
	// account, a client's transfer among them.
	Ignored int `json:"ignored"`
}

// RecordReturns records what the bank's return file says (sepa.ParseReturns):
// each debit rejected or returned becomes « Rejeté » with its reason, is
// written in its contract's history and opens a payment incident. All or
// nothing, in one transaction: a return that names no debit sent (an
// unknown end-to-end id or message, a debit never sent, one already
// rejected for another reason, an amount below the debit's) refuses the
// whole file, EINVALID « ligne N : … » with the line of the file. A
// rejection already recorded identically is counted in Already and left as
// it is, so that the same file read twice records nothing twice; what the
// file reports accepted or credited is only counted (Accepted, or Ignored
// when it names no debit sent). A debit already paid may still be
// returned: a debtor may ask their bank for a refund within 8 weeks
// (MD06). For the server's operator and admins.
func (s *Service) RecordReturns(ctx context.Context, actor account.Actor, returns []sepa.Return) (*ReturnsReport, error) {
	if err := operatorOrAdmin(actor); err != nil {
		return nil, err
	}
	var r *ReturnsReport
	err := s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		r, err = s.recordReturns(ctx, tx, actor, returns)
		return err
	})
	if err != nil {
		return nil, s.fail("retours de prélèvements", err, "returns", len(returns))
	}
	s.log.Info("retours de prélèvements enregistrés", "rejected", r.Rejected, "cents", r.RejectedCents, "already", r.Already,
		"accepted", r.Accepted, "ignored", r.Ignored)
	return r, nil
}

// returnedDebit is a debit a return names, with its contract.
type returnedDebit struct {
	contractID string
	Debit
}

func (s *Service) recordReturns(ctx context.Context, tx *store.Tx, actor account.Actor, returns []sepa.Return) (*ReturnsReport, error) {
	r := &ReturnsReport{}
	now := s.now()
	for _, ret := range returns {
		list, err := debitsReturned(ctx, tx, ret)
		if !ret.Rejected() {
			// Only a rejection must name a debit sent: what was accepted
			// or credited changes nothing here.
			if apperr.CodeOf(err) == apperr.EINVALID {
				r.Ignored++
				continue
			}
			if err != nil {
				return nil, err
			}
			r.Accepted += len(list)
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, d := range list {
			fresh, err := checkReturn(ret, d)
			if err != nil {
				return nil, err
			}
			if !fresh {
				r.Already++
				continue
			}
			if err := s.reject(ctx, tx, actor, ret, d, now); err != nil {
				return nil, err
			}
			r.Rejected++
			r.RejectedCents += d.AmountCents
		}
	}
	return r, nil
}

// lineError refuses a return file at the line of one of its returns.
func lineError(ret sepa.Return, format string, args ...any) error {
	return apperr.Errorf(apperr.EINVALID, "ligne %d\u00a0: %s", ret.Line, fmt.Sprintf(format, args...))
}

// debitsReturned are the debits ret names: the one of its end-to-end id,
// or, for a whole file or batch the bank reports at once, the debits that
// left in it. None is an error naming ret's line.
func debitsReturned(ctx context.Context, tx *store.Tx, ret sepa.Return) ([]returnedDebit, error) {
	if ret.EndToEndID != "" {
		list, err := scanReturned(tx.QueryContext(ctx, `SELECT contract_id, `+debitColumns+` FROM debits WHERE end_to_end = ?`, ret.EndToEndID))
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			return nil, lineError(ret, "aucun prélèvement envoyé ne porte la référence «\u00a0%s\u00a0».", ret.EndToEndID)
		}
		return list, nil
	}
	list, err := scanReturned(tx.QueryContext(ctx, `SELECT contract_id, `+debitColumns+` FROM debits WHERE msg_id = ? ORDER BY contract_id, seq`, ret.OriginalMsgID))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, lineError(ret, "aucun fichier de prélèvements envoyé ne porte la référence «\u00a0%s\u00a0».", ret.OriginalMsgID)
	}
	if ret.OriginalPmtInfID == "" {
		return list, nil
	}
	if batch := inBatch(list, ret.OriginalMsgID, ret.OriginalPmtInfID); len(batch) > 0 {
		return batch, nil
	}
	return nil, lineError(ret, "le fichier «\u00a0%s\u00a0» n’a pas de lot «\u00a0%s\u00a0».", ret.OriginalMsgID, ret.OriginalPmtInfID)
}

// batchOrder is the order of the batches (PmtInf) of a pain.008 file of
// one due date, by sequence type, as sepa.Pain008 writes them.
var batchOrder = []string{"FRST", "RCUR", "FNAL", "OOFF"}

// inBatch are the debits of list, all of the file msg, that sepa.Pain008
// put in its batch pmtInf, « <msg>-<n> »: the n-th sequence type of the
// file in batchOrder. A file's debits share their due date, so a batch is
// one sequence type.
func inBatch(list []returnedDebit, msg, pmtInf string) []returnedDebit {
	n, err := strconv.Atoi(strings.TrimPrefix(pmtInf, msg+"-"))
	if !strings.HasPrefix(pmtInf, msg+"-") || err != nil || n < 1 {
		return nil
	}
	var present []string
	for _, seq := range batchOrder {
		if slices.ContainsFunc(list, func(d returnedDebit) bool { return d.Sequence == seq }) {
			present = append(present, seq)
		}
	}
	if n > len(present) {
		return nil
	}
	var out []returnedDebit
	for _, d := range list {
		if d.Sequence == present[n-1] {
			out = append(out, d)
		}
	}
	return out
}

// checkReturn tells whether rejection ret of d is new (to record) or
// recorded before identically; it refuses one that cannot be d's.
func checkReturn(ret sepa.Return, d returnedDebit) (bool, error) {
	// A return takes back the whole debit, never part of it; it may take
	// more, a camt.054 booking the R-transaction's compensation or fees
	// (a refund's interest, EPC rulebook 4.3.4) in the same amount.
	if ret.AmountCents != 0 && ret.AmountCents < d.AmountCents {
		return false, lineError(ret, "le prélèvement «\u00a0%s\u00a0» est de %s, le retour dit %s.", d.endToEnd, euros(d.AmountCents), euros(ret.AmountCents))
	}
	switch d.Status {
	case DebitSent, DebitPaid:
		return true, nil
	case DebitRejected, DebitSettled:
		if d.ReasonCode == ret.Reason {
			return false, nil
		}
		return false, lineError(ret, "le prélèvement «\u00a0%s\u00a0» est déjà rejeté (%s), le retour dit\u00a0: %s.",
			d.endToEnd, reasonText(d.ReasonLabel, d.ReasonCode), reasonText(ret.ReasonLabel, ret.Reason))
	default:
		return false, lineError(ret, "le prélèvement «\u00a0%s\u00a0» n’a pas été envoyé à la banque.", d.endToEnd)
	}
}

// reject records d rejected by ret at now, writes it in its contract's
// history and opens the incident.
func (s *Service) reject(ctx context.Context, tx *store.Tx, actor account.Actor, ret sepa.Return, d returnedDebit, now time.Time) error {
	label := ret.ReasonLabel
	if label == "" {
		label = sepa.ReasonLabel(ret.Reason)
	}
	res, err := tx.ExecContext(ctx, `UPDATE debits SET status = 'rejected', returned_at = ?, reason_code = ?, reason_label = ?
		WHERE contract_id = ? AND seq = ? AND status IN ('sent', 'paid')`, store.FormatTime(now), ret.Reason, label, d.contractID, d.Seq)
	if err != nil {
		return fmt.Errorf("retour du prélèvement %s: %w", d.endToEnd, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		if err != nil {
			return err
		}
		// Read in this transaction as sent or paid: only a concurrent
		// writer could have moved it, and the transaction is retried or
		// refused as a whole.
		return fmt.Errorf("retour du prélèvement %s: %w", d.endToEnd, sql.ErrNoRows)
	}
	c, err := findContract(ctx, tx, d.contractID)
	if err != nil {
		return err
	}
	d.Status, d.StatusLabel, d.ReasonCode, d.ReasonLabel = DebitRejected, DebitLabel(DebitRejected), ret.Reason, label
	detail := fmt.Sprintf("Prélèvement de %s du %s rejeté par la banque\u00a0: %s", euros(d.AmountCents), frDay(d.Date), reasonText(label, ret.Reason))
	if err := s.record(ctx, tx, actor, c, "debit_rejected", detail, now); err != nil {
		return err
	}
	return s.openIncident(ctx, tx, c, d.Debit, now)
}

// reasonText is « Provision insuffisante (AM04) », the code left out
// when the bank gave none.
func reasonText(label, code string) string {
	if label == "" {
		label = sepa.ReasonLabel(code)
	}
	r, n := utf8.DecodeRuneInString(label)
	label = string(unicode.ToUpper(r)) + label[n:]
	if code == "" {
		return label
	}
	return label + " (" + code + ")"
}

// scanReturned reads the debits of a query on contract_id then
// debitColumns.
func scanReturned(rows *sql.Rows, err error) ([]returnedDebit, error) {
	if err != nil {
		return nil, fmt.Errorf("retours de prélèvements: %w", err)
	}
	defer rows.Close()
	var out []returnedDebit
	for rows.Next() {
		var d returnedDebit
		if err := scanDebit(rows, &d.Debit, &d.contractID); err != nil {
			return nil, fmt.Errorf("retours de prélèvements: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}
