// Package chatbot is the rule-based assistant of SPEC.md §4 (Bot mode): it
// finds the intent of a message by keyword, keeps the conversation context
// of SPEC.md §3 and writes canned French replies. Beyond the SPEC.md table
// it recognises an emergency first, a complaint next, then what happens
// after a sale (claims, cancellations, withdrawals, documents, payment, the
// account) before any product or price, and the products SPEC.md does not
// list last (PRODUCT.md, deliberate departures 7 and 11). Greeting, thanks
// and farewell decide only a message that holds nothing else (departure
// 10). Words are compared by their Snowball stem, with one typo allowed in
// a word of 6 letters or more (match.go).
// It is pure: no I/O, no clock, no database; the caller stores the context
// between messages and gives the company's details.
package chatbot

// Intent is what a message is about, one line of the intent table.
type Intent string

// The intents of SPEC.md §4, in the order its table checks them.
const (
	Greeting   Intent = "greeting"
	Farewell   Intent = "farewell"
	Thanks     Intent = "thanks"
	Auto       Intent = "auto"
	Home       Intent = "home"
	Health     Intent = "health"
	Life       Intent = "life"
	Contact    Intent = "contact"
	Pricing    Intent = "pricing"
	HumanAgent Intent = "human_agent"
	Unknown    Intent = "unknown"
)

// Rule is one line of the intent table: its keywords, whole words or
// phrases, and whether its reply suggests an agent.
type Rule struct {
	Intent        Intent
	Keywords      []string
	SuggestsAgent bool
}

// Rules returns the intent table in checking order: an emergency first,
// then the complaint, then what happens after a sale (a claim, a
// cancellation, a withdrawal, documents, payment, the account), then the
// table of SPEC.md §4, then the products SPEC.md does not list (PRODUCT.md,
// departures 7 and 11). A danger now is answered before anything else, and
// a client who reports a loss, wants to leave or cannot find a document is
// never answered with a pitch. Greeting, thanks and farewell keep their
// place but decide only when nothing else is found (Engine.first).
func Rules() []Rule {
	rules := append([]Rule{emergencyRule(), complaintRule()}, afterSaleRules()...)
	rules = append(rules, specRules()...)
	return append(rules, laterRules()...)
}

// specRules returns the intent table of SPEC.md §4 in checking order. The
// keywords after the SPEC's own are words a visitor uses for the same
// thing, most of them named on the site itself ("moto", "mutuelle",
// "prévoyance", "e-mail", "horaires"), or forms that whole-word matching
// would otherwise miss ("contacter", "conseillère", "bonsoir"): without
// them "assurance moto" or "comment vous contacter ?" would be unknown.
func specRules() []Rule {
	return []Rule{
		{Greeting, []string{"bonjour", "salut", "hello", "bonsoir", "coucou"}, false},
		{Farewell, []string{"au revoir", "bye", "ciao"}, false},
		{Thanks, []string{"merci", "thanks"}, false},
		{Auto, []string{"auto", "voiture", "véhicule", "permis", "conducteur", "automobile", "moto", "tous risques", "au tiers"}, true},
		{Home, []string{"habitation", "maison", "appartement", "logement", "propriétaire", "locataire", "studio", "colocation"}, true},
		{Health, []string{"santé", "médecin", "hôpital", "soins", "remboursement", "mutuelle"}, true},
		{Life, []string{"vie", "décès", "retraite", "épargne", "capital", "prévoyance"}, true},
		{Contact, []string{"contact", "téléphone", "email", "adresse", "appeler", "e-mail", "contacter", "horaires", "joindre", "ouvert"}, false},
		{Pricing, []string{"tarif", "prix", "devis", "coût", "combien", "coûte", "cher"}, true},
		{HumanAgent, []string{"agent", "conseiller", "humain", "parler", "vrai", "conseillère", "une personne"}, true},
	}
}

// Product is the insurance a visitor is interested in (interestedProduct of
// SPEC.md §3): one of the product intents.
type Product = Intent

// products are the intents that name an insurance product, in table order.
var products = [...]Intent{Auto, Home, Health, Life, VTC, Fleet, Temp, Pro}

// isProduct tells whether intent names a product.
func isProduct(intent Intent) bool {
	for _, p := range products {
		if p == intent {
			return true
		}
	}
	return false
}

// intentLabels name the intents in French for the broker's staff
// (`courtier chat` prints « Intention : habitation »).
var intentLabels = map[Intent]string{
	Emergency: "urgence", Complaint: "réclamation",
	Greeting: "salutation", Farewell: "au revoir", Thanks: "remerciement",
	Auto: "auto", Home: "habitation", Health: "santé", Life: "vie",
	Contact: "coordonnées", Pricing: "tarif", HumanAgent: "conseiller",
	Claim: "sinistre", Cancellation: "résiliation", VTC: "VTC", Fleet: "flotte",
	Temp: "assurance temporaire", Pro: "assurance professionnelle",
	Withdrawal: "rétractation", Documents: "documents du contrat", Payment: "paiement", Account: "compte client",
	Unknown: "non reconnue",
}

// Label is the intent's French name; the identifier itself for an intent
// without one.
func (i Intent) Label() string {
	if l, ok := intentLabels[i]; ok {
		return l
	}
	return string(i)
}
