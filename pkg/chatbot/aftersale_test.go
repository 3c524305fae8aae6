package chatbot

import (
	"strings"
	"testing"
)

// TestAfterSaleReplies: each after-sale reply links the page that does the
// thing, through the sign-in page for a visitor, and sells nothing.
func TestAfterSaleReplies(t *testing.T) {
	e := New(testCompany())
	tests := []struct {
		text     string
		intent   Intent
		says     []string
		signedIn string
		visitor  string
	}{
		{"je veux me rétracter", Withdrawal, []string{"14 jours", "Me rétracter"}, MyContractsPath, LoginPath + "?next=" + MyContractsPath},
		{"Où trouver mon attestation d'assurance ?", Documents, []string{"Mémo Véhicule Assuré", "conditions générales"}, MyContractsPath, LoginPath + "?next=" + MyContractsPath},
		{"Je veux changer mon RIB", Payment, []string{"RIB", "mandat SEPA", "rejeté"}, MyContractsPath, LoginPath + "?next=" + MyContractsPath},
		{"J'ai oublié mon mot de passe", Account, []string{"Mot de passe oublié", "supprimer votre compte"}, ForgotPasswordPath, ForgotPasswordPath},
		{"ma voiture a ete volee", Claim, []string{"2 jours ouvrés pour un vol", "5 jours ouvrés"}, ClaimPath, LoginPath + "?next=" + ClaimPath},
		{"je veux résilier mon contrat auto", Cancellation, []string{"loi Hamon"}, CancelPath, LoginPath},
	}
	for _, tt := range tests {
		for _, signedIn := range []bool{true, false} {
			r, _ := e.Respond(UserContext{SignedIn: signedIn}, tt.text)
			if r.Intent != tt.intent {
				t.Errorf("%q: intent %s, want %s", tt.text, r.Intent, tt.intent)
				continue
			}
			for _, s := range tt.says {
				if !strings.Contains(r.Text, Typeset(s)) {
					t.Errorf("%q: the reply does not say %q:\n%s", tt.text, s, r.Text)
				}
			}
			want := tt.visitor
			if signedIn {
				want = tt.signedIn
			}
			if len(r.Links) == 0 || r.Links[0].Href != want {
				t.Errorf("%q (signed in %v): links %v, want first %s", tt.text, signedIn, r.Links, want)
			}
			for _, l := range r.Links {
				if strings.HasPrefix(l.Href, QuotePath) {
					t.Errorf("%q: an after-sale reply links a quote: %v", tt.text, l)
				}
			}
		}
	}
}

// TestNormalisedKeywords: inflections and one typo in a long word reach
// the keyword; a short word or another word does not.
func TestNormalisedKeywords(t *testing.T) {
	e := New(testCompany())
	tests := []struct {
		text string
		want Intent
	}{
		{"résilié", Cancellation},
		{"je résilie", Cancellation},
		{"résiliations", Cancellation},
		{"resilation", Cancellation}, // a letter dropped
		{"résiliaton", Cancellation}, // another
		{"attestaiton", Documents},   // two letters swapped
		{"prélévement", Payment},     // a wrong accent
		{"habitaton", Home},          // a letter dropped
		{"accidant", Claim},          // a letter changed
		{"les hôpitaux", Health},
		{"j'ai envie de partir", Unknown}, // « envie » is not « vie »
		{"parlement", Unknown},
		{"médiatique", Unknown},
		{"capitale", Unknown},
		{"voir", Unknown}, // too short for a typo of « vol »
		{"Bonjour, combien coûte une assurance auto ?", Auto},
		{"Bonjour, je veux changer mon RIB", Payment},
		{"merci, et pour résilier ?", Cancellation},
	}
	for _, tt := range tests {
		if got := e.Detect(tt.text); got != tt.want {
			t.Errorf("Detect(%q) = %s, want %s", tt.text, got, tt.want)
		}
	}
}

func TestOneEdit(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"resiliation", "resilation", true}, {"attestation", "attestaiton", true}, {"accident", "accidant", true},
		{"accident", "accidents", true}, {"accident", "accident", false}, {"accident", "acident", true},
		{"accident", "incident", false}, {"abcdef", "badcef", false},
	} {
		if got := oneEdit(tt.a, tt.b); got != tt.want {
			t.Errorf("oneEdit(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

// TestWordsCopiesOnlyWhatChanges: a word is sliced from the message or
// copied once it differs, wherever the difference starts.
func TestWordsCopiesOnlyWhatChanges(t *testing.T) {
	for in, want := range map[string]string{
		"ÉCOLE": "ecole", "e\u0301cole": "ecole", "\u0301abc": "abc", "AbC dEf": "abc|def", "l’ŒUVRE": "l|oeuvre",
		"abcÉ": "abce", "ab\u0301c": "abc", "a1-B2": "a1|b2", "x  y": "x|y", "\u0301": "", "ÿ": "y",
	} {
		if got := strings.Join(words(in), "|"); got != want {
			t.Errorf("words(%q) = %q, want %q", in, got, want)
		}
	}
}
