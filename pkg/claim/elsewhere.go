package claim

import (
	"strings"
	"time"

	"courtier/pkg/fr"
)

// Elsewhere is the help given for a loss on a contract held at another
// insurer: the broker has no mandate there, so it cannot transmit the
// declaration; the client declares it, and the broker helps them do it.
type Elsewhere struct {
	// Contact says where to reach the insurer's claims department.
	Contact string `json:"contact"`
	// By is the last day to declare (YYYY-MM-DD), "" when a decree is
	// awaited; Rule the delay that gives it.
	By   string `json:"by,omitempty"`
	Rule string `json:"rule"`
	// Send lists what the declaration carries.
	Send []string `json:"send"`
}

// elsewhere is the help of c, a claim on a contract held elsewhere; nil
// for a contract here, which the broker transmits itself.
func (s *Service) elsewhere(c *Claim) *Elsewhere {
	if c.ContractID != "" {
		return nil
	}
	e := &Elsewhere{By: c.DeclareBy, Rule: c.DeclareRule,
		Contact: "le service sinistres de " + c.Insurer + ", dont le numéro et l’adresse figurent sur votre attestation d’assurance, vos conditions particulières ou votre espace assuré"}
	if c.assistance != "" {
		e.Contact = "le service sinistres de " + c.Insurer + ", au " + c.assistance
	}
	e.Send = []string{"votre numéro de contrat (" + c.PolicyNumber + ")", "la date, le lieu et le récit de ce qui s’est passé", "vos photos, factures et devis de réparation"}
	switch c.Kind {
	case "theft":
		e.Send = append(e.Send, "le récépissé de votre dépôt de plainte")
	case "collision", "passenger":
		e.Send = append(e.Send, "le constat amiable signé, ou les coordonnées de l’autre partie et des témoins")
	case "natural":
		e.Send = append(e.Send, "la date de l’arrêté de catastrophe naturelle")
	}
	return e
}

// elsewhereText is the first step of a claim on a contract held
// elsewhere: what the client does, and what the broker does for them.
func (s *Service) elsewhereText(c *Claim, e *Elsewhere) string {
	when := "dès que possible"
	if e.By != "" {
		when = "au plus tard le " + fr.Date(mustDay(e.By), time.UTC)
	}
	return "Nous avons bien reçu votre déclaration. Votre contrat est chez " + c.Insurer + ", qui ne nous en a pas confié la gestion\u00a0: " +
		"nous ne pouvons pas lui transmettre ce sinistre. Déclarez-le-lui vous-même, " + when + ", auprès du " + strings.TrimPrefix(e.Contact, "le ") +
		". Le délai\u00a0: " + e.Rule + ". Joignez-y " + strings.Join(e.Send, ", ") + ". Votre conseiller vous aide à préparer cette déclaration et répond à vos questions ici."
}
