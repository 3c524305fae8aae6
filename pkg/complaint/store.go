package complaint

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// The SQL of the complaints table (migration 0010), next to the code that scans it.

const complaintColumns = `c.id, c.subject, c.concerns, c.facts, c.demand, c.consent_at,
	c.acknowledge_due_at, c.answer_due_at, COALESCE(c.acknowledged_at, ''), COALESCE(c.answered_at, '')`

func scanComplaint(row interface{ Scan(...any) error }) (*Complaint, error) {
	var c Complaint
	err := row.Scan(&c.ID, &c.Subject, &c.Concerns, &c.Facts, &c.Demand, &c.ConsentAt,
		&c.AcknowledgeDueAt, &c.AnswerDueAt, &c.AcknowledgedAt, &c.AnsweredAt)
	if err != nil {
		return nil, err
	}
	return &c, nil
}

func insertComplaint(ctx context.Context, tx *store.Tx, c *Complaint) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO complaints
		(id, subject, concerns, facts, demand, consent_at, acknowledge_due_at, answer_due_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.Subject, c.Concerns, c.Facts, c.Demand, c.ConsentAt, c.AcknowledgeDueAt, c.AnswerDueAt)
	if err != nil {
		return fmt.Errorf("enregistrement de la réclamation: %w", err)
	}
	return nil
}

// findComplaint reads complaint id; desk.ErrNotFound when there is none.
func findComplaint(ctx context.Context, tx *store.Tx, id string) (*Complaint, error) {
	c, err := scanComplaint(tx.QueryRowContext(ctx, `SELECT `+complaintColumns+` FROM complaints c WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, desk.ErrNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("lecture de la réclamation %s: %w", id, err)
	}
	return c, nil
}

// setDates writes the acknowledgement and answer times of c.
func setDates(ctx context.Context, tx *store.Tx, c *Complaint) error {
	_, err := tx.ExecContext(ctx, `UPDATE complaints SET acknowledged_at = ?, answered_at = ? WHERE id = ?`,
		nullable(c.AcknowledgedAt), nullable(c.AnsweredAt), c.ID)
	if err != nil {
		return fmt.Errorf("mise à jour de la réclamation %s: %w", c.ID, err)
	}
	return nil
}

// listOf reads the complaints of the client uid with their reference and
// status from the desk, oldest first.
func listOf(ctx context.Context, tx *store.Tx, uid string) ([]owned, error) {
	shared, err := desk.Select(ctx, tx, desk.Selection{Kind: Machine.Kind, UID: uid})
	if err != nil {
		return nil, fmt.Errorf("réclamations du client: %w", err)
	}
	var out []owned
	for _, r := range shared {
		c, err := scanComplaint(tx.QueryRowContext(ctx, `SELECT `+complaintColumns+` FROM complaints c WHERE c.id = ?`, r.ID))
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("réclamations du client: %w", err)
		}
		out = append(out, owned{c: *c, ref: r.Ref, status: r.Status, created: store.FormatTime(r.CreatedAt)})
	}
	return out, nil
}

// owned is a complaint of a client with the shared part its export shows.
type owned struct {
	c       Complaint
	ref     string
	status  desk.Status
	created string
}

// purgeExpired deletes the complaints answered or closed, and untouched
// since, before `before` (with their request, history, notes and
// replies); run when a complaint arrives, like the other purges, so no
// background job is needed.
func purgeExpired(ctx context.Context, tx *store.Tx, before time.Time) error {
	_, err := desk.Delete(ctx, tx, desk.Selection{Kind: Machine.Kind, Statuses: []desk.Status{StatusAnswered, StatusClosed}, UpdatedBefore: before})
	if err != nil {
		return fmt.Errorf("purge des anciennes réclamations: %w", err)
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
