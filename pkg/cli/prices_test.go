package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"courtier/pkg/pricing"
)

// medianCarLine is the median car profile of docs/pricing.md, on one line.
const medianCarLine = `{"birthDate":"1981-05-10","licenceDate":"2001-06-01","bonusMalus":0.6,"postalCode":"45000","vehicleId":"peugeot-208-12-puretech-100","vehicleYear":2019,"usage":"commute","parking":"car-park","yearlyKm":11000,"claims36":0}`

// runPrices runs `courtier prices args...` over input through the root command.
func runPrices(t *testing.T, input string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut strings.Builder
	full := []string{"prices"}
	if len(args) == 0 || args[0] != "check" {
		full = append(full, "--date", "2026-11-20")
	}
	code := Run(append(full, args...), env(nil), strings.NewReader(input), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestPricesText(t *testing.T) {
	out, errOut, code := runPrices(t, medianCarLine+"\n")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	// The Mutuelle's Tiers étendu of the median car: 568,33 € a year,
	// 48,31 € a month (pkg/pricing TestWorkedExample).
	for _, want := range []string{
		"prix valables jusqu’au 20\u00a0décembre\u00a02026",
		"Mutuelle Fictive de l’Ouest     Tiers étendu  568,33\u00a0€    48,31\u00a0€",
		"Nous vous recommandons Tiers chez",
		"Pourquoi ce prix\u00a0?",
		"  Prime hors taxes\u00a0: 441,53\u00a0€ (responsabilité civile 252,00\u00a0€, autres garanties 189,53\u00a0€)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestPricesJSONLines prices several lines, one naming its product and
// needs: one JSON line each, with the API's keys.
func TestPricesJSONLines(t *testing.T) {
	home := `{"product":"home","answers":{"postalCode":"69002","dwelling":"apartment","surface":65,"rooms":3,"floor":"ground","occupant":"tenant","contentsCents":2000000},"needs":{"covers":["theft"]}}`
	out, errOut, code := runPrices(t, medianCarLine+"\n\n"+home, "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), out)
	}
	for i, product := range []string{"car", "home"} {
		var keys map[string]json.RawMessage
		var res pricing.Result
		if json.Unmarshal([]byte(lines[i]), &keys) != nil || json.Unmarshal([]byte(lines[i]), &res) != nil {
			t.Fatalf("line %d is not JSON: %s", i+1, lines[i])
		}
		for _, k := range []string{"prices", "recommended", "validUntil"} {
			if _, ok := keys[k]; !ok {
				t.Errorf("line %d lacks %q", i+1, k)
			}
		}
		if res.Product != product || len(res.Prices) != 9 || res.ValidUntil != "2026-12-20" || res.Prices[0].Trace == nil {
			t.Errorf("line %d: product %s, %d prices, valid until %s", i+1, res.Product, len(res.Prices), res.ValidUntil)
		}
	}
	if !strings.Contains(lines[1], `"formula":"Confort"`) || !strings.Contains(lines[1], "le vol et le vandalisme") {
		t.Errorf("home line does not recommend Confort for theft: %s", lines[1])
	}
}

func TestPricesProductFlag(t *testing.T) {
	out, _, code := runPrices(t, `{"postalCode":"75011","dwelling":"house","surface":120,"rooms":5,"occupant":"owner","contentsCents":5000000}`, "--product", "home", "--json")
	if code != 0 || !strings.Contains(out, `"product":"home"`) {
		t.Fatalf("exit %d: %s", code, out)
	}
}

// TestPricesBadInput: a bad line stops with one line on standard error
// and exit code 1, after the lines before it were printed.
func TestPricesBadInput(t *testing.T) {
	bornTooLate := strings.Replace(medianCarLine, "1981-05-10", "2010-05-10", 1)
	tests := []struct {
		name, input string
		args        []string
		has         string
		code        int
		outLines    int
	}{
		{"bad JSON", "{birthDate:", nil, "courtier: ligne 1\u00a0: la ligne n’est pas un objet JSON valide", 1, 0},
		{"a bad field after a good line", medianCarLine + "\n" + bornTooLate, []string{"--json"},
			"courtier: ligne 2\u00a0: birthDate\u00a0: Votre date de naissance doit indiquer entre 18\u00a0et 99\u00a0ans.", 1, 1},
		{"an unknown key", `{"birthday":"1981-05-10"}`, nil, "champ inconnu \"birthday\"", 1, 0},
		{"a wrong type", `{"yearlyKm":"12000"}`, nil, "yearlyKm\u00a0: ce champ n’a pas le bon type", 1, 0},
		{"a product on study", `{"product":"health","answers":{}}`, nil, "Assurance santé : sur étude.", 1, 0},
		{"an unknown product", medianCarLine, []string{"--product", "boat"}, "product\u00a0: Ce produit n’existe pas.", 1, 0},
		{"a bad date", medianCarLine, []string{"--date", "20/11/2026"}, "invalid --date", 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := runPrices(t, tt.input, tt.args...)
			if code != tt.code || !strings.Contains(errOut, tt.has) {
				t.Fatalf("exit %d, stderr %q; want %d and %q", code, errOut, tt.code, tt.has)
			}
			if tt.code == 1 && strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr is not one line: %q", errOut)
			}
			if got := strings.Count(out, "\n"); tt.outLines > 0 && got != tt.outLines {
				t.Errorf("%d lines printed before the error, want %d", got, tt.outLines)
			}
		})
	}
}

func TestPricesCheck(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "pricing", "rates.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	goodPath, badPath := filepath.Join(dir, "rates.json"), filepath.Join(dir, "new-rates.json")
	broken := strings.Replace(string(good), `"garage": 0.85, "car-park": 0.95`, `"garage": -0.85, "car-park": 0.95`, 1)
	if err := os.WriteFile(goodPath, good, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(badPath, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runPrices(t, "", "check", goodPath)
	// The version is the file's own: a new tariff bumps it.
	version := pricing.MustDefault().Version()
	if code != 0 || out != "rates.json valide\u00a0: version "+version+", 5 produits, 14 formules, 3 assureurs\n" {
		t.Errorf("good file: exit %d, out %q, err %q", code, out, errOut)
	}
	wantLine := strings.Count(broken[:strings.Index(broken, `"garage": -0.85`)], "\n") + 1
	out, errOut, code = runPrices(t, "", "check", badPath)
	want := "courtier: new-rates.json ligne " + itoaTest(wantLine) + "\u00a0: "
	if code != 1 || out != "" || !strings.HasPrefix(errOut, want) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("broken file: exit %d, err %q, want it to start with %q", code, errOut, want)
	}
	if _, errOut, code = runPrices(t, "", "check", filepath.Join(dir, "missing.json")); code != 1 || !strings.Contains(errOut, "lecture de") {
		t.Errorf("missing file: exit %d, err %q", code, errOut)
	}
	if _, _, code = runPrices(t, "", "check"); code != 2 {
		t.Errorf("check without a file: exit %d, want 2", code)
	}
}

func itoaTest(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
