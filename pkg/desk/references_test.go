package desk_test

import (
	"strings"
	"testing"

	"courtier/pkg/desk"
	"courtier/pkg/quote"
)

func TestCheckPrefixes(t *testing.T) {
	msg := desk.Series{Prefix: "MS", What: "demandes «\u00a0Message\u00a0»"}
	contracts := desk.Series{Prefix: "CT", What: "contrats"}
	tests := []struct {
		name   string
		series []desk.Series
		want   string // a part of the error, "" for none
	}{
		{"none", nil, ""},
		{"distinct", []desk.Series{msg, contracts, {Prefix: "CTR", What: "mandats"}}, ""},
		{"the clash of 2026: messages and contracts both CT",
			[]desk.Series{{Prefix: "CT", What: "demandes «\u00a0Message\u00a0»"}, contracts}, "«\u00a0CT-\u00a0»"},
		{"the clash names both", []desk.Series{msg, contracts, {Prefix: "MS", What: "mandats"}},
			"des demandes «\u00a0Message\u00a0» et des mandats"},
		{"empty prefix", []desk.Series{{What: "contrats"}}, "lettres capitales"},
		{"lower case", []desk.Series{{Prefix: "ct", What: "contrats"}}, "lettres capitales"},
		{"a dash inside", []desk.Series{{Prefix: "SIG-CT", What: "preuves"}}, "lettres capitales"},
		{"a digit", []desk.Series{{Prefix: "C1", What: "contrats"}}, "lettres capitales"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := desk.CheckPrefixes(tt.series)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want %q", err, tt.want)
			}
		})
	}
}

// TestServiceSeries: every machine given to New is a series, in the
// queue's order of kinds, so a kind registered later cannot escape the check.
func TestServiceSeries(t *testing.T) {
	f := newFixture(t)
	got := f.svc.Series()
	want := []desk.Series{{Prefix: quote.Machine.Prefix, What: "demandes «\u00a0Devis\u00a0»"},
		{Prefix: contactMachine.Prefix, What: "demandes «\u00a0Message\u00a0»"}}
	if len(got) != len(want) {
		t.Fatalf("series %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("series %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
