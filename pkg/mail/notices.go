package mail

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/company"
	"courtier/pkg/event"
	"courtier/pkg/fr"
)

// The pages the notices link to, under --public-url.
const (
	PathMyQuotes      = "/my-quotes"
	PathDashboard     = "/dashboard"
	PathLogin         = "/login"
	PathComplaints    = "/reclamations"
	PathResetPassword = "/reset-password"
	PathConfirmEmail  = "/confirm-email"
	PathUndoEmail     = "/undo-email"
	PathUnlock        = "/unlock"
)

// notice is one mail a consumer writes for an event.
type notice struct {
	to  event.Recipient
	doc Doc
	// template names the notice in the outbox (list, golden files).
	template string
	// secret marks a notice whose link opens the account: blanked once sent.
	secret bool
	// attachments are the stored documents the mail carries.
	attachments []event.Attachment
}

// builder makes the notices of one kind of event.
type builder func(m *Mailer, e event.Event) ([]notice, error)

// builders are the notices of each kind of event; a kind absent here sends
// nothing (a later consumer may still act on it).
var builders = map[event.Kind]builder{
	event.RequestReceived:         requestReceived,
	event.RequestReplied:          requestReplied,
	event.OffersSent:              offersSent,
	event.OfferAccepted:           offerAccepted,
	event.OffersDeclined:          offersDeclined,
	event.ComplaintAcknowledged:   complaintAcknowledged,
	event.ComplaintAnswered:       complaintAnswered,
	event.ChatMessageLeft:         chatMessageLeft,
	event.PasswordResetAsked:      passwordResetAsked,
	event.PasswordChanged:         passwordChanged,
	event.AccountInvited:          accountInvited,
	event.EmailConfirmAsked:       emailConfirmAsked,
	event.EmailChanged:            emailChanged,
	event.UnlockAsked:             unlockAsked,
	event.AccountDeleted:          accountDeleted,
	event.TwoFactorEnabled:        twoFactorEnabled,
	event.TwoFactorDisabled:       twoFactorDisabled,
	event.RecoveryCodeUsed:        recoveryCodeUsed,
	event.PricesKept:              pricesKept,
	event.ContractCodeSent:        contractCodeSent,
	event.ContractSigned:          contractSigned,
	event.ContractProofRefused:    contractProofRefused,
	event.ContractActivated:       contractActivated,
	event.ContractCancelRequested: contractCancelRequested,
	event.ContractCancelled:       contractCancelled,
	event.ContractWithdrawn:       contractWithdrawn,
	event.ContractDocumentSent:    contractDocumentSent,
	event.ContractCancelLinkSent:  contractCancelLink,
	event.ContractPaymentRejected: contractPaymentRejected,
	event.ContractFormalNotice:    contractFormalNotice,
	event.ContractSuspended:       contractSuspended,
	event.ContractTerminated:      contractTerminated,
	event.ContractPaymentReceived: contractPaymentReceived,
	event.ClaimDeclared:           claimDeclared,
	event.ClaimMoved:              claimMoved,
	event.ClaimMessage:            claimMessage,
}

// decode reads e's payload into a new P.
func decode[P any](e event.Event) (P, error) {
	var p P
	err := e.Decode(&p)
	return p, err
}

// greeting is « Bonjour Marie Durand, », or « Bonjour, » with no name.
func greeting(r event.Recipient) string {
	if n := strings.TrimSpace(r.Name); n != "" {
		return "Bonjour " + n + ","
	}
	return "Bonjour,"
}

// link is the absolute address of path with query q.
func (m *Mailer) link(path string, q url.Values) string {
	u := m.publicURL + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

// when writes t in the broker's time zone, "26 novembre 2026 à 10:00";
// "" for no time.
func (m *Mailer) when(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return fr.DateTime(t, m.loc)
}

func requestReceived(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.RequestPayload](e)
	if err != nil {
		return nil, err
	}
	write, ok := receipts[p.Kind]
	if !ok {
		return nil, nil
	}
	d := Doc{Greeting: greeting(p.Recipient)}
	facts := []Fact{{"Référence", p.Ref}}
	if p.Product != "" {
		facts = append(facts, Fact{"Produit", p.Product})
	}
	d.Facts = write(m, p, &d, facts)
	return []notice{{to: p.Recipient, doc: d, template: "request-received-" + p.Kind}}, nil
}

// receipt writes the notice of receipt of one kind of request into d and
// returns its facts, which start with the reference and the product.
type receipt func(m *Mailer, p event.RequestPayload, d *Doc, facts []Fact) []Fact

// receipts are the notices of receipt, by kind of request (its name in
// the desk's registry); a kind absent here sends none (a lead's prices
// and a claim have notices of their own).
var receipts = map[string]receipt{
	"quote": func(m *Mailer, p event.RequestPayload, d *Doc, facts []Fact) []Fact {
		d.Subject = "Votre demande de devis " + p.Ref + " est bien reçue"
		d.Intro = []string{"Nous avons bien reçu votre demande de devis. Un conseiller l’étudie et vous envoie ses propositions dans votre espace client."}
		if due := m.when(p.Due); due != "" {
			facts = append(facts, Fact{"Réponse au plus tard", due})
		}
		d.Action = &Link{"Suivre ma demande", m.link(PathMyQuotes, nil)}
		return facts
	},
	"contact": func(m *Mailer, p event.RequestPayload, d *Doc, facts []Fact) []Fact {
		d.Subject = "Votre message " + p.Ref + " est bien reçu"
		d.Intro = []string{"Nous avons bien reçu votre message. Un conseiller vous répondra par e-mail, à cette adresse."}
		if due := m.when(p.Due); due != "" {
			facts = append(facts, Fact{"Réponse au plus tard", due})
		}
		return facts
	},
	"callback": func(m *Mailer, p event.RequestPayload, d *Doc, facts []Fact) []Fact {
		d.Subject = "Votre rappel " + p.Ref + " est confirmé"
		if p.SlotStart.IsZero() {
			d.Intro = []string{"Votre demande de rappel est enregistrée. Un conseiller vous appellera dès que possible."}
			if due := m.when(p.Due); due != "" {
				facts = append(facts, Fact{"Appel au plus tard", due})
			}
		} else {
			d.Intro = []string{"Votre demande de rappel est enregistrée. Un conseiller vous appellera pendant le créneau que vous avez choisi."}
			facts = append(facts, Fact{"Créneau", fr.Slot(p.SlotStart, p.SlotEnd, m.loc)})
		}
		d.After = []string{"Si ce créneau ne vous convient plus, répondez simplement à ce message ou appelez-nous au " + m.footer.Phone + "."}
		return facts
	},
	"complaint": func(m *Mailer, p event.RequestPayload, d *Doc, facts []Fact) []Fact {
		d.Subject = "Votre réclamation " + p.Ref + " est bien reçue"
		d.Intro = []string{fmt.Sprintf("Nous avons bien reçu votre réclamation. Nous en accuserons réception sous %d jours ouvrables au plus et vous répondrons sous %d mois au plus, comme la procédure de réclamation le prévoit.",
			m.profile.Complaints.AcknowledgeDays, m.profile.Complaints.AnswerMonths)}
		d.Action = &Link{"Notre procédure de réclamation", m.link(PathComplaints, nil)}
		return facts
	},
}

// kindNoun names a request of kind in a sentence, as the desk's registry
// says: « votre demande de devis ».
func (m *Mailer) kindNoun(kind string) string {
	if m.kinds != nil {
		if noun, ok := m.kinds.Noun(kind); ok {
			return noun
		}
	}
	return "votre message"
}

func requestReplied(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ReplyPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Réponse à " + m.kindNoun(p.Kind) + " " + p.Ref,
		Greeting: greeting(p.Recipient),
		Intro:    []string{fmt.Sprintf("%s vous répond au sujet de %s %s :", p.Author, m.kindNoun(p.Kind), p.Ref)},
		Quote:    p.Body,
		After:    []string{"Pour lui répondre, répondez simplement à ce message."},
	}
	if m.kinds != nil {
		// A kind followed on a page of its own (« Mes devis ») is answered there.
		if path, ok := m.kinds.Page(p.Kind); ok {
			d.Action = &Link{"Voir ma demande", m.link(path, nil)}
			d.After = nil
		}
	}
	return []notice{{to: p.Recipient, doc: d, template: "request-replied"}}, nil
}

func offersSent(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.OffersPayload](e)
	if err != nil {
		return nil, err
	}
	what := "Une offre vous attend"
	if p.Count > 1 {
		what = fmt.Sprintf("%d offres vous attendent", p.Count)
	}
	d := Doc{
		Subject:  "Vos offres pour la demande " + p.Ref + " sont prêtes",
		Greeting: greeting(p.Recipient),
		Intro:    []string{what + " dans votre espace client, avec les garanties, les franchises et le prix de chacune. Comparez-les, acceptez celle qui vous convient ou dites-nous pourquoi aucune ne convient."},
		Facts:    []Fact{{"Référence", p.Ref}},
		Action:   &Link{"Voir mes offres", m.link(PathMyQuotes, nil)},
	}
	if !p.ValidUntil.IsZero() {
		d.Facts = append(d.Facts, Fact{"Valable jusqu’au", fr.Date(p.ValidUntil, m.loc)})
	}
	return []notice{{to: p.Recipient, doc: d, template: "offers-sent"}}, nil
}

func offerAccepted(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ChoicePayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Vous avez accepté une offre (" + p.Ref + ")",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Nous avons bien reçu votre acceptation. Un conseiller prépare la suite avec l’assureur et revient vers vous."},
		Facts:    []Fact{{"Référence", p.Ref}, {"Assureur", p.Insurer}, {"Formule", p.Formula}},
		Action:   &Link{"Voir ma demande", m.link(PathMyQuotes, nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "offer-accepted"}}, nil
}

func offersDeclined(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ChoicePayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Vous avez décliné nos offres (" + p.Ref + ")",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Nous avons bien noté qu’aucune de nos offres ne vous convient. Un conseiller reprend votre demande avec vos remarques."},
		Facts:    []Fact{{"Référence", p.Ref}},
		Quote:    p.Reason,
		Action:   &Link{"Voir ma demande", m.link(PathMyQuotes, nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "offers-declined"}}, nil
}

func complaintAcknowledged(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ReplyPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Accusé de réception de votre réclamation " + p.Ref,
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Votre réclamation " + p.Ref + " est prise en charge. " + p.Author + " vous écrit :"},
		Quote:    p.Body,
		Facts:    []Fact{{"Référence", p.Ref}},
	}
	if !p.Due.IsZero() {
		d.Facts = append(d.Facts, Fact{"Réponse au plus tard", fr.Date(p.Due, m.loc)})
	}
	d.Action = &Link{"Notre procédure de réclamation", m.link(PathComplaints, nil)}
	return []notice{{to: p.Recipient, doc: d, template: "complaint-acknowledged"}}, nil
}

// complaintAnswered sends the answer, whose text ends with the mediator's
// paragraph (pkg/complaint adds it unless staff wrote their own).
func complaintAnswered(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ReplyPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Réponse à votre réclamation " + p.Ref,
		Greeting: greeting(p.Recipient),
		Intro:    []string{p.Author + " répond à votre réclamation " + p.Ref + " :"},
		Quote:    p.Body,
		Action:   &Link{"Notre procédure de réclamation", m.link(PathComplaints, nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "complaint-answered"}}, nil
}

func chatMessageLeft(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.ChatPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  p.Agent + " vous a répondu sur le chat de " + m.footer.Name,
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Vous aviez quitté la conversation quand " + p.Agent + ", conseiller, vous a écrit :"},
		Quote:    p.Text,
		After:    []string{"Répondez simplement à ce message, ou reprenez la conversation sur notre site."},
		Action:   &Link{"Aller sur le site", m.link("/", nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "chat-message-left"}}, nil
}

// tokenLink is the absolute link to path carrying the account's token.
func (m *Mailer) tokenLink(path string, p event.AccountPayload) string {
	return m.link(path, url.Values{"token": {p.Token}})
}

func passwordResetAsked(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Réinitialisez votre mot de passe " + m.footer.Name,
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Vous avez demandé à changer le mot de passe de votre espace client. Ce lien est valable 30 minutes et ne sert qu’une fois :"},
		Action:   &Link{"Choisir un nouveau mot de passe", m.tokenLink(PathResetPassword, p)},
		After:    []string{"Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "password-reset", secret: true}}, nil
}

func accountInvited(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	intro := "Un administrateur " + company.Elide("de", m.footer.Name) + " vous a ouvert un compte sur le site"
	if r := account.Role(p.Role).Label(); r != "" {
		intro += ", avec le rôle «\u00a0" + r + "\u00a0»"
	}
	d := Doc{
		Subject:  "Votre compte " + m.footer.Name + " est ouvert\u00a0: choisissez votre mot de passe",
		Greeting: greeting(p.Recipient),
		Intro:    []string{intro + ". Choisissez votre mot de passe pour vous connecter. Ce lien est valable 3 jours et ne sert qu’une fois\u00a0:"},
		Action:   &Link{"Choisir mon mot de passe", m.tokenLink(PathResetPassword, p)},
		After:    []string{"Passé ce délai, demandez un nouveau lien avec «\u00a0Mot de passe oublié\u00a0?\u00a0» sur la page de connexion. Si vous n’attendiez pas ce compte, ignorez ce message\u00a0: personne ne peut s’y connecter sans ce lien."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "account-invited", secret: true}}, nil
}

func passwordChanged(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Votre mot de passe a été modifié",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Le mot de passe de votre espace client " + m.footer.Name + " vient d’être modifié. Vos autres sessions ont été fermées."},
		After:    []string{"Si ce n’est pas vous, choisissez tout de suite un nouveau mot de passe avec « Mot de passe oublié ? » et appelez-nous au " + m.footer.Phone + "."},
		Action:   &Link{"Me connecter", m.link(PathLogin, nil)},
	}
	return []notice{{to: p.Recipient, doc: d, template: "password-changed"}}, nil
}

func emailConfirmAsked(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Confirmez votre adresse e-mail",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Pour que nos messages vous parviennent, confirmez que cette adresse est bien la vôtre :"},
		Action:   &Link{"Confirmer mon adresse", m.tokenLink(PathConfirmEmail, p)},
		After:    []string{"Si vous n’avez pas créé de compte chez " + m.footer.Name + ", ignorez ce message."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "email-confirm", secret: true}}, nil
}

func emailChanged(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "L’adresse e-mail de votre compte a été modifiée",
		Greeting: greeting(p.Recipient),
		Intro:    []string{"L’adresse de votre espace client " + m.footer.Name + " vient d’être changée :"},
		Facts:    []Fact{{"Ancienne adresse", p.Email}, {"Nouvelle adresse", p.NewEmail}},
		Action:   &Link{"Annuler ce changement", m.tokenLink(PathUndoEmail, p)},
		After:    []string{"Si ce n’est pas vous, ce lien d’annulation, valable 7 jours, remet votre ancienne adresse et ferme toutes les sessions du compte."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "email-changed", secret: true}}, nil
}

func unlockAsked(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Débloquez votre compte " + m.footer.Name,
		Greeting: greeting(p.Recipient),
		Intro:    []string{"Trop d’essais de mot de passe ont bloqué la connexion à votre compte depuis les navigateurs qu’il ne connaît pas. Ce lien la débloque pour vous, une seule fois :"},
		Action:   &Link{"Débloquer mon compte", m.tokenLink(PathUnlock, p)},
		After:    []string{"Si ces essais ne viennent pas de vous, quelqu’un cherche votre mot de passe : choisissez-en un long et que vous n’utilisez nulle part ailleurs."},
	}
	return []notice{{to: p.Recipient, doc: d, template: "account-unlock", secret: true}}, nil
}

func accountDeleted(m *Mailer, e event.Event) ([]notice, error) {
	p, err := decode[event.AccountPayload](e)
	if err != nil {
		return nil, err
	}
	d := Doc{
		Subject:  "Votre compte " + m.footer.Name + " est supprimé",
		Greeting: greeting(p.Recipient),
		Intro: []string{"Votre espace client et les données qui y étaient liées ont été supprimés, comme vous l’avez demandé.",
			"Si ce n’est pas vous qui l’avez demandé, appelez-nous au " + m.footer.Phone + "."},
		Action: &Link{"Notre politique de confidentialité", m.link("/privacy", nil)},
	}
	if len(p.Kept) > 0 {
		d.Intro = append(d.Intro, "La loi nous oblige à conserver, détaché de tout compte\u00a0:")
		d.Intro = append(d.Intro, p.Kept...)
	}
	return []notice{{to: p.Recipient, doc: d, template: "account-deleted"}}, nil
}
