package contract

import (
	"context"
	"time"
)

// runIncidents moves the payment incidents' clocks to day: the mise en
// demeure, the suspension, the termination. (Issue 42, incidents: to be
// written.)
func (s *Service) runIncidents(ctx context.Context, day time.Time) (int, error) { return 0, nil }
