package contract

import (
	"context"
	"time"
)

// sendNotices sends the avis d'échéance whose window opened by day.
// (Issue 42, renewal: to be written.)
func (s *Service) sendNotices(ctx context.Context, day time.Time) (int, error) { return 0, nil }

// renewDue renews, or ends, the contracts whose anniversary came by day.
// (Issue 42, renewal: to be written.)
func (s *Service) renewDue(ctx context.Context, day time.Time) (int, error) { return 0, nil }
