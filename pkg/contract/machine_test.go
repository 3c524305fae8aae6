package contract

import "testing"

// TestMachine checks every pair of statuses: the allowed moves and only
// them.
func TestMachine(t *testing.T) {
	allowed := map[[2]Status]bool{
		{StatusPending, StatusAwaiting}:          true,
		{StatusPending, StatusActive}:            true,
		{StatusAwaiting, StatusActive}:           true,
		{StatusAwaiting, StatusCancelRequested}:  true,
		{StatusAwaiting, StatusCancelled}:        true,
		{StatusAwaiting, StatusWithdrawn}:        true,
		{StatusActive, StatusCancelRequested}:    true,
		{StatusActive, StatusCancelled}:          true,
		{StatusActive, StatusWithdrawn}:          true,
		{StatusCancelRequested, StatusCancelled}: true,
		{StatusCancelRequested, StatusWithdrawn}: true,
		// A payment incident (L113-3): suspended from a status in force,
		// back to it on payment, or terminated.
		{StatusAwaiting, StatusSuspended}:        true,
		{StatusActive, StatusSuspended}:          true,
		{StatusCancelRequested, StatusSuspended}: true,
		{StatusSuspended, StatusAwaiting}:        true,
		{StatusSuspended, StatusActive}:          true,
		{StatusSuspended, StatusCancelRequested}: true,
		{StatusSuspended, StatusCancelled}:       true,
	}
	n := 0
	for _, from := range Statuses() {
		for _, to := range Statuses() {
			want := allowed[[2]Status{from, to}]
			if got := CanMove(from, to); got != want {
				t.Errorf("CanMove(%s, %s) = %v, want %v", from, to, got, want)
			}
			err := move(from, to)
			if (err == nil) != want {
				t.Errorf("move(%s, %s) = %v", from, to, err)
			}
			if want {
				n++
			}
		}
	}
	if n != len(allowed) {
		t.Fatalf("%d moves allowed, the table has %d", n, len(allowed))
	}
	for _, s := range Statuses() {
		if s.Label() == string(s) {
			t.Errorf("%s has no French label", s)
		}
	}
}

// TestInForce: a contract covers from its signature to its end.
func TestInForce(t *testing.T) {
	want := map[Status]bool{StatusPending: false, StatusAwaiting: true, StatusActive: true, StatusCancelRequested: true,
		StatusCancelled: false, StatusWithdrawn: false}
	for _, s := range Statuses() {
		if got := s.InForce(); got != want[s] {
			t.Errorf("%s.InForce() = %v, want %v", s, got, want[s])
		}
	}
}
