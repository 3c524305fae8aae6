package fr

import (
	"testing"
	"time"
)

func TestFrench(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Fatal(err)
	}
	may1 := time.Date(2026, 4, 30, 22, 30, 0, 0, time.UTC) // 1 May, 00:30 in Paris (summer time)
	nov := time.Date(2026, 11, 24, 13, 5, 0, 0, time.UTC)  // Tuesday 24 November, 14:05 in Paris
	cases := []struct{ name, got, want string }{
		{"Int small", Int(999), "999"},
		{"Int thousands", Int(5000), "5\u202f000"},
		{"Int millions, negative", Int(-1234567), "-1\u202f234\u202f567"},
		{"Date, first of the month, in Paris", Date(may1, paris), "1er\u00a0mai\u00a02026"},
		{"Date in UTC is the day before", Date(may1, time.UTC), "30\u00a0avril\u00a02026"},
		{"DayMonth", DayMonth(may1, paris), "1er\u00a0mai"},
		{"Day", Day(nov, paris), "mardi 24\u00a0novembre\u00a02026"},
		{"Clock", Clock(nov, paris), "14:05"},
		{"DateTime", DateTime(nov, paris), "24\u00a0novembre\u00a02026 à\u00a014:05"},
		{"Slot", Slot(nov, nov.Add(time.Hour), paris), "mardi 24\u00a0novembre\u00a02026, 14:05\u00a0–\u00a015:05"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestPhone(t *testing.T) {
	const n = "\u00a0"
	cases := []struct{ name, in, want string }{
		{"10 digits", "0639981234", "06" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"landline", "0144556677", "01" + n + "44" + n + "55" + n + "66" + n + "77"},
		{"with spaces already", "06 39 98 12 34", "06" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"with dots", "06.39.98.12.34", "06" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"with dashes and no-break spaces", "06-39" + n + "98-12-34", "06" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"around spaces", "  0639981234 ", "06" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"+33", "+33639981234", "+33" + n + "6" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"+33 with spaces", "+33 6 39 98 12 34", "+33" + n + "6" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"+33 (0)", "+33 (0)6 39 98 12 34", "+33" + n + "6" + n + "39" + n + "98" + n + "12" + n + "34"},
		{"0033", "0033 7 12 34 56 78", "+33" + n + "7" + n + "12" + n + "34" + n + "56" + n + "78"},
		{"foreign number as it came", "+44 20 7946 0958", "+44 20 7946 0958"},
		{"too short", "06 39 98", "06 39 98"},
		{"too long", "063998123456", "063998123456"},
		{"00 then a digit", "0039981234", "0039981234"},
		{"+33 too short", "+33 6 39 98", "+33 6 39 98"},
		{"letters", "appelez-moi", "appelez-moi"},
		{"digits and letters", "06 39 98 12 34 poste 12", "06 39 98 12 34 poste 12"},
		{"a plus inside", "06+39981234", "06+39981234"},
		{"empty", "", ""},
	}
	for _, c := range cases {
		if got := Phone(c.in); got != c.want {
			t.Errorf("%s: Phone(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}
