package chatbot

import (
	"regexp"
	"testing"
)

// straightApostrophe is an elision written with the typewriter ' (U+0027)
// where French typography wants ’ (U+2019): « l'assurance ».
var straightApostrophe = regexp.MustCompile(`\p{L}'\p{L}`)

// TestRepliesUseTypographicApostrophe sends every keyword of the intent
// table in every context the replies depend on (signed in or not, a quote
// or a call wanted, a product already named, assistance lines known), and
// the welcome with and without a name: no text and no link label of a
// reply may write an elision with a straight apostrophe.
func TestRepliesUseTypographicApostrophe(t *testing.T) {
	co := testCompany()
	co.Name, co.OfName = "Horizon Courtage", "d’Horizon Courtage"
	e := New(co)
	contexts := []UserContext{
		{},
		{SignedIn: true},
		{WantsQuote: true, InterestedProduct: Auto},
		{WantsContact: true, InterestedProduct: Home},
		{InterestedProduct: Health},
	}
	lines := []Assistance{{Insurer: "Assurances Témoin", Product: "assurance auto", Phone: "01 99 00 77 77"}}
	check := func(what string, r Reply) {
		t.Helper()
		if m := straightApostrophe.FindStringIndex(r.Text); m != nil {
			t.Errorf("%s: the reply writes %q with a straight apostrophe:\n%s", what, r.Text[max(0, m[0]-20):m[1]+10], r.Text)
		}
		for _, l := range r.Links {
			if straightApostrophe.MatchString(l.Label) {
				t.Errorf("%s: the link label %q has a straight apostrophe", what, l.Label)
			}
		}
	}
	replies := 0
	for _, rule := range Rules() {
		for _, kw := range rule.Keywords {
			for _, uc := range contexts {
				r, _ := e.Answer(Input{Context: uc, Text: kw, Assistance: lines})
				check(string(rule.Intent)+" « "+kw+" »", r)
				replies++
			}
		}
	}
	r, _ := e.Respond(UserContext{}, "une question sans mot connu")
	check("unknown", r)
	check("welcome", e.Welcome(""))
	check("welcome with a name", e.Welcome("Anne Martin"))
	if replies < 100 {
		t.Fatalf("only %d replies checked: the intent table was not read", replies)
	}
}
