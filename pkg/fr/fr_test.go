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
