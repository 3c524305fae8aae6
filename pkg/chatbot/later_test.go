package chatbot

import (
	"slices"
	"strings"
	"testing"
)

// laterCompany is testCompany with the pages of the products SPEC.md does
// not list and complaint delays found nowhere in the engine.
func laterCompany() Company {
	co := testCompany()
	co.Products[VTC] = Page{"VTC témoin", "/insurance/vtc"}
	co.Products[Fleet] = Page{"Flotte témoin", "/insurance/fleet"}
	co.Products[Temp] = Page{"Temporaire témoin", "/insurance/temp"}
	co.Products[Pro] = Page{"Pro témoin", "/insurance/pro"}
	co.Complaints = Complaints{AcknowledgeDays: 7, AnswerMonths: 3, Mediator: "Médiateur Témoin"}
	return co
}

// TestRulesOrder checks PRODUCT.md departure 7: an emergency, then the
// complaint first, the SPEC.md table untouched in its order, the other
// intents after it.
func TestRulesOrder(t *testing.T) {
	var got []Intent
	for _, r := range Rules() {
		got = append(got, r.Intent)
	}
	want := []Intent{Emergency, Complaint, Claim, Withdrawal, Cancellation, Documents, Payment, Account,
		Greeting, Farewell, Thanks, Auto, Home, Health, Life, Contact, Pricing, HumanAgent, VTC, Fleet, Temp, Pro}
	if !slices.Equal(got, want) {
		t.Errorf("rules in order %v, want %v", got, want)
	}
	after := 2 + len(afterSaleRules())
	if spec := specRules(); !slices.EqualFunc(spec, Rules()[after:after+len(spec)], func(a, b Rule) bool {
		return a.Intent == b.Intent && a.SuggestsAgent == b.SuggestsAgent && slices.Equal(a.Keywords, b.Keywords)
	}) {
		t.Error("the SPEC.md table is not whole right after the after-sale intents")
	}
}

func TestDetectLaterIntents(t *testing.T) {
	tests := []struct {
		text string
		want Intent
	}{
		// The complaint comes before every intent of the SPEC.md table.
		{"Je veux faire une réclamation sur mon assurance auto", Complaint},
		{"bonjour, j'ai un litige", Complaint},
		{"Bonjour", Greeting},
		{"Merci, mais je suis mécontente", Complaint},
		{"Je veux parler à un conseiller, c'est scandaleux !", Complaint},
		{"Votre devis est INADMISSIBLE", Complaint},
		{"Je ne suis pas content du tout", Complaint},
		{"Je voudrais me plaindre", Complaint},
		{"je me plains de votre conseiller", Complaint},
		{"Comment saisir le médiateur ?", Complaint},
		{"Deux réclamations", Complaint},
		{"Une plainte contre vous", Complaint},
		{"Je suis très déçue", Complaint},
		// A report to the police is a claim, unless a grievance comes too
		// (TestPlainte has both families).
		{"J'ai porté plainte pour vol", Claim},
		{"Dois-je déposer une plainte ?", Complaint},
		{"le récépissé de plainte", Claim},
		{"plainte contre X", Claim},
		{"J'ai porté plainte et je suis mécontent", Complaint},
		{"dépôt de plainte, puis une autre plainte", Claim},
		// After a sale before the sale: what happened or a contract held
		// wins over a product (PRODUCT.md departure 11), and politeness
		// never hides it (departure 10).
		{"J'ai eu un accident de voiture", Claim},
		{"Un dégât des eaux dans ma maison", Claim},
		{"Résilier mon assurance habitation", Cancellation},
		{"Bonjour, j'ai eu un accident", Claim},
		// The SPEC.md table still wins over the products after it.
		{"Combien pour une assurance VTC ?", Pricing},
		{"Des véhicules de société", Auto},
		{"Une flotte automobile", Auto},
		{"Je suis auto-entrepreneur", Auto},
		// Claim, then cancellation, then the products.
		{"Déclarer un sinistre", Claim},
		{"On m'a volé mon vélo", Claim},
		{"Dégâts des eaux chez moi", Claim},
		{"un cambriolage, je veux résilier", Claim},
		{"Incendie !", Claim},
		{"J'ai rempli un constat", Claim},
		{"Comment résilier ?", Cancellation},
		{"La loi Hamon", Cancellation},
		{"Je veux annuler mon contrat", Cancellation},
		{"changer d'assureur pour mon entreprise", Cancellation},
		{"Je suis chauffeur Uber", VTC},
		{"chauffeur VTC pour mon entreprise", VTC},
		{"la flotte de mon entreprise", Fleet},
		{"Une assurance temporaire pour mon entreprise", Temp},
		{"pour quelques jours seulement", Temp},
		{"une couverture de courte durée", Temp},
		{"une RC pro", Pro},
		{"Je suis artisan", Pro},
		{"Commerçante à Lyon", Pro},
		{"Assurance professionnelle", Pro},
		{"La décennale", Pro},
		// Never inside another word.
		{"Oui, volontiers", Unknown},
		{"l'envol", Unknown},
		{"on m'a voler mon vélo", Claim}, // an inflection of « volé », as clients misspell it
		{"constater", Unknown},
		{"une proposition", Unknown},
		{"un produit", Unknown},
		{"professeur", Unknown},
		{"temporairement", Unknown},
		{"provisoirement", Unknown},
		{"constater", Unknown},
		{"accidentel", Unknown},
		{"je suis content", Unknown},
		{"satisfait", Unknown},
		{"litigieux", Unknown},
		{"médiatique", Unknown},
		{"flotter", Unknown},
		{"un chauffe-eau", Unknown},
		{"commercial", Unknown},
		{"artisanal", Unknown},
		{"entreprendre", Unknown},
		{"plaindre", Unknown},
		{"scandaleusement", Unknown},
		{"vtcs", VTC},
	}
	e := New(laterCompany())
	for _, tt := range tests {
		if got := e.Detect(tt.text); got != tt.want {
			t.Errorf("Detect(%q) = %s, want %s", tt.text, got, tt.want)
		}
	}
}

func TestComplaintReply(t *testing.T) {
	e := New(laterCompany())
	r, uc := e.Respond(UserContext{}, "Je veux faire une réclamation sur mon devis d'assurance auto")
	if r.Intent != Complaint || r.SuggestsAgent {
		t.Errorf("intent %s suggestsAgent %v, want complaint without an agent", r.Intent, r.SuggestsAgent)
	}
	for _, want := range []string{"formulaire de réclamation", "sous 7\u00a0jours ouvrables", "3\u00a0mois au plus",
		"au bout de 3\u00a0mois", "le médiateur, Médiateur Témoin."} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("complaint reply lacks %q:\n%s", want, r.Text)
		}
	}
	if len(r.Links) != 1 || r.Links[0] != (Link{"Faire une réclamation", ComplaintPath}) || ComplaintPath != "/reclamations" {
		t.Errorf("complaint links %+v", r.Links)
	}
	// Never a sales reply, and nothing of the complaint feeds one later.
	for _, sales := range []string{"devis", "tarif", "offre", "sans engagement", "assurance auto", "/insurance", QuotePath} {
		if strings.Contains(strings.ToLower(r.String()), sales) {
			t.Errorf("complaint reply sells (%q):\n%s", sales, r)
		}
	}
	if uc.InterestedProduct != "" || uc.WantsQuote || uc.Entries != 1 {
		t.Errorf("context after a complaint %+v, want only the entry counted", uc)
	}
	// A context that was there stays: the complaint neither uses nor clears it.
	before := UserContext{InterestedProduct: Home, WantsQuote: true, WantsContact: true, Entries: 2}
	r2, after := e.Respond(before, "litige")
	if r2.Text != r.Text || after != (UserContext{InterestedProduct: Home, WantsQuote: true, WantsContact: true, Entries: 3}) {
		t.Errorf("complaint in a context: %+v\n%s", after, r2.Text)
	}
}

func TestComplaintReplyWithoutTheProfile(t *testing.T) {
	tests := []struct {
		c     Complaints
		has   []string
		lacks []string
	}{
		{Complaints{AcknowledgeDays: 1, AnswerMonths: 1}, []string{"sous 1\u00a0jour ouvrable et", "1\u00a0mois au plus", "le médiateur de l’assurance."}, nil},
		{Complaints{AcknowledgeDays: 10}, []string{"sous 10\u00a0jours ouvrables.", "sans réponse dans ce délai"}, []string{"mois"}},
		{Complaints{AnswerMonths: 2, Mediator: "M"}, []string{"Nous vous répondons dans un délai de 2\u00a0mois", "le médiateur, M."}, []string{"ouvrable"}},
		{Complaints{}, []string{"formulaire de réclamation", "sans réponse dans ce délai"}, []string{"ouvrable", "mois", "0\u00a0"}},
	}
	for _, tt := range tests {
		co := laterCompany()
		co.Complaints = tt.c
		r, _ := New(co).Respond(UserContext{}, "réclamation")
		for _, want := range tt.has {
			if !strings.Contains(r.Text, want) {
				t.Errorf("%+v: reply lacks %q:\n%s", tt.c, want, r.Text)
			}
		}
		for _, bad := range tt.lacks {
			if strings.Contains(r.Text, bad) {
				t.Errorf("%+v: reply has %q:\n%s", tt.c, bad, r.Text)
			}
		}
	}
}
