package sepa

import "testing"

func TestFormatCents(t *testing.T) {
	tests := []struct {
		cents int64
		want  string
	}{
		{0, "0.00"},
		{5, "0.05"},
		{10, "0.10"},
		{12345, "123.45"},
		{100000, "1000.00"},
		{maxAmountCents, "999999999.99"},
		{-705, "-7.05"},
	}
	for _, tt := range tests {
		if got := FormatCents(tt.cents); got != tt.want {
			t.Errorf("FormatCents(%d) = %q, want %q", tt.cents, got, tt.want)
		}
	}
}
