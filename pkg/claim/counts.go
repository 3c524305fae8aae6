package claim

import (
	"context"
	"fmt"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/desk"
	"courtier/pkg/store"
)

// StatusCount is how many claims stand in one status.
type StatusCount struct {
	Status string `json:"status"`
	Label  string `json:"label"`
	Count  int    `json:"count"`
}

// Counts are the figures of the admin's dashboard.
type Counts struct {
	// Open counts the claims not indemnified, refused or closed.
	Open     int           `json:"open"`
	ByStatus []StatusCount `json:"byStatus"`
	// FirstAnswerHours is the average time from a declaration to the
	// broker's first move or message, over the claims answered in the
	// last 90 days; Answered is how many they are.
	FirstAnswerHours float64 `json:"firstAnswerHours"`
	Answered         int     `json:"answered"`
}

// CountsWindow is how far back the first answers are averaged.
const CountsWindow = 90 * 24 * time.Hour

// Counts reads the claims' figures, for staff and the terminal's operator.
func (s *Service) Counts(ctx context.Context, actor account.Actor) (*Counts, error) {
	if err := actor.RequireReader(); err != nil {
		return nil, err
	}
	out := &Counts{ByStatus: []StatusCount{}}
	err := s.db.ReadTx(ctx, func(tx *store.Tx) error {
		by, err := countByStatus(ctx, tx)
		if err != nil {
			return err
		}
		for _, info := range Machine.Statuses {
			n := by[info.Status]
			out.ByStatus = append(out.ByStatus, StatusCount{Status: string(info.Status), Label: info.Label, Count: n})
			if !ended(info.Status) {
				out.Open += n
			}
		}
		out.FirstAnswerHours, out.Answered, err = firstAnswers(ctx, tx, s.now().Add(-CountsWindow))
		return err
	})
	if err != nil {
		return nil, s.fail("chiffres des sinistres", err)
	}
	return out, nil
}

func countByStatus(ctx context.Context, tx *store.Tx) (map[desk.Status]int, error) {
	out, err := desk.CountByStatus(ctx, tx, desk.Selection{Kind: Machine.Kind})
	if err != nil {
		return nil, fmt.Errorf("sinistres par statut: %w", err)
	}
	return out, nil
}

// firstAnswers averages, in hours, the delays to the first answer of the
// claims answered since `since`.
func firstAnswers(ctx context.Context, tx *store.Tx, since time.Time) (float64, int, error) {
	rows, err := tx.QueryContext(ctx, "SELECT declared_at, first_answer_at FROM claims WHERE first_answer_at IS NOT NULL AND first_answer_at >= ?",
		store.FormatTime(since))
	if err != nil {
		return 0, 0, fmt.Errorf("délais de première réponse: %w", err)
	}
	defer rows.Close()
	var total time.Duration
	n := 0
	for rows.Next() {
		var a, b string
		if err := rows.Scan(&a, &b); err != nil {
			return 0, 0, fmt.Errorf("délais de première réponse: %w", err)
		}
		from, err1 := store.ParseTime(a)
		to, err2 := store.ParseTime(b)
		if err1 != nil || err2 != nil {
			return 0, 0, fmt.Errorf("délais de première réponse: date illisible")
		}
		total += to.Sub(from)
		n++
	}
	if n == 0 {
		return 0, 0, rows.Err()
	}
	return total.Hours() / float64(n), n, rows.Err()
}
