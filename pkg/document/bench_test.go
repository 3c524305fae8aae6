package document

import "testing"

// BenchmarkConditionsParticulieres renders the two pages of the
// « Conditions particulières », from the composition to the bytes.
func BenchmarkConditionsParticulieres(b *testing.B) {
	r := newTestRenderer(b)
	in := conditionsInput()
	for b.Loop() {
		d, err := r.Conditions(in)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.PDF(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSeal seals the rendered « Conditions particulières ».
func BenchmarkSeal(b *testing.B) {
	s, _ := newTestSealer(b)
	d, err := newTestRenderer(b).Conditions(conditionsInput())
	if err != nil {
		b.Fatal(err)
	}
	pdf, err := d.PDF()
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Seal(pdf, "Document émis par Horizon Courtage", issued); err != nil {
			b.Fatal(err)
		}
	}
}
