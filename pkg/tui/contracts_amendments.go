package tui

import (
	"encoding/json"
	"fmt"
	"time"

	"courtier/pkg/contract"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// The amendments (« avenants ») of the open contract, in its detail: each
// with its kind, its effective date, the premium before and after, the
// adjustment, where it stands and whether staff prepared it; and the
// documents an amendment replaced.

// amendmentParts are the parts of a contract's JSON issue 43's design
// fixed (amendments, newest first, and documents marked replaced): read
// from the JSON like followFields, so that this depends on none of their
// Go names and says nothing of a contract without them.
type amendmentParts struct {
	Amendments []amendmentView `json:"amendments"`
	Documents  []struct {
		ID       string `json:"id"`
		Replaced bool   `json:"replaced"`
	} `json:"documents"`
}

// amendmentView is one amendment as the contract's JSON gives it.
type amendmentView struct {
	// N is the amendment's number in the contract (1, 2…); 0 when the
	// JSON does not give it, then its place in the list says it.
	N                 int         `json:"n"`
	ID                string      `json:"id"`
	Kind              string      `json:"kind"`
	KindLabel         string      `json:"kindLabel"`
	Status            string      `json:"status"`
	EffectiveDate     string      `json:"effectiveDate"`
	YearlyCentsBefore int64       `json:"yearlyCentsBefore"`
	YearlyCentsAfter  int64       `json:"yearlyCentsAfter"`
	MonthlyCentsAfter int64       `json:"monthlyCentsAfter"`
	AdjustmentCents   int64       `json:"adjustmentCents"`
	Changes           [][3]string `json:"changes"`
	CreatedByStaff    bool        `json:"createdByStaff"`
	SignedAt          *time.Time  `json:"signedAt"`
}

// amendmentKinds name the kinds when the JSON gives no label.
var amendmentKinds = map[string]string{
	"vehicle": "Changement de véhicule",
	"address": "Changement d’adresse",
	"driver":  "Changement de conducteur",
	"formula": "Changement de formule",
	"bank":    "Changement de compte bancaire",
}

// amendmentPartsOf reads c's amendments and replaced documents from its
// JSON; nothing when it has none or the JSON is not as expected.
func amendmentPartsOf(c *contract.Contract) amendmentParts {
	var p amendmentParts
	raw, err := json.Marshal(c)
	if err != nil || json.Unmarshal(raw, &p) != nil {
		return amendmentParts{}
	}
	return p
}

// replaced tells whether the document id was replaced by an amendment.
func (p amendmentParts) replaced(id string) bool {
	for _, d := range p.Documents {
		if d.ID == id {
			return d.Replaced
		}
	}
	return false
}

// writeAmendments writes the amendments, newest first, when there are.
func (m *contractsScreen) writeAmendments(p amendmentParts, section func(string), line func(string)) {
	if len(p.Amendments) == 0 {
		return
	}
	section(fmt.Sprintf("Avenants (%d)", len(p.Amendments)))
	for i, a := range p.Amendments {
		n := a.N
		if n == 0 {
			n = len(p.Amendments) - i
		}
		line(amendmentLine(n, a))
		for _, ch := range a.Changes {
			line("  " + ch[0] + "\u00a0: " + orDash(ch[1]) + " → " + orDash(ch[2]))
		}
	}
}

// amendmentLine is an amendment in one sentence: its number, its kind,
// from when, the premium before → after, the adjustment, where it
// stands, who prepared it.
func amendmentLine(n int, a amendmentView) string {
	kind := a.KindLabel
	if kind == "" {
		kind = amendmentKinds[a.Kind]
	}
	if kind == "" {
		kind = "Avenant"
	}
	s := fmt.Sprintf("%d. %s", n, kind)
	if a.EffectiveDate != "" {
		s += " · au " + civilDate(a.EffectiveDate)
	}
	s += fmt.Sprintf(" · %s → %s par an · %s · %s", pricing.Euros(a.YearlyCentsBefore), pricing.Euros(a.YearlyCentsAfter),
		adjustmentText(a.AdjustmentCents), amendmentStatus(a))
	if a.CreatedByStaff {
		s += " · préparé par un conseiller"
	}
	return s
}

// adjustmentText is the pro-rata adjustment: due by the client, refunded
// to them, or none.
func adjustmentText(cents int64) string {
	switch {
	case cents > 0:
		return pricing.Euros(cents) + " à payer"
	case cents < 0:
		return pricing.Euros(-cents) + " à rembourser"
	}
	return "sans régularisation"
}

// amendmentStatus says where the amendment stands.
func amendmentStatus(a amendmentView) string {
	switch a.Status {
	case "draft":
		return "à signer par le client"
	case "signed":
		if a.SignedAt != nil {
			return "signé le " + fr.Date(*a.SignedAt, paris)
		}
		return "signé"
	case "cancelled":
		return "annulé"
	}
	return a.Status
}
