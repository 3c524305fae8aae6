package contract

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// complete reads c's documents, supporting documents, schedule,
// payments, mandate and history, and sets what its reader may do.
func (s *Service) complete(ctx context.Context, tx *store.Tx, actor account.Actor, c *Contract) (err error) {
	if c.Documents, err = listDocuments(ctx, tx, c.ID); err != nil {
		return err
	}
	if c.Proofs, err = listProofs(ctx, tx, c); err != nil {
		return err
	}
	if c.Schedule, err = listDebits(ctx, tx, c.ID); err != nil {
		return err
	}
	if c.Payments, err = listPayments(ctx, tx, c.ID); err != nil {
		return err
	}
	if c.Mandate, err = findMandate(ctx, tx, c.ID); err != nil {
		return err
	}
	if c.History, err = listEvents(ctx, tx, c.ID); err != nil {
		return err
	}
	if c.Amendments, err = listAmendments(ctx, tx, c.ID); err != nil {
		return err
	}
	markReplaced(c.Documents, c.Amendments)
	if len(c.Amendments) > 0 && c.Amendments[0].Status == AmendmentStatusDraft && actor.UID == c.uid && actor.SignedIn() && c.SignedAt != nil {
		if c.Amendments[0].CodeSent, err = pendingCode(ctx, tx, c, s.now()); err != nil {
			return err
		}
	}
	if err = s.setYear(ctx, tx, c); err != nil {
		return err
	}
	if c.Incident, err = s.incidentView(ctx, tx, actor, c); err != nil {
		return err
	}
	if len(c.Schedule) == 0 && c.Status == StatusPending {
		// Before the signature the schedule is what it would be.
		if c.Schedule, err = schedule(c); err != nil {
			return err
		}
	}
	c.StatusLabel, c.ProductLabel, c.Missing = c.Status.Label(), s.tariff().ProductLabel(c.Product), s.missing(c)
	c.Policyholder, c.Repriced = policyholderOf(c.Holder), c.Risk.Repricing != nil
	if e := c.Ending; e != nil && c.Status == StatusWithdrawn {
		start, _ := time.Parse(layout, c.StartDate)
		end, _ := time.Parse(layout, e.Date)
		e.DueCents = DueForCover(c.YearlyCents, start, end)
	}
	if c.SignedAt != nil && s.withdrawable(c) {
		c.WithdrawUntil = WithdrawalEnd(day(*c.SignedAt, s.loc)).Format(layout)
	}
	c.Actions = s.actions(actor, c)
	if c.Status == StatusPending && actor.UID == c.uid && actor.SignedIn() {
		if c.CodeSent, err = pendingCode(ctx, tx, c, s.now()); err != nil {
			return err
		}
	}
	return nil
}

// actions are what actor may do on c now.
func (s *Service) actions(actor account.Actor, c *Contract) []string {
	out := []string{}
	if actor.UID != c.uid || !actor.SignedIn() {
		if actor.IsStaff() {
			for _, p := range c.Proofs {
				if p.Status == ProofSent {
					return append(out, "review")
				}
			}
		}
		return out
	}
	switch c.Status {
	case StatusPending:
		out = append(out, "update", "sign")
	case StatusAwaiting, StatusActive:
		for _, p := range c.Proofs {
			if p.Status == ProofMissing || p.Status == ProofRefused {
				out = append(out, "upload")
				break
			}
		}
		out = append(out, "cancel")
		if !s.temporary(c) {
			out = append(out, "amend") // « Modifier mon contrat »
		}
	}
	if c.SignedAt != nil && s.withdrawable(c) && CanMove(c.Status, StatusWithdrawn) && !s.today().After(WithdrawalEnd(day(*c.SignedAt, s.loc))) {
		out = append(out, "withdraw")
	}
	return out
}

func insertDocument(ctx context.Context, tx *store.Tx, contract string, d Document) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO contract_documents (id, contract_id, kind, title, sha256, issued_at, signed)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, d.ID, contract, d.Kind, d.Title, d.SHA256, store.FormatTime(d.IssuedAt), d.Signed)
	if err != nil {
		return fmt.Errorf("document du contrat: %w", err)
	}
	return nil
}

// listDocuments reads a contract's documents, newest first: every
// version issued stays listed with its date.
func listDocuments(ctx context.Context, tx *store.Tx, contract string) ([]Document, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, kind, title, sha256, issued_at, signed FROM contract_documents
		WHERE contract_id = ? ORDER BY issued_at DESC, id`, contract)
	if err != nil {
		return nil, fmt.Errorf("documents du contrat: %w", err)
	}
	defer rows.Close()
	out := []Document{}
	for rows.Next() {
		var d Document
		var at string
		if err := rows.Scan(&d.ID, &d.Kind, &d.Title, &d.SHA256, &at, &d.Signed); err != nil {
			return nil, fmt.Errorf("documents du contrat: %w", err)
		}
		if d.IssuedAt, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		d.URL = "/api/contracts/" + contract + "/documents/" + d.ID
		out = append(out, d)
	}
	// Issued together, documents come in the order they are read.
	slices.SortStableFunc(out, func(a, b Document) int {
		if c := b.IssuedAt.Compare(a.IssuedAt); c != 0 {
			return c
		}
		return cmp.Compare(docRank[a.Kind], docRank[b.Kind])
	})
	return out, rows.Err()
}

// docRank is the order documents are read in.
var docRank = map[string]int{DocAdvice: 1, DocConditions: 2, DocIPID: 3, DocLetter: 4, DocMandate: 5, DocEvidence: 6, DocMemo: 7, DocVTC: 8, DocAttestation: 9,
	DocNotice: 10, DocFormalNotice: 11, DocTermination: 12, DocAmendment: 0}

// dropDrafts deletes the documents issued for reading before the
// signature, when the contract changed: they described another contract.
func dropDrafts(ctx context.Context, tx *store.Tx, contract string) error {
	_, err := tx.ExecContext(ctx, "DELETE FROM contract_documents WHERE contract_id = ? AND signed = 0", contract)
	if err != nil {
		return fmt.Errorf("documents du contrat: %w", err)
	}
	return nil
}
