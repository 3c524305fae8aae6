package input

import (
	"encoding/json"
	"os"
	"testing"
)

// phoneTable is testdata/phones.json, shared with the site's checks.
type phoneTable struct {
	Phone  phoneCases `json:"phone"`
	French phoneCases `json:"french"`
}

type phoneCases struct {
	Good map[string]string `json:"good"`
	Bad  []string          `json:"bad"`
}

func TestPhones(t *testing.T) {
	data, err := os.ReadFile("testdata/phones.json")
	if err != nil {
		t.Fatal(err)
	}
	var table phoneTable
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		cases phoneCases
		fn    func(string) (string, bool)
	}{"Phone": {table.Phone, Phone}, "FrenchPhone": {table.French, FrenchPhone}} {
		if len(c.cases.Good) == 0 || len(c.cases.Bad) == 0 {
			t.Fatalf("%s: empty table", name)
		}
		for in, want := range c.cases.Good {
			if got, ok := c.fn(in); !ok || got != want {
				t.Errorf("%s(%q) = %q, %v; want %q", name, in, got, ok, want)
			}
		}
		for _, in := range c.cases.Bad {
			if got, ok := c.fn(in); ok {
				t.Errorf("%s(%q) = %q, accepted", name, in, got)
			}
		}
	}
}
