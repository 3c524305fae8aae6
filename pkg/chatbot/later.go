package chatbot

// The intents SPEC.md does not list (PRODUCT.md, deliberate departure 7):
// the complaint, checked before the SPEC.md table, and the others, checked
// after it and before unknown. Their names are those of `courtier chat
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
		"scandaleux", "scandaleuse", "scandale", "inadmissible", "inacceptable",
	}, false}
}

// laterRules are the intents checked after the SPEC.md table, in order: a
// claim before a cancellation (the claim has legal delays), then the
// products, VTC and fleet before temporary and professional so that "la
// flotte de mon entreprise" is about the fleet. A keyword an earlier rule
// already takes would never win ("véhicules de société" is auto), so none
// is listed: TestEveryKeyword checks it.
func laterRules() []Rule {
	return []Rule{
		{Claim, []string{
			"sinistre", "déclarer un sinistre", "accident", "accrochage", "constat",
			"dégât des eaux", "dégâts des eaux", "dégât d'eau", "fuite d'eau", "inondation",
			"vol", "volé", "cambriolage", "cambriolé", "incendie",
		}, true},
		{Cancellation, []string{
			"résilier", "résiliation", "résilie", "annuler mon contrat", "annuler mon assurance",
			"loi hamon", "changer d'assureur",
		}, true},
		{VTC, []string{"vtc", "chauffeur", "uber", "heetch", "transport de personnes"}, true},
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
