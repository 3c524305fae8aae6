package document

import (
	"testing"
	"time"
)

func TestFormats(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, got, want string }{
		{"cents", Euros(5), "0,05\u00a0€"},
		{"hundreds", Euros(65432), "654,32\u00a0€"},
		{"thousands", Euros(123456), "1\u202f234,56\u00a0€"},
		{"millions, negative", Euros(-123456789), "-1\u202f234\u202f567,89\u00a0€"},
		{"first of the month in Paris", date(time.Date(2026, 5, 31, 22, 0, 0, 0, time.UTC), paris), "1er\u00a0juin\u00a02026"},
		{"date and time", dateTime(time.Date(2026, 11, 22, 13, 5, 9, 0, time.UTC), paris), "22\u00a0novembre\u00a02026 à\u00a014:05:09"},
		{"IBAN", groupIBAN("fr76 30006000011234567890189"), "FR76 3000 6000 0112 3456 7890 189"},
		{"e-mail", MaskAddress("jean@example.com"), "j••n@example.com"},
		{"short e-mail", MaskAddress("jo@example.com"), "j•••@example.com"},
		{"phone", MaskAddress("06 12 34 56 78"), "06 •• •• •• 78"},
		{"guillemets", quoted("Tous risques"), "«\u00a0Tous\u00a0risques\u00a0»"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}
