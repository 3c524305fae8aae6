package chatbot

// The intents SPEC.md does not list (PRODUCT.md, deliberate departures 7
// and 11): the complaint and the after-sale intents, checked before the
// SPEC.md table, and the products, checked after it and before unknown.
// Their names are those of `courtier chat
// --json`; the product ones are also the site's product ids
// (site/routes.json), which their quote links carry.
const (
	Complaint    Intent = "complaint"
	Claim        Intent = "claim"
	Cancellation Intent = "cancellation"
	VTC          Intent = "vtc"
	Fleet        Intent = "fleet"
	Temp         Intent = "temp"
	Pro          Intent = "pro"
	Withdrawal   Intent = "withdrawal"
	Documents    Intent = "documents"
	Payment      Intent = "payment"
	Account      Intent = "account"
)

// complaintRule is the complaint (ACPR recommendation 2022-R-01): words of
// a grievance, never of a question about a product. The word « plainte »
// is not among them: a report to the police is not a complaint, and
// readPlainte (plainte.go) tells the two apart with the whole sentence.
func complaintRule() Rule {
	return Rule{Complaint, []string{
		"réclamation", "me plaindre", "se plaindre", "me plains", "mécontent", "mécontente",
		"mécontentement", "insatisfait", "insatisfaite", "insatisfaction", "pas content", "pas contente",
		"pas satisfait", "pas satisfaite", "déçu", "déçue", "litige", "médiateur", "médiation",
		"scandaleux", "scandaleuse", "scandale", "inadmissible", "inacceptable", "conteste", "contester",
	}, false}
}

// afterSaleRules are the intents of something that happened or of a
// contract held, checked after the complaint and before the SPEC.md table,
// in order: a claim first (it has legal delays), then a withdrawal before
// a cancellation (« annuler » a contract signed days ago is a withdrawal),
// documents, payment and the account.
func afterSaleRules() []Rule {
	return []Rule{
		{Claim, []string{
			"sinistre", "déclarer un sinistre", "accident", "accrochage", "accroché", "constat", "embouti", "percuté", "rentré dedans", "rentrer dedans",
			"dégât des eaux", "dégâts des eaux", "dégât d'eau", "fuite d'eau", "inondation", "inondé", "dégât", "bris de glace", "pare-brise",
			"vol", "volé", "volée", "voleur", "m'a piqué", "cambriolage", "cambriolé", "effraction", "vandalisé", "vandalisée", "vandalisme",
			"incendie", "grêle", "tempête", "rayé", "rayure", "abîmé", "fissuré", "cassé", "tombé sur",
		}, true},
		{Withdrawal, []string{
			"rétracter", "rétractation", "renoncer", "renonciation", "revenir en arrière", "encore annuler", "par erreur",
			"regrette", "annuler ma souscription", "annuler la souscription",
		}, true},
		{Cancellation, []string{
			"résilier", "résiliation", "résilie", "annuler mon contrat", "annuler mon assurance", "arrêter mon contrat", "arrêter mon assurance",
			"mettre fin", "reconduire", "reconduction", "désabonner", "loi hamon", "changer d'assureur",
			"vends ma voiture", "vends mon véhicule", "vendu ma voiture", "vendu mon véhicule", "vente de ma voiture", "vente du véhicule",
			"quitte mon logement",
		}, true},
		{Documents, []string{
			"attestation", "mémo véhicule assuré", "mémo", "carte verte", "carte d'assurance", "conditions générales", "conditions particulières",
			"papiers", "documents", "document", "copie", "télécharger", "relevé d'information", "contrat signé", "trouve pas mon contrat",
		}, false},
		{Payment, []string{
			"rib", "iban", "prélèvement", "prélevé", "prélever", "impayé", "échéancier", "échéance de paiement", "carte bancaire",
			"coordonnées bancaires", "compte bancaire", "banque", "paiement", "payer par", "pu payer", "payer tous les mois",
			"cotisation", "mensualité", "mandat sepa", "sepa", "relance",
		}, true},
		{Account, []string{
			"mot de passe", "mdp", "identifiant", "me connecter", "se connecter", "connexion", "code de confirmation", "code de vérification",
			"mon compte", "un compte", "espace client", "mon espace", "réinitialiser", "compte bloqué", "déconnecté", "mes données",
		}, false},
	}
}

// laterRules are the products SPEC.md does not list, checked after its
// table and before unknown, in order: VTC and fleet before temporary and
// professional so that "la flotte de mon entreprise" is about the fleet. A
// keyword an earlier rule already takes would never win ("véhicules de
// société" is auto), so none is listed: TestEveryKeyword checks it.
func laterRules() []Rule {
	return []Rule{
		{VTC, []string{"vtc", "chauffeur", "uber", "heetch", "transport de personnes", "taxi"}, true},
		{Fleet, []string{"flotte", "gestionnaire de parc"}, true},
		{Temp, []string{"temporaire", "courte durée", "quelques jours", "quelques semaines", "provisoire"}, true},
		{Pro, []string{
			"professionnelle", "professionnel", "rc pro", "pro", "artisan", "commerçant", "commerçante",
			"commerce", "entreprise", "entrepreneur", "indépendant", "indépendante", "profession libérale",
			"tpe", "pme", "décennale", "multirisque",
		}, true},
	}
}

// exceptions are, by intent, the phrases in which its keywords do not count.
func exceptions() map[Intent][]string {
	return map[Intent][]string{Emergency: notEmergencies()}
}
