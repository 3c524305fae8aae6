package desk

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// The SQL of the requests, request_refs, request_events and request_notes
// tables (migration 0006), next to the code that scans it.

const requestColumns = `r.id, r.kind, r.ref, COALESCE(r.uid, ''), r.name, r.email, r.phone, r.product, r.summary,
	r.status, COALESCE(r.assignee, ''), COALESCE(r.due_at, ''), r.created_at, r.updated_at,
	COALESCE(r.conversation_id, '')`

// requestFrom is the table of the requests; the assignees' names come
// from pkg/account (named).
const requestFrom = ` FROM requests r`

// scanner is a *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

func scanRequest(row scanner) (*Request, error) {
	var r Request
	var due, created, updated string
	err := row.Scan(&r.ID, &r.Kind, &r.Ref, &r.UID, &r.Name, &r.Email, &r.Phone, &r.Product, &r.Summary,
		&r.Status, &r.Assignee, &due, &created, &updated, &r.Conversation)
	if err != nil {
		return nil, err
	}
	if due != "" {
		if r.Due, err = store.ParseTime(due); err != nil {
			return nil, err
		}
	}
	if r.CreatedAt, err = store.ParseTime(created); err != nil {
		return nil, err
	}
	if r.UpdatedAt, err = store.ParseTime(updated); err != nil {
		return nil, err
	}
	return &r, nil
}

// findRequest reads request id; sql.ErrNoRows when there is none.
func findRequest(ctx context.Context, tx *store.Tx, id string) (*Request, error) {
	r, err := scanRequest(tx.QueryRowContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE r.id = ?`, id))
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("lecture de la demande %s: %w", id, err)
	}
	if err != nil {
		return nil, err
	}
	list := []Request{*r}
	if err := named(ctx, tx, list); err != nil {
		return nil, err
	}
	return &list[0], nil
}

// named sets the assignee's name of each request of list.
func named(ctx context.Context, tx *store.Tx, list []Request) error {
	uids := make([]string, 0, len(list))
	for _, r := range list {
		uids = append(uids, r.Assignee)
	}
	people, err := account.People(ctx, tx, uids)
	if err != nil {
		return err
	}
	for i := range list {
		list[i].AssigneeName = people[list[i].Assignee].Name
	}
	return nil
}

// queryRequests reads the requests matching where, in order.
func queryRequests(ctx context.Context, tx *store.Tx, where, order string, args ...any) ([]Request, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+requestColumns+requestFrom+` WHERE `+where+` ORDER BY `+order, args...)
	if err != nil {
		return nil, fmt.Errorf("lecture des demandes: %w", err)
	}
	defer rows.Close()
	list := []Request{}
	for rows.Next() {
		r, err := scanRequest(rows)
		if err != nil {
			return nil, fmt.Errorf("lecture des demandes: %w", err)
		}
		list = append(list, *r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("lecture des demandes: %w", err)
	}
	rows.Close()
	if err := named(ctx, tx, list); err != nil {
		return nil, err
	}
	return list, nil
}

// nullable stores "" and the zero time as NULL.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func insertRequest(ctx context.Context, tx *store.Tx, r *Request) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO requests
		(id, kind, ref, uid, name, email, phone, product, summary, status, assignee, due_at, created_at, updated_at, conversation_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.Kind, r.Ref, nullable(r.UID), r.Name, r.Email, r.Phone, r.Product, r.Summary, r.Status,
		nullable(r.Assignee), nullable(optTime(r.Due)), store.FormatTime(r.CreatedAt), store.FormatTime(r.UpdatedAt), nullable(r.Conversation))
	if err != nil {
		return fmt.Errorf("enregistrement de la demande %s: %w", r.Ref, err)
	}
	return nil
}

// updateRequest writes the fields staff change: status, assignee, deadline.
func updateRequest(ctx context.Context, tx *store.Tx, r *Request) error {
	_, err := tx.ExecContext(ctx, `UPDATE requests SET status = ?, assignee = ?, due_at = ?, updated_at = ? WHERE id = ?`,
		r.Status, nullable(r.Assignee), nullable(optTime(r.Due)), store.FormatTime(r.UpdatedAt), r.ID)
	if err != nil {
		return fmt.Errorf("mise à jour de la demande %s: %w", r.Ref, err)
	}
	return nil
}

// nextRef numbers a new request of prefix in year: DV-2026-000123.
func nextRef(ctx context.Context, tx *store.Tx, prefix string, year int) (string, error) {
	var last int
	err := tx.QueryRowContext(ctx, `INSERT INTO request_refs (prefix, year, last) VALUES (?, ?, 1)
		ON CONFLICT (prefix, year) DO UPDATE SET last = request_refs.last + 1 RETURNING last`, prefix, year).Scan(&last)
	if err != nil {
		return "", fmt.Errorf("numérotation des demandes %s: %w", prefix, err)
	}
	return fmt.Sprintf("%s-%d-%06d", prefix, year, last), nil
}

func insertEvent(ctx context.Context, tx *store.Tx, id string, e Event) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO request_events (request_id, at, actor_uid, actor_name, action, detail) VALUES (?, ?, ?, ?, ?, ?)`,
		id, store.FormatTime(e.At), nullable(e.ActorUID), e.ActorName, e.Action, e.Detail)
	if err != nil {
		return fmt.Errorf("historique de la demande %s: %w", id, err)
	}
	return nil
}

func listEvents(ctx context.Context, tx *store.Tx, id string) ([]Event, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, at, COALESCE(actor_uid, ''), actor_name, action, detail
		FROM request_events WHERE request_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("historique de la demande %s: %w", id, err)
	}
	defer rows.Close()
	list := []Event{}
	for rows.Next() {
		var e Event
		var at string
		if err := rows.Scan(&e.ID, &at, &e.ActorUID, &e.ActorName, &e.Action, &e.Detail); err != nil {
			return nil, fmt.Errorf("historique de la demande %s: %w", id, err)
		}
		if e.At, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		list = append(list, e)
	}
	return list, rows.Err()
}

func insertNote(ctx context.Context, tx *store.Tx, id string, n *Note) error {
	err := tx.QueryRowContext(ctx, `INSERT INTO request_notes (request_id, at, author_uid, author_name, body) VALUES (?, ?, ?, ?, ?) RETURNING id`,
		id, store.FormatTime(n.At), nullable(n.AuthorUID), n.AuthorName, n.Body).Scan(&n.ID)
	if err != nil {
		return fmt.Errorf("note de la demande %s: %w", id, err)
	}
	return nil
}

func listNotes(ctx context.Context, tx *store.Tx, id string) ([]Note, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, at, COALESCE(author_uid, ''), author_name, body
		FROM request_notes WHERE request_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("notes de la demande %s: %w", id, err)
	}
	defer rows.Close()
	list := []Note{}
	for rows.Next() {
		var n Note
		var at string
		if err := rows.Scan(&n.ID, &at, &n.AuthorUID, &n.AuthorName, &n.Body); err != nil {
			return nil, fmt.Errorf("notes de la demande %s: %w", id, err)
		}
		if n.At, err = store.ParseTime(at); err != nil {
			return nil, err
		}
		list = append(list, n)
	}
	return list, rows.Err()
}

// Filter selects requests in the queue. Empty fields select everything.
type Filter struct {
	Kind   Kind
	Status Status
	// State is "open", "closed" or "all"; when empty, "open" unless a
	// status is chosen (a status names its own state).
	State string
	// Assignee is "me", "none", a uid, or "" for anyone.
	Assignee string
	Product  string
	// Client is the uid of a client: their requests alone (the live
	// chat's « Ses autres demandes »).
	Client string
	// Query finds a reference, a name, an e-mail address or a phone
	// number (typed with or without spaces).
	Query string
	// Due is "overdue" (deadline passed) or "today" (due before the end of
	// the company's day), among the requests whose deadline runs; "" for any.
	Due string
	// Limit bounds the answer; DefaultLimit when zero.
	Limit int
}

// DefaultLimit is the longest queue answered at once: more than a day's
// work of a whole team, few enough to stay fast.
const DefaultLimit = 200

// where builds the WHERE clause of f for actor uid.
func (f Filter) where(uid string) (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, vals ...any) { conds = append(conds, cond); args = append(args, vals...) }
	if f.Kind != "" {
		add("r.kind = ?", f.Kind)
	}
	if f.Status != "" {
		add("r.status = ?", f.Status)
	}
	switch {
	case f.State == "open" || (f.State == "" && f.Status == ""):
		add("r.status <> 'closed'")
	case f.State == "closed":
		add("r.status = 'closed'")
	}
	switch f.Assignee {
	case "":
	case "me":
		add("r.assignee = ?", uid)
	case "none":
		add("r.assignee IS NULL")
	default:
		add("r.assignee = ?", f.Assignee)
	}
	if f.Product != "" {
		add("r.product = ?", f.Product)
	}
	if f.Client != "" {
		add("r.uid = ?", f.Client)
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		cond, vals := searchSQL(q)
		add(cond, vals...)
	}
	if len(conds) == 0 {
		return "1 = 1", nil
	}
	return strings.Join(conds, " AND "), args
}

// searchSQL matches q inside a reference, a name, an e-mail address or a
// phone number; the digits of q alone also match a phone number stored
// without spaces ("06 39 98" finds 0639981234).
func searchSQL(q string) (string, []any) {
	like := func(s string) string {
		return "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s) + "%"
	}
	l := like(q)
	// lower() on both sides: SQLite's LIKE ignores the case of ASCII
	// letters, PostgreSQL's does not.
	cond := `lower(r.ref) LIKE lower(?) ESCAPE '\' OR lower(r.name) LIKE lower(?) ESCAPE '\' OR lower(r.email) LIKE lower(?) ESCAPE '\' OR r.phone LIKE ? ESCAPE '\'`
	args := []any{l, l, l, l}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, q)
	if len(digits) >= 2 && digits != q {
		cond += ` OR r.phone LIKE ? ESCAPE '\'`
		args = append(args, like(digits))
	}
	return "(" + cond + ")", args
}

// waitingDue is the SQL of a request's running deadline: due_at in the
// statuses where the broker owes the next step, NULL in the others
// (waiting on the client, closed), so that the queue puts first what is
// due and last what waits on nobody here. Kinds and statuses come from
// the machines, never from input; they are quoted all the same.
func waitingDue(machines []*Machine) string {
	var pairs []string
	for _, m := range machines {
		for _, st := range m.Statuses {
			if st.Waiting {
				pairs = append(pairs, "'"+strings.ReplaceAll(string(m.Kind)+":"+string(st.Status), "'", "''")+"'")
			}
		}
	}
	if len(pairs) == 0 {
		return "NULL"
	}
	return "CASE WHEN r.kind || ':' || r.status IN (" + strings.Join(pairs, ", ") + ") THEN r.due_at END"
}

// queueOrder puts the nearest running deadline first, requests without
// one last, the oldest first among equals.
func (s *Service) queueOrder() string {
	return "(" + s.dueSQL + ") IS NULL, (" + s.dueSQL + "), r.created_at, r.id"
}

// touch sets the time of the last change.
func touch(r *Request, now time.Time) { r.UpdatedAt = now }
