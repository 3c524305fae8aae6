package document

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultTexts(t *testing.T) {
	if _, err := DefaultTexts(); err != nil {
		t.Fatal(err)
	}
}

// withText is the shipped texts.json with one key set to value (removed
// when value is nil) or, with key "", an extra unknown key.
func withText(t *testing.T, key string, value any) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(defaultTexts, &m); err != nil {
		t.Fatal(err)
	}
	switch {
	case key == "":
		m["inconnu"] = "x"
	case value == nil:
		delete(m, key)
	default:
		m[key] = value
	}
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestBadTexts(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"not JSON", []byte("{"), "textes des documents illisibles"},
		{"unknown key", withText(t, "", nil), `unknown field "inconnu"`},
		{"missing text", withText(t, "resiliation", nil), "texte « resiliation » : absent ou vide"},
		{"blank text", withText(t, "conseil", "  "), "texte « conseil » : absent ou vide"},
		{"not a string", withText(t, "conseil", 3), "textes des documents illisibles"},
		{"unknown placeholder", withText(t, "renonciation", "Contrat n°\u00a0{numero}."),
			"texte « renonciation » : {numero} inconnu ici (possibles : {contrat}, {date}, {courtier}, {assureur})"},
		{"placeholder not allowed there", withText(t, "declarations", "Pour {nom}."), "{nom} inconnu ici (possibles : aucun)"},
		{"required placeholder missing", withText(t, "mandatSepa", "Vous autorisez le créancier."),
			"texte « mandatSepa » : {creancier} manque"},
		{"ordinary space before a colon", withText(t, "conseil", "Notre conseil : le meilleur."),
			"texte « conseil » : espace ordinaire avant « : » (position 13)"},
		{"ordinary space inside guillemets", withText(t, "conseil", "La formule « Tiers »."),
			"espace ordinaire après « « »"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseTexts(c.data)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to say %q", err, c.want)
			}
		})
	}
}

func TestLoadTexts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "texts.json")
	if err := os.WriteFile(path, withText(t, "conseil", "Notre conseil, par {courtier}."), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := LoadTexts(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Advice != "Notre conseil, par {courtier}." {
		t.Errorf("Advice = %q", got.Advice)
	}
	if _, err := LoadTexts(filepath.Join(t.TempDir(), "absent.json")); err == nil {
		t.Error("a missing file is accepted")
	}
	if err := os.WriteFile(path, withText(t, "resiliation", nil), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadTexts(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v does not name the file", err)
	}
}
