package contract

import (
	"context"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/fr"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// Remittance is one pain.008 file of the debits due on one day, as the
// bank takes it.
type Remittance struct {
	// MsgID names the file to the bank: COURTIER-20260310-1 for the first
	// file of the debits due on 10 March 2026, -2 for a second one (debits
	// of that day scheduled after the first was made).
	MsgID string
	// Created is when the debits were marked exported (the file's CreDtTm).
	Created    time.Time
	Count      int
	TotalCents int64
	XML        []byte
}

// exportable are the statuses of the contracts whose debits are collected:
// signed and covering (a cancellation asked keeps its debits until the
// effective date; the later ones were cancelled with it), and suspended
// for non-payment: the premiums stay due while the cover is suspended
// (L113-3), and the new presentation of the debit rejected is one of them.
const exportable = `'active', 'awaiting_documents', 'cancel_requested', 'suspended'`

// Export makes the pain.008.001.02 file of the debits due on date
// (YYYY-MM-DD) and marks them exported in the same transaction, so that a
// second export of that day finds nothing new: ENOTFOUND when no debit was
// ever due, ECONFLICT when they are already exported. again makes the
// latest file of that day again, byte for byte (same MsgID, same time),
// without marking anything: for a file lost before it reached the bank;
// one that did reach it is refused there as a duplicate. For the server's
// operator (account.Operator, `courtier sepa export`) and admins.
func (s *Service) Export(ctx context.Context, actor account.Actor, date string, again bool) (*Remittance, error) {
	if !actor.IsOperator() {
		if err := actor.RequireAdmin(); err != nil {
			return nil, err
		}
	}
	due, err := parseDay("date", date, "la date d’échéance")
	if err != nil {
		return nil, err
	}
	if !again && due.Before(s.today()) {
		return nil, apperr.FieldErrorf("date", "Le %s est passé\u00a0: la banque ne prélève pas à une date passée.", frDate(due))
	}
	var r *Remittance
	err = s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		r, err = s.export(ctx, tx, actor, due, again)
		return err
	})
	if err != nil {
		return nil, s.fail("export des prélèvements", err, "date", date)
	}
	s.log.Info("prélèvements exportés", "msgId", r.MsgID, "count", r.Count, "cents", r.TotalCents, "again", again)
	return r, nil
}

func (s *Service) export(ctx context.Context, tx *store.Tx, actor account.Actor, due time.Time, again bool) (*Remittance, error) {
	date := due.Format(layout)
	var stamp string
	if again {
		err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(exported_at), '') FROM debits WHERE due_date = ? AND exported_at IS NOT NULL", date).Scan(&stamp)
		if err != nil {
			return nil, fmt.Errorf("prélèvements exportés: %w", err)
		}
		if stamp == "" {
			return nil, apperr.Errorf(apperr.ENOTFOUND, "Aucun fichier de prélèvements n’a été fait pour le %s.", frDate(due))
		}
	} else {
		stamp = store.FormatTime(s.now())
		var files int
		err := tx.QueryRowContext(ctx, "SELECT COUNT(DISTINCT exported_at) FROM debits WHERE due_date = ? AND exported_at IS NOT NULL", date).Scan(&files)
		if err != nil {
			return nil, fmt.Errorf("prélèvements exportés: %w", err)
		}
		// The debits leave as sent with the references of the file, by
		// which the bank's return files name them: its message id and
		// their end-to-end id, <contract number>-<seq on 2 digits>, as
		// exportedDebits writes it in the file.
		res, err := tx.ExecContext(ctx, `UPDATE debits SET exported_at = ?, status = 'sent', msg_id = ?,
			end_to_end = (SELECT number FROM contracts WHERE contracts.id = debits.contract_id) || '-' || CASE WHEN seq < 10 THEN '0' ELSE '' END || seq
			WHERE due_date = ? AND cancelled = 0 AND exported_at IS NULL AND status = 'scheduled'
			AND contract_id IN (SELECT id FROM contracts WHERE status IN (`+exportable+`))
			AND contract_id IN (SELECT contract_id FROM mandates)`, stamp, msgID(due, files+1), date)
		if err != nil {
			return nil, fmt.Errorf("prélèvements exportés: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return nil, err
			}
			return nil, s.nothingDue(ctx, tx, due)
		}
		// The changes of account not yet told go with these debits.
		if err := pendingAmendments(ctx, tx, date, stamp); err != nil {
			return nil, err
		}
	}
	txs, err := s.exportedDebits(ctx, tx, date, stamp)
	if err != nil {
		return nil, err
	}
	var batches int
	err = tx.QueryRowContext(ctx, "SELECT COUNT(DISTINCT exported_at) FROM debits WHERE due_date = ? AND exported_at <= ?", date, stamp).Scan(&batches)
	if err != nil {
		return nil, fmt.Errorf("prélèvements exportés: %w", err)
	}
	created, err := store.ParseTime(stamp)
	if err != nil {
		return nil, err
	}
	r := &Remittance{MsgID: msgID(due, batches), Created: created, Count: len(txs)}
	for _, t := range txs {
		r.TotalCents += t.AmountCents
	}
	if r.XML, err = sepa.Pain008(sepa.Initiation{MsgID: r.MsgID, Created: created.In(s.loc), Creditor: s.creditor, Transactions: txs}); err != nil {
		return nil, err
	}
	if again {
		return r, nil
	}
	return r, s.recordExport(ctx, tx, actor, txs, created)
}

// msgID names the n-th file of the debits due on due: COURTIER-20260310-1.
func msgID(due time.Time, n int) string {
	return fmt.Sprintf("COURTIER-%s-%d", due.Format("20060102"), n)
}

// exportedDebits reads the debits due on date marked exported at stamp,
// as the transactions of the file, by contract number, each with the
// amendment of its mandate it tells the bank, if any (pendingAmendments).
func (s *Service) exportedDebits(ctx context.Context, tx *store.Tx, date, stamp string) ([]sepa.Transaction, error) {
	amended, err := sentAmendments(ctx, tx, stamp)
	if err != nil {
		return nil, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT c.number, c.product, d.end_to_end, d.amount_cents, d.sequence, m.rum, m.signed_at, m.holder, m.iban, m.bic
		FROM debits d JOIN contracts c ON c.id = d.contract_id JOIN mandates m ON m.contract_id = d.contract_id
		WHERE d.due_date = ? AND d.exported_at = ? ORDER BY c.number, d.seq`, date, stamp)
	if err != nil {
		return nil, fmt.Errorf("prélèvements exportés: %w", err)
	}
	defer rows.Close()
	due, _ := time.Parse(layout, date)
	var out []sepa.Transaction
	for rows.Next() {
		var t sepa.Transaction
		var number, product, seq, signed string
		if err := rows.Scan(&number, &product, &t.EndToEndID, &t.AmountCents, &seq, &t.MandateID, &signed, &t.DebtorName, &t.DebtorIBAN, &t.DebtorBIC); err != nil {
			return nil, fmt.Errorf("prélèvements exportés: %w", err)
		}
		at, err := store.ParseTime(signed)
		if err != nil {
			return nil, err
		}
		t.SeqType, t.MandateSigned, t.CollectionDate = sepa.SeqType(seq), sepa.DateOf(at.In(s.loc)), sepa.DateOf(due)
		t.Amendment = amended[t.EndToEndID]
		t.Remittance = fmt.Sprintf("Cotisation %s contrat %s échéance %s", s.tariff().ProductLabel(product), number, due.Format("02/01/2006"))
		out = append(out, t)
	}
	return out, rows.Err()
}

// recordExport writes in each contract's history that its debit left for
// the bank.
func (s *Service) recordExport(ctx context.Context, tx *store.Tx, actor account.Actor, txs []sepa.Transaction, at time.Time) error {
	for _, t := range txs {
		number := t.EndToEndID[:strings.LastIndexByte(t.EndToEndID, '-')]
		c, err := scanContract(tx.QueryRowContext(ctx, "SELECT "+contractColumns+" FROM contracts WHERE number = ?", number))
		if err != nil {
			return fmt.Errorf("contrat %s: %w", number, err)
		}
		detail := fmt.Sprintf("Prélèvement de %s du %s transmis à la banque (%s)", euros(t.AmountCents), frDay(t.CollectionDate.String()), t.EndToEndID)
		switch a := t.Amendment; {
		case a != nil && a.NewDebtorBank:
			detail += ", avec la modification du mandat : changement de banque (SMNDA), présenté comme un premier prélèvement"
		case a != nil:
			detail += ", avec la modification du mandat : ancien IBAN " + sepa.MaskIBAN(a.OriginalDebtorIBAN)
		}
		if err := s.record(ctx, tx, actor, c, "debit_exported", detail, at); err != nil {
			return err
		}
	}
	return nil
}

// nothingDue says why no debit of day was exported: all already were, or
// none is due.
func (s *Service) nothingDue(ctx context.Context, tx *store.Tx, day time.Time) error {
	var done int
	var last string
	err := tx.QueryRowContext(ctx, "SELECT COUNT(*), COALESCE(MAX(exported_at), '') FROM debits WHERE due_date = ? AND exported_at IS NOT NULL",
		day.Format(layout)).Scan(&done, &last)
	if err != nil {
		return fmt.Errorf("prélèvements exportés: %w", err)
	}
	if done == 0 {
		return apperr.Errorf(apperr.ENOTFOUND, "Aucun prélèvement à exporter le %s.", frDate(day))
	}
	at, _ := store.ParseTime(last)
	return apperr.Errorf(apperr.ECONFLICT, "Aucun prélèvement à exporter le %s\u00a0: %s déjà exporté%s, le dernier fichier le %s.",
		frDate(day), countOf(done), map[bool]string{true: "s", false: ""}[done > 1], fr.DateTime(at, s.loc))
}

// countOf is « 1 prélèvement », « 3 prélèvements ».
func countOf(n int) string {
	if n > 1 {
		return fmt.Sprintf("%d\u00a0prélèvements", n)
	}
	return fmt.Sprintf("%d\u00a0prélèvement", n)
}
