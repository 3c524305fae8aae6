package chatbot

// « Plainte » names two things: a complaint against the broker, which must
// never be missed (ACPR 2022-R-01), and a report to the police after a
// theft, a step of a claim. The word is read with the whole sentence, by
// one rule, in this order:
//  1. a complaint when the sentence aims it at the broker: « plainte
//     contre vous », « contre votre agence », « contre le courtier »…
//     (plainteAgainstUs);
//  2. a report to the police when the sentence names the police, the
//     gendarmerie, a theft, a burglary, « contre X », a receipt, or says
//     the report was made: « j'ai déposé plainte », « nous avons porté
//     plainte » (plainteAtPolice);
//  3. a complaint otherwise: « je veux déposer une plainte » alone.
//
// A past tense needs its auxiliary: without accents « porte plainte » is
// also the present (« je porte plainte ! »), which stays a complaint
// unless the police or a theft is named.

// plainteReading is what the word « plainte » of a message is.
type plainteReading int

const (
	noPlainte plainteReading = iota
	plainteComplaint
	plainteReport
)

// The cues of the rule, as rules of their own matcher.
const (
	cuePlainte Intent = "plainte"
	cueUs      Intent = "against-us"
	cuePolice  Intent = "police"
)

// plainteAgainstUs are the phrases that aim a « plainte » at the broker,
// its staff or its insurers; the caller adds « contre » and the broker's
// name.
var plainteAgainstUs = []string{
	"contre vous", "contre votre service", "contre vos services", "contre le service", "contre votre société",
	"contre votre entreprise", "contre votre compagnie", "contre votre site", "contre votre plateforme",
	"contre le courtier", "contre votre courtier", "contre mon courtier", "contre votre cabinet", "contre le cabinet",
	"contre votre agence", "contre l'agence", "contre votre agent", "contre l'agent", "contre un agent",
	"contre votre conseiller", "contre votre conseillère", "contre le conseiller", "contre la conseillère",
	"contre mon conseiller", "contre ma conseillère", "contre un conseiller", "contre une conseillère",
	"contre votre assureur", "contre mon assureur", "contre l'assureur",
}

// plainteAtPolice are the words that make a « plainte » a report to the
// police: who takes it, what it follows, its papers, and the past tenses
// of pastReports.
var plainteAtPolice = append([]string{
	"police", "policier", "policière", "gendarmerie", "gendarme", "commissariat",
	"vol", "volé", "volée", "voleur", "voleuse", "cambriolage", "cambriolé", "cambriolée", "cambrioleur",
	"effraction", "agression", "agressé", "agressée", "vandalisme", "vandalisé", "vandalisée",
	"contre x", "contre inconnu", "récépissé", "dépôt de plainte", "pré-plainte", "main courante",
	"plainte déposée", "plainte a été déposée",
}, pastReports()...)

// pastReports are the past tenses of a report: « ai déposé plainte »,
// « avons porté une plainte », « suis allée porter plainte »…
func pastReports() []string {
	var out []string
	for _, aux := range []string{"ai", "a", "avons", "avez", "ont", "avais", "avait", "avions", "ai déjà", "a déjà", "avons déjà"} {
		for _, verb := range []string{"porté", "déposé"} {
			out = append(out, aux+" "+verb+" plainte", aux+" "+verb+" une plainte")
		}
	}
	for _, went := range []string{"suis allé", "suis allée", "sommes allés", "sommes allées", "est allé", "est allée"} {
		for _, verb := range []string{"porter", "déposer"} {
			out = append(out, went+" "+verb+" plainte", went+" "+verb+" une plainte")
		}
	}
	return out
}

// plainteCues are the cues of the rule, for the broker named name.
func plainteCues(name string) []Rule {
	us := plainteAgainstUs
	if name != "" {
		us = append(us[:len(us):len(us)], "contre "+name)
	}
	return []Rule{
		{Intent: cuePlainte, Keywords: []string{"plainte"}},
		{Intent: cueUs, Keywords: us},
		{Intent: cuePolice, Keywords: plainteAtPolice},
	}
}

// readPlainte applies the rule to the cues found in a message.
func (e *Engine) readPlainte(found uint64) plainteReading {
	switch {
	case !e.cues.has(found, cuePlainte):
		return noPlainte
	case e.cues.has(found, cueUs):
		return plainteComplaint
	case e.cues.has(found, cuePolice):
		return plainteReport
	}
	return plainteComplaint
}
