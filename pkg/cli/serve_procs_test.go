package cli

import (
	"runtime"
	"sync"
	"testing"
)

// TestMoreProcs: serve doubles Go's processors once, and leaves them as
// GOMAXPROCS sets them when it is set.
func TestMoreProcs(t *testing.T) {
	was := runtime.GOMAXPROCS(0)
	t.Cleanup(func() {
		runtime.GOMAXPROCS(was)
		doubleProcs = sync.Once{}
	})
	doubleProcs = sync.Once{}
	moreProcs(func(string) string { return "3" })
	if got := runtime.GOMAXPROCS(0); got != was {
		t.Fatalf("GOMAXPROCS set: %d processors, want %d kept", got, was)
	}
	unset := func(string) string { return "" }
	moreProcs(unset)
	moreProcs(unset)
	if got := runtime.GOMAXPROCS(0); got != 2*was {
		t.Fatalf("%d processors, want %d, doubled once", got, 2*was)
	}
}
