package chatbot

import (
	"strings"
	"testing"
)

func TestContextIsUsed(t *testing.T) {
	e := New(testCompany())
	tests := []struct {
		name   string
		msgs   []string
		intent Intent
		has    []string
		lacks  []string
	}{
		{
			name:   "a price question after a home question is about home",
			msgs:   []string{"J'ai une question sur l'assurance habitation", "combien ça coûte ?"},
			intent: Pricing,
			has:    []string{"Le tarif de votre assurance habitation", "/insurance/home", "gratuit et sans engagement"},
		},
		{
			name:   "a price question alone asks which product",
			msgs:   []string{"combien ça coûte ?"},
			intent: Pricing,
			has:    []string{"Pour quelle assurance souhaitez-vous un devis"},
			lacks:  []string{"habitation\u00a0dépend"},
		},
		{
			name:   "a product named after a quote request gets the quote",
			msgs:   []string{"Je voudrais un devis", "pour ma voiture"},
			intent: Auto,
			has:    []string{"Le tarif de votre assurance auto", "2\u00a0minutes", "permis de conduire"},
		},
		{
			name:   "the latest product wins",
			msgs:   []string{"assurance auto", "et pour mon appartement ?", "quel prix ?"},
			intent: Pricing,
			has:    []string{"assurance habitation"},
		},
		{
			name:   "a visitor who asked for contact gets the phone with the product",
			msgs:   []string{"Votre téléphone ?", "Et la mutuelle ?"},
			intent: Health,
			has:    []string{"Pour en parler de vive voix, appelez-nous au 01\u00a099\u00a000\u00a012\u00a034"},
		},
		{
			name:   "the greeting follows up on the product",
			msgs:   []string{"retraite", "bonjour"},
			intent: Greeting,
			has:    []string{"Vous vous intéressez à notre assurance vie"},
		},
		{
			name:   "an agent request names the product",
			msgs:   []string{"maison", "je veux un humain"},
			intent: HumanAgent,
			has:    []string{"pour votre assurance habitation", "01\u00a099\u00a000\u00a012\u00a034"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			replies, _ := converse(e, tt.msgs...)
			last := replies[len(replies)-1]
			text := last.String()
			if last.Intent != tt.intent {
				t.Errorf("intent %s, want %s", last.Intent, tt.intent)
			}
			for _, want := range tt.has {
				if !strings.Contains(text, want) {
					t.Errorf("reply lacks %q:\n%s", want, text)
				}
			}
			for _, bad := range tt.lacks {
				if strings.Contains(text, bad) {
					t.Errorf("reply has %q:\n%s", bad, text)
				}
			}
		})
	}
}

func TestContextResetsAfterMoreThanTenEntries(t *testing.T) {
	e := New(testCompany())
	var uc UserContext
	_, uc = e.Respond(uc, "assurance habitation")
	for range ContextCap - 2 {
		_, uc = e.Respond(uc, "merci")
	}
	if uc.Entries != ContextCap-1 || uc.InterestedProduct != Home {
		t.Fatalf("after %d entries: %+v", ContextCap-1, uc)
	}
	// The 10th and 11th entries still see the context; the 11th is one too
	// many, so the context resets after it.
	r, uc := e.Respond(uc, "combien ?")
	if !strings.Contains(r.Text, "assurance habitation") || uc.Entries != ContextCap {
		t.Fatalf("10th entry: %+v\n%s", uc, r.Text)
	}
	r, uc = e.Respond(uc, "combien ?")
	if !strings.Contains(r.Text, "assurance habitation") {
		t.Errorf("11th entry lost the context too early:\n%s", r.Text)
	}
	if uc != (UserContext{}) {
		t.Fatalf("context after 11 entries = %+v, want reset", uc)
	}
	r, uc = e.Respond(uc, "combien ?")
	if !strings.Contains(r.Text, "Pour quelle assurance") || uc.Entries != 1 || !uc.WantsQuote {
		t.Errorf("12th entry after the reset: %+v\n%s", uc, r.Text)
	}
}

func TestContextFlags(t *testing.T) {
	e := New(testCompany())
	_, uc := converse(e, "bonjour", "un devis ?", "votre adresse")
	if !uc.WantsQuote || !uc.WantsContact || uc.InterestedProduct != "" || uc.Entries != 3 {
		t.Errorf("context %+v", uc)
	}
	_, uc = converse(e, "Bonjour, c'est pour une voiture, puis une maison")
	if uc.InterestedProduct != Auto {
		t.Errorf("first product in table order: %+v", uc)
	}
}
