package mail

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// mayReadAll is the outbox's rule: every mail is read by admins, and by
// the operator who holds the database (`courtier mail`, `courtier tui`).
func mayReadAll(a account.Actor) error {
	if a.IsOperator() {
		return nil
	}
	return a.RequireAdmin()
}

// List reads the mails of the outbox f selects, newest first, without
// their bodies: admins and the operator read them all; agents those of
// one request (f.Aggregate an event.RequestAggregate).
func (m *Mailer) List(ctx context.Context, a account.Actor, f Filter) ([]Mail, error) {
	if err := mayReadAll(a); err != nil {
		if f.Aggregate == "" || !a.IsStaff() {
			return nil, err
		}
	}
	if f.Status != "" && f.Status != StatusPending && f.Status != StatusSent && f.Status != StatusFailed {
		return nil, apperr.FieldErrorf("status", "État inconnu %q : attendu pending, sent ou failed.", f.Status)
	}
	var out []Mail
	err := m.db.ReadTx(ctx, func(tx *store.Tx) error {
		var err error
		out, err = list(ctx, tx, f)
		return err
	})
	return out, err
}

// Get reads mail id with its two parts; for anyone but the operator, a
// single-use link it still carries is masked.
func (m *Mailer) Get(ctx context.Context, a account.Actor, id int64) (*Mail, error) {
	if err := mayReadAll(a); err != nil {
		return nil, err
	}
	var r *row
	err := m.db.ReadTx(ctx, func(tx *store.Tx) error {
		var err error
		r, err = get(ctx, tx, id)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound(id)
	}
	if err != nil {
		return nil, err
	}
	// A link not sent yet opens the client's account: an admin reads the
	// mail without it; the operator, who holds the database, with it
	// (courtier mail show, for a broker trying the product without SMTP).
	if r.secret != "" && !a.IsOperator() {
		r.Text, r.HTML = strings.ReplaceAll(r.Text, r.secret, masked), strings.ReplaceAll(r.HTML, r.secret, masked)
	}
	return &r.Mail, nil
}

// masked is what an admin reads in place of a link not sent yet.
const masked = "[lien personnel masqué]"

// Counts says how many mails stand in each status.
func (m *Mailer) Counts(ctx context.Context, a account.Actor) (Counts, error) {
	if err := mayReadAll(a); err != nil {
		return Counts{}, err
	}
	var c Counts
	err := m.db.ReadTx(ctx, func(tx *store.Tx) error {
		var err error
		c, err = counts(ctx, tx)
		return err
	})
	return c, err
}

// Retry puts a failed mail back in the queue, to be sent at once and
// retried for 48 hours again. Admins only. The senders are woken, so that
// « Renvoyer » sends now rather than at their next round.
func (m *Mailer) Retry(ctx context.Context, a account.Actor, id int64) error {
	if err := a.RequireAdmin(); err != nil {
		return err
	}
	err := m.db.WriteTx(ctx, func(tx *store.Tx) error {
		if err := retry(ctx, tx, id, m.now()); err != nil {
			return err
		}
		return tx.Notify(ctx, Topic)
	})
	if err == nil {
		m.log.Info("mail remis en file", "mail", id, "par", a.UID)
	}
	return err
}

func errNotFound(id int64) error {
	return apperr.Errorf(apperr.ENOTFOUND, "Le mail %d n’existe pas.", id)
}

func errNotFailed(s Status) error {
	return apperr.Errorf(apperr.ECONFLICT, "Seul un mail en échec peut être renvoyé\u00a0; celui-ci est «\u00a0%s\u00a0».", s.Label())
}

// Retention is how long a mail sent or failed is kept: the record of what
// the broker told whom, as the privacy page says (12 months).
const Retention = 365 * 24 * time.Hour

// EventRetention is how long a handled event is kept, to look into a
// problem; the change it carried stays in its own tables.
const EventRetention = 30 * 24 * time.Hour

// PurgeEvery is how often App.Run purges the outbox.
const PurgeEvery = time.Hour

// Purge deletes the mails past Retention and the handled events past
// EventRetention (App.Run), and says how many rows went.
func (m *Mailer) Purge(ctx context.Context) (int, error) {
	var n int
	err := m.db.WriteTx(ctx, func(tx *store.Tx) error {
		now := m.now()
		var err error
		n, err = purge(ctx, tx, now.Add(-Retention), now.Add(-EventRetention))
		return err
	})
	return n, err
}
