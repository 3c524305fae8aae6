package company

import (
	"slices"
	"strings"
	"testing"
)

func TestParseDay(t *testing.T) {
	tests := []struct {
		text string
		want []span
	}{
		{"9h00 - 18h00", []span{{540, 1080}}},
		{"9h - 18h", []span{{540, 1080}}},
		{"9:00-18:00", []span{{540, 1080}}},
		{"09h30 – 12h00", []span{{570, 720}}},
		{"9h00\u00a0-\u00a012h00", []span{{540, 720}}}, // typeset by the site
		{"9 h 00 - 12 h", []span{{540, 720}}},
		{"9h00 - 12h00, 14h00 - 18h00", []span{{540, 720}, {840, 1080}}},
		{"0h00 - 24h00", []span{{0, 1440}}},
		{"Fermé", nil},
		{"fermé", nil},
		{" FERMÉ ", nil},
	}
	for _, tt := range tests {
		got, err := parseDay(tt.text)
		if err != nil {
			t.Errorf("parseDay(%q): %v", tt.text, err)
			continue
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("parseDay(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestParseDayRejects(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"", "vides"},
		{"   ", "vides"},
		{"Ferme le lundi", "illisibles"},
		{"ouvert", "plage"},
		{"9h00", "plage"},
		{"9h00 - ", "heure"},
		{"9h00 / 18h00", "plage"},
		{"9h00 -- 18h00", "heure"},
		{"18h00 - 9h00", "avant de commencer"},
		{"9h00 - 9h00", "avant de commencer"},
		{"25h00 - 26h00", "heure de la journée"},
		{"9h60 - 18h00", "heure de la journée"},
		{"9h00 - 24h30", "heure de la journée"},
		{"9h0 - 18h00", "heure"},
		{"9:0-18:00", "heure"},
		{"9: - 18:00", "heure"},
		{"9h00 - 18h00,", "plage"},
		{"9h00 - 12h00, 11h00 - 18h00", "chevauchent"},
		{"14h00 - 18h00, 9h00 - 12h00", "chevauchent"},
		{"neuf heures - 18h00", "heure"},
	}
	for _, tt := range tests {
		_, err := parseDay(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("parseDay(%q) = %v, want an error containing %q", tt.text, err, tt.want)
		}
	}
}

func TestNewCalendarRejects(t *testing.T) {
	tests := []struct {
		name  string
		hours Hours
		want  string
	}{
		{"bad weekdays", Hours{"9h00 18h00", "Fermé", "Fermé"}, "du lundi au vendredi"},
		{"bad Saturday", Hours{"9h00 - 18h00", "le matin", "Fermé"}, "du samedi"},
		{"missing Sunday", Hours{"9h00 - 18h00", "Fermé", ""}, "du dimanche"},
		{"never open", Hours{"Fermé", "Fermé", "Fermé"}, "aucun jour"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewCalendar(tt.hours)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestLunchBreak: hours with two periods a day count neither the break nor
// the time outside them.
func TestLunchBreak(t *testing.T) {
	c, err := NewCalendar(Hours{"9h00 - 12h00, 14h00 - 18h00", "Fermé", "Fermé"})
	if err != nil {
		t.Fatal(err)
	}
	checkParis(t, c, c.AddWorkingHours(paris(t, "2026-03-09 11:00"), 2), paris(t, "2026-03-09 15:00"))
	checkParis(t, c, c.AddWorkingHours(paris(t, "2026-03-09 12:30"), 1), paris(t, "2026-03-09 15:00"))
	checkParis(t, c, c.AddWorkingHours(paris(t, "2026-03-06 17:00"), 2), paris(t, "2026-03-09 10:00"))
	checkParis(t, c, c.AddWorkingDays(paris(t, "2026-03-06 10:00"), 1), paris(t, "2026-03-09 18:00"))
	if c.OpenAt(paris(t, "2026-03-09 12:30")) || !c.OpenAt(paris(t, "2026-03-09 14:00")) {
		t.Error("OpenAt ignores the lunch break")
	}
	if c.WorkingDay(paris(t, "2026-03-07 10:00")) {
		t.Error("a closed Saturday is a working day")
	}
}
