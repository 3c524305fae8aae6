package pricing

import (
	"testing"
	"time"
)

func TestEuros(t *testing.T) {
	tests := []struct {
		cents int64
		want  string
	}{
		{0, "0,00\u00a0€"},
		{5, "0,05\u00a0€"},
		{650, "6,50\u00a0€"},
		{44153, "441,53\u00a0€"},
		{123456, "1\u202f234,56\u00a0€"},
		{100000000, "1\u202f000\u202f000,00\u00a0€"},
		{-1250, "-12,50\u00a0€"},
		{99999, "999,99\u00a0€"},
		{100000, "1\u202f000,00\u00a0€"},
		{2150000, "21\u202f500,00\u00a0€"},
		{100050007, "1\u202f000\u202f500,07\u00a0€"},
		{-123456789, "-1\u202f234\u202f567,89\u00a0€"},
	}
	for _, tt := range tests {
		if got := Euros(tt.cents); got != tt.want {
			t.Errorf("Euros(%d) = %q, want %q", tt.cents, got, tt.want)
		}
	}
}

// TestThousands: the group-by-group writer agrees with the plain
// loop it replaced, digit for digit, at every width.
func TestThousands(t *testing.T) {
	for _, n := range []int64{0, 7, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 99999, 100000, 100100, 999999, 1000000, 12345678901, -7, -999, -1000, -123456} {
		want := string(appendSigned(nil, n))
		if got := string(appendThousands(nil, n)); got != want {
			t.Errorf("appendThousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCoefficientAndPercent(t *testing.T) {
	for x, want := range map[float64]string{1: "1,00", 1.1: "1,10", 0.6: "0,60", 1.125: "1,125", 2.2: "2,20", 17.75: "17,75"} {
		if got := Coefficient(x); got != want {
			t.Errorf("Coefficient(%v) = %q, want %q", x, got, want)
		}
	}
	for x, want := range map[float64]string{0.33: "33\u00a0%", 0.012: "1,2\u00a0%", 0.18: "18\u00a0%", 0.025: "2,5\u00a0%", 0.0125: "1,25\u00a0%"} {
		if got := Percent(x); got != want {
			t.Errorf("Percent(%v) = %q, want %q", x, got, want)
		}
	}
}

// TestRoundCents: to the nearest cent, halves up, without the noise of
// binary fractions (350 × 0,95 × 0,95 × 0,60 is 189,525 exactly).
func TestRoundCents(t *testing.T) {
	tests := []struct {
		x    float64
		want int64
	}{
		{18952.5, 18953},
		{35000 * 0.95 * 0.95 * 0.60, 18953},
		{18952.4999, 18952},
		{302.4, 302},
		{0.5, 1},
		{25200 * 0.012, 302},
		{18953 * 0.18, 3412}, // 3 411,54
	}
	for _, tt := range tests {
		if got := roundCents(tt.x); got != tt.want {
			t.Errorf("roundCents(%v) = %d, want %d", tt.x, got, tt.want)
		}
	}
}

func TestDates(t *testing.T) {
	for _, bad := range []string{"", "2026-13-01", "2026-02-30", "2025-02-29", "26-01-01", "2026/01/01", "2026-1-1", "abcd-ef-gh"} {
		if _, ok := ParseDate(bad); ok {
			t.Errorf("ParseDate(%q) accepted", bad)
		}
	}
	d, ok := ParseDate("2024-02-29")
	if !ok || d != (Date{2024, time.February, 29}) || d.String() != "2024-02-29" {
		t.Fatalf("ParseDate(2024-02-29) = %v, %v", d, ok)
	}
	tests := []struct {
		from, to string
		want     int
	}{
		{"1981-05-10", "2026-11-20", 45},
		{"1981-11-20", "2026-11-20", 45}, // the birthday counts
		{"1981-11-21", "2026-11-20", 44},
		{"2008-02-29", "2026-02-28", 17}, // a 29 February birthday comes on 1 March
		{"2008-02-29", "2026-03-01", 18},
		{"2008-02-29", "2028-02-29", 20},
		{"2026-11-20", "2026-11-20", 0},
	}
	for _, tt := range tests {
		from, _ := ParseDate(tt.from)
		to, _ := ParseDate(tt.to)
		if got := from.YearsUntil(to); got != tt.want {
			t.Errorf("%s → %s: %d years, want %d", tt.from, tt.to, got, tt.want)
		}
	}
	if got := (Date{2026, 12, 20}).AddDays(30).String(); got != "2027-01-19" {
		t.Errorf("AddDays across a year = %s", got)
	}
}

func TestDepartments(t *testing.T) {
	tr := testTariff(t)
	tests := []struct {
		code, dept string
		zone       int
	}{
		{"75001", "75", 6}, {"93200", "93", 6}, {"13001", "13", 6}, {"69002", "69", 5}, {"06000", "06", 5},
		{"45000", "45", 3}, {"48000", "48", 1}, {"01000", "01", 3},
		{"20000", "2A", 4}, {"20100", "2A", 4}, {"20200", "2B", 4}, {"20600", "2B", 4},
		{"97100", "971", 5}, {"97200", "972", 5}, {"97300", "973", 5}, {"97400", "974", 4}, {"97600", "976", 5},
	}
	for _, tt := range tests {
		d, ok := tr.department(tt.code)
		if !ok || d.code != tt.dept || d.zone != tt.zone {
			t.Errorf("department(%s) = %+v, %v; want %s in zone %d", tt.code, d, ok, tt.dept, tt.zone)
		}
	}
	for _, bad := range []string{"", "6900", "690021", "69 02", "2A000", "20700", "97500", "98000", "00100", "96000", "ABCDE"} {
		if d, ok := tr.department(bad); ok {
			t.Errorf("department(%q) = %s, want refused", bad, d.code)
		}
	}
	if len(tr.depts) != 101 {
		t.Errorf("%d departments, want 101", len(tr.depts))
	}
}
