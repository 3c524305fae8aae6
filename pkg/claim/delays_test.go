package claim

import (
	"testing"
	"time"

	"courtier/pkg/company"
	"courtier/pkg/pricing"
)

// TestDeclareBy pins the legal delays on their boundaries: « jours
// ouvrés » skip weekends and public holidays (Ascension 2026 is Thursday
// 14 May), a theft has two of them, a natural disaster 30 calendar days
// from its decree, and none before the decree.
func TestDeclareBy(t *testing.T) {
	f, err := LoadForm()
	if err != nil {
		t.Fatal(err)
	}
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	cal, err := p.Calendar()
	if err != nil {
		t.Fatal(err)
	}
	holiday := func(d time.Time) bool {
		_, ok := cal.Holiday(time.Date(d.Year(), d.Month(), d.Day(), 12, 0, 0, 0, cal.Location()))
		return ok
	}
	day := func(s string) time.Time {
		d, err := time.Parse(time.DateOnly, s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, c := range []struct {
		name, kind, occurred, decree, want string
	}{
		{"a collision on a Monday: the next Monday", "collision", "2026-03-02", "", "2026-03-09"},
		{"on a Friday: the next Friday", "collision", "2026-03-06", "", "2026-03-13"},
		{"on a Saturday: the Friday after next Monday", "water", "2026-03-07", "", "2026-03-13"},
		{"over Ascension, a holiday skipped", "fire", "2026-05-07", "", "2026-05-18"},
		{"over Christmas and New Year", "glass", "2026-12-23", "", "2026-12-31"},
		{"a theft on a Friday: the Tuesday", "theft", "2026-03-06", "", "2026-03-10"},
		{"a theft on a Wednesday: the Friday", "theft", "2026-03-04", "", "2026-03-06"},
		{"a theft before Easter Monday: the Wednesday", "theft", "2026-04-03", "", "2026-04-08"},
		{"a natural disaster, decree on 2 March: 1 April", "natural", "2026-02-10", "2026-03-02", "2026-04-01"},
		{"a decree on 31 January: 2 March", "natural", "2026-01-05", "2026-01-31", "2026-03-02"},
		{"a natural disaster without decree: no day yet", "natural", "2026-02-10", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			k := f.kind(c.kind)
			var decree time.Time
			if c.decree != "" {
				decree = day(c.decree)
			}
			got := f.Delays.DeclareBy(*k, day(c.occurred), decree, holiday)
			s := ""
			if !got.Day.IsZero() {
				s = got.Day.Format(time.DateOnly)
			}
			if s != c.want || got.Rule == "" {
				t.Errorf("DeclareBy(%s, %s, %q) = %q (%s), want %q", c.kind, c.occurred, c.decree, s, got.Rule, c.want)
			}
		})
	}
}

// TestFormIsConsistent: every product's kinds and questions exist, and
// every question with options has some.
func TestFormIsConsistent(t *testing.T) {
	f, err := LoadForm()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range f.Questions {
		if (q.Type == "select") != (len(q.Options) > 0) {
			t.Errorf("question %s: type %s with %d options", q.ID, q.Type, len(q.Options))
		}
		switch q.Type {
		case "text", "yesno", "select", "date":
		default:
			t.Errorf("question %s: type %q", q.ID, q.Type)
		}
	}
	if len(f.Products) < 5 || f.Product("car") == nil || f.Product("home") == nil || f.Product("vtc") == nil {
		t.Errorf("products: %v", f.Products)
	}
}

// TestHouseProductsInForm: the site offers a claim on a product by its
// entry in form.json: every house product has its entry, the one its
// spec registers (Service.CheckProducts refuses a different one).
func TestHouseProductsInForm(t *testing.T) {
	f, err := LoadForm()
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range pricing.HouseProducts() {
		if spec.Claims == nil {
			continue
		}
		if e := f.Product(spec.ID); e == nil {
			t.Errorf("product %s: no entry in form.json's products, the site offers no claim on it", spec.ID)
		} else if err := f.checkSpec(spec); err != nil {
			t.Error(err)
		}
	}
}
