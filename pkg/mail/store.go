package mail

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

// The SQL of the outbox, next to the code that scans it.

// Status is where a mail stands.
type Status string

// The statuses of a mail.
const (
	// StatusPending: written, not yet accepted by the SMTP server (or no
	// server is configured).
	StatusPending Status = "pending"
	StatusSent    Status = "sent"
	// StatusFailed: refused for good (5xx) or retried for 48 hours.
	StatusFailed Status = "failed"
)

// Label is the status in French, as staff read it.
func (s Status) Label() string {
	switch s {
	case StatusSent:
		return "envoyé"
	case StatusFailed:
		return "en échec"
	default:
		return "non envoyé"
	}
}

// Mail is a row of the outbox.
type Mail struct {
	ID        int64     `json:"id"`
	MessageID string    `json:"messageId"`
	EventID   int64     `json:"eventId"`
	Template  string    `json:"template"`
	Aggregate string    `json:"aggregate"`
	From      string    `json:"from"`
	To        string    `json:"to"`
	Subject   string    `json:"subject"`
	Text      string    `json:"text,omitempty"`
	HTML      string    `json:"html,omitempty"`
	Status    Status    `json:"status"`
	Attempts  int       `json:"attempts"`
	NextAt    time.Time `json:"nextAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	LastError string    `json:"lastError,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	SentAt    time.Time `json:"sentAt,omitzero"`
	// Attachments are the documents the mail carries until it is sent.
	Attachments []Attachment `json:"attachments,omitempty"`
}

// row is a Mail with its secret, as written and leased.
type row struct {
	Mail
	secret string
}

// insertMail writes r to the outbox.
func insertMail(ctx context.Context, tx *store.Tx, r *row) error {
	var secret sql.NullString
	if r.secret != "" {
		secret = sql.NullString{String: r.secret, Valid: true}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO mails (message_id, event_id, template, aggregate, sender, recipient, subject,
		text_body, html_body, secret, next_at, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.MessageID, r.EventID, r.Template, r.Aggregate, r.From, r.To, r.Subject, r.Text, r.HTML, secret,
		store.FormatTime(r.NextAt), store.FormatTime(r.ExpiresAt), store.FormatTime(r.CreatedAt))
	if err != nil {
		return fmt.Errorf("écriture du mail %s: %w", r.MessageID, err)
	}
	return nil
}

const mailColumns = `id, message_id, event_id, template, aggregate, sender, recipient, subject, status, attempts,
	next_at, expires_at, COALESCE(last_error, ''), created_at, COALESCE(sent_at, '')`

// scanMail reads mailColumns, then the extra destinations.
func scanMail(sc interface{ Scan(...any) error }, extra ...any) (*row, error) {
	var r row
	var status, next, expires, created, sent string
	dest := append([]any{&r.ID, &r.MessageID, &r.EventID, &r.Template, &r.Aggregate, &r.From, &r.To, &r.Subject, &status,
		&r.Attempts, &next, &expires, &r.LastError, &created, &sent}, extra...)
	if err := sc.Scan(dest...); err != nil {
		return nil, err
	}
	r.Status = Status(status)
	var err error
	for _, t := range []struct {
		s   string
		dst *time.Time
	}{{next, &r.NextAt}, {expires, &r.ExpiresAt}, {created, &r.CreatedAt}, {sent, &r.SentAt}} {
		if t.s == "" {
			continue
		}
		if *t.dst, err = store.ParseTime(t.s); err != nil {
			return nil, err
		}
	}
	return &r, nil
}

// Filter selects mails of the outbox.
type Filter struct {
	// Status keeps one status ("" for all).
	Status Status
	// Aggregate keeps the mails of one request or account ("" for all).
	Aggregate string
	// Limit is how many, newest first (100 when 0).
	Limit int
}

// list reads the mails f selects, newest first, without their bodies.
func list(ctx context.Context, q store.Querier, f Filter) ([]Mail, error) {
	where, args := []string{"1 = 1"}, []any{}
	if f.Status != "" {
		where, args = append(where, "status = ?"), append(args, string(f.Status))
	}
	if f.Aggregate != "" {
		where, args = append(where, "aggregate = ?"), append(args, f.Aggregate)
	}
	if f.Limit <= 0 {
		f.Limit = 100
	}
	rows, err := q.QueryContext(ctx, "SELECT "+mailColumns+" FROM mails WHERE "+strings.Join(where, " AND ")+
		" ORDER BY id DESC LIMIT ?", append(args, f.Limit)...)
	if err != nil {
		return nil, fmt.Errorf("lecture des mails: %w", err)
	}
	defer rows.Close()
	out := []Mail{}
	for rows.Next() {
		r, err := scanMail(rows)
		if err != nil {
			return nil, fmt.Errorf("lecture des mails: %w", err)
		}
		out = append(out, r.Mail)
	}
	return out, rows.Err()
}

// get reads mail id with its bodies and secret; sql.ErrNoRows when there is none.
func get(ctx context.Context, q store.Querier, id int64) (*row, error) {
	var text, html, secret string
	r, err := scanMail(q.QueryRowContext(ctx, "SELECT "+mailColumns+", text_body, html_body, COALESCE(secret, '') FROM mails WHERE id = ?", id),
		&text, &html, &secret)
	if err != nil {
		return nil, err
	}
	r.Text, r.HTML, r.secret = text, html, secret
	r.Attachments, err = listAttachments(ctx, q, id)
	return r, err
}

// Counts are how many mails stand in each status.
type Counts struct {
	Pending int `json:"pending"`
	Sent    int `json:"sent"`
	Failed  int `json:"failed"`
}

// counts reads Counts.
func counts(ctx context.Context, q store.Querier) (Counts, error) {
	var c Counts
	rows, err := q.QueryContext(ctx, "SELECT status, count(*) FROM mails GROUP BY status")
	if err != nil {
		return c, fmt.Errorf("comptes des mails: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		var n int
		if err := rows.Scan(&s, &n); err != nil {
			return c, err
		}
		switch Status(s) {
		case StatusPending:
			c.Pending = n
		case StatusSent:
			c.Sent = n
		case StatusFailed:
			c.Failed = n
		}
	}
	return c, rows.Err()
}

// lease takes up to limit due mails until `until`, counting an attempt for
// each: no other sender takes them before then (on PostgreSQL the rows
// another instance is leasing are passed over).
func lease(ctx context.Context, tx *store.Tx, now, until time.Time, limit int) ([]*row, error) {
	n := store.FormatTime(now)
	rows, err := tx.QueryContext(ctx, "SELECT "+mailColumns+`, text_body, html_body, COALESCE(secret, '') FROM mails m
		WHERE status = 'pending' AND next_at <= ? AND (leased_until IS NULL OR leased_until <= ?)
		ORDER BY id LIMIT ?`+tx.SkipLocked("m"), n, n, limit)
	if err != nil {
		return nil, fmt.Errorf("mails à envoyer: %w", err)
	}
	var out []*row
	for rows.Next() {
		var text, html, secret string
		r, err := scanMail(rows, &text, &html, &secret)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("mails à envoyer: %w", err)
		}
		r.Text, r.HTML, r.secret = text, html, secret
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, r := range out {
		if r.Attachments, err = listAttachments(ctx, tx, r.ID); err != nil {
			return nil, err
		}
		r.Attempts++
		if _, err := tx.ExecContext(ctx, "UPDATE mails SET leased_until = ?, attempts = ? WHERE id = ?",
			store.FormatTime(until), r.Attempts, r.ID); err != nil {
			return nil, fmt.Errorf("réservation du mail %d: %w", r.ID, err)
		}
	}
	return out, nil
}

// blanked is what a secret becomes in the bodies of a mail once sent.
const blanked = "[lien personnel retiré après l’envoi]"

// settle records the end of an attempt on r: sent, failed, or due again
// at next (status pending). A sent or failed mail loses its secret.
func settle(ctx context.Context, tx *store.Tx, r *row, status Status, now, next time.Time, cause string) error {
	var lastErr sql.NullString
	if cause != "" {
		lastErr = sql.NullString{String: cause, Valid: true}
	}
	var sent sql.NullString
	if status == StatusSent {
		sent = sql.NullString{String: store.FormatTime(now), Valid: true}
	}
	if status == StatusPending {
		_, err := tx.ExecContext(ctx, "UPDATE mails SET next_at = ?, leased_until = NULL, last_error = ? WHERE id = ?",
			store.FormatTime(next), lastErr, r.ID)
		return wrapSettle(r, err)
	}
	if status == StatusSent {
		// Sent, the mail holds its documents no more: the files sweep may
		// take them with their contract.
		if _, err := tx.ExecContext(ctx, "DELETE FROM mail_attachments WHERE mail_id = ?", r.ID); err != nil {
			return wrapSettle(r, err)
		}
	}
	text, html := r.Text, r.HTML
	if r.secret != "" {
		text, html = strings.ReplaceAll(text, r.secret, blanked), strings.ReplaceAll(html, r.secret, blanked)
	}
	_, err := tx.ExecContext(ctx, `UPDATE mails SET status = ?, sent_at = ?, leased_until = NULL, last_error = ?,
		text_body = ?, html_body = ?, secret = NULL WHERE id = ?`, string(status), sent, lastErr, text, html, r.ID)
	return wrapSettle(r, err)
}

func wrapSettle(r *row, err error) error {
	if err != nil {
		return fmt.Errorf("résultat de l'envoi du mail %d: %w", r.ID, err)
	}
	return nil
}

// release gives back the leases of mails not attempted (the sender stops):
// their attempt is not counted.
func release(ctx context.Context, tx *store.Tx, rs []*row) error {
	for _, r := range rs {
		if _, err := tx.ExecContext(ctx, "UPDATE mails SET leased_until = NULL, attempts = attempts - 1 WHERE id = ? AND status = 'pending'", r.ID); err != nil {
			return fmt.Errorf("libération du mail %d: %w", r.ID, err)
		}
	}
	return nil
}

// retry puts failed mail id back in the queue, due now, with 48 hours again.
func retry(ctx context.Context, tx *store.Tx, id int64, now time.Time) error {
	res, err := tx.ExecContext(ctx, `UPDATE mails SET status = 'pending', next_at = ?, expires_at = ?, leased_until = NULL
		WHERE id = ? AND status = 'failed'`, store.FormatTime(now), store.FormatTime(now.Add(GiveUpAfter)), id)
	if err != nil {
		return fmt.Errorf("nouvel essai du mail %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		var status string
		err := tx.QueryRowContext(ctx, "SELECT status FROM mails WHERE id = ?", id).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return errNotFound(id)
		}
		return errNotFailed(Status(status))
	}
	return nil
}

// purge deletes the mails sent or failed before `before`, and the handled
// events older than eventsBefore.
func purge(ctx context.Context, tx *store.Tx, before, eventsBefore time.Time) (int, error) {
	res, err := tx.ExecContext(ctx, "DELETE FROM mails WHERE status <> 'pending' AND created_at < ?", store.FormatTime(before))
	if err != nil {
		return 0, fmt.Errorf("purge des mails: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	events, err := event.PurgeHandled(ctx, tx, eventsBefore)
	return int(n) + events, err
}
