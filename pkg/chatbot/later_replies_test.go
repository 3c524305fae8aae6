package chatbot

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCancellationSignedIn: a signed-in client is given « Résilier votre
// contrat » first; the rest of the reply is the visitor's.
func TestCancellationSignedIn(t *testing.T) {
	e := New(laterCompany())
	r, uc := e.Respond(UserContext{SignedIn: true}, "je veux résilier mon contrat")
	want := []Link{{"Résilier votre contrat", CancelPath}, {"Nous contacter", ContactPath}}
	if r.Intent != Cancellation || len(r.Links) != 2 || r.Links[0] != want[0] || r.Links[1] != want[1] {
		t.Fatalf("intent %s links %+v, want %+v", r.Intent, r.Links, want)
	}
	for _, has := range []string{"la loi Hamon", "se résilie en ligne, en quelques clics\u00a0: «\u00a0Résilier votre contrat\u00a0»", "Un conseiller peut s’en charger"} {
		if !strings.Contains(r.Text, has) {
			t.Errorf("reply lacks %q:\n%s", has, r.Text)
		}
	}
	if strings.Contains(r.Text, "connectez-vous") {
		t.Errorf("a signed-in client is asked to sign in:\n%s", r.Text)
	}
	if b, _ := json.Marshal(uc); strings.Contains(string(b), "igned") {
		t.Errorf("the context keeps SignedIn: %s", b)
	}
}

// TestClaimFollowsTheSession: a signed-in client is given « Déclarer un
// sinistre » and « Mes sinistres », a visitor the way to sign in or sign
// up that comes back to the declaration; both keep the legal delays.
func TestClaimFollowsTheSession(t *testing.T) {
	e := New(laterCompany())
	delays := []string{"5\u00a0jours ouvrés", "2\u00a0jours ouvrés pour un vol", "30\u00a0jours après la publication de l’arrêté de catastrophe naturelle"}
	tests := []struct {
		signedIn bool
		links    []Link
		has      []string
		lacks    []string
	}{
		{true, []Link{{"Déclarer un sinistre", "/sinistres/declarer"}, {"Mes sinistres", "/mes-sinistres"}},
			[]string{"Déclarez votre sinistre en ligne", "«\u00a0Mes sinistres\u00a0»", "chez un autre assureur\u00a0? Déclarez-le aussi"},
			[]string{"connectez-vous", "créez votre compte", "10\u00a0jours"}},
		{false, []Link{{"Me connecter pour déclarer", "/login?next=/sinistres/declarer"}, {"Créer un compte", "/register?next=/sinistres/declarer"}},
			[]string{"connectez-vous, ou créez votre compte si vous n’en avez pas encore", "Vous pouvez le déclarer aussi"},
			[]string{"Déclarez votre sinistre", "10\u00a0jours"}},
	}
	for _, tt := range tests {
		for _, text := range []string{"Je veux déclarer un sinistre", "J'ai déposé plainte au commissariat", "un dégât des eaux chez moi"} {
			r, _ := e.Respond(UserContext{SignedIn: tt.signedIn}, text)
			if r.Intent != Claim || !r.SuggestsAgent || len(r.Links) != len(tt.links) {
				t.Fatalf("%q signed in %v: intent %s links %+v, want the claim with %+v", text, tt.signedIn, r.Intent, r.Links, tt.links)
			}
			for i := range tt.links {
				if r.Links[i] != tt.links[i] {
					t.Errorf("%q signed in %v: link %d is %+v, want %+v", text, tt.signedIn, i, r.Links[i], tt.links[i])
				}
			}
			for _, want := range append(append([]string{}, delays...), tt.has...) {
				if !strings.Contains(r.Text, want) {
					t.Errorf("%q signed in %v: reply lacks %q:\n%s", text, tt.signedIn, want, r.Text)
				}
			}
			for _, bad := range tt.lacks {
				if strings.Contains(r.Text, bad) {
					t.Errorf("%q signed in %v: reply has %q:\n%s", text, tt.signedIn, bad, r.Text)
				}
			}
			if bad := badSpacing(r.Text); bad != "" {
				t.Errorf("%q signed in %v: ordinary space in %q", text, tt.signedIn, bad)
			}
		}
	}
}

func TestLaterReplies(t *testing.T) {
	co := laterCompany()
	e := New(co)
	tests := []struct {
		text   string
		intent Intent
		agent  bool
		links  []Link
		has    []string
	}{
		{"déclarer un sinistre", Claim, true,
			[]Link{{"Me connecter pour déclarer", "/login?next=/sinistres/declarer"}, {"Créer un compte", "/register?next=/sinistres/declarer"}},
			[]string{"connectez-vous, ou créez votre compte", "chez un autre assureur\u00a0? Vous pouvez le déclarer aussi\u00a0: indiquez le nom de l’assureur et le numéro du contrat",
				"numéro d’assistance indiqué sur votre contrat", "5\u00a0jours ouvrés", "2\u00a0jours ouvrés pour un vol",
				"30\u00a0jours après la publication de l’arrêté de catastrophe naturelle",
				"constat amiable", "Un conseiller vous aide", Typeset(co.Phone), Typeset(OpeningHours(co.Hours))}},
		{"résiliation", Cancellation, true, []Link{{"Se connecter", LoginPath}, {"Nous contacter", ContactPath}},
			[]string{"Après un an de contrat, la loi Hamon", "assurance auto ou habitation", "connectez-vous à votre espace client, puis choisissez «\u00a0Résilier votre contrat\u00a0»",
				"Un conseiller peut s’en charger"}},
		{"vtc", VTC, true, []Link{{"VTC témoin", "/insurance/vtc"}, {"Demander un devis", "/quote-request?product=vtc"}},
			[]string{"transport de personnes à titre onéreux", "Documents à préparer\u00a0: votre carte professionnelle VTC"}},
		{"flotte", Fleet, true, []Link{{"Flotte témoin", "/insurance/fleet"}, {"Demander un devis", "/quote-request?product=fleet"}},
			[]string{"À partir de trois véhicules", "Documents à préparer\u00a0: un extrait Kbis"}},
		{"temporaire", Temp, true, []Link{{"Temporaire témoin", "/insurance/temp"}, {"Demander un devis", "/quote-request?product=temp"}},
			[]string{"de 1\u00a0à 90\u00a0jours", "Documents à préparer\u00a0: votre permis"}},
		{"rc pro", Pro, true, []Link{{"Pro témoin", "/insurance/pro"}, {"Demander un devis", "/quote-request?product=pro"}},
			[]string{"responsabilité civile professionnelle", "garantie décennale", "Documents à préparer\u00a0: votre numéro SIREN"}},
	}
	for _, tt := range tests {
		r, _ := e.Respond(UserContext{}, tt.text)
		if r.Intent != tt.intent || r.SuggestsAgent != tt.agent {
			t.Errorf("%q: intent %s suggestsAgent %v, want %s %v", tt.text, r.Intent, r.SuggestsAgent, tt.intent, tt.agent)
		}
		if len(r.Links) != len(tt.links) {
			t.Errorf("%q: links %+v, want %+v", tt.text, r.Links, tt.links)
		}
		for i := range min(len(r.Links), len(tt.links)) {
			if r.Links[i] != tt.links[i] {
				t.Errorf("%q: link %d is %+v, want %+v", tt.text, i, r.Links[i], tt.links[i])
			}
		}
		for _, want := range tt.has {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%q: reply lacks %q:\n%s", tt.text, want, r.Text)
			}
		}
	}
}

// TestLaterProductsFillTheContext checks that the products SPEC.md does
// not list are remembered as its four are, and answered in every place a
// reply names the product.
func TestLaterProductsFillTheContext(t *testing.T) {
	e := New(laterCompany())
	tests := []struct {
		msgs   []string
		intent Intent
		has    []string
	}{
		{[]string{"Je suis chauffeur VTC", "combien ça coûte ?"}, Pricing,
			[]string{"Le tarif de votre assurance VTC dépend", "Demander un devis\u00a0: /quote-request?product=vtc"}},
		{[]string{"Combien pour une assurance VTC ?"}, Pricing, []string{"Le tarif de votre assurance VTC"}},
		{[]string{"un devis", "pour ma flotte"}, Fleet, []string{"Le tarif de votre assurance flotte automobile"}},
		{[]string{"quelques jours", "bonjour"}, Greeting, []string{"Vous vous intéressez à notre assurance temporaire"}},
		{[]string{"je suis artisan", "je veux un conseiller"}, HumanAgent, []string{"pour votre assurance professionnelle"}},
		{[]string{"votre téléphone", "je suis commerçant"}, Pro, []string{"Pour en parler de vive voix, appelez-nous au"}},
		{[]string{"assurance auto", "je suis artisan", "combien ?"}, Pricing, []string{"assurance professionnelle"}},
		// A claim or a cancellation that names a product fills it too.
		{[]string{"sinistre de mon entreprise", "votre adresse ?"}, Contact, []string{"concerne votre assurance professionnelle"}},
		// A complaint does not.
		{[]string{"réclamation sur ma flotte", "combien ?"}, Pricing, []string{"Pour quelle assurance souhaitez-vous un devis"}},
	}
	for _, tt := range tests {
		replies, _ := converse(e, tt.msgs...)
		last := replies[len(replies)-1]
		if last.Intent != tt.intent {
			t.Errorf("%q: intent %s, want %s", tt.msgs, last.Intent, tt.intent)
		}
		for _, want := range tt.has {
			if !strings.Contains(last.String(), want) {
				t.Errorf("%q: reply lacks %q:\n%s", tt.msgs, want, last)
			}
		}
	}
}

// TestLaterRepliesAreTypeset runs the new intents in every kind of context.
func TestLaterRepliesAreTypeset(t *testing.T) {
	for _, co := range []Company{laterCompany(), testCompany()} {
		e := New(co)
		contexts := []UserContext{{}, {InterestedProduct: Pro}, {WantsQuote: true}, {WantsContact: true, InterestedProduct: Temp}}
		texts := []string{"réclamation", "sinistre", "résilier", "vtc", "flotte", "temporaire", "pro", "bonjour", "combien", "contact", "agent"}
		for _, uc := range contexts {
			for _, text := range texts {
				r, _ := e.Respond(uc, text)
				if r.Text == "" || strings.Contains(r.Text, "...") {
					t.Errorf("%q in %+v: reply %q", text, uc, r.Text)
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
	}
}
