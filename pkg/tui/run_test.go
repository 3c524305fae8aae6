package tui

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"courtier/pkg/store/storetest"
)

// waitFor waits until out holds want; the deadline only bounds a broken run.
func waitFor(t *testing.T, out *storetest.Buffer, want string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the output:\n%s", want, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestRunProgram drives the whole program through its input and output:
// it draws the Aperçu, goes to Demandes on "2" and exits on "q".
func TestRunProgram(t *testing.T) {
	in, keys := io.Pipe()
	out := &storetest.Buffer{}
	done := make(chan error, 1)
	opts := Options{Refresh: time.Hour, NoColor: true, Now: func() time.Time { return testClock }, Location: time.UTC}
	go func() { done <- Run(context.Background(), newFakeCoreSource(marie), opts, in, out) }()
	waitFor(t, out, "[1 Aperçu]")
	waitFor(t, out, "Offres en attente du client")
	if _, err := keys.Write([]byte("2")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, out, "[2 Demandes]")
	if _, err := keys.Write([]byte("q")); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the program did not exit on q")
	}
}

// TestRunCancelled ends the program with its context.
func TestRunCancelled(t *testing.T) {
	in, _ := io.Pipe()
	out := &storetest.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, newFakeCoreSource(visitor), Options{NoColor: true}, in, out) }()
	waitFor(t, out, "Lecture seule")
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the program did not end with its context")
	}
}
