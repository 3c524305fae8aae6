package pricing

import "testing"

// BenchmarkCarQuote prices the median car profile for every insurer and
// formula (nine prices with their traces and the recommendation): the
// goal is 50 000 quotes a second on one core
// (go test -run '^$' -bench CarQuote -cpu 1 ./pkg/pricing/).
func BenchmarkCarQuote(b *testing.B) {
	tr := testTariff(b)
	a := medianCar()
	n := Needs{Covers: []string{"theft", "glass"}, BudgetMonthlyCents: 6000, Deductible: "medium"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tr.Price("car", a, n, today); err != nil {
			b.Fatal(err)
		}
	}
}
