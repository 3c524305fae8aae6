package chatbot

import (
	"strings"
	"testing"
)

// testCompany is a profile with values found nowhere in the engine, so
// that a reply showing them proves it took them from the caller.
func testCompany() Company {
	return Company{
		Name:    "Courtage Témoin",
		Phone:   "01 99 00 12 34",
		Email:   "bonjour@temoin.example",
		Address: "7 place du Test, 13001 Marseille",
		Hours:   Hours{Weekdays: "8h30 - 17h30", Saturday: "10h00 - 12h00", Sunday: "Fermé"},
		Online:  "24h/24 et 7j/7",
		Products: map[Product]Page{
			Auto: {"Assurance auto témoin", "/insurance/car"}, Home: {"Assurance habitation témoin", "/insurance/home"},
			Health: {"Mutuelle témoin", "/insurance/health"}, Life: {"Vie témoin", "/insurance/life"},
		},
		Advantages: []string{"Assurance 100 % en ligne", "Devis immédiat"},
	}
}

// unaccent is the keyword as typed on a keyboard without accents.
func unaccent(s string) string {
	var b strings.Builder
	for _, r := range s {
		fold(&b, r)
	}
	return b.String()
}

// TestEveryKeyword checks each keyword of the table alone and in the ways
// visitors write it: capitals, no accents, after an elision, in a
// sentence, in the plural.
func TestEveryKeyword(t *testing.T) {
	e := New(testCompany())
	for _, r := range Rules() {
		for _, kw := range r.Keywords {
			variants := []string{
				kw,
				strings.ToUpper(kw),
				unaccent(kw),
				"Une question : " + kw + " ?",
				"d'" + kw,
				"l’" + strings.ToUpper(unaccent(kw)) + ".",
			}
			if !strings.ContainsAny(kw[len(kw)-1:], "sxz") {
				variants = append(variants, "les "+kw+"s")
			}
			for _, v := range variants {
				if got := e.Detect(v); got != r.Intent {
					t.Errorf("Detect(%q) = %s, want %s", v, got, r.Intent)
				}
			}
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		text string
		want Intent
	}{
		// Table order decides between intents.
		{"Bonjour, je cherche une assurance auto", Auto}, // politeness never hides a question (PRODUCT.md departure 10)
		{"Merci et au revoir", Farewell},
		{"Quel est le prix d'une assurance auto ?", Auto},
		{"Combien coûte une assurance habitation ?", Home},
		{"Un devis pour ma voiture et ma maison", Auto},
		{"Votre adresse et vos tarifs ?", Contact},
		{"Combien coûte un conseiller ?", Pricing},
		{"Je veux parler à un vrai conseiller", HumanAgent},
		// Accents, capitals, apostrophes, elisions, œ, plurals.
		{"SANTE", Health},
		{"Remboursements de soins", Health},
		{"un soin dentaire", Health},
		{"les hôpitaux", Health},
		{"les hopitaux", Health},
		{"d’épargne", Life},
		{"capitaux décès", Life},
		{"l'assurance-vie", Life},
		{"mes véhicules", Auto},
		{"VOITURES", Auto},
		{"Vehicule", Auto},
		{"propriétaires", Home},
		{"Je suis LOCATAIRE", Home},
		{"aujourd'hui, au revoir !", Farewell},
		{"au-revoir", Farewell},
		{"Au   Revoir", Farewell},
		{"votre e-mail ?", Contact},
		{"Vos horaires d'ouverture ?", Contact},
		{"Comment vous contacter ?", Contact},
		{"coûts", Pricing},
		{"cout", Pricing},
		{"sœur", Unknown},
		{"une conseillère", HumanAgent},
		{"sante\u0301", Health},      // decomposed é
		{"sant\u0065\u0301", Health}, // e + combining acute
		// Traps: never inside another word.
		{"J'ai envie de partir", Unknown},
		{"Je n'ai pas d'argent", Unknown},
		{"Quelle devise acceptez-vous ?", Unknown},
		{"Je suis vieux", Unknown},
		{"autoroute", Unknown},
		{"automatique", Unknown},
		{"parlement", Unknown},
		{"capitale", Unknown},
		{"salutations", Unknown},
		{"maisonnette", Unknown},
		{"vivre", Unknown},
		{"contactez-moi", Contact}, // an inflection of « contacter », no longer a trap
		{"contacter", Contact},
		{"prise", Unknown},
		{"", Unknown},
		{"   ", Unknown},
		{"???", Unknown},
		{"🙂", Unknown},
	}
	e := New(testCompany())
	for _, tt := range tests {
		if got := e.Detect(tt.text); got != tt.want {
			t.Errorf("Detect(%q) = %s, want %s", tt.text, got, tt.want)
		}
	}
}

func TestSuggestsAgentColumn(t *testing.T) {
	e := New(testCompany())
	want := map[Intent]bool{
		Greeting: false, Farewell: false, Thanks: false, Auto: true, Home: true, Health: true,
		Life: true, Contact: false, Pricing: true, HumanAgent: true, Unknown: true,
	}
	inputs := map[Intent]string{
		Greeting: "salut", Farewell: "bye", Thanks: "merci", Auto: "voiture", Home: "maison", Health: "santé",
		Life: "retraite", Contact: "téléphone", Pricing: "tarif", HumanAgent: "humain", Unknown: "météo",
	}
	for intent, text := range inputs {
		r, _ := e.Respond(UserContext{}, text)
		if r.Intent != intent || r.SuggestsAgent != want[intent] {
			t.Errorf("%q: intent %s suggestsAgent %v, want %s %v", text, r.Intent, r.SuggestsAgent, intent, want[intent])
		}
	}
}

func TestWords(t *testing.T) {
	got := strings.Join(words("L’Œuvre d'ÉPARGNE: 100%… e-mail"), "|")
	if want := "l|oeuvre|d|epargne|100|e|mail"; got != want {
		t.Errorf("words = %q, want %q", got, want)
	}
}
