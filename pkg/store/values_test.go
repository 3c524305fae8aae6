package store

import (
	"testing"
	"time"
)

func TestTimeRoundTrip(t *testing.T) {
	in := time.Date(2026, 11, 22, 14, 5, 7, 123456789, time.FixedZone("Paris", 3600))
	s := FormatTime(in)
	if s != "2026-11-22T13:05:07.123Z" {
		t.Fatalf("FormatTime = %q", s)
	}
	out, err := ParseTime(s)
	if err != nil || !out.Equal(in.Truncate(time.Millisecond)) {
		t.Fatalf("ParseTime(%q) = %v, %v", s, out, err)
	}
	if _, err := ParseTime("22/11/2026"); err == nil {
		t.Fatal("a foreign date format was accepted")
	}
}

func TestNewToken(t *testing.T) {
	a, ha, err := NewToken()
	if err != nil {
		t.Fatal(err)
	}
	b, _, _ := NewToken()
	if a == b || len(a) != 43 || ha != HashToken(a) || len(ha) != 64 || ha == a {
		t.Fatalf("tokens %q %q, hash %q", a, b, ha)
	}
}
