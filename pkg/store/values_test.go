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

// TestParseTimeFastPath checks that the digit-by-digit reading gives what
// time.Parse gives, time and refusal alike, at the edges of every field.
func TestParseTimeFastPath(t *testing.T) {
	cases := []struct {
		in string
		ok bool
	}{
		{"2026-11-22T13:05:07.123Z", true},
		{"0000-01-01T00:00:00.000Z", true},
		{"9999-12-31T23:59:59.999Z", true},
		{"2024-02-29T12:00:00.000Z", true},
		{"2000-02-29T12:00:00.000Z", true},
		{"1900-02-29T12:00:00.000Z", false},
		{"2026-02-29T12:00:00.000Z", false},
		{"2026-04-31T12:00:00.000Z", false},
		{"2026-00-10T12:00:00.000Z", false},
		{"2026-13-10T12:00:00.000Z", false},
		{"2026-11-00T12:00:00.000Z", false},
		{"2026-11-22T24:00:00.000Z", false},
		{"2026-11-22T23:60:00.000Z", false},
		{"2026-11-22T23:59:60.000Z", false},
		{"2026-11-22T13:05:07.12Z", false},
		{"2026-11-22T13:05:07.1234Z", false},
		{"2026-11-22T13:05:07.123+", false},
		{"2026-11-22 13:05:07.123Z", false},
		{"2026-1a-22T13:05:07.123Z", false},
		{"+026-11-22T13:05:07.123Z", false},
		{"", false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			want, wantErr := time.Parse(TimeLayout, c.in)
			got, err := ParseTime(c.in)
			if (err == nil) != c.ok || (wantErr == nil) != c.ok {
				t.Fatalf("ParseTime err %v, time.Parse err %v, want ok=%v", err, wantErr, c.ok)
			}
			if got != want {
				t.Fatalf("ParseTime = %#v, time.Parse = %#v", got, want)
			}
		})
	}
	for i := range 2000 {
		in := time.Date(1990+i%60, time.Month(1+i%12), 1+i*7%31, i%24, i*13%60, i*17%60, i*7919%1000*1e6, time.UTC)
		s := FormatTime(in)
		want, _ := time.Parse(TimeLayout, s)
		if got, err := ParseTime(s); err != nil || got != want {
			t.Fatalf("ParseTime(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
}
