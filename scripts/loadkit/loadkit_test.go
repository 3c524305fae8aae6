package loadkit

import "testing"

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 3}, 3},
		{[]float64{4, 1, 3, 2}, 2.5},
	} {
		if got := Median(tc.xs); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
}

// Every conversation and sign-in needs an address no other one used.
func TestFakeAddrDistinct(t *testing.T) {
	seen := map[string]int64{}
	for n := int64(0); n < 200_000; n++ {
		a := FakeAddr(10, n)
		if m, dup := seen[a]; dup {
			t.Fatalf("FakeAddr(10, %d) = FakeAddr(10, %d) = %s", n, m, a)
		}
		seen[a] = n
	}
	for _, tc := range []struct {
		n    int64
		want string
	}{{0, "10.0.0.1"}, {253, "10.0.0.254"}, {254, "10.0.1.1"}, {254 * 256, "10.1.0.1"}} {
		if got := FakeAddr(10, tc.n); got != tc.want {
			t.Errorf("FakeAddr(10, %d) = %s, want %s", tc.n, got, tc.want)
		}
	}
}
