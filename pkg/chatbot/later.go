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
)

// complaintRule is the complaint (ACPR recommendation 2022-R-01): words of
// a grievance, never of a question about a product. "plainte" said to the
// police is not one: see policeComplaints.
func complaintRule() Rule {
	return Rule{Complaint, []string{
		"réclamation", "plainte", "me plaindre", "se plaindre", "me plains", "mécontent", "mécontente",
		"mécontentement", "insatisfait", "insatisfaite", "insatisfaction", "pas content", "pas contente",
		"pas satisfait", "pas satisfaite", "déçu", "déçue", "litige", "médiateur", "médiation",
		"scandaleux", "scandaleuse", "scandale", "inadmissible", "inacceptable",
	}, false}
}

// policeComplaints are the phrases where "plainte" is a report to the
// police or the gendarmerie, as after a theft: they are keywords of the
// claim, and the complaint's keywords inside them do not count.
var policeComplaints = []string{
	"porter plainte", "porté plainte", "porter une plainte", "porté une plainte",
	"déposer plainte", "déposé plainte", "déposer une plainte", "déposé une plainte",
	"dépôt de plainte", "récépissé de plainte", "plainte contre x",
	"plainte au commissariat", "plainte à la police", "plainte à la gendarmerie",
}

// laterRules are the intents checked after the SPEC.md table, in order: a
// claim before a cancellation (the claim has legal delays), then the
// products, VTC and fleet before temporary and professional so that "la
// flotte de mon entreprise" is about the fleet. A keyword an earlier rule
// already takes would never win ("véhicules de société" is auto), so none
// is listed: TestEveryKeyword checks it.
func laterRules() []Rule {
	return []Rule{
		{Claim, append([]string{
			"sinistre", "déclarer un sinistre", "accident", "accrochage", "constat",
			"dégât des eaux", "dégâts des eaux", "dégât d'eau", "fuite d'eau", "inondation",
			"vol", "volé", "cambriolage", "cambriolé", "incendie",
		}, policeComplaints...), true},
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
	return map[Intent][]string{Complaint: policeComplaints}
}
