package chatbot

import (
	"reflect"
	"slices"
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

// TestModifyLinks: the documents and payment replies link « Modifier mon
// contrat »: to « Mes contrats » in the general reply (through the sign-in
// page for a visitor), and, in the client's own paragraph, straight to the
// one contract they can change now; not when several can (they choose on
// « Mes contrats ») or none can.
func TestModifyLinks(t *testing.T) {
	e := New(testCompany())
	auto := MyContract{Number: "CT-0007", Product: "Assurance auto", Attestation: MyContractsPath + "/k1", Modify: ModifyPath("k1")}
	home := MyContract{Number: "CT-0009", Product: "Assurance habitation", Attestation: MyContractsPath + "/k2", Modify: ModifyPath("k2")}
	suspended := MyContract{Number: "CT-0011", Product: "Assurance moto", Attestation: MyContractsPath + "/k3"}
	next := &MyDebit{Date: "5 avril 2026", Amount: "42,10\u00a0€", Contract: "CT-0007"}
	one := []Link{{Label: "Modifier le contrat n°\u00a0CT-0007", Href: "/mes-contrats/k1/modifier"}}
	for _, text := range []string{"Je cherche mon attestation d'assurance", "Je veux changer mon RIB"} {
		for _, tt := range []struct {
			name string
			mine *Mine
			want []Link
		}{
			{"one contract", &Mine{Contracts: []MyContract{auto}, Next: next}, one},
			{"one contract, no debit to come", &Mine{Contracts: []MyContract{auto}}, one},
			{"one that can change, one suspended", &Mine{Contracts: []MyContract{suspended, auto}, Next: next}, one},
			{"two that can change", &Mine{Contracts: []MyContract{auto, home}, Next: next}, nil},
			{"none that can change", &Mine{Contracts: []MyContract{suspended}}, nil},
			{"no contract", &Mine{}, nil},
		} {
			r, _ := e.Answer(Input{Context: UserContext{SignedIn: true}, Text: text, Mine: tt.mine})
			var got []Link
			for _, l := range r.MineLinks {
				if strings.HasPrefix(l.Label, "Modifier") {
					got = append(got, l)
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("%q, %s: %+v, want %+v", text, tt.name, got, tt.want)
			}
		}
		for _, signedIn := range []bool{true, false} {
			r, _ := e.Answer(Input{Context: UserContext{SignedIn: signedIn}, Text: text, Mine: &Mine{Contracts: []MyContract{auto}}})
			want := Link{Label: "Modifier mon contrat", Href: MyContractsPath}
			if !signedIn {
				want = Link{Label: "Me connecter\u00a0: Modifier mon contrat", Href: LoginPath + "?next=" + MyContractsPath}
			}
			if !slices.Contains(r.Links, want) || !strings.Contains(r.Text, "«\u00a0Modifier mon contrat\u00a0»") {
				t.Errorf("%q (signed in %v): %+v lacks %+v, or the text does not say it:\n%s", text, signedIn, r.Links, want, r.Text)
			}
			if !signedIn && r.MineLinks != nil {
				t.Errorf("%q: a visitor gets %+v", text, r.MineLinks)
			}
		}
	}
}
