package chatbot

import (
	"testing"
	"unicode/utf8"
)

// typographyFault returns the first spot of s that French typography
// refuses: an ordinary space before « ? ; : ! », or a guillemet without
// its no-break space inside (« devis », never «devis» nor « devis»).
func typographyFault(s string) string {
	for i, r := range s {
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		next, _ := utf8.DecodeRuneInString(s[i+utf8.RuneLen(r):])
		bad := false
		switch r {
		case '?', ';', ':', '!':
			bad = prev == ' '
		case '«':
			bad = next != '\u00a0'
		case '»':
			bad = prev != '\u00a0'
		}
		if bad {
			return s[max(0, i-25):min(len(s), i+8)]
		}
	}
	return ""
}

func TestTypographyFault(t *testing.T) {
	for s, bad := range map[string]bool{
		"Bonjour\u00a0! Ça va\u00a0? «\u00a0devis\u00a0»": false,
		"https://exemple.fr à 14:05, /quote?x=1":          false,
		"Bonjour !":             true,
		"Oui : non":             true,
		"un ; deux":             true,
		"«devis\u00a0»":         true,
		"«\u00a0devis»":         true,
		"« devis\u00a0»":        true,
		"Parler à un agent ?":   true,
		"le «\u00a0Reçu\u00a0»": false,
	} {
		if got := typographyFault(s) != ""; got != bad {
			t.Errorf("%q: fault %v, want %v", s, got, bad)
		}
	}
}

// TestEveryReplyIsTypeset runs every keyword of every intent, in every
// context the replies depend on (a product known, a quote or a contact
// wished, a client signed in), an emergency with the client's assistance
// lines, and the welcome, through the check: the text and its links as
// the chat shows them.
func TestEveryReplyIsTypeset(t *testing.T) {
	e := New(testCompany())
	contexts := []UserContext{{}, {SignedIn: true}, {InterestedProduct: Home}, {WantsQuote: true},
		{WantsContact: true, InterestedProduct: Life}, {WantsQuote: true, WantsContact: true, InterestedProduct: VTC, SignedIn: true}}
	texts := []string{"météo", "j'ai eu un accident, mon mari est blessé", "il y a le feu dans la cuisine", "dégât des eaux urgent",
		"je veux porter plainte contre vous", "j'ai déposé plainte pour le vol"}
	for _, r := range Rules() {
		texts = append(texts, r.Keywords...)
	}
	lines := []Assistance{{Insurer: "Assurances Témoin", Product: "Assurance auto", Phone: "01 99 00 55 55"}}
	seen := map[Intent]bool{}
	for _, uc := range contexts {
		for _, text := range texts {
			r, _ := e.Answer(Input{Context: uc, Text: text, Assistance: lines})
			seen[r.Intent] = true
			if bad := typographyFault(r.String()); bad != "" {
				t.Errorf("%s (%q, %+v): %q", r.Intent, text, uc, bad)
			}
		}
	}
	for _, r := range Rules() {
		if !seen[r.Intent] {
			t.Errorf("intent %s never answered", r.Intent)
		}
	}
	for _, name := range []string{"", "Anne", "Émile"} {
		if bad := typographyFault(e.Welcome(name).String()); bad != "" {
			t.Errorf("welcome %q: %q", name, bad)
		}
	}
	for _, c := range []string{UnknownReply, FailureReply} {
		if bad := typographyFault(c); bad != "" {
			t.Errorf("%q", bad)
		}
	}
}

// TestLinksAreTypeset: a page title of the profile written with ordinary
// spaces reaches the chat typeset.
func TestLinksAreTypeset(t *testing.T) {
	co := testCompany()
	co.Products[Home] = Page{Title: "Habitation : nos garanties", Path: "/insurance/home"}
	r, _ := New(co).Respond(UserContext{}, "maison")
	if bad := typographyFault(r.String()); bad != "" {
		t.Errorf("link label: %q", bad)
	}
}

// TestIntentLabels: every intent the engine answers has a French name.
func TestIntentLabels(t *testing.T) {
	intents := []Intent{Unknown}
	for _, r := range Rules() {
		intents = append(intents, r.Intent)
	}
	for _, i := range intents {
		if l := i.Label(); l == "" || l == string(i) && i != Auto {
			t.Errorf("intent %s has no French name (%q)", i, l)
		}
	}
	if Home.Label() != "habitation" || HumanAgent.Label() != "conseiller" {
		t.Errorf("labels: %q, %q", Home.Label(), HumanAgent.Label())
	}
}
