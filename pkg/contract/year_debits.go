package contract

import (
	"context"
	"time"
)

// settleDebits marks paid the debits sent whose return window passed by
// day without a return. (Issue 42, debits: to be written.)
func (s *Service) settleDebits(ctx context.Context, day time.Time) (int, error) { return 0, nil }
