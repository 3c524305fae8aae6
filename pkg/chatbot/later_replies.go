package chatbot

import "strconv"

// ComplaintPath is the site's complaint page, with its form.
const ComplaintPath = "/reclamations"

// CancelPath is the site's « Résilier votre contrat » (décret 2023-182):
// the contracts subscribed online are cancelled there.
const CancelPath = "/resilier"

// LoginPath is the site's sign-in page; its « next » parameter is the
// page it goes to once signed in (site/src/pages/login.tsx).
const LoginPath = "/login"

// RegisterPath is the site's sign-up page; it reads « next » as the
// sign-in page does.
const RegisterPath = "/register"

// ClaimPath is the site's declaration of a claim.
const ClaimPath = "/sinistres/declarer"

// MyClaimsPath is the client's « Mes sinistres ».
const MyClaimsPath = "/mes-sinistres"

// laterCopy is what the replies say about the products SPEC.md does not
// list, after the facts of their pages (site/src/content/products.ts).
var laterCopy = map[Product]productCopy{
	VTC: {
		noun: "assurance VTC",
		coverage: "Chauffeur VTC, vous transportez des passagers contre rémunération : une assurance auto de particulier ne vous couvre pas pendant les courses. " +
			"Notre assurance VTC comprend la responsabilité civile de transport de personnes à titre onéreux, les dommages au véhicule (tiers étendu ou tous risques) " +
			"et l’assistance 0 km, avec une attestation conforme aux exigences des plateformes.",
		documents: "votre carte professionnelle VTC, votre permis de conduire, votre relevé d’information, la carte grise du véhicule et votre numéro SIREN.",
		process: "Le devis est gratuit et sans engagement ; nous sélectionnons les assureurs qui acceptent le transport de personnes, " +
			"puis vous souscrivez en ligne et recevez l’attestation à transmettre à vos plateformes.",
		price: "du véhicule, de l’ancienneté de votre permis et de votre activité de chauffeur, de votre kilométrage annuel et des garanties choisies",
	},
	Fleet: {
		noun: "assurance flotte automobile",
		coverage: "À partir de trois véhicules, un contrat flotte assure toutes les voitures et tous les utilitaires de votre entreprise : " +
			"une seule échéance, des garanties choisies véhicule par véhicule (tiers, tiers étendu ou tous risques), l’assistance et, en option, " +
			"les marchandises transportées et un véhicule de remplacement.",
		documents: "un extrait Kbis ou votre numéro SIREN, la liste des véhicules (immatriculation, modèle, usage) et le relevé de sinistralité de la flotte des trois à cinq dernières années.",
		process: "L’étude de votre flotte est gratuite et sans engagement : un conseiller analyse votre parc et consulte nos assureurs partenaires ; " +
			"les entrées et sorties de véhicules se gèrent ensuite par simple demande.",
		price: "du nombre de véhicules, de leur type et de leur usage, et de la sinistralité de l’ensemble du parc",
	},
	Temp: {
		noun: "assurance temporaire",
		coverage: "L’assurance temporaire couvre un véhicule de 1 à 90 jours, sans reconduction : prêt de véhicule, véhicule acheté à l’étranger " +
			"en attente d’immatriculation, déménagement avec un utilitaire. Elle comprend la responsabilité civile obligatoire et, selon les contrats, " +
			"l’assistance et la défense pénale et recours.",
		documents: "votre permis de conduire, une pièce d’identité, la carte grise du véhicule (ou le certificat de cession) et les dates de couverture souhaitées.",
		process: "Le devis est gratuit et sans engagement ; vous payez la cotisation en une fois et recevez votre attestation dès le paiement. " +
			"Le contrat prend fin seul à la date prévue.",
		price: "de la durée de couverture, du véhicule et de votre profil de conducteur",
	},
	Pro: {
		noun: "assurance professionnelle",
		coverage: "Micro-entrepreneur, profession libérale, artisan, commerçant ou dirigeant de TPE, nous bâtissons avec vous la couverture de votre activité : " +
			"responsabilité civile professionnelle (RC pro), multirisque pour vos locaux et votre matériel, perte d’exploitation et, " +
			"pour les métiers du bâtiment, la garantie décennale.",
		documents: "votre numéro SIREN ou un extrait Kbis, la description de votre activité, votre chiffre d’affaires, votre effectif et la surface de vos locaux.",
		process: "Le devis est gratuit et sans engagement : un conseiller vérifie vos obligations d’assurance et compare nos assureurs partenaires, " +
			"puis vous souscrivez en ligne et recevez vos attestations.",
		price: "de votre métier, de votre chiffre d’affaires, de vos locaux et des garanties choisies",
	},
}

// quotePath is the quote page of p: with the product chosen for the
// products SPEC.md does not list, whose intent is the site's product id;
// the plain page for the others, as SPEC.md's replies link it.
func quotePath(p Product) string {
	if _, ok := laterCopy[p]; ok {
		return QuotePath + "?product=" + string(p)
	}
	return QuotePath
}

// complaint gives the complaint procedure and its delays from the profile,
// and nothing else: no product, no quote, no offer (ACPR 2022-R-01).
func (e *Engine) complaint() (string, []Link) {
	c := e.co.Complaints
	text := "Je suis désolé que vous ayez rencontré une difficulté. Pour faire une réclamation, écrivez-nous avec le formulaire de réclamation : " +
		"décrivez les faits, ce que vous demandez et, si possible, le contrat ou la demande concernés."
	switch ack, answer := c.AcknowledgeDays > 0, c.AnswerMonths > 0; {
	case ack && answer:
		text += "\nNous accusons réception de votre réclamation sous " + count(c.AcknowledgeDays, "jour ouvrable", "jours ouvrables") +
			" et vous répondons dans un délai de " + count(c.AnswerMonths, "mois", "mois") + " au plus."
	case ack:
		text += "\nNous accusons réception de votre réclamation sous " + count(c.AcknowledgeDays, "jour ouvrable", "jours ouvrables") + "."
	case answer:
		text += "\nNous vous répondons dans un délai de " + count(c.AnswerMonths, "mois", "mois") + " au plus."
	}
	mediator := "le médiateur de l’assurance"
	if c.Mediator != "" {
		mediator = "le médiateur, " + c.Mediator
	}
	after := "sans réponse dans ce délai"
	if c.AnswerMonths > 0 {
		after = "sans réponse au bout de " + count(c.AnswerMonths, "mois", "mois")
	}
	text += "\nSi notre réponse ne vous satisfait pas, ou " + after + ", vous pouvez saisir gratuitement " + mediator + "."
	return text, []Link{{Label: "Faire une réclamation", Href: ComplaintPath}}
}

// claim says how to declare a claim online: « Déclarer un sinistre » for a
// signed-in client, the way there for a visitor (sign in or create an
// account, which brings them back to the declaration); a contract taken
// elsewhere too; the delays of the Code des assurances (L113-2: 5 working
// days, 2 for a theft; A125-1 since loi n° 2021-1837: 30 days after the
// natural-disaster decree) and the advisor who helps.
func (e *Engine) claim(signedIn bool) (string, []Link) {
	var text string
	var links []Link
	if signedIn {
		text = "Déclarez votre sinistre en ligne, en quelques minutes : choisissez le contrat concerné, décrivez ce qui s’est passé et joignez vos photos et vos documents. " +
			"Vous suivez ensuite chaque étape dans « Mes sinistres ».\n" +
			"Votre contrat est chez un autre assureur ? Déclarez-le aussi : indiquez le nom de l’assureur et le numéro du contrat, nous vous aidons dans vos démarches.\n"
		links = []Link{{Label: "Déclarer un sinistre", Href: ClaimPath}, {Label: "Mes sinistres", Href: MyClaimsPath}}
	} else {
		text = "Vous pouvez déclarer votre sinistre en ligne, en quelques minutes, depuis votre espace client : connectez-vous, ou créez votre compte si vous n’en avez pas encore, " +
			"puis décrivez ce qui s’est passé et joignez vos photos et vos documents. Vous suivez ensuite chaque étape dans « Mes sinistres ».\n" +
			"Votre contrat est chez un autre assureur ? Vous pouvez le déclarer aussi : indiquez le nom de l’assureur et le numéro du contrat, nous vous aidons dans vos démarches.\n"
		links = []Link{{Label: "Me connecter pour déclarer", Href: LoginPath + "?next=" + ClaimPath}, {Label: "Créer un compte", Href: RegisterPath + "?next=" + ClaimPath}}
	}
	text += "La loi vous laisse 5 jours ouvrés pour déclarer un sinistre en général, 2 jours ouvrés pour un vol (portez plainte au plus vite auprès de la police ou de la gendarmerie), " +
		"et 30 jours après la publication de l’arrêté de catastrophe naturelle.\n" +
		"Après un accident de la route, remplissez un constat amiable avec l’autre conducteur et gardez-en un exemplaire. " +
		"Pour un dépannage, un remorquage ou une aide sur place, appelez l’assistance de votre assureur, joignable 24h/24 au numéro d’assistance indiqué sur votre contrat ; " +
		"en cas de danger, appelez d’abord le 112.\n" +
		"Un conseiller vous aide à constituer votre dossier et à suivre son indemnisation : appelez-nous au " + e.co.Phone + ", " + OpeningHours(e.co.Hours) + "."
	return text, links
}

// cancellation explains when a contract can be cancelled and who does it,
// and where a contract subscribed online is cancelled: « Résilier votre
// contrat » for a signed-in client, the way there for a visitor.
func (e *Engine) cancellation(signedIn bool) (string, []Link) {
	text := "Après un an de contrat, la loi Hamon vous permet de résilier votre assurance auto ou habitation à tout moment, " +
		"sans frais ni justification : la résiliation prend effet un mois après la demande. Il en va de même pour une mutuelle santé après un an d’adhésion.\n" +
		"Avant un an, vous pouvez résilier à l’échéance annuelle, ou en cours d’année si votre situation change (déménagement, vente du véhicule…).\n"
	links := []Link{{Label: "Se connecter", Href: LoginPath}}
	if signedIn {
		links = []Link{{Label: "Résilier votre contrat", Href: CancelPath}}
		text += "Un contrat souscrit sur notre site se résilie en ligne, en quelques clics : « Résilier votre contrat » vous donne la date de fin avant de confirmer, " +
			"et l’accusé de réception arrive par e-mail.\n"
	} else {
		text += "Un contrat souscrit sur notre site se résilie en ligne : connectez-vous à votre espace client, puis choisissez « Résilier votre contrat », " +
			"le lien est aussi en bas de chaque page. La date de fin vous est donnée avant de confirmer.\n"
	}
	text += "Un conseiller peut s’en charger pour vous, y compris quand vous changez d’assureur : vous n’êtes jamais sans assurance."
	return text, append(links, Link{Label: "Nous contacter", Href: ContactPath})
}

// count writes n with its unit: "1 jour ouvrable", "10 jours ouvrables".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
