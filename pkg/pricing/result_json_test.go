package pricing

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

// TestResultAppendJSONAsEncodingJSON: AppendJSON writes every golden
// pricing, and a result with every field set and text that needs escapes,
// byte for byte as json.Marshal does.
func TestResultAppendJSONAsEncodingJSON(t *testing.T) {
	tr := testTariff(t)
	type named struct {
		name string
		res  *Result
	}
	var results []named
	for _, c := range goldenCases(t, tr) {
		if res, err := tr.Price(c.Product, c.Answers, c.Needs, today); err == nil {
			results = append(results, named{c.Name, res})
		}
	}
	if len(results) < 10 {
		t.Fatalf("%d golden pricings priced, want 10 or more", len(results))
	}
	results = append(results,
		named{"every field set", fullResult()},
		named{"nil lists", &Result{Product: "car", Prices: []Price{{ID: "a"}}}},
		named{"no prices", &Result{}},
	)
	for _, r := range results {
		want, err := json.Marshal(r.res)
		if err != nil {
			t.Fatal(err)
		}
		prefix := []byte("déjà là ")
		got := r.res.AppendJSON(bytes.Clone(prefix))
		if !bytes.HasPrefix(got, prefix) {
			t.Errorf("%s: the buffer's start was overwritten: %q", r.name, got[:len(prefix)])
		}
		if got = got[len(prefix):]; !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", r.name, got, want)
		}
	}
	if got := (*Result)(nil).AppendJSON(nil); string(got) != "null" {
		t.Errorf("nil result: %s, want null", got)
	}
}

// fullResult is a result whose every field, down to the deductibles, holds
// a value other than its zero, with strings that encoding/json escapes.
func fullResult() *Result {
	return &Result{
		Product: "car",
		Prices: []Price{{
			ID: "q-1", Insurer: "Mutuelle <Fictive> & fils", InsurerID: "mfo", Formula: "Tous \"risques\"", FormulaID: "tr",
			Rank: 3, PremiumCents: 27366, TaxesCents: -9008, YearlyCents: 36374, MonthlyCents: 3092, PeriodDays: 365,
			DeductibleCents: 15000,
			Deductibles: []Deductible{{ID: "dommages", Label: "Dommages\u00a0: 150\u00a0€", Cents: 15000, Main: true},
				{ID: "bris", Label: "Bris de glace", Cents: 0}},
			Guarantees: []string{"Responsabilité civile", "ligne\u2028séparée", "para\u2029graphe"},
			Options:    []string{"glass", "tab\there"},
			Trace:      []string{"× 0,95 ÷ 12 = 30,92\u00a0€", "invalide \xff\xfe fin", "contrôle \x01\x1f\n\r\b\f \\ /"},
		}},
		Recommended:   &Recommendation{ID: "q-1", Insurer: "Mutuelle", Formula: "Tiers", Reason: "Parce que <b>"},
		TariffVersion: "2026-11",
		ValidDays:     30,
		ValidUntil:    "2027-01-06",
		Disclaimer:    "Prix indicatif.",
		Notes:         []string{"Changer d’assureur\u00a0: la loi Hamon"},
	}
}

// TestFullResultSetsEveryField keeps AppendJSON complete: a field added to
// a Result (or its prices, deductibles, recommendation) is zero in
// fullResult until it is given a value there, and then
// TestResultAppendJSONAsEncodingJSON fails until AppendJSON writes it.
func TestFullResultSetsEveryField(t *testing.T) {
	r := fullResult()
	for _, v := range []reflect.Value{
		reflect.ValueOf(r).Elem(), reflect.ValueOf(r.Prices[0]), reflect.ValueOf(r.Prices[0].Deductibles[0]), reflect.ValueOf(*r.Recommended),
	} {
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && v.Field(i).IsZero() {
				t.Errorf("fullResult leaves %s.%s zero: give it a value, and write it in AppendJSON", v.Type().Name(), f.Name)
			}
		}
	}
}

// TestAppendJSONStringAsEncodingJSON compares the strings' escapes with
// encoding/json's, at the edges of the fast path.
func TestAppendJSONStringAsEncodingJSON(t *testing.T) {
	for _, s := range jsonStringCases {
		want, _ := json.Marshal(s)
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	}
}

var jsonStringCases = []string{
	"", "a", "Prime annuelle TTC\u00a0: 363,74\u00a0€", "d’assurance", "× ÷ « »", "é", "€",
	"<", ">", "&", `"`, `\`, "/", "\x00", "\x1f", "\x7f", "\t\n\r\b\f",
	"\u2027", "\u2028", "\u2029", "\u202a", "fin\u2028", "\u2029début", "\u2000", "\u2fff",
	"\xe2", "\xe2\x80", "a\xe2\x80", "\xe2\x80\xa8\xe2", "\xff", "\xc3", "\xc3(", "\xed\xa0\x80", "\xf0\x9f\x98\x80", "🚗 voiture",
	"\ufffd", "\xef\xbf\xbd",
}

// FuzzAppendJSONString: any string, as encoding/json writes it.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range jsonStringCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendJSONString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	})
}

// BenchmarkResultJSON writes the median car's pricing (nine prices, their
// traces): AppendJSON into a reused buffer, against json.Marshal
// (go test -run '^$' -bench ResultJSON ./pkg/pricing/).
func BenchmarkResultJSON(b *testing.B) {
	res, err := testTariff(b).Price("car", medianCar(), Needs{Covers: []string{"theft", "glass"}}, today)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("AppendJSON", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for b.Loop() {
			buf = res.AppendJSON(buf[:0])
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		var n int
		for b.Loop() {
			out, err := json.Marshal(res)
			if err != nil {
				b.Fatal(err)
			}
			n = len(out)
		}
		b.SetBytes(int64(n))
	})
}
