package chatbot

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// unglued is an ordinary space after a number, where a line could break
// inside a phone number, an amount or before a unit.
var unglued = regexp.MustCompile(`[0-9] [0-9\pL€]`)

// badSpacing returns the first spot of s where an ordinary space stands
// before a high sign, inside guillemets or after a number.
func badSpacing(s string) string {
	for _, bad := range []string{" :", " ;", " !", " ?", " »", "« ", " %", " €"} {
		if i := strings.Index(s, bad); i >= 0 {
			return s[max(0, i-20):min(len(s), i+5)]
		}
	}
	if loc := unglued.FindStringIndex(s); loc != nil {
		return s[max(0, loc[0]-20):min(len(s), loc[1]+5)]
	}
	return ""
}

// converse sends messages in order from an empty context and returns the replies.
func converse(e *Engine, msgs ...string) ([]Reply, UserContext) {
	var uc UserContext
	out := make([]Reply, len(msgs))
	for i, m := range msgs {
		out[i], uc = e.Respond(uc, m)
	}
	return out, uc
}

func TestRepliesAreTypesetAndLinkTheSite(t *testing.T) {
	e := New(testCompany())
	contexts := []UserContext{{}, {InterestedProduct: Home}, {WantsQuote: true}, {WantsContact: true, InterestedProduct: Life}}
	texts := []string{"bonjour", "au revoir", "merci", "voiture", "maison", "santé", "vie", "contact", "prix", "agent", "météo"}
	for _, uc := range contexts {
		for _, text := range texts {
			r, _ := e.Respond(uc, text)
			if r.Text == "" {
				t.Fatalf("%q in %+v: empty reply", text, uc)
			}
			if bad := badSpacing(r.Text); bad != "" {
				t.Errorf("%q in %+v: ordinary space in %q", text, uc, bad)
			}
			for _, l := range r.Links {
				if !strings.HasPrefix(l.Href, "/") || l.Label == "" {
					t.Errorf("%q: link %+v is not a labelled page of the site", text, l)
				}
			}
		}
	}
	if bad := badSpacing(e.Welcome("Anne").Text); bad != "" {
		t.Errorf("welcome: ordinary space in %q", bad)
	}
}

func TestRepliesTakeTheCompanyProfile(t *testing.T) {
	co := testCompany()
	e := New(co)
	r, _ := e.Respond(UserContext{}, "Quelle est votre adresse ?")
	hours := Typeset("du lundi au vendredi de 8h30 à 17h30 et le samedi de 10h00 à 12h00 (fermé le dimanche)")
	for _, want := range []string{Typeset(co.Phone), co.Email, Typeset(co.Address), hours, Typeset(co.Online)} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("contact reply lacks %q:\n%s", want, r.Text)
		}
	}
	if len(r.Links) != 1 || r.Links[0].Href != ContactPath {
		t.Errorf("contact links %+v, want the contact page", r.Links)
	}
	for p, page := range co.Products {
		r, _ := e.Respond(UserContext{}, string(p)+" "+map[Product]string{Auto: "voiture", Home: "maison", Health: "santé", Life: "retraite"}[p])
		if len(r.Links) != 2 || r.Links[0] != (Link{page.Title, page.Path}) || r.Links[1].Href != QuotePath {
			t.Errorf("%s links %+v, want %s then %s", p, r.Links, page.Path, QuotePath)
		}
		for _, want := range []string{"Documents à préparer", "gratuit et sans engagement"} {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%s reply lacks %q:\n%s", p, want, r.Text)
			}
		}
	}
	r, _ = e.Respond(UserContext{}, "voiture")
	if !strings.Contains(r.Text, "2\u00a0minutes") {
		t.Errorf("car reply does not promise a quote in 2 minutes:\n%s", r.Text)
	}
	r, _ = e.Respond(UserContext{}, "combien ?")
	for _, want := range []string{"gratuits et sans engagement", "2\u00a0minutes", "assurance 100\u00a0% en ligne, devis immédiat"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("pricing reply lacks %q:\n%s", want, r.Text)
		}
	}
	// A product missing from the profile links to the overview, never to nothing.
	delete(co.Products, Life)
	if r, _ := New(co).Respond(UserContext{}, "vie"); r.Links[0].Href != "/insurance" {
		t.Errorf("life without a page links %+v", r.Links)
	}
}

func TestSpecTexts(t *testing.T) {
	unknown := "Je ne suis pas sûr de comprendre votre demande. Pouvez-vous reformuler ou me poser une question sur nos services d’assurance ?"
	failure := "Désolé, je rencontre des difficultés techniques. Voulez-vous parler avec un agent ?"
	if got := strings.ReplaceAll(UnknownReply, "\u00a0", " "); got != unknown {
		t.Errorf("UnknownReply = %q", got)
	}
	if got := strings.ReplaceAll(FailureReply, "\u00a0", " "); got != failure {
		t.Errorf("FailureReply = %q", got)
	}
	r, _ := New(testCompany()).Respond(UserContext{}, "Quel temps fait-il ?")
	if r.Text != UnknownReply || r.Intent != Unknown || !r.SuggestsAgent || len(r.Links) != 0 {
		t.Errorf("unknown reply %+v", r)
	}
}

func TestWelcome(t *testing.T) {
	e := New(testCompany())
	if got := e.Welcome("  Anne Martin ").Text; !strings.HasPrefix(got, "Bonjour Anne Martin\u00a0! Je suis l’assistant virtuel de Courtage Témoin") {
		t.Errorf("welcome with a name: %q", got)
	}
	co := testCompany()
	co.Name, co.OfName = "Horizon Courtage", "d’Horizon Courtage"
	elided := New(co)
	if got := elided.Welcome("").Text; !strings.Contains(got, "Je suis l’assistant virtuel d’Horizon Courtage,") {
		t.Errorf("welcome without the elided name: %q", got)
	}
	if got := elided.reply(Greeting, UserContext{}, 0, nil).Text; !strings.Contains(got, "Je suis l’assistant d’Horizon Courtage.") {
		t.Errorf("greeting without the elided name: %q", got)
	}
	got := e.Welcome("").Text
	if !strings.HasPrefix(got, "Bonjour\u00a0! ") || strings.Count(got, "\n• ") != 5 {
		t.Errorf("welcome without a name, or without the list of what the assistant does: %q", got)
	}
}

func TestOpeningHours(t *testing.T) {
	tests := []struct {
		h    Hours
		want string
	}{
		{Hours{"9h00 - 18h00", "9h00 - 12h00", "Fermé"}, "du lundi au vendredi de 9h00 à 18h00 et le samedi de 9h00 à 12h00 (fermé le dimanche)"},
		{Hours{"9h-18h", "Fermé", "Fermé"}, "du lundi au vendredi de 9h à 18h (fermé le samedi, fermé le dimanche)"},
		{Hours{"9h - 18h", "", ""}, "du lundi au vendredi de 9h à 18h"},
	}
	for _, tt := range tests {
		if got := OpeningHours(tt.h); got != tt.want {
			t.Errorf("OpeningHours(%+v) = %q, want %q", tt.h, got, tt.want)
		}
	}
}

// TestTypeset runs the table the site's typeset() runs too
// (site/src/lib/format.test.ts), so the two stay twins.
func TestTypeset(t *testing.T) {
	data, err := os.ReadFile("testdata/typeset.json")
	if err != nil {
		t.Fatal(err)
	}
	var table struct{ Cases [][2]string }
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	if len(table.Cases) < 10 {
		t.Fatalf("only %d cases read", len(table.Cases))
	}
	for _, c := range table.Cases {
		in, want := c[0], c[1]
		if got := Typeset(in); got != want {
			t.Errorf("Typeset(%q) = %q, want %q", in, got, want)
		}
		if again := Typeset(want); again != want {
			t.Errorf("Typeset(%q) changed typeset text to %q", want, again)
		}
	}
}

// TestPriceQuestionsLinkTheInstantPrice: a price question about a product
// priced at once offers its instant price first; the SPEC.md reply's text
// and its quote link stay; a product on study keeps the request alone.
func TestPriceQuestionsLinkTheInstantPrice(t *testing.T) {
	e := New(testCompany())
	for _, c := range []struct {
		uc      UserContext
		text    string
		instant string
	}{
		{UserContext{InterestedProduct: Auto}, "combien ça coûte ?", "/prix/auto"},
		{UserContext{}, "quel prix pour ma voiture", "/prix/auto"},
		{UserContext{InterestedProduct: Home}, "un devis", "/prix/habitation"},
		{UserContext{InterestedProduct: VTC}, "tarif", "/prix/vtc"},
		{UserContext{InterestedProduct: Temp}, "prix", "/prix/temporaire"},
		{UserContext{InterestedProduct: Health}, "combien", ""},
		{UserContext{InterestedProduct: Life}, "tarif", ""},
		{UserContext{}, "prix", ""},
	} {
		r, _ := e.Respond(c.uc, c.text)
		var hrefs []string
		for _, l := range r.Links {
			hrefs = append(hrefs, l.Href)
		}
		switch {
		case c.instant == "" && slices.ContainsFunc(hrefs, func(h string) bool { return strings.HasPrefix(h, "/prix/") }):
			t.Errorf("%q in %+v: an instant price offered for a product on study: %v", c.text, c.uc, hrefs)
		case c.instant != "" && (len(hrefs) < 2 || hrefs[0] != c.instant || !strings.HasPrefix(hrefs[1], QuotePath)):
			t.Errorf("%q in %+v: links %v, want %s then the quote request", c.text, c.uc, hrefs, c.instant)
		case c.instant != "" && !strings.Contains(r.Text, "sans créer de compte"):
			t.Errorf("%q in %+v: the text does not say the price is at once: %q", c.text, c.uc, r.Text)
		}
	}
}
