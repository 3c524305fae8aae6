package apperr

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestMinutes(t *testing.T) {
	tests := []struct {
		wait time.Duration
		want string
	}{
		{0, "1 minute"},
		{time.Second, "1 minute"},
		{time.Minute, "1 minute"},
		{time.Minute + time.Second, "2 minutes"},
		{11 * time.Minute, "11 minutes"},
	}
	for _, tt := range tests {
		if got := Minutes(tt.wait); got != tt.want {
			t.Errorf("Minutes(%v) = %q, want %q", tt.wait, got, tt.want)
		}
	}
}

func TestTooManyCarriesTheWait(t *testing.T) {
	err := fmt.Errorf("connexion: %w", TooMany(90*time.Second, "Réessayez dans %s."))
	if CodeOf(err) != ETOOMANY || MessageOf(err) != "Réessayez dans 2 minutes." {
		t.Fatalf("code %q message %q", CodeOf(err), MessageOf(err))
	}
	if wait, ok := RetryAfterOf(err); !ok || wait != 90*time.Second {
		t.Fatalf("RetryAfterOf = %v, %v", wait, ok)
	}
	if _, ok := RetryAfterOf(Errorf(EINVALID, "x")); ok {
		t.Fatal("an error without a wait has one")
	}
	if MessageOf(fmt.Errorf("disque plein")) == "disque plein" {
		t.Fatal("an internal error's details leak to the user")
	}
}

func TestLogLevels(t *testing.T) {
	var out strings.Builder
	logger := slog.New(slog.NewTextHandler(&out, nil))
	refused := Errorf(EINVALID, "Adresse e-mail invalide.")
	if got := Log(logger, "inscription", refused, "uid", "u1"); got != refused {
		t.Fatal("Log changed the error")
	}
	Log(logger, "lecture", fmt.Errorf("disque plein"))
	Log(logger, "flux", fmt.Errorf("début de lecture: %w", context.Canceled))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[2], "level=INFO") || !strings.Contains(lines[2], "abandonnée par le client") || !strings.Contains(lines[0], "level=INFO") || !strings.Contains(lines[0], "op=inscription") ||
		!strings.Contains(lines[0], "uid=u1") || !strings.Contains(lines[1], "level=ERROR") || !strings.Contains(lines[1], "disque plein") {
		t.Fatalf("log:\n%s", out.String())
	}
}
