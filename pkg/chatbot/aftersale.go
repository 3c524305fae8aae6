package chatbot

// IsAfterSale tells whether intent is about something that happened or a
// contract held: such a message is recognised before every product and
// pricing intent and never answered with a sale (PRODUCT.md departure 11).
func IsAfterSale(intent Intent) bool {
	switch intent {
	case Emergency, Complaint, Claim, Cancellation, Withdrawal, Documents, Payment, Account:
		return true
	}
	return false
}

// IsSale tells whether the reply of intent sells: a product or the price.
func IsSale(intent Intent) bool {
	return intent == Pricing || isProduct(intent)
}

// MyContractsPath is the client's « Mes contrats »: each contract's page
// holds its documents, its schedule of debits with the SEPA mandate, and
// « Me rétracter » while the withdrawal period runs.
const MyContractsPath = "/mes-contrats"

// ModifyPath is the page of contract id where its holder changes it
// online (« Modifier mon contrat »: a vehicle, an address, a driver, the
// formula, the bank account), priced at once and signed by code.
func ModifyPath(id string) string { return MyContractsPath + "/" + id + "/modifier" }

// modifyLabel is the link to the contracts' « Modifier mon contrat »:
// « Mes contrats », where the client opens the contract to change, as
// the reply does not know which one.
const modifyLabel = "Modifier mon contrat"

// ForgotPasswordPath is the site's « Mot de passe oublié ».
const ForgotPasswordPath = "/forgot-password"

// ProfilePath is the client's « Mon profil », where the e-mail address
// changes and the account is deleted.
const ProfilePath = "/profile"

// signedInLink is the link to path for a signed-in client, the way there
// through the sign-in page for a visitor.
func signedInLink(signedIn bool, label, path string) Link {
	if signedIn {
		return Link{Label: label, Href: path}
	}
	return Link{Label: "Me connecter : " + label, Href: LoginPath + "?next=" + path}
}

// withdrawal gives the withdrawal periods of the Code des assurances
// (L112-2-1 for a contract signed at a distance, L132-5-1 for life
// insurance) and where the contract's « Me rétracter » is.
func (e *Engine) withdrawal(signedIn bool) (string, []Link) {
	text := "Vous avez souscrit en ligne ? Vous pouvez vous rétracter sans frais ni justification pendant 14 jours calendaires après la signature du contrat, " +
		"30 jours pour une assurance vie.\n" +
		"Dans « Mes contrats », ouvrez le contrat concerné et choisissez « Me rétracter » : une confirmation suffit, et l’accusé de réception arrive par e-mail. " +
		"La cotisation vous est remboursée, sauf la part de la période déjà couverte.\n" +
		"Passé ce délai, le contrat se résilie dans les conditions habituelles ; un conseiller vous répond au " + e.co.Phone + ", " + OpeningHours(e.co.Hours) + "."
	return text, []Link{signedInLink(signedIn, "Mes contrats", MyContractsPath), {Label: "Résilier votre contrat", Href: CancelPath}}
}

// documents says where the documents of a contract are: the attestation,
// the Mémo Véhicule Assuré (the green card's successor since April 2024),
// the general and particular conditions, the signed contract.
func (e *Engine) documents(signedIn bool) (string, []Link) {
	text := "Les documents de vos contrats sont dans votre espace client, à télécharger à tout moment : dans « Mes contrats », ouvrez le contrat concerné. " +
		"Vous y trouvez le contrat signé, les conditions générales et particulières, l’attestation d’assurance et, pour un véhicule, le Mémo Véhicule Assuré, " +
		"qui remplace la carte verte depuis avril 2024.\n" +
		"Pour le relevé d’information demandé par un nouvel assureur, ou un document qui n’y figure pas, indiquez le numéro du contrat à un conseiller : " +
		"appelez-nous au " + e.co.Phone + ", " + OpeningHours(e.co.Hours) + ", ou écrivez-nous.\n" +
		"Votre situation change (une autre voiture, un déménagement, un conducteur en plus, une autre formule) ? « Modifier mon contrat », sur la page du contrat, " +
		"le fait en ligne : le nouveau prix tout de suite, une signature par code, et la nouvelle attestation dans la minute."
	return text, []Link{signedInLink(signedIn, "Mes contrats", MyContractsPath), signedInLink(signedIn, modifyLabel, MyContractsPath),
		{Label: "Nous contacter", Href: ContactPath}}
}

// payment says where the schedule of debits and the SEPA mandate are, how
// to change the bank account, and what to do after a rejected debit.
func (e *Engine) payment(signedIn bool) (string, []Link) {
	text := "Vos cotisations sont prélevées sur votre compte selon l’échéancier de votre contrat : dans « Mes contrats », la page du contrat montre " +
		"l’échéancier, les dates de prélèvement et le mandat SEPA.\n" +
		"Pour changer de compte bancaire, munissez-vous du RIB du nouveau compte et choisissez « Modifier mon contrat » sur la page du contrat : " +
		"vous signez le changement par un code reçu par e-mail, et le mandat SEPA suit le nouveau compte dès le prochain prélèvement. " +
		"Un conseiller peut aussi le préparer pour vous.\n" +
		"Un prélèvement a été rejeté ? Appelez-nous vite au " + e.co.Phone + ", " + OpeningHours(e.co.Hours) + " : nous convenons avec vous d’un nouveau paiement, " +
		"car sans paiement les garanties peuvent être suspendues 30 jours après une mise en demeure."
	return text, []Link{signedInLink(signedIn, "Mes contrats", MyContractsPath), signedInLink(signedIn, modifyLabel, MyContractsPath),
		{Label: "Nous contacter", Href: ContactPath}}
}

// account answers about the client's account: a forgotten password, the
// sign-in, the e-mail that confirms the address, the deletion.
func (e *Engine) account(signedIn bool) (string, []Link) {
	text := "Mot de passe oublié ? Sur la page « Mot de passe oublié », saisissez l’adresse e-mail de votre compte : vous recevez un lien pour en choisir un nouveau. " +
		"Pensez à regarder dans vos courriers indésirables si rien n’arrive.\n" +
		"Après plusieurs essais manqués, le compte se bloque un moment ; le lien « Débloquer mon compte » reçu par e-mail le débloque tout de suite. " +
		"Pour confirmer votre adresse e-mail, ouvrez le lien reçu par e-mail à l’inscription ; le code de connexion en deux étapes vient de votre application d’authentification, ou de l’un de vos codes de secours.\n" +
		"Dans « Mon profil », vous changez votre adresse e-mail et vous pouvez supprimer votre compte ; la suppression ne résilie pas un contrat en cours."
	links := []Link{{Label: "Mot de passe oublié", Href: ForgotPasswordPath}}
	if signedIn {
		links = append(links, Link{Label: "Mon profil", Href: ProfilePath})
	} else {
		links = append(links, Link{Label: "Me connecter", Href: LoginPath}, Link{Label: "Créer un compte", Href: RegisterPath})
	}
	return text, links
}
