package chatbot

import (
	"strings"
	"testing"
)

// TestDetectEmergency: a danger now comes before every intent, the
// complaint included; a danger told as past or absent does not.
func TestDetectEmergency(t *testing.T) {
	tests := []struct {
		text string
		want Intent
	}{
		{"Il y a des blessés", Emergency},
		{"il y a des blesses", Emergency},
		{"Quelqu'un est blessé", Emergency},
		{"Quelqu’un est BLESSÉ", Emergency},
		{"Ma fille est blessée", Emergency},
		{"Deux blessées dans l'accident", Emergency},
		{"Il y a une victime", Emergency},
		{"Le conducteur est inconscient", Emergency},
		{"Il ne respire plus", Emergency},
		{"Au feu !", Emergency},
		{"AU FEU", Emergency},
		{"Ça brûle dans la cuisine", Emergency},
		{"ca brule", Emergency},
		{"Le feu a pris dans le garage", Emergency},
		{"Incendie en cours chez moi", Emergency},
		{"Ma maison brûle", Emergency},
		{"Ma voiture a pris feu sur l'autoroute", Emergency},
		{"L'eau coule encore", Emergency},
		{"l’eau coule toujours du plafond", Emergency},
		{"Une fuite qui continue", Emergency},
		{"Inondation en cours", Emergency},
		{"L'eau monte dans le salon", Emergency},
		// Before the complaint, the greeting, the products and the claim.
		{"Je veux déposer une plainte contre votre service, il y a des blessés", Emergency},
		{"Je suis mécontent, l'eau coule encore", Emergency},
		{"Bonjour, ma maison brûle", Emergency},
		{"Accident de voiture, il y a des blessés", Emergency},
		{"Un dégât des eaux en cours", Emergency},
		// Not a danger now.
		{"Accrochage sans blessé", Claim},
		{"un accrochage sans blessés", Claim},
		{"Personne n'est blessé", Unknown},
		{"Personne n'a été blessée", Unknown},
		{"Il n'y a pas de blessé", Unknown},
		{"Aucune victime", Unknown},
		{"J'ai été victime d'un vol", Claim},
		{"victime d'un cambriolage", Claim},
		{"Un accrochage au feu rouge", Claim},
		{"Incendie", Claim},
		{"Une inondation", Claim},
		{"Une fuite d'eau", Claim},
		{"Ma maison a brûlé l'an dernier", Home},
		{"un coup de feu", Unknown},
		{"feu d'artifice", Unknown},
	}
	e := New(laterCompany())
	for _, tt := range tests {
		if got := e.Detect(tt.text); got != tt.want {
			t.Errorf("Detect(%q) = %s, want %s", tt.text, got, tt.want)
		}
	}
}

// TestEmergencyReply: the emergency numbers, what to do first for the
// kind, the assistance line, and only numbers to call, never a form.
func TestEmergencyReply(t *testing.T) {
	numbers := []string{"15\u00a0: SAMU", "18\u00a0: pompiers", "17\u00a0: police ou gendarmerie", "112\u00a0: numéro d’urgence européen",
		"114\u00a0: par SMS, pour les personnes sourdes ou malentendantes"}
	injured, fire, water := "Ne déplacez pas une personne blessée", "sortez tout de suite", "coupez-la au robinet d’arrêt, près du compteur d’eau"
	memo := "son numéro figure sur votre contrat, sur votre carte d’assurance ou sur le Mémo Véhicule Assuré"
	lines := []Assistance{{Insurer: "Assurances Témoin", Product: "Assurance auto", Phone: "01 99 00 77 77"}, {Insurer: "Mutuelle Test", Phone: "+33 1 99 00 88 88"}}
	tests := []struct {
		text  string
		lines []Assistance
		has   []string
		lacks []string
		links []Link
	}{
		{"Il y a des blessés", nil, []string{injured, memo}, []string{fire, water},
			[]Link{{"Appeler le SAMU (15)", "tel:15"}, {"Appeler le 112", "tel:112"}}},
		{"Au feu !", nil, []string{fire, "puis appelez le 18.", memo}, []string{injured, water},
			[]Link{{"Appeler les pompiers (18)", "tel:18"}, {"Appeler le 112", "tel:112"}}},
		{"L'eau coule encore", nil, []string{water, "coupez l’électricité", memo}, []string{injured, fire},
			[]Link{{"Appeler le 112", "tel:112"}}},
		{"Ma voiture brûle et il y a un blessé", nil, []string{injured, fire}, []string{water},
			[]Link{{"Appeler le SAMU (15)", "tel:15"}, {"Appeler les pompiers (18)", "tel:18"}, {"Appeler le 112", "tel:112"}}},
		{"Accrochage sans blessé mais ma voiture est en feu", nil, []string{fire}, []string{injured},
			[]Link{{"Appeler les pompiers (18)", "tel:18"}, {"Appeler le 112", "tel:112"}}},
		{"L'eau monte", lines,
			[]string{water, "l’assistance de votre contrat, joignable 24h/24\u00a0: Assurances Témoin (assurance auto) au 01\u00a099\u00a000\u00a077\u00a077, Mutuelle Test au +33\u00a01\u00a099\u00a000\u00a088\u00a088."},
			[]string{memo},
			[]Link{{"Appeler le 112", "tel:112"}, {"Appeler l’assistance Assurances Témoin", "tel:0199007777"}, {"Appeler l’assistance Mutuelle Test", "tel:+33199008888"}}},
	}
	e := New(laterCompany())
	for _, tt := range tests {
		before := UserContext{SignedIn: tt.lines != nil, Entries: 1}
		r, uc := e.Answer(Input{Context: before, Text: tt.text, Assistance: tt.lines})
		if r.Intent != Emergency || r.SuggestsAgent {
			t.Errorf("%q: intent %s suggestsAgent %v, want an emergency without an agent", tt.text, r.Intent, r.SuggestsAgent)
		}
		for _, want := range append(append([]string{}, numbers...), tt.has...) {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%q: reply lacks %q:\n%s", tt.text, want, r.Text)
			}
		}
		for _, bad := range tt.lacks {
			if strings.Contains(r.Text, bad) {
				t.Errorf("%q: reply has %q:\n%s", tt.text, bad, r.Text)
			}
		}
		if bad := badSpacing(r.Text); bad != "" {
			t.Errorf("%q: ordinary space in %q", tt.text, bad)
		}
		if len(r.Links) != len(tt.links) {
			t.Errorf("%q: links %+v, want %+v", tt.text, r.Links, tt.links)
		}
		for i := range min(len(r.Links), len(tt.links)) {
			if r.Links[i] != tt.links[i] {
				t.Errorf("%q: link %d is %+v, want %+v", tt.text, i, r.Links[i], tt.links[i])
			}
		}
		// Never a form: only numbers to call.
		for _, l := range r.Links {
			if !strings.HasPrefix(l.Href, "tel:") {
				t.Errorf("%q: link %+v is not a number to call", tt.text, l)
			}
		}
		for _, form := range []string{"formulaire", "/sinistres", "/reclamations", "/login", "devis"} {
			if strings.Contains(r.String(), form) {
				t.Errorf("%q: reply points to a form (%q):\n%s", tt.text, form, r)
			}
		}
		if uc.InterestedProduct != "" || uc.Entries != 2 {
			t.Errorf("%q: context %+v, want only the entry counted", tt.text, uc)
		}
	}
}

// TestEmergencyWhateverTheContext: an emergency is answered the same in
// every context, and a visitor never sees assistance lines.
func TestEmergencyWhateverTheContext(t *testing.T) {
	e := New(testCompany())
	want, _ := e.Respond(UserContext{}, "au feu")
	for _, uc := range []UserContext{{InterestedProduct: Home}, {WantsQuote: true}, {WantsContact: true, InterestedProduct: Pro}, {SignedIn: true}} {
		r, _ := e.Answer(Input{Context: uc, Text: "au feu", Assistance: []Assistance{{Insurer: "Assurances Témoin", Phone: "01 99 00 77 77"}}})
		if uc.SignedIn {
			if !strings.Contains(r.Text, "Assurances Témoin au 01") {
				t.Errorf("signed in: no assistance line:\n%s", r.Text)
			}
			continue
		}
		if r.Text != want.Text || len(r.Links) != len(want.Links) {
			t.Errorf("in %+v:\n%s\nwant\n%s", uc, r.Text, want.Text)
		}
	}
}
