package contract

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/blob"
	"courtier/pkg/store"
)

// The SQL of the amendments (table amendments, 0034), next to the code
// that scans it.

const amendmentColumns = `id, contract_id, n, kind, effective_date, changes, status, yearly_before, yearly_after, monthly_after,
	adjustment_cents, trace, lines, COALESCE(created_by, ''), created_by_staff, created_at, signed_at`

func insertAmendment(ctx context.Context, tx *store.Tx, contract string, a *Amendment) error {
	trace, err := json.Marshal(a.Trace)
	if err != nil {
		return err
	}
	lines, err := json.Marshal(a.Changes)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO amendments (id, contract_id, n, kind, effective_date, changes, status, yearly_before,
		yearly_after, monthly_after, adjustment_cents, trace, lines, created_by, created_by_staff, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.ID, contract, a.N, a.Kind, a.EffectiveDate, string(a.raw), a.Status, a.YearlyCentsBefore, a.YearlyCentsAfter, a.MonthlyCentsAfter,
		a.AdjustmentCents, string(trace), string(lines), nullable(a.createdBy), a.CreatedByStaff, store.FormatTime(a.CreatedAt))
	if err != nil {
		return fmt.Errorf("avenant: %w", err)
	}
	return nil
}

// cancelDrafts cancels contract id's draft amendment at now (one at a
// time) and ends the code sent to sign it: the code, bound to that
// draft, could sign nothing else, and the next draft's field must not
// offer it. Its row stays, so that the sendings a day still count.
func cancelDrafts(ctx context.Context, tx *store.Tx, id string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, "UPDATE amendments SET status = 'cancelled' WHERE contract_id = ? AND status = 'draft'", id); err != nil {
		return fmt.Errorf("avenant: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "UPDATE signature_codes SET expires_at = ? WHERE contract_id = ? AND expires_at > ?",
		store.FormatTime(now), id, store.FormatTime(now)); err != nil {
		return fmt.Errorf("code de signature: %w", err)
	}
	return nil
}

// nextAmendmentN is the number the next amendment of contract id takes:
// the signed ones are numbered 1, 2…, a draft cancelled leaves its number.
func nextAmendmentN(ctx context.Context, tx *store.Tx, id string) (int, error) {
	var last int
	if err := tx.QueryRowContext(ctx, "SELECT COALESCE(MAX(n), 0) FROM amendments WHERE contract_id = ? AND status = 'signed'", id).Scan(&last); err != nil {
		return 0, fmt.Errorf("avenant: %w", err)
	}
	return last + 1, nil
}

// signAmendmentRow records amendment aid of contract id signed at at
// with evidence and its SHA-256 (0037), unless it is no longer the draft.
func signAmendmentRow(ctx context.Context, tx *store.Tx, id, aid string, evidence []byte, at time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE amendments SET status = 'signed', signed_at = ?, evidence = ?, evidence_sha256 = ?
		WHERE id = ? AND contract_id = ? AND status = 'draft'`, store.FormatTime(at), string(evidence), blob.Sum(evidence), aid, id)
	if err != nil {
		return fmt.Errorf("avenant: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return apperr.Errorf(apperr.ECONFLICT, "Cet avenant n’est plus à signer\u00a0: rechargez la page.")
	}
	return nil
}

func scanAmendment(row interface{ Scan(...any) error }) (*Amendment, error) {
	var a Amendment
	var raw, trace, lines, created string
	var signed sql.NullString
	err := row.Scan(&a.ID, &a.contractID, &a.N, &a.Kind, &a.EffectiveDate, &raw, &a.Status, &a.YearlyCentsBefore, &a.YearlyCentsAfter,
		&a.MonthlyCentsAfter, &a.AdjustmentCents, &trace, &lines, &a.createdBy, &a.CreatedByStaff, &created, &signed)
	if err != nil {
		return nil, err
	}
	a.raw, a.KindLabel = json.RawMessage(raw), amendmentLabels[a.Kind]
	if err := json.Unmarshal([]byte(trace), &a.Trace); err != nil {
		return nil, fmt.Errorf("avenant illisible: %w", err)
	}
	if err := json.Unmarshal([]byte(lines), &a.Changes); err != nil {
		return nil, fmt.Errorf("avenant illisible: %w", err)
	}
	if a.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if signed.Valid {
		t, err := store.ParseTime(signed.String)
		if err != nil {
			return nil, err
		}
		a.SignedAt = &t
	}
	return &a, nil
}

// findAmendment reads amendment aid of contract id; ENOTFOUND when none.
func findAmendment(ctx context.Context, tx *store.Tx, id, aid string) (*Amendment, error) {
	a, err := scanAmendment(tx.QueryRowContext(ctx, "SELECT "+amendmentColumns+" FROM amendments WHERE id = ? AND contract_id = ?", aid, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.Errorf(apperr.ENOTFOUND, "Cet avenant est introuvable.")
	}
	if err != nil {
		return nil, fmt.Errorf("avenant: %w", err)
	}
	return a, nil
}

// listAmendments reads contract id's amendments, the newest first (made
// the same instant, a cancelled draft is older than the one that
// cancelled it).
func listAmendments(ctx context.Context, tx *store.Tx, id string) ([]Amendment, error) {
	rows, err := tx.QueryContext(ctx, "SELECT "+amendmentColumns+
		" FROM amendments WHERE contract_id = ? ORDER BY created_at DESC, CASE status WHEN 'cancelled' THEN 1 ELSE 0 END, n DESC", id)
	if err != nil {
		return nil, fmt.Errorf("avenants du contrat: %w", err)
	}
	defer rows.Close()
	out := []Amendment{}
	for rows.Next() {
		a, err := scanAmendment(rows)
		if err != nil {
			return nil, fmt.Errorf("avenants du contrat: %w", err)
		}
		out = append(out, *a)
	}
	return out, rows.Err()
}

// updateFormula writes contract id's formula, which only an amendment
// changes once signed.
func updateFormula(ctx context.Context, tx *store.Tx, id, formula string) error {
	if _, err := tx.ExecContext(ctx, "UPDATE contracts SET formula = ? WHERE id = ?", formula, id); err != nil {
		return fmt.Errorf("formule du contrat: %w", err)
	}
	return nil
}

// markReplaced marks the documents of c replaced by a newer one of the
// same kind issued at a signed amendment.
func markReplaced(docs []Document, list []Amendment) {
	newest := map[string]time.Time{}
	for _, a := range list {
		if a.SignedAt == nil {
			continue
		}
		for _, d := range docs {
			if d.IssuedAt.Equal(*a.SignedAt) && d.Kind != DocAmendment && d.IssuedAt.After(newest[d.Kind]) {
				newest[d.Kind] = d.IssuedAt
			}
		}
	}
	for i, d := range docs {
		if t, ok := newest[d.Kind]; ok && d.IssuedAt.Before(t) {
			docs[i].Replaced = true
		}
	}
}
