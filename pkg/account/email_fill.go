package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"courtier/pkg/input"
	"courtier/pkg/store"
)

// skeletonMetaKey is the app_meta row that says with which rules the
// stored skeletons were made (input.SkeletonVersion).
const skeletonMetaKey = "email_skeleton_rules"

// fillSkeletons makes the skeletons SQL cannot: for the accounts made
// before the column (migration 0025) or by an older build, and for all
// of them when the rules changed. It also writes the domains of those
// addresses in their ASCII form, the one NormalizeEmail now looks up.
// On a database already up to date it costs two indexed reads and
// writes nothing.
func (s *Service) fillSkeletons(ctx context.Context) error {
	rules := input.SkeletonVersion
	var all, work bool
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		var stored string
		err := tx.QueryRowContext(ctx, "SELECT value FROM app_meta WHERE key = ?", skeletonMetaKey).Scan(&stored)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		all = stored != rules
		query := "SELECT uid FROM users WHERE email_skeleton IS NULL LIMIT 1"
		if all {
			query = "SELECT uid FROM users LIMIT 1"
		}
		var uid string
		err = tx.QueryRowContext(ctx, query).Scan(&uid)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		work = err == nil
		return err
	})
	// A database without accounts is left as it is: nothing to fill, and
	// a copy (store.Copy) wants its target empty.
	if err != nil || !work {
		return err
	}
	var made int
	err = s.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		if made, err = refillSkeletons(ctx, tx, all); err != nil {
			return err
		}
		// Addresses may have changed: a session cache of another
		// instance must not keep serving the old ones.
		if err := sessionsChanged(ctx, tx); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, "INSERT INTO app_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
			skeletonMetaKey, rules)
		return err
	})
	if err != nil {
		return err
	}
	s.log.Info("empreintes d'adresse e-mail calculées", "comptes", made, "règles", rules)
	return s.reportTwins(ctx)
}

// stored is one account's address as the users table holds it.
type stored struct{ uid, email string }

// refillSkeletons writes the skeleton of every account (all) or of those
// without one, and returns how many it wrote.
func refillSkeletons(ctx context.Context, tx *store.Tx, all bool) (int, error) {
	query := "SELECT uid, email FROM users"
	if !all {
		query += " WHERE email_skeleton IS NULL"
	}
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return 0, err
	}
	var accounts []stored
	for rows.Next() {
		var a stored
		if err := rows.Scan(&a.uid, &a.email); err != nil {
			rows.Close()
			return 0, err
		}
		accounts = append(accounts, a)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return 0, err
	}
	for _, a := range accounts {
		email, err := asciiAddress(ctx, tx, a)
		if err != nil {
			return 0, err
		}
		_, err = tx.ExecContext(ctx, "UPDATE users SET email = ?, email_skeleton = ? WHERE uid = ?", email, emailSkeleton(email), a.uid)
		if err != nil {
			return 0, err
		}
	}
	return len(accounts), nil
}

// asciiAddress is a's address with its domain in ASCII form, when that
// form is free; else, or when the stored address is no longer valid,
// the address as stored (the account keeps it, and its skeleton is made
// from it all the same). Pending links follow the address they name.
func asciiAddress(ctx context.Context, tx *store.Tx, a stored) (string, error) {
	email, err := NormalizeEmail(a.email)
	if err != nil || email == a.email {
		return a.email, nil
	}
	// Only the same address blocks the change: a look-alike is another
	// address, and reportTwins tells about it.
	var n int
	if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM users WHERE email = ? AND uid <> ?", email, a.uid).Scan(&n); err != nil || n > 0 {
		return a.email, err
	}
	_, err = tx.ExecContext(ctx, "UPDATE account_tokens SET email = ? WHERE uid = ? AND email = ?", email, a.uid, a.email)
	return email, err
}

// reportTwins logs the accounts whose addresses read alike: made before
// the skeletons, they are kept (neither can be told to be the impostor
// here), for the staff to look at.
func (s *Service) reportTwins(ctx context.Context) error {
	return s.db.ReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT email_skeleton, uid, email FROM users WHERE email_skeleton IN
			(SELECT email_skeleton FROM users GROUP BY email_skeleton HAVING COUNT(*) > 1) ORDER BY email_skeleton, created_at`)
		if err != nil {
			return fmt.Errorf("recherche des adresses semblables: %w", err)
		}
		defer rows.Close()
		twins := map[string][]string{}
		var order []string
		for rows.Next() {
			var skel, uid, email string
			if err := rows.Scan(&skel, &uid, &email); err != nil {
				return err
			}
			if twins[skel] == nil {
				order = append(order, skel)
			}
			twins[skel] = append(twins[skel], uid+" "+email)
		}
		for _, skel := range order {
			s.log.Warn("comptes aux adresses semblables, à vérifier", "comptes", strings.Join(twins[skel], ", "))
		}
		return rows.Err()
	})
}
