package chatbot

import "strings"

// Emergency is a message that tells of a danger now: a person injured, a
// fire burning, water still running. It is checked before every other
// intent, the complaint included, and answered with the emergency numbers
// and the assistance line, never with a form.
const Emergency Intent = "emergency"

// The kinds of emergency, as rules of the cue matcher: their replies say
// what to do first.
const (
	cueInjured Intent = "injured"
	cueFire    Intent = "fire"
	cueWater   Intent = "water"
)

// The words of each kind, in the present: « ma maison a brûlé » or « l'eau
// a coulé » tell of a claim, not of an emergency.
var (
	injuredWords = []string{"blessé", "blessée", "blessure", "victime", "inconscient", "inconsciente", "ne respire plus"}
	fireWords    = []string{
		"au feu", "en feu", "il y a le feu", "le feu a pris", "pris feu", "prend feu", "feu en cours", "incendie en cours",
		"ça brûle", "tout brûle", "maison brûle", "appartement brûle", "cuisine brûle", "voiture brûle", "immeuble brûle",
	}
	waterWords = []string{
		"eau coule", "eau qui coule", "ça coule", "coule encore", "coule toujours", "ça fuit", "fuit encore", "fuit toujours",
		"fuite qui continue", "fuite continue", "fuite en cours", "inondation en cours", "dégât des eaux en cours",
		"eau monte", "eau qui monte", "ça inonde",
	}
	// roadWords are a car stopped on the road: the reply's emergency
	// numbers and assistance line are what the driver needs first.
	roadWords = []string{"en panne", "dépanneuse", "dépanneur", "au secours"}
)

// emergencyRule is the first line of the intent table.
func emergencyRule() Rule {
	words := append(append(append(append([]string{}, injuredWords...), fireWords...), waterWords...), roadWords...)
	return Rule{Emergency, words, false}
}

// notEmergencies are the phrases in which the words of an emergency do
// not count: no one injured (« accrochage sans blessé »), a victim of a
// theft or a fraud, the traffic light of « au feu rouge ».
func notEmergencies() []string {
	var out []string
	for _, no := range []string{"sans", "pas de", "pas", "pas été", "aucun", "aucune", "ni", "personne de", "personne n'est", "personne n'a été"} {
		for _, w := range []string{"blessé", "blessée", "blessure", "victime"} {
			out = append(out, no+" "+w)
		}
	}
	for _, what := range []string{"d'un vol", "d'une tentative de vol", "d'un cambriolage", "d'une escroquerie", "d'une arnaque",
		"d'une fraude", "d'un piratage", "d'une usurpation", "de vandalisme", "d'actes de vandalisme"} {
		out = append(out, "victime "+what)
	}
	for _, light := range []string{"rouge", "orange", "vert", "tricolore"} {
		out = append(out, "au feu "+light)
	}
	return out
}

// emergencyCues are the kinds of emergency, for the cue matcher.
func emergencyCues() []Rule {
	return []Rule{{Intent: cueInjured, Keywords: injuredWords}, {Intent: cueFire, Keywords: fireWords}, {Intent: cueWater, Keywords: waterWords}}
}

// Assistance is the 24/7 assistance line of a contract in force of the
// signed-in client, as the caller found it (Input.Assistance).
type Assistance struct {
	// Insurer is the insurer's name: "Assurances Témoin".
	Insurer string
	// Product names the contract, "Assurance auto"; empty, it is left out.
	Product string
	Phone   string
}

// emergency gives the emergency numbers, what to do first for the kinds
// found in cues, and the assistance lines of the client's contracts or
// where to find them. No form and no link to one: only numbers to call.
func (e *Engine) emergency(cues uint64, lines []Assistance) (string, []Link) {
	injured, fire, water := e.cues.has(cues, cueInjured), e.cues.has(cues, cueFire), e.cues.has(cues, cueWater)
	text := "En cas de danger, appelez d’abord les secours :\n" +
		"• 15 : SAMU, pour une urgence médicale ;\n" +
		"• 18 : pompiers, pour un incendie, un accident ou une personne en danger ;\n" +
		"• 17 : police ou gendarmerie ;\n" +
		"• 112 : numéro d’urgence européen, depuis n’importe quel téléphone ;\n" +
		"• 114 : par SMS, pour les personnes sourdes ou malentendantes."
	var links []Link
	if injured {
		text += "\nNe déplacez pas une personne blessée, sauf danger immédiat, et restez auprès d’elle jusqu’à l’arrivée des secours."
		links = append(links, Link{Label: "Appeler le SAMU (15)", Href: "tel:15"})
	}
	if fire {
		text += "\nEn cas d’incendie, sortez tout de suite et faites sortir tout le monde, fermez les portes derrière vous sans prendre de risque, " +
			"n’utilisez pas l’ascenseur, puis appelez le 18."
		links = append(links, Link{Label: "Appeler les pompiers (18)", Href: "tel:18"})
	}
	if water {
		text += "\nSi l’eau coule encore, coupez-la au robinet d’arrêt, près du compteur d’eau, et coupez l’électricité si l’eau approche des prises ou du tableau électrique. " +
			"Si c’est une inondation, mettez-vous en hauteur et ne prenez pas votre voiture."
	}
	links = append(links, Link{Label: "Appeler le 112", Href: "tel:112"})
	if len(lines) == 0 {
		text += "\nAppelez ensuite l’assistance de votre assureur, joignable 24h/24 : son numéro figure sur votre contrat, " +
			"sur votre carte d’assurance ou sur le Mémo Véhicule Assuré."
	} else {
		named := make([]string, len(lines))
		for i, l := range lines {
			named[i] = l.Insurer
			if l.Product != "" {
				named[i] += " (" + lowerFirst(l.Product) + ")"
			}
			named[i] += " au " + l.Phone
			links = append(links, Link{Label: "Appeler l’assistance " + l.Insurer, Href: telHref(l.Phone)})
		}
		text += "\nAppelez ensuite l’assistance de votre contrat, joignable 24h/24 : " + strings.Join(named, ", ") + "."
	}
	text += "\nUne fois tout le monde en sécurité, vous déclarerez le sinistre : un conseiller vous y aide au " + e.co.Phone + "."
	return text, links
}

// telHref is the tel: link of a phone number written with spaces or dots.
func telHref(phone string) string {
	var b strings.Builder
	b.WriteString("tel:")
	for _, r := range phone {
		if r >= '0' && r <= '9' || r == '+' && b.Len() == len("tel:") {
			b.WriteRune(r)
		}
	}
	return b.String()
}
