package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/store"
)

// The SQL of the users table as the other packages read it (Person).

const personColumns = `uid, email, display_name, role, status`

// scanPerson reads the personColumns of one row.
func scanPerson(row interface{ Scan(...any) error }) (Person, error) {
	var p Person
	var role, status string
	if err := row.Scan(&p.UID, &p.Email, &p.DisplayName, &role, &status); err != nil {
		return p, err
	}
	p.Role, p.Active = Role(role), status == string(StatusActive)
	p.DisplayName = GivenName(p.DisplayName, p.Email)
	p.Name = p.DisplayName
	if p.Name == "" {
		p.Name = p.Email
	}
	return p, nil
}

// PersonOf reads the account uid in tx; ok is false when there is none.
func PersonOf(ctx context.Context, tx *store.Tx, uid string) (p Person, ok bool, err error) {
	p, err = scanPerson(tx.QueryRowContext(ctx, `SELECT `+personColumns+` FROM users WHERE uid = ?`, uid))
	if errors.Is(err, sql.ErrNoRows) {
		return Person{}, false, nil
	}
	if err != nil {
		return Person{}, false, fmt.Errorf("lecture du compte: %w", err)
	}
	return p, true, nil
}

// People reads the accounts of uids in tx, by uid; the uids of no account
// (deleted) are missing from the map, "" among them.
func People(ctx context.Context, tx *store.Tx, uids []string) (map[string]Person, error) {
	out := map[string]Person{}
	var args []any
	seen := map[string]bool{}
	for _, uid := range uids {
		if uid != "" && !seen[uid] {
			seen[uid] = true
			args = append(args, uid)
		}
	}
	// In slices, so that a long list stays within every engine's limit
	// of parameters (SQLite's is 32,766).
	const chunk = 500
	for len(args) > 0 {
		n := min(chunk, len(args))
		part := args[:n]
		args = args[n:]
		rows, err := tx.QueryContext(ctx, `SELECT `+personColumns+` FROM users WHERE uid IN (?`+strings.Repeat(", ?", n-1)+`)`, part...)
		if err != nil {
			return nil, fmt.Errorf("lecture des comptes: %w", err)
		}
		for rows.Next() {
			p, err := scanPerson(rows)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("lecture des comptes: %w", err)
			}
			out[p.UID] = p
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("lecture des comptes: %w", err)
		}
	}
	return out, nil
}

// Staff lists the active agents and admins in tx, by name.
func Staff(ctx context.Context, tx *store.Tx) ([]Person, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+personColumns+` FROM users
		WHERE status = 'active' AND role IN ('agent', 'admin')
		ORDER BY lower(COALESCE(NULLIF(display_name, ''), email)), uid`)
	if err != nil {
		return nil, fmt.Errorf("liste des conseillers: %w", err)
	}
	defer rows.Close()
	out := []Person{}
	for rows.Next() {
		p, err := scanPerson(rows)
		if err != nil {
			return nil, fmt.Errorf("liste des conseillers: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// StaffActiveSince lists the active agents and admins whose session,
// still valid at now, served a request since the given time: signed in
// to the desk and using it (a session's activity moves at most once a
// minute, see touchEvery).
func StaffActiveSince(ctx context.Context, tx *store.Tx, since, now time.Time) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT u.uid FROM sessions s JOIN users u ON u.uid = s.uid
		WHERE u.role IN (?, ?) AND u.status = ? AND s.last_seen_at >= ? AND s.expires_at > ?`,
		string(RoleAgent), string(RoleAdmin), string(StatusActive), store.FormatTime(since), store.FormatTime(now))
	if err != nil {
		return nil, fmt.Errorf("conseillers connectés: %w", err)
	}
	defer rows.Close()
	var uids []string
	for rows.Next() {
		var uid string
		if err := rows.Scan(&uid); err != nil {
			return nil, fmt.Errorf("conseillers connectés: %w", err)
		}
		uids = append(uids, uid)
	}
	return uids, rows.Err()
}
