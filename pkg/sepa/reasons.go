package sepa

import "fmt"

// reason is the meaning of a SEPA R-transaction reason code for the broker.
type reason struct {
	label string
	// again: the debit may be presented once more as it is (the money or
	// the bank was missing, not the account or the mandate).
	again bool
}

// reasons are the reason codes of the EPC's SDD Core rulebook (guidance
// on reason codes for R-transactions) that banks send back, in French.
var reasons = map[string]reason{
	"AC01": {"coordonnées bancaires erronées (IBAN incorrect)", false},
	"AC04": {"compte clos", false},
	"AC06": {"compte bloqué, ou bloqué aux prélèvements", false},
	"AC13": {"type de compte du débiteur non valide", false},
	"AG01": {"prélèvement interdit sur ce type de compte", false},
	"AG02": {"code opération ou format du fichier non valide", false},
	"AM04": {"provision insuffisante", true},
	"AM05": {"prélèvement en double", false},
	"BE05": {"identifiant du créancier (ICS) non reconnu", false},
	"CNOR": {"banque du créancier non joignable", true},
	"CUST": {"annulation demandée par le débiteur", false},
	"DNOR": {"banque du débiteur non joignable", true},
	"DUPL": {"prélèvement en double", false},
	"ED05": {"échec du règlement interbancaire", true},
	"FF01": {"format de fichier non valide", false},
	"FOCR": {"retour à la suite d’une demande d’annulation", false},
	"FRAD": {"fraude présumée", false},
	"MD01": {"pas de mandat", false},
	"MD02": {"données du mandat manquantes ou erronées", false},
	"MD06": {"remboursement demandé par le débiteur", false},
	"MD07": {"débiteur décédé", false},
	"MS02": {"refus du débiteur, motif non communiqué", false},
	"MS03": {"motif non communiqué par la banque", true},
	"RC01": {"code BIC erroné", false},
	"RR01": {"compte ou identité du débiteur manquants (motif réglementaire)", false},
	"RR02": {"nom ou adresse du débiteur manquants (motif réglementaire)", false},
	"RR03": {"nom ou adresse du créancier manquants (motif réglementaire)", false},
	"RR04": {"motif réglementaire", false},
	"SL01": {"service particulier de la banque du débiteur (prélèvements filtrés)", false},
	"TECH": {"problème technique", true},
}

// ReasonLabel says a reason code in French: « provision insuffisante »
// for AM04; an empty code is « motif non communiqué », an unknown one is
// named as such.
func ReasonLabel(code string) string {
	if code == "" {
		return "motif non communiqué"
	}
	if r, ok := reasons[code]; ok {
		return r.label
	}
	return fmt.Sprintf("motif «\u00a0%s\u00a0» inconnu", code)
}

// Representable reports whether a debit refused for this reason may be
// presented once more as it is, the lack being of money or of the bank
// (AM04, MS03, TECH…), not of the account or the mandate (AC04, MD01…).
func Representable(code string) bool {
	return reasons[code].again
}
