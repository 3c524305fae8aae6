package tui

import (
	"fmt"
	"strconv"
	"strings"

	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The payment of an incident, recorded by staff on the open contract:
// the sum received, the day, the way, then a confirmation.

// payKey records a payment (p is the pause of every screen).
var payKey = key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "encaisser l’impayé"))

// paymentWays are the ways offered, in the order of the list.
var paymentWays = []struct{ id, label string }{
	{"transfer", "virement"}, {"cheque", "chèque"}, {"card", "carte bancaire"}, {"cash", "espèces"},
}

// payable tells whether the open contract has an incident staff may
// settle: running, and the actor staff.
func (m *contractsScreen) payable() bool {
	if m.open == nil || m.open.Incident == nil || !m.src.Actor().IsStaff() {
		return false
	}
	switch m.open.Incident.Stage {
	case contract.StageOpen, contract.StageNotice, contract.StageSuspended:
		return true
	}
	return false
}

// pay asks the sum (the sum due written in), the day (today), the way,
// then confirms and records the payment through the Source.
func (m *contractsScreen) pay() tea.Cmd {
	c := m.open
	due := strings.TrimSuffix(pricing.Euros(c.Incident.AmountCents), "\u00a0€")
	return m.typeLine("Montant reçu en euros\u00a0: ", due, 12, func(amount string) tea.Cmd {
		cents, ok := parseEuros(amount)
		if !ok {
			return func() tea.Msg {
				return ErrMsg{Err: apperr.FieldErrorf("amountCents", "Indiquez un montant en euros, par exemple %s.", due)}
			}
		}
		today := m.now().In(paris).Format("2006-01-02")
		return m.typeLine("Date du paiement (AAAA-MM-JJ)\u00a0: ", today, 10, func(date string) tea.Cmd {
			labels := make([]string, len(paymentWays))
			for i, w := range paymentWays {
				labels[i] = w.label
			}
			m.choose(ctrPick, "Moyen de paiement", labels, func(i int) tea.Cmd {
				w := paymentWays[i]
				m.ask = &confirm{prompt: fmt.Sprintf("Enregistrer %s reçus par %s le %s sur le contrat %s\u00a0? (o/n)",
					pricing.Euros(cents), w.label, civilDate(date), c.Number), run: func() tea.Cmd {
					src, ctx, id := m.src, m.ctx, c.ID
					done := fmt.Sprintf("Paiement de %s enregistré sur le contrat %s\u00a0: le client en est informé.", pricing.Euros(cents), c.Number)
					return afterAction(func() tea.Msg {
						return errOr(src.RecordPayment(ctx, id, contract.PaymentReceived{AmountCents: cents, Date: date, Way: w.id}), done)
					})
				}}
				return nil
			})
			return nil
		})
	})
}

// parseEuros reads « 41,20 », « 41.20 », « 1 234,5 » or « 41 » in cents.
func parseEuros(s string) (int64, bool) {
	s = strings.NewReplacer(" ", "", "\u00a0", "", "\u202f", "", "€", "", ",", ".").Replace(strings.TrimSpace(s))
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 || strings.ContainsAny(whole+frac, "+-") {
		return 0, false
	}
	for len(frac) < 2 {
		frac += "0"
	}
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	return n, true
}

// writeIncident writes the payment incident of c, when it has one.
func (m *contractsScreen) writeIncident(c *contract.Contract, section func(string), field func(string, string)) {
	i := c.Incident
	if i == nil {
		return
	}
	section("Impayé")
	field("Étape", i.StageLabel)
	field("Échéance impayée", civilDate(i.DueDate)+" · "+pricing.Euros(i.AmountCents)+" · "+i.ReasonLabel)
	field("Virement", "IBAN "+i.IBAN+" · BIC "+i.BIC+" · référence "+i.Reference)
	field("Nouvelle présentation", civilDate(i.RepresentDate))
	field("Mise en demeure", civilDate(i.NoticeAt))
	field("Suspension", civilDate(i.SuspendAt))
	field("Résiliation", civilDate(i.TerminateAt))
	if i.CoverBackAt != nil {
		field("Garanties de nouveau", fr.DateTime(*i.CoverBackAt, paris))
	}
}
