package claim

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The SQL of the claims, claim_files and claim_steps tables (migration
// 0024), next to the code that scans it.

// The reference, status, sender and last change of a claim are its
// request's, read from the desk (shared).
const claimColumns = `c.id,
	COALESCE(c.contract_id, ''), c.contract_number, c.insurer, c.policy_number, c.assistance, c.product, c.kind,
	c.occurred_on, c.declare_by, c.declare_rule, c.description, c.answers, c.insurer_ref, c.asked, c.asked_from,
	c.amount_cents, c.reason, c.declared_at, COALESCE(c.first_answer_at, ''), COALESCE(c.ended_at, ''), c.responsibility`

const claimFrom = ` FROM claims c`

func scanClaim(row interface{ Scan(...any) error }) (*Claim, error) {
	var c Claim
	var answers, declared, first, ended string
	err := row.Scan(&c.ID,
		&c.ContractID, &c.Contract, &c.Insurer, &c.PolicyNumber, &c.assistance, &c.Product, &c.Kind,
		&c.OccurredAt, &c.DeclareBy, &c.DeclareRule, &c.Description, &answers, &c.InsurerRef, &c.Asked, &c.askedFrom,
		&c.AmountCents, &c.Reason, &declared, &first, &ended, &c.responsibility)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(answers), &c.Answers); err != nil {
		return nil, fmt.Errorf("réponses du sinistre %s: %w", c.ID, err)
	}
	if c.DeclaredAt, err = store.ParseTime(declared); err != nil {
		return nil, err
	}
	if c.firstAnswer, err = optionalTime(first); err != nil {
		return nil, err
	}
	if c.endedAt, err = optionalTime(ended); err != nil {
		return nil, err
	}
	return &c, nil
}

// optionalTime parses a stored time, nil for "".
func optionalTime(s string) (*time.Time, error) {
	if s == "" {
		return nil, nil
	}
	t, err := store.ParseTime(s)
	return &t, err
}

func insertClaim(ctx context.Context, tx *store.Tx, c *Claim) error {
	answers, err := json.Marshal(c.Answers)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO claims (id, contract_id, contract_number, insurer, policy_number, assistance,
		product, kind, occurred_on, declare_by, declare_rule, description, answers, declared_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, nullable(c.ContractID), c.Contract, c.Insurer, c.PolicyNumber, c.assistance, c.Product, c.Kind,
		c.OccurredAt, c.DeclareBy, c.DeclareRule, c.Description, string(answers), store.FormatTime(c.DeclaredAt))
	if err != nil {
		return fmt.Errorf("enregistrement du sinistre: %w", err)
	}
	return nil
}

// findClaim reads claim id; desk.ErrNotFound when there is none.
func findClaim(ctx context.Context, tx *store.Tx, id string) (*Claim, error) {
	c, err := scanClaim(tx.QueryRowContext(ctx, `SELECT `+claimColumns+claimFrom+` WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, desk.ErrNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("lecture du sinistre %s: %w", id, err)
	}
	list, err := shared(ctx, tx, desk.Selection{Kind: Machine.Kind, IDs: []string{id}}, []*Claim{c})
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, desk.ErrNotFound()
	}
	return list[0], nil
}

// claimsOf reads the claims of the client uid, newest first.
func claimsOf(ctx context.Context, tx *store.Tx, uid string) ([]*Claim, error) {
	requests, err := desk.Select(ctx, tx, desk.Selection{Kind: Machine.Kind, UID: uid})
	if err != nil {
		return nil, fmt.Errorf("sinistres du client: %w", err)
	}
	var out []*Claim
	for _, r := range requests {
		c, err := scanClaim(tx.QueryRowContext(ctx, `SELECT `+claimColumns+claimFrom+` WHERE c.id = ?`, r.ID))
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("sinistres du client: %w", err)
		}
		setShared(c, &r)
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].DeclaredAt.Equal(out[j].DeclaredAt) {
			return out[i].DeclaredAt.After(out[j].DeclaredAt)
		}
		return out[i].ID < out[j].ID
	})
	return out, nil
}

// shared sets the request's part of each claim of list from the desk's
// requests of sel, and leaves out a claim the desk does not hold.
func shared(ctx context.Context, tx *store.Tx, sel desk.Selection, list []*Claim) ([]*Claim, error) {
	requests, err := desk.ByID(ctx, tx, sel)
	if err != nil {
		return nil, err
	}
	out := list[:0]
	for _, c := range list {
		if r, ok := requests[c.ID]; ok {
			setShared(c, r)
			out = append(out, c)
		}
	}
	return out, nil
}

// setShared sets c's reference, status, sender and last change from its request r.
func setShared(c *Claim, r *desk.Request) {
	c.Ref, c.Status, c.uid, c.requestName, c.requestEmail, c.UpdatedAt = r.Ref, string(r.Status), r.UID, r.Name, r.Email, r.UpdatedAt
}

// updateClaim writes what the moves change.
func updateClaim(ctx context.Context, tx *store.Tx, c *Claim) error {
	_, err := tx.ExecContext(ctx, `UPDATE claims SET insurer_ref = ?, asked = ?, asked_from = ?, amount_cents = ?, reason = ?,
		first_answer_at = ?, ended_at = ?, responsibility = ? WHERE id = ?`,
		c.InsurerRef, c.Asked, string(c.askedFrom), c.AmountCents, c.Reason, timeOrNil(c.firstAnswer), timeOrNil(c.endedAt), c.responsibility, c.ID)
	if err != nil {
		return fmt.Errorf("mise à jour du sinistre %s: %w", c.ID, err)
	}
	return nil
}

func insertStep(ctx context.Context, tx *store.Tx, id string, s Step) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO claim_steps (claim_id, at, status, text) VALUES (?, ?, ?, ?)`,
		id, store.FormatTime(s.At), s.Status, s.Text)
	if err != nil {
		return fmt.Errorf("étape du sinistre %s: %w", id, err)
	}
	return nil
}

// stepsOf reads the steps of claim id, oldest first.
func stepsOf(ctx context.Context, tx *store.Tx, id string) ([]Step, error) {
	rows, err := tx.QueryContext(ctx, `SELECT at, status, text FROM claim_steps WHERE claim_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("étapes du sinistre %s: %w", id, err)
	}
	defer rows.Close()
	out := []Step{}
	for rows.Next() {
		var s Step
		var at string
		if err := rows.Scan(&at, &s.Status, &s.Text); err != nil {
			return nil, fmt.Errorf("étapes du sinistre %s: %w", id, err)
		}
		if s.At, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		info, _ := Machine.Info(desk.Status(s.Status))
		s.Label = info.Client
		out = append(out, s)
	}
	return out, rows.Err()
}

func insertFile(ctx context.Context, tx *store.Tx, claimID string, f *File) error {
	staff := 0
	if f.FromStaff {
		staff = 1
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO claim_files (id, claim_id, sha256, name, mime, size, from_staff, at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, claimID, f.sha256, f.Name, f.MIME, f.Size, staff, store.FormatTime(f.At))
	if err != nil {
		return fmt.Errorf("pièce du sinistre %s: %w", claimID, err)
	}
	return nil
}

// filesOf reads the files of claim id, oldest first.
func filesOf(ctx context.Context, tx *store.Tx, id string) ([]File, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, sha256, name, mime, size, from_staff, at FROM claim_files
		WHERE claim_id = ? ORDER BY at, id`, id)
	if err != nil {
		return nil, fmt.Errorf("pièces du sinistre %s: %w", id, err)
	}
	defer rows.Close()
	out := []File{}
	for rows.Next() {
		var f File
		var staff int
		var at string
		if err := rows.Scan(&f.ID, &f.sha256, &f.Name, &f.MIME, &f.Size, &staff, &at); err != nil {
			return nil, fmt.Errorf("pièces du sinistre %s: %w", id, err)
		}
		if f.At, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		f.FromStaff = staff == 1
		f.URL = "/api/claims/" + id + "/files/" + f.ID
		out = append(out, f)
	}
	return out, rows.Err()
}

// purgeEnded deletes the claims that ended before `before`, with their
// request, steps, files' rows and messages (the files themselves go in
// blob.Purge).
func purgeEnded(ctx context.Context, tx *store.Tx, before time.Time) (int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM claims WHERE ended_at IS NOT NULL AND ended_at < ?`, store.FormatTime(before))
	if err != nil {
		return 0, fmt.Errorf("purge des anciens sinistres: %w", err)
	}
	ids := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return 0, fmt.Errorf("purge des anciens sinistres: %w", err)
		}
		ids = append(ids, id)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return 0, fmt.Errorf("purge des anciens sinistres: %w", err)
	}
	n, err := desk.Delete(ctx, tx, desk.Selection{Kind: Machine.Kind, IDs: ids})
	if err != nil {
		return 0, fmt.Errorf("purge des anciens sinistres: %w", err)
	}
	return n, nil
}

// detach keeps the claims of the account uid when it is erased: the
// request loses its account (so it is not deleted with it) and the
// claim stays for its retention.
func detach(ctx context.Context, tx *store.Tx, uid string) error {
	if err := desk.Detach(ctx, tx, desk.Selection{Kind: Machine.Kind, UID: uid}); err != nil {
		return fmt.Errorf("sinistres du compte effacé: %w", err)
	}
	return nil
}

// nullable stores "" as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// timeOrNil stores a nil time as NULL.
func timeOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return store.FormatTime(*t)
}

// claimsOnContract reads the claims declared on contract id, the oldest
// loss first: what the bonus-malus of its renewal counts.
func claimsOnContract(ctx context.Context, tx *store.Tx, id string) ([]*Claim, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+claimColumns+claimFrom+` WHERE c.contract_id = ? ORDER BY c.occurred_on, c.id`, id)
	if err != nil {
		return nil, fmt.Errorf("sinistres du contrat: %w", err)
	}
	defer rows.Close()
	var out []*Claim
	for rows.Next() {
		c, err := scanClaim(rows)
		if err != nil {
			return nil, fmt.Errorf("sinistres du contrat: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
