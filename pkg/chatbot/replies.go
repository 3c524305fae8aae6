package chatbot

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// UnknownReply answers a message no keyword matches (SPEC.md §8), typeset.
const UnknownReply = "Je ne suis pas sûr de comprendre votre demande. Pouvez-vous reformuler ou me poser une question sur nos services d’assurance\u00a0?"

// FailureReply is shown when the assistant cannot answer (SPEC.md §8), typeset.
const FailureReply = "Désolé, je rencontre des difficultés techniques. Voulez-vous parler avec un agent\u00a0?"

// productCopy is what the replies say about one product.
type productCopy struct {
	// noun follows "votre": "assurance habitation".
	noun      string
	coverage  string
	documents string
	process   string
	// price says what the premium depends on, after "dépend".
	price string
}

// copyOf is the copy of a product intent.
func copyOf(p Product) productCopy {
	if c, ok := laterCopy[p]; ok {
		return c
	}
	switch p {
	case Auto:
		return productCopy{
			noun: "assurance auto",
			coverage: "Pour votre voiture ou votre deux-roues, nous comparons les formules de nos assureurs partenaires : " +
				"tiers (la responsabilité civile obligatoire), tiers étendu (vol, incendie, bris de glace) ou tous risques, avec assistance 0 km en option. " +
				"Nous assurons aussi les chauffeurs VTC, les flottes d’entreprise et les besoins temporaires.",
			documents: "votre permis de conduire, la carte grise du véhicule et votre relevé d’information (bonus-malus et sinistres des dernières années).",
			process:   "Le devis auto se fait en ligne en 2 minutes, gratuit et sans engagement ; vous souscrivez ensuite par signature électronique, sans vous déplacer.",
			price:     "du véhicule, de votre profil de conducteur (bonus-malus, ancienneté du permis) et de la formule choisie",
		}
	case Home:
		return productCopy{
			noun: "assurance habitation",
			coverage: "Locataire ou propriétaire, occupant ou non, notre assurance habitation protège votre logement et vos biens : " +
				"incendie, dégâts des eaux, vol, bris de glace, catastrophes naturelles, ainsi que la responsabilité civile de toute la famille.",
			documents: "l’adresse et la surface du logement, le nombre de pièces, la valeur approximative de vos biens et, si vous changez d’assureur, votre contrat actuel.",
			process:   "Le devis est gratuit et sans engagement ; une fois le contrat signé en ligne, vous recevez l’attestation d’assurance à remettre à votre bailleur ou à votre syndic.",
			price:     "de la surface et de l’adresse du logement, de votre statut (locataire ou propriétaire) et de la valeur de vos biens",
		}
	case Health:
		return productCopy{
			noun: "mutuelle santé",
			coverage: "Notre mutuelle santé complète les remboursements de l’Assurance maladie : consultations chez le médecin, hospitalisation, " +
				"optique, dentaire et audition, avec le niveau de garanties qui vous convient.",
			documents: "la date de naissance des personnes à couvrir, votre régime de sécurité sociale et vos besoins de soins (lunettes, dentaire, spécialistes).",
			process:   "Le devis est gratuit et sans engagement ; la souscription se fait en ligne, sans vous déplacer.",
			price:     "de l’âge des personnes couvertes, de votre régime et du niveau de remboursement choisi",
		}
	default:
		return productCopy{
			noun: "assurance vie",
			coverage: "L’assurance vie vous permet d’épargner, de préparer votre retraite et de transmettre un capital à vos proches ; " +
				"la prévoyance protège votre famille en cas de décès, d’invalidité ou d’arrêt de travail.",
			documents: "une pièce d’identité, un justificatif de domicile et, pour l’épargne, l’origine des sommes versées (une obligation légale).",
			process:   "Un conseiller étudie vos objectifs avec vous avant toute souscription ; le devis est gratuit et sans engagement.",
			price:     "de votre âge et du capital garanti pour la prévoyance ; en assurance vie, c’est vous qui choisissez vos versements",
		}
	}
}

// reply writes the answer of intent in the context uc, typeset; cues and
// lines are for an emergency.
func (e *Engine) reply(intent Intent, uc UserContext, cues uint64, lines []Assistance) Reply {
	r := Reply{Intent: intent, SuggestsAgent: e.suggestsAgent(intent)}
	switch {
	case intent == Emergency:
		r.Text, r.Links = e.emergency(cues, lines)
	case intent == Greeting:
		r.Text = e.greeting(uc)
	case intent == Farewell:
		r.Text = "Au revoir et à bientôt ! Je reste disponible " + e.co.Online + " si vous avez d’autres questions."
	case intent == Thanks:
		r.Text = "Avec plaisir ! Avez-vous d’autres questions sur nos assurances ?"
	case isProduct(intent) && uc.WantsQuote:
		r.Text, r.Links = e.quote(intent)
	case isProduct(intent):
		r.Text, r.Links = e.product(intent)
	case intent == Contact:
		r.Text, r.Links = e.contact(uc)
	case intent == Pricing && uc.InterestedProduct != "":
		r.Text, r.Links = e.quote(uc.InterestedProduct)
	case intent == Pricing:
		r.Text, r.Links = e.pricing()
	case intent == HumanAgent:
		r.Text = e.humanAgent(uc)
	case intent == Complaint:
		r.Text, r.Links = e.complaint()
	case intent == Claim:
		r.Text, r.Links = e.claim(uc.SignedIn)
	case intent == Cancellation:
		r.Text, r.Links = e.cancellation(uc.SignedIn)
	case intent == Withdrawal:
		r.Text, r.Links = e.withdrawal(uc.SignedIn)
	case intent == Documents:
		r.Text, r.Links = e.documents(uc.SignedIn)
	case intent == Payment:
		r.Text, r.Links = e.payment(uc.SignedIn)
	case intent == Account:
		r.Text, r.Links = e.account(uc.SignedIn)
	default:
		r.Text = UnknownReply
	}
	if isProduct(intent) && uc.WantsContact {
		r.Text += "\nPour en parler de vive voix, appelez-nous au " + e.co.Phone + ", " + OpeningHours(e.co.Hours) + "."
	}
	// The one exit of every answer: the copy above is written with
	// ordinary spaces, French typography is applied here, to the text and
	// to the links' labels (page titles from the company profile).
	r.Text = Typeset(r.Text)
	for i := range r.Links {
		r.Links[i].Label = Typeset(r.Links[i].Label)
	}
	return r
}

func (e *Engine) greeting(uc UserContext) string {
	if uc.InterestedProduct != "" {
		return "Bonjour ! Vous vous intéressez à notre " + copyOf(uc.InterestedProduct).noun +
			" : que souhaitez-vous savoir ? Les garanties, les documents à préparer ou le tarif ?"
	}
	return "Bonjour ! Je suis l’assistant " + e.co.of() + ". Je peux vous renseigner sur nos assurances auto, habitation, santé et vie, " +
		"vous aider à obtenir un devis gratuit ou vous donner nos coordonnées. Que puis-je faire pour vous ?"
}

// product describes p: coverage, documents to prepare, process.
func (e *Engine) product(p Product) (string, []Link) {
	c := copyOf(p)
	pg := e.co.page(p)
	text := c.coverage + "\nDocuments à préparer : " + c.documents + "\n" + c.process
	return text, []Link{{Label: pg.Title, Href: pg.Path}, {Label: "Demander un devis", Href: quotePath(p)}}
}

// quote answers a price or quote question about p.
func (e *Engine) quote(p Product) (string, []Link) {
	c := copyOf(p)
	pg := e.co.page(p)
	delay := ""
	if p == Auto {
		delay = " et ne prend que 2 minutes"
	}
	text := "Le tarif de votre " + c.noun + " dépend " + c.price + ". " +
		"Votre devis est gratuit et sans engagement" + delay + " : faites votre demande en ligne, " +
		"un conseiller vous répond avec les meilleures offres de nos assureurs partenaires.\n" +
		"Pour aller plus vite, préparez " + c.documents
	links := []Link{{Label: "Demander un devis", Href: quotePath(p)}, {Label: pg.Title, Href: pg.Path}}
	if path, ok := instantPaths[p]; ok {
		text += "\nVous pouvez aussi obtenir votre prix tout de suite, sans créer de compte : quelques questions suffisent, " +
			"et vous comparez les formules de nos assureurs partenaires."
		links = append([]Link{{Label: "Obtenir mon prix", Href: path}}, links...)
	}
	return text, links
}

// instantPaths are the site's instant-price pages of the products priced
// at once (pkg/pricing); the others are priced by a person.
var instantPaths = map[Product]string{Auto: "/prix/auto", Home: "/prix/habitation", VTC: "/prix/vtc", Temp: "/prix/temporaire"}

// pricing answers a price question when no product is known yet.
func (e *Engine) pricing() (string, []Link) {
	text := "Nos devis sont gratuits et sans engagement, et le devis auto ne prend que 2 minutes. " +
		"Le tarif dépend de votre profil et des garanties choisies : nous comparons les offres de nos assureurs partenaires " +
		"pour vous obtenir le meilleur rapport garanties-prix."
	if len(e.co.Advantages) > 0 {
		adv := make([]string, len(e.co.Advantages))
		for i, a := range e.co.Advantages {
			adv[i] = lowerFirst(a)
		}
		text += "\nNos avantages : " + strings.Join(adv, ", ") + "."
	}
	text += "\nPour quelle assurance souhaitez-vous un devis : auto, habitation, santé ou vie ?"
	return text, []Link{{Label: "Demander un devis", Href: QuotePath}}
}

// contact gives the phone, e-mail, address and opening hours.
func (e *Engine) contact(uc UserContext) (string, []Link) {
	text := "Vous pouvez nous joindre au " + e.co.Phone + " ou par e-mail à " + e.co.Email + ".\n" +
		"Notre cabinet : " + e.co.Address + ".\n" +
		"Nos conseillers vous répondent " + OpeningHours(e.co.Hours) + " ; cet assistant reste disponible " + e.co.Online + "."
	if uc.InterestedProduct != "" {
		text += "\nPrécisez que votre demande concerne votre " + copyOf(uc.InterestedProduct).noun + " : vous serez orienté vers un conseiller spécialisé."
	}
	return text, []Link{{Label: "Nous contacter", Href: ContactPath}}
}

func (e *Engine) humanAgent(uc UserContext) string {
	about := ""
	if uc.InterestedProduct != "" {
		about = " pour votre " + copyOf(uc.InterestedProduct).noun
	}
	return "Bien sûr : un conseiller en assurance peut prendre le relais" + about + ". " +
		"Vous pouvez aussi nous appeler au " + e.co.Phone + ", " + OpeningHours(e.co.Hours) + "."
}

// Welcome is the greeting shown when the chat opens (SPEC.md §4, Chat
// panel): addressed to name when the visitor is signed in, then the list of
// what the assistant can do.
func (e *Engine) Welcome(name string) Reply {
	hello := "Bonjour !"
	if name = strings.TrimSpace(name); name != "" {
		hello = "Bonjour " + name + " !"
	}
	text := hello + " Je suis l’assistant virtuel " + e.co.of() + ", disponible " + e.co.Online + ". Je peux :\n" +
		"• vous présenter nos assurances auto, habitation, santé et vie ;\n" +
		"• vous indiquer les documents à préparer et les étapes de la souscription ;\n" +
		"• vous aider à obtenir un devis gratuit et sans engagement ;\n" +
		"• vous donner nos coordonnées et nos horaires ;\n" +
		"• vous mettre en relation avec un conseiller.\n" +
		"Posez-moi votre question !"
	return Reply{Intent: Greeting, Text: Typeset(text)}
}

// OpeningHours writes the hours as a phrase: "du lundi au vendredi de
// 9h00 à 18h00 et le samedi de 9h00 à 12h00 (fermé le dimanche)".
func OpeningHours(h Hours) string {
	var open, closed []string
	for _, d := range []struct{ days, hours string }{
		{"du lundi au vendredi", h.Weekdays}, {"le samedi", h.Saturday}, {"le dimanche", h.Sunday},
	} {
		if from, to, ok := strings.Cut(d.hours, "-"); ok {
			open = append(open, d.days+" de "+strings.TrimSpace(from)+" à "+strings.TrimSpace(to))
		} else if s := strings.TrimSpace(d.hours); s != "" {
			closed = append(closed, lowerFirst(s)+" "+d.days)
		}
	}
	text := strings.Join(open, " et ")
	if len(closed) > 0 {
		text += " (" + strings.Join(closed, ", ") + ")"
	}
	return text
}

// lowerFirst lowercases the first letter: "Fermé" becomes "fermé".
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}
