package chatbot

import (
	"strings"
	"testing"
)

// TestMine: a signed-in client given their own business reads it after
// the general reply of a claim, documents, payment or cancellation
// question, typeset, with its links; the general reply is unchanged; a
// visitor, another intent or no Mine read nothing of it.
func TestMine(t *testing.T) {
	e := New(testCompany())
	m := &Mine{
		Claims: []MyClaim{{Ref: "SIN-2026-0042", Status: "Transmis à l’assureur", Step: "Transmis le 3 mars 2026", Href: MyClaimsPath + "/c1"}},
		Contracts: []MyContract{{Number: "CT-0007", Product: "Assurance auto", Start: "1er mars 2026", Anniversary: "1er mars 2027",
			Attestation: MyContractsPath + "/k1"}},
		Next: &MyDebit{Date: "5 avril 2026", Amount: "42,10\u00a0€", Contract: "CT-0007"},
	}
	tests := []struct {
		name, text string
		intent     Intent
		want       string
		href       string
	}{
		{"claim", "Où en est mon sinistre ?", Claim,
			"Vos sinistres en cours\u00a0: n°\u00a0SIN-2026-0042\u00a0: transmis à l’assureur, dernière étape\u00a0: Transmis le 3\u00a0mars 2026.", MyClaimsPath + "/c1"},
		{"documents", "Je cherche mon attestation d'assurance", Documents,
			"se télécharge sur sa page\u00a0: contrat n°\u00a0CT-0007 (assurance auto).", MyContractsPath + "/k1"},
		{"payment", "C'est quand mon prochain prélèvement ?", Payment,
			"Votre prochain prélèvement\u00a0: 42,10\u00a0€ le 5\u00a0avril 2026, pour le contrat n°\u00a0CT-0007.", ""},
		{"cancellation", "Je veux résilier mon contrat", Cancellation,
			"Vos contrats en cours\u00a0: contrat n°\u00a0CT-0007 (assurance auto)\u00a0: prise d’effet le 1er mars 2026, prochaine échéance le 1er mars 2027.", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			general, _ := e.Answer(Input{Context: UserContext{SignedIn: true}, Text: tt.text})
			r, _ := e.Answer(Input{Context: UserContext{SignedIn: true}, Text: tt.text, Mine: m})
			if r.Intent != tt.intent {
				t.Fatalf("intent %s, want %s", r.Intent, tt.intent)
			}
			if !strings.Contains(r.Mine, tt.want) {
				t.Errorf("mine %q\nlacks %q", r.Mine, tt.want)
			}
			if r.Text != general.Text || r.Mine != Typeset(r.Mine) {
				t.Errorf("general reply changed, or mine not typeset:\n%q\n%q", r.Text, general.Text)
			}
			if general.Mine != "" || general.MineLinks != nil {
				t.Errorf("without Mine: %q %v", general.Mine, general.MineLinks)
			}
			if tt.href != "" && (len(r.MineLinks) != 1 || r.MineLinks[0].Href != tt.href) {
				t.Errorf("links %+v, want %s", r.MineLinks, tt.href)
			}
			visitor, _ := e.Answer(Input{Text: tt.text, Mine: m})
			if visitor.Mine != "" || visitor.MineLinks != nil || strings.Contains(visitor.String(), "CT-0007") {
				t.Errorf("a visitor reads %q", visitor.Mine)
			}
		})
	}
	r, _ := e.Answer(Input{Context: UserContext{SignedIn: true}, Text: "Bonjour", Mine: m})
	if r.Mine != "" {
		t.Errorf("greeting gives %q", r.Mine)
	}
}

// TestMineEmpty: a client without claims, contracts or debits is told so.
func TestMineEmpty(t *testing.T) {
	e := New(testCompany())
	for text, want := range map[string]string{
		"Où en est mon sinistre ?":     "Vous n’avez aucun sinistre en cours.",
		"mon attestation d'assurance":  "Vous n’avez aucun contrat en cours.",
		"mon prochain prélèvement ?":   "Aucun prélèvement n’est prévu sur vos contrats.",
		"Comment résilier mon contrat": "Vous n’avez aucun contrat en cours.",
	} {
		if r, _ := e.Answer(Input{Context: UserContext{SignedIn: true}, Text: text, Mine: &Mine{}}); r.Mine != want {
			t.Errorf("%s: %q, want %q", text, r.Mine, want)
		}
	}
}
