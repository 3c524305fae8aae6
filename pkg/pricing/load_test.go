package pricing

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// lineOf is the 1-based line where needle first occurs in text, found
// independently of the loader's locator.
func lineOf(t *testing.T, text, needle string) int {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in the file", needle)
	}
	return strings.Count(text[:i], "\n") + 1
}

func readRates(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("rates.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// replaceOnce replaces the first occurrence of old, which must exist.
func replaceOnce(t *testing.T, text, old, repl string) string {
	t.Helper()
	if !strings.Contains(text, old) {
		t.Fatalf("%q not in the file", old)
	}
	return strings.Replace(text, old, repl, 1)
}

// carZone is the car's zone factor, cut out of the file by
// TestLoadRefusals; carFactors is where it sits.
const (
	carProduct = "\"products\": {\n    \"car\": {"
	carZone    = "        \"zone\": {\n          \"label\": \"zone géographique\",\n          \"source\": \"Tarif de l’assureur\u00a0: fréquence et coût des sinistres selon le département (Code des assurances"
)

// TestLoadRefusals breaks the rating file in one place at a time: each
// fault is refused with the line a broker must edit.
func TestLoadRefusals(t *testing.T) {
	good := readRates(t)
	carAt := strings.Index(good, carProduct)
	carFactorsLine := lineOf(t, good[:carAt]+strings.Replace(good[carAt:], "\"factors\": {", "\"factors\": {@", 1), "\"factors\": {@")
	tests := []struct {
		name   string
		broken func(string) string
		line   func(broken string) int
		has    string
	}{
		{"a missing factor", func(s string) string {
			start := strings.Index(s, carZone)
			end := start + strings.Index(s[start:], "\n        },\n") + len("\n        },\n")
			return s[:start] + s[end:]
		}, func(string) int { return carFactorsLine }, "facteur «\u00a0zone\u00a0» manquant pour le produit car"},
		{"a negative rate", func(s string) string {
			return replaceOnce(t, s, `"values": { "garage": 0.85, "car-park": 0.95, "street": 1.10 }`, `"values": { "garage": -0.85, "car-park": 0.95, "street": 1.10 }`)
		}, func(s string) int { return lineOf(t, s, `"garage": -0.85`) }, "doit être positif (il vaut -0,85)"},
		{"a zero rate", func(s string) string {
			return replaceOnce(t, s, `{ "max": 5000, "value": 0.85 }`, `{ "max": 5000, "value": 0 }`)
		}, func(s string) int { return lineOf(t, s, `{ "max": 5000, "value": 0 }`) }, "doit être positif (il vaut 0)"},
		{"an unknown product", func(s string) string {
			return replaceOnce(t, s, "\"temp\": {\n      \"label\"", "\"boat\": {\n      \"label\"")
		}, func(s string) int { return lineOf(t, s, `"boat": {`) }, "produit inconnu «\u00a0boat\u00a0»"},
		{"an unknown formula", func(s string) string {
			return replaceOnce(t, s, `"tiers-etendu": { "rc": 42000`, `"tiers-plus": { "rc": 42000`)
		}, func(s string) int { return lineOf(t, s, `"tiers-plus"`) }, "formule inconnue «\u00a0tiers-plus\u00a0»"},
		{"a surcharge above A335-9-1", func(s string) string {
			return replaceOnce(t, s, `"standard": [1.00, 0.50, 0.25]`, `"standard": [1.20, 0.50, 0.25]`)
		}, func(s string) int { return lineOf(t, s, `"standard": [1.20`) }, "A335-9-1"},
		{"a bad bound", func(s string) string {
			return replaceOnce(t, s, `"minAge": 18, "maxAge": 99`, `"minAge": 18, "maxAge": 10`)
		}, func(s string) int { return lineOf(t, s, `"maxAge": 10`) }, "borne invalide pour le champ birthDate"},
		{"a band short of the form's bound", func(s string) string {
			return replaceOnce(t, s, `{ "max": 100000, "value": 1.38 }`, `{ "max": 90000, "value": 1.38 }`)
		}, func(s string) int { return lineOf(t, s, `{ "max": 90000, "value": 1.38 }`) }, "jusqu’à 100000"},
		{"a richer formula cheaper", func(s string) string {
			return replaceOnce(t, s, `"tous-risques": { "rc": 46000, "dommages": 74000 }`, `"tous-risques": { "rc": 46000, "dommages": 30000 }`)
		}, func(s string) int { return lineOf(t, s, `"rc": 46000, "dommages": 30000`) }, "coûte moins que Tiers étendu"},
		{"a missing department", func(s string) string {
			return replaceOnce(t, s, "    \"2A\": { \"name\": \"Corse-du-Sud\", \"zone\": 4 },\n", "")
		}, func(s string) int { return lineOf(t, s, `"departments": {`) }, "département «\u00a02A\u00a0» manquant"},
		{"a typo in a key", func(s string) string {
			return replaceOnce(t, s, `"validDays": 30`, `"validDay": 30`)
		}, func(s string) int { return lineOf(t, s, `"validDay"`) }, "clé inconnue «\u00a0validDay\u00a0»"},
		{"a syntax error", func(s string) string {
			return replaceOnce(t, s, `"validDays": 30,`, `"validDays": 30`)
		}, func(s string) int { return lineOf(t, s, `"disclaimer"`) }, "JSON invalide"},
		{"a text for a number", func(s string) string {
			return replaceOnce(t, s, `"validDays": 30`, `"validDays": "30"`)
		}, func(s string) int { return lineOf(t, s, `"validDays": "30"`) }, "doit être de type nombre"},
		{"a depreciation of more than the value", func(s string) string {
			return replaceOnce(t, s, `{ "max": 1, "rate": 0.20 }`, `{ "max": 1, "rate": 1.20 }`)
		}, func(s string) int { return lineOf(t, s, `"rate": 1.20`) }, "la décote d’une année du barème de vétusté car est une part de la valeur, de 0 à moins de 1 (0,15 pour 15\u00a0%)\u00a0: elle vaut 1,2"},
		{"a negative depreciation", func(s string) string {
			return replaceOnce(t, s, `{ "max": 4, "rate": 0.12 }`, `{ "max": 4, "rate": -0.12 }`)
		}, func(s string) int { return lineOf(t, s, `"rate": -0.12`) }, "barème de vétusté moto est une part de la valeur"},
		{"depreciation ages that do not grow", func(s string) string {
			return replaceOnce(t, s, `{ "max": 8, "rate": 0.12 }`, `{ "max": 3, "rate": 0.12 }`)
		}, func(s string) int { return lineOf(t, s, `{ "max": 3, "rate": 0.12 }`) }, "les âges («\u00a0max\u00a0») du barème de vétusté car doivent croître"},
		{"a depreciation short of 30 years", func(s string) string {
			return replaceOnce(t, s, `{ "max": 30, "rate": 0.10 }`, `{ "max": 20, "rate": 0.10 }`)
		}, func(s string) int { return lineOf(t, s, `{ "max": 20, "rate": 0.10 }`) }, "la dernière tranche du barème de vétusté car doit aller jusqu’à 30 ans au moins"},
		{"a depreciation without a floor", func(s string) string {
			return replaceOnce(t, s, `"floor": 0.10`, `"floor": 0`)
		}, func(s string) int { return lineOf(t, s, `"floor": 0`) }, "le plancher du barème de vétusté car"},
		{"a missing depreciation", func(s string) string {
			start := strings.Index(s, `    "moto": {`+"\n"+`      "bands": [`)
			end := start + strings.Index(s[start:], "\n    }\n") + len("\n    }\n")
			return strings.Replace(s[:start], `"floor": 0.10
    },`, `"floor": 0.10
    }`, 1) + s[end:]
		}, func(s string) int { return lineOf(t, s, `"depreciation": {`) }, "barème de vétusté «\u00a0moto\u00a0» manquant"},
		{"a vehicle's age above 30 years", func(s string) string {
			return replaceOnce(t, s, `"maxAge": 7,`, `"maxAge": 40,`)
		}, func(s string) int { return lineOf(t, s, `"maxAge": 40,`) }, "borne invalide pour le champ vehicleYear"},
		{"an age limit without its rule", func(s string) string {
			start := strings.Index(s, `          "ageRule": `)
			return s[:start] + s[start+strings.Index(s[start:], "\n")+1:]
		}, func(s string) int { return lineOf(t, s, `"maxAge": 7,`) }, "«\u00a0ageRule\u00a0» la dit"},
		{"an unknown exempt energy", func(s string) string {
			return replaceOnce(t, s, `"hybride-rechargeable", "electrique"]`, `"hybride-rechargeable", "solaire"]`)
		}, func(s string) int { return lineOf(t, s, `"maxAge": 7,`) }, "énergie inconnue «\u00a0solaire\u00a0»"},
		{"a vehicle's age band short of 30 years", func(s string) string {
			return replaceOnce(t, s, `{ "max": 30, "value": 0.95 }`, `{ "max": 25, "value": 0.95 }`)
		}, func(s string) int { return lineOf(t, s, `{ "max": 25, "value": 0.95 }`) }, "la dernière tranche du facteur vehicleAge doit aller jusqu’à 30"},
		{"a year asked before the vehicle", func(s string) string {
			id := `        { "key": "vehicleId", "label": "Votre voiture", "type": "vehicle", "message": "Choisissez votre voiture dans la liste." },` + "\n"
			at := strings.Index(s, id)
			year := s[at+len(id) : at+len(id)+strings.Index(s[at+len(id):], "\n")+1]
			return s[:at] + year + id + s[at+len(id)+len(year):]
		}, func(s string) int { return lineOf(t, s, `{ "key": "vehicleYear"`) }, "le champ «\u00a0vehicleYear\u00a0» suit le champ «\u00a0vehicleId\u00a0»"},
		{"an unknown tax", func(s string) string {
			return replaceOnce(t, s, `"taxes": ["tscaHomeFire"`, `"taxes": ["tscaHome"`)
		}, func(s string) int { return lineOf(t, s, `"taxes": ["tscaHome"`) }, "taxe inconnue «\u00a0tscaHome\u00a0»"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			broken := tt.broken(good)
			_, err := Load([]byte(broken))
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("Load accepted the file or failed without a line: %v", err)
			}
			want := tt.line(broken)
			if fe.Line != want || !strings.Contains(err.Error(), tt.has) || !strings.HasPrefix(err.Error(), "rates.json ligne ") {
				t.Errorf("got %q (line %d), want line %d and %q", err, fe.Line, want, tt.has)
			}
		})
	}
}

func TestTheFileLoads(t *testing.T) {
	tr, err := Load([]byte(readRates(t)))
	if err != nil {
		t.Fatal(err)
	}
	s := tr.Summary()
	if s.Version != "2026-12-1" || s.Products != 5 || s.Insurers != 3 || s.Formulas != 14 || tr.ValidDays() != 30 {
		t.Errorf("summary %+v", s)
	}
	for _, id := range []string{"health", "life", "pro", "fleet"} {
		if _, ok := tr.OnStudy(id); !ok {
			t.Errorf("%s is not on study", id)
		}
	}
	sections, ok := tr.IPID("car", "tous-risques")
	if !ok || len(sections) != 9 || sections[0].Title != "Quel est ce type d’assurance\u00a0?" || sections[8].Title != "Comment puis-je résilier le contrat\u00a0?" {
		t.Errorf("IPID: %v %+v", ok, sections)
	}
	for _, s := range sections {
		if len(s.Lines) == 0 || s.Lines[0] == "" {
			t.Errorf("IPID section %s is empty", s.Key)
		}
	}
}
