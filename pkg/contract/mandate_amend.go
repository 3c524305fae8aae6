package contract

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/sepa"
	"courtier/pkg/store"
)

// The kinds of a mandate's amendment, by what the next debit tells the
// debtor's bank (mandate_amendments.kind).
const (
	// amendAccount: another account of the same bank, the next debit
	// gives the original IBAN (OrgnlDbtrAcct).
	amendAccount = "account"
	// amendBank: another bank, the next debit says SMNDA (OrgnlDbtrAgt)
	// and is presented as a first one (FRST).
	amendBank = "bank"
	// amendNone: nothing to tell: the bank never saw the mandate, or the
	// account is back to the one it knows, or only the holder changed.
	amendNone = "none"
)

// checkBankChange checks a new bank account as the amendment of kind
// « bank » posts it ({"holder","iban","bic"} under changes): every wrong
// field at once, in French. The holder may be left empty (the mandate's
// stays); the BIC is optional, as in SEPA since 2016. It returns the
// values normalized.
func checkBankChange(holder, iban, bic string) (string, string, string, error) {
	var bad []apperr.FieldMessage
	add := func(f, m string) { bad = append(bad, apperr.FieldMessage{Field: f, Message: m}) }
	holder = strings.Join(strings.Fields(holder), " ")
	if utf8.RuneCountInString(holder) > 70 {
		add("changes.holder", "Le titulaire du compte s’écrit en 70\u00a0caractères au plus.")
	}
	if strings.TrimSpace(iban) == "" {
		add("changes.iban", "Indiquez l’IBAN du nouveau compte.")
	} else if err := sepa.ValidateIBAN(iban); err != nil {
		add("changes.iban", apperr.MessageOf(err))
	}
	if err := sepa.ValidateBIC(bic); err != nil {
		add("changes.bic", apperr.MessageOf(err))
	}
	if len(bad) > 0 {
		return "", "", "", &apperr.Error{Code: apperr.EINVALID, Field: bad[0].Field, Message: bad[0].Message, Fields: bad}
	}
	return holder, sepa.NormalizeIBAN(iban), sepa.NormalizeBIC(bic), nil
}

// amendMandate changes the account debited under c's mandate from at, as
// the SEPA Core rulebook lets a creditor amend a mandate without a new
// one: the mandate keeps its reference (RUM) and its date of signature;
// the change is recorded with the account the debtor's bank knows (the
// one of the last debit it saw), and the next debit of the mandate tells
// the bank (export: AmdmntInfDtls): another account of the same bank
// gives the original IBAN, another bank says SMNDA and the debit goes as
// a first one (FRST). The mandate's PDF is issued again for the new
// account, and the history says what changed. holder "" keeps the
// mandate's holder.
func (s *Service) amendMandate(ctx context.Context, tx *store.Tx, c *Contract, holder, iban, bic string, at time.Time) error {
	holder, iban, bic, err := checkBankChange(holder, iban, bic)
	if err != nil {
		return err
	}
	m, err := findMandate(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	if m == nil {
		return apperr.Errorf(apperr.ECONFLICT, "Ce contrat n’a pas de mandat de prélèvement SEPA à modifier.")
	}
	if holder == "" {
		holder = m.Holder
	}
	if iban == m.iban && bic == m.bic && holder == m.Holder {
		return apperr.FieldErrorf("changes.iban", "C’est déjà le compte prélevé pour ce contrat.")
	}
	// What the bank knows: the account before the changes it has not
	// taken yet, else the mandate's.
	knownIBAN, knownBIC := m.iban, m.bic
	err = tx.QueryRowContext(ctx, `SELECT a.known_iban, a.known_bic FROM mandate_amendments a WHERE a.rum = ? AND `+untold+`
		ORDER BY a.n DESC LIMIT 1`, m.RUM).Scan(&knownIBAN, &knownBIC)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("modification du mandat: %w", err)
	}
	var used bool
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) > 0 FROM debits WHERE contract_id = ? AND exported_at IS NOT NULL", c.ID).Scan(&used); err != nil {
		return fmt.Errorf("modification du mandat: %w", err)
	}
	kind := amendNone
	if used && iban != knownIBAN {
		kind = amendBank
		if same, _ := sepa.SameBank(knownIBAN, knownBIC, iban, bic); same {
			kind = amendAccount
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO mandate_amendments (rum, n, amended_at, holder_before, iban_before, bic_before,
		holder, iban, bic, known_iban, known_bic, kind)
		SELECT ?, COALESCE(MAX(n), 0) + 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM mandate_amendments WHERE rum = ?`,
		m.RUM, store.FormatTime(at), m.Holder, m.iban, m.bic, holder, iban, bic, knownIBAN, knownBIC, kind, m.RUM)
	if err != nil {
		return fmt.Errorf("modification du mandat: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "UPDATE mandates SET holder = ?, iban = ?, bic = ? WHERE rum = ?", holder, iban, bic, m.RUM); err != nil {
		return fmt.Errorf("modification du mandat: %w", err)
	}
	before := *m
	m.Holder, m.iban, m.bic, m.IBAN = holder, iban, bic, sepa.MaskIBAN(iban)
	if err := s.reissueMandate(ctx, tx, c, m, at); err != nil {
		return err
	}
	return s.record(ctx, tx, account.Actor{}, c, "mandate_amended", mandateAmendedDetail(&before, m, kind, iban == knownIBAN), at)
}

// mandateAmendedDetail is the history's line of a change of account.
func mandateAmendedDetail(before, after *Mandate, kind string, backToKnown bool) string {
	if after.iban == before.iban && after.bic == before.bic {
		return "Titulaire du compte prélevé modifié\u00a0: " + after.Holder + " au lieu de " + before.Holder +
			"\u00a0; le mandat " + after.RUM + " garde sa référence."
	}
	detail := "Compte prélevé modifié\u00a0: " + after.IBAN
	if after.bic != "" {
		detail += " (BIC " + after.bic + ")"
	}
	if after.iban != before.iban {
		detail += " au lieu de " + before.IBAN
	}
	if after.Holder != before.Holder {
		detail += ", au nom de " + after.Holder
	}
	detail += "\u00a0; le mandat " + after.RUM + " garde sa référence"
	switch {
	case kind == amendAccount:
		detail += "\u00a0; même banque\u00a0: le prochain prélèvement lui donnera l’ancien IBAN."
	case kind == amendBank:
		detail += "\u00a0; changement de banque\u00a0: le prochain prélèvement se présentera comme un premier (FRST), avec la mention SMNDA."
	case backToKnown && after.iban != before.iban:
		detail += "\u00a0; retour au compte que la banque connaît\u00a0: rien à lui signaler."
	case after.iban == before.iban:
		detail += "."
	default:
		detail += "\u00a0; aucun prélèvement n’est encore parti\u00a0: rien à signaler à la banque."
	}
	return detail
}

// reissueMandate issues c's mandate PDF again for the account of m: the
// same RUM and date of signature, the new account, the debits still to
// come, a note of the change. The debtor authorised it by signing the
// amendment, so it is stored as signed; the former one stays in the
// contract's documents.
func (s *Service) reissueMandate(ctx context.Context, tx *store.Tx, c *Contract, m *Mandate, at time.Time) error {
	list, err := listDebits(ctx, tx, c.ID)
	if err != nil {
		return err
	}
	var coming []Debit
	for _, d := range list {
		if !d.Cancelled && !d.Exported && d.Status == DebitScheduled {
			coming = append(coming, d)
		}
	}
	in := s.mandateInput(c, m, coming, at)
	in.SignedAt, in.AmendedAt = m.SignedAt, at
	d, err := s.papers.Renderer.Mandate(in)
	if err != nil {
		return err
	}
	p, err := s.seal(ctx, d, DocMandate, true, at)
	if err != nil {
		return err
	}
	_, err = storeDocs(ctx, tx, c.ID, []pdf{p}, at)
	return err
}

// untold selects the amendments (alias a) the debtor's bank has not
// taken: not yet sent, or sent with a debit it rejected or returned (the
// debit's status rejected, or settled once that incident was paid): the
// bank may never have registered the change, so the next debit of the
// mandate tells it again. The file of the rejected debit, made again
// (Export's again), then lacks it; but such a file reached the bank, and
// is only made again when lost before.
const untold = `(a.sent_at IS NULL OR EXISTS (SELECT 1 FROM debits r JOIN mandates rm ON rm.contract_id = r.contract_id
	WHERE rm.rum = a.rum AND r.end_to_end = a.sent_end_to_end AND r.status IN ('rejected', 'settled')))`

// pendingAmendments tells the debtor's bank, in the file being made of the
// debits due on date and marked exported at stamp, the changes of account
// not yet told: on the first debit of each mandate concerned (the lowest
// seq), whose row then names that debit (sent_end_to_end) and the file's
// time (sent_at), so that a second file does not tell them again and the
// same file made again does. A change of bank presents every debit of
// that mandate in the file as a first one (FRST), stored so on the debit
// for the bank's return files, which name the batch by its sequence type.
func pendingAmendments(ctx context.Context, tx *store.Tx, date, stamp string) error {
	rows, err := tx.QueryContext(ctx, `SELECT m.rum, d.contract_id, d.seq, d.end_to_end FROM debits d JOIN mandates m ON m.contract_id = d.contract_id
		WHERE d.due_date = ? AND d.exported_at = ? AND EXISTS (SELECT 1 FROM mandate_amendments a WHERE a.rum = m.rum AND `+untold+`)
		ORDER BY d.contract_id, d.seq`, date, stamp)
	if err != nil {
		return fmt.Errorf("modifications des mandats: %w", err)
	}
	type first struct{ rum, contract, endToEnd string }
	var firsts []first
	for rows.Next() {
		var f first
		var seq int
		if err := rows.Scan(&f.rum, &f.contract, &seq, &f.endToEnd); err != nil {
			rows.Close()
			return fmt.Errorf("modifications des mandats: %w", err)
		}
		if len(firsts) == 0 || firsts[len(firsts)-1].rum != f.rum {
			firsts = append(firsts, f)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("modifications des mandats: %w", err)
	}
	for _, f := range firsts {
		// The changes to tell, the latest last: it says what the bank
		// must learn.
		var ns []int64
		var kind string
		rows, err := tx.QueryContext(ctx, "SELECT a.n, a.kind FROM mandate_amendments a WHERE a.rum = ? AND "+untold+" ORDER BY a.n", f.rum)
		if err != nil {
			return fmt.Errorf("modifications des mandats: %w", err)
		}
		for rows.Next() {
			var n int64
			if err := rows.Scan(&n, &kind); err != nil {
				rows.Close()
				return fmt.Errorf("modifications des mandats: %w", err)
			}
			ns = append(ns, n)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("modifications des mandats: %w", err)
		}
		if kind == amendBank {
			_, err := tx.ExecContext(ctx, "UPDATE debits SET sequence = 'FRST' WHERE contract_id = ? AND due_date = ? AND exported_at = ?", f.contract, date, stamp)
			if err != nil {
				return fmt.Errorf("modifications des mandats: %w", err)
			}
		}
		for _, n := range ns {
			_, err := tx.ExecContext(ctx, "UPDATE mandate_amendments SET sent_end_to_end = ?, sent_at = ? WHERE rum = ? AND n = ?", f.endToEnd, stamp, f.rum, n)
			if err != nil {
				return fmt.Errorf("modifications des mandats: %w", err)
			}
		}
	}
	return nil
}

// sentAmendments are the amendments told in the file of stamp, by the
// end-to-end id of the debit that carries each: the latest change of
// the mandate says what the bank must learn (the earlier ones, never
// told, are in it: it compares with the account the bank knew).
func sentAmendments(ctx context.Context, tx *store.Tx, stamp string) (map[string]*sepa.Amendment, error) {
	rows, err := tx.QueryContext(ctx, "SELECT sent_end_to_end, kind, known_iban FROM mandate_amendments WHERE sent_at = ? ORDER BY rum, n", stamp)
	if err != nil {
		return nil, fmt.Errorf("modifications des mandats: %w", err)
	}
	defer rows.Close()
	out := map[string]*sepa.Amendment{}
	for rows.Next() {
		var e2e, kind, known string
		if err := rows.Scan(&e2e, &kind, &known); err != nil {
			return nil, fmt.Errorf("modifications des mandats: %w", err)
		}
		switch kind {
		case amendAccount:
			out[e2e] = &sepa.Amendment{OriginalDebtorIBAN: known}
		case amendBank:
			out[e2e] = &sepa.Amendment{NewDebtorBank: true}
		default:
			delete(out, e2e)
		}
	}
	return out, rows.Err()
}
