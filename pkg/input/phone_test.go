package input

import "testing"

func TestPhone(t *testing.T) {
	good := map[string]string{
		"06 39 98 12 34": "0639981234", "01.99.00.42.42": "0199004242", "+33 6 39 98 12 34": "+33639981234",
		"0033 6 39 98 12 34": "+33639981234", "+1 202 555 0143": "+12025550143", "0590\u00a012\u00a034\u00a056": "0590123456",
	}
	for in, want := range good {
		if got, ok := Phone(in); !ok || got != want {
			t.Errorf("Phone(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "+", "0612", "06399812345", "+0639981234", "+1234567", "+1234567890123456", "06 39 98 12 3x"} {
		if got, ok := Phone(in); ok {
			t.Errorf("Phone(%q) = %q, accepted", in, got)
		}
	}
}

func TestFrenchPhone(t *testing.T) {
	good := map[string]string{
		"06 39 98 12 34": "0639981234", "+33 6 39 98 12 34": "0639981234", "0033639981234": "0639981234",
		"01-99-00-42-42": "0199004242", "0590 12 34 56": "0590123456",
	}
	for in, want := range good {
		if got, ok := FrenchPhone(in); !ok || got != want {
			t.Errorf("FrenchPhone(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "+1 202 555 0143", "+44 20 7946 0958", "+33 06 39 98 12 34", "+3363998123", "0039 06 1234 5678", "06 39 98 12"} {
		if got, ok := FrenchPhone(in); ok {
			t.Errorf("FrenchPhone(%q) = %q, accepted", in, got)
		}
	}
}
