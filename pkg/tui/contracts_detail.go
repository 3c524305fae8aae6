package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"courtier/pkg/contract"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// The contract view of the Contrats screen: the client, the risk, the
// premium and its schedule, the mandate (its IBAN masked), the documents
// with their SHA-256, the supporting documents and the history.

// refreshDetail writes the open contract into the pane at its width.
func (m *contractsScreen) refreshDetail() {
	if m.open != nil {
		m.showText(m.detailText(), false)
	}
}

func (m *contractsScreen) detailView() string {
	head, body := m.pane("Contrat", m.open != nil, m.openErr, func() string {
		c := m.open
		return m.headLine("Contrat "+c.Number, c.StatusLabel+" · "+c.ProductLabel)
	})
	switch {
	case m.choosing():
		return m.page(head, body, m.pick.viewIn(m.st, m.width, m.height/2))
	case m.act != nil:
		return m.page(head, body, m.act.prompt+m.input.View())
	}
	return m.page(head, body, m.bottom())
}

func (m *contractsScreen) detailText() string {
	c, w := m.open, m.width
	var b strings.Builder
	section := func(title string) { b.WriteString("\n" + m.st.Header.Render(elide("── "+title+" ", w)) + "\n") }
	line := func(s string) { b.WriteString(wrap(s, w) + "\n") }
	field := func(label, value string) {
		if value != "" {
			line(label + "\u00a0: " + value)
		}
	}
	// What staff follow first: an unpaid premium, a renewal coming.
	field("Suivi", followText(c, civilToday(m.now())))
	h := c.Holder
	name := h.Name
	if h.LastName == "" {
		// A contract begun before the legal name was asked holds the
		// account's display name: say so rather than pass it for one.
		name = orDash(name) + " (nom légal pas encore donné)"
	}
	field("Souscripteur", name+" · "+h.Email)
	field("Téléphone", orDash(fr.Phone(h.Phone)))
	field("Adresse", strings.TrimSpace(h.Address+", "+h.PostalCode+" "+h.City))
	field("Né(e) le", civilDate(h.BirthDate))
	m.writeProofs(c, section, line)
	section("Risque")
	if v := c.Risk.Vehicle; v != nil {
		name := strings.TrimSpace(v.Name()) + " · " + orDash(v.Registration)
		if c.Risk.VehicleDescribed {
			name += " · véhicule hors catalogue, décrit par le client"
		}
		field("Véhicule", name)
	}
	if d := c.Risk.Dwelling; d != nil {
		field("Logement", fmt.Sprintf("%s, %s, %d\u00a0m², %d\u00a0pièces", d.Kind, d.Status, d.Surface, d.Rooms))
	}
	for _, l := range c.Risk.Lines {
		field(l[0], l[1])
	}
	section("Prime")
	field("Formule", c.Formula+" chez "+c.Insurer)
	premium := pricing.Euros(c.YearlyCents) + " par an"
	if c.Rhythm == "monthly" {
		premium += " · " + pricing.Euros(c.MonthlyCents) + " par mois, prélevés chaque mois"
	} else {
		premium += ", prélevés en une fois"
	}
	field("Prime", premium)
	if r := c.Risk.Repricing; r != nil {
		moved := pricing.Euros(r.FromYearlyCents) + " → " + pricing.Euros(r.ToYearlyCents) + " par an"
		for _, ch := range r.Changes {
			moved += " · " + ch[0] + " : " + orDash(ch[1]) + " → " + orDash(ch[2])
		}
		field("Prix recalculé", moved)
	}
	field("Franchise", pricing.Euros(c.DeductibleCents))
	field("Début", civilDate(c.StartDate))
	if c.SignedAt != nil {
		field("Signé le", fr.DateTime(*c.SignedAt, paris))
	}
	field("Couverture provisoire jusqu’au", civilDate(c.ProvisionalUntil))
	field("Rétractation possible jusqu’au", civilDate(c.WithdrawUntil))
	if e := c.Ending; e != nil {
		field("Fin", civilDate(e.Date)+" ("+e.Reason+")")
	}
	p := m.parts(c)
	m.writeAmendments(p, section, line)
	m.writeIncident(c, section, field)
	m.writeSchedule(&b, c, section, line)
	section("Mandat SEPA")
	if md := c.Mandate; md != nil {
		line(fmt.Sprintf("RUM %s · %s · %s · signé le %s", md.RUM, md.Holder, md.IBAN, fr.Date(md.SignedAt, paris)))
	} else {
		line("Pas encore signé.")
	}
	m.writeFiles(&b, c, p, section, line)
	section("Historique")
	for i := len(c.History) - 1; i >= 0; i-- {
		e := c.History[i]
		who := e.ActorName
		if who == "" {
			who = "Système"
		}
		line(frDate(e.At, m.now()) + " · " + who + " · " + e.Detail)
	}
	return strings.TrimRight(b.String(), "\n")
}

// writeSchedule writes the debits in the order of their due dates (a new
// presentation of a rejected one among them): date, amount, sequence,
// where they stand and why the bank returned one.
func (m *contractsScreen) writeSchedule(b *strings.Builder, c *contract.Contract, section func(string), line func(string)) {
	section(fmt.Sprintf("Échéancier (%d)", len(c.Schedule)))
	again := map[int]int{}
	for _, p := range c.Payments {
		again[p.Seq] = p.Represents
	}
	list := slices.Clone(c.Schedule)
	slices.SortStableFunc(list, func(a, b contract.Debit) int { return strings.Compare(a.Date, b.Date) })
	for _, d := range list {
		state := strings.ToLower(d.StatusLabel)
		switch {
		case d.Cancelled && d.Status == contract.DebitScheduled:
			state = "annulé"
		case state == "":
			state = "à venir"
		}
		if d.ReasonLabel != "" {
			state += " (" + d.ReasonLabel + ")"
		}
		if n := again[d.Seq]; n > 0 {
			state += fmt.Sprintf(", nouvelle présentation du n° %d", n)
		}
		line(fmt.Sprintf("%2d. %-17s %12s  %s  %s", d.Seq, civilDate(d.Date), pricing.Euros(d.AmountCents), d.Sequence, state))
	}
}

// writeFiles writes the documents with their SHA-256, those an amendment
// replaced said so (they stay in the contract's history).
func (m *contractsScreen) writeFiles(b *strings.Builder, c *contract.Contract, p amendmentParts, section func(string), line func(string)) {
	section(fmt.Sprintf("Documents (%d)", len(c.Documents)))
	for _, d := range c.Documents {
		s := d.Title + " · " + fr.Date(d.IssuedAt, paris)
		if d.Signed {
			s += " · signé"
		}
		if p.replaced(d.ID) {
			s += " · remplacé"
		}
		line(s)
		b.WriteString(m.st.Muted.Render(elide("  SHA-256 "+d.SHA256, m.width)) + "\n")
	}
}

// writeProofs writes the supporting documents with their status and the
// reason of a refusal: first, as they are what staff act on.
func (m *contractsScreen) writeProofs(c *contract.Contract, section func(string), line func(string)) {
	section(fmt.Sprintf("Justificatifs (%d)", len(c.Proofs)))
	if len(c.Proofs) == 0 {
		line("Aucun justificatif demandé pour ce produit.")
	}
	for _, p := range c.Proofs {
		s := p.Label + " · " + p.StatusLabel
		if p.Name != "" {
			s += " · " + p.Name
		}
		if p.SentAt != nil {
			s += " · envoyé le " + fr.Date(*p.SentAt, paris)
		}
		line(s)
		if p.Reason != "" {
			line("  Motif du refus\u00a0: " + p.Reason)
		}
	}
}

// civilDate writes a YYYY-MM-DD date in French, "" when empty.
func civilDate(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return fr.Date(d, time.UTC)
}

// shortDate writes a YYYY-MM-DD date as a table cell, « 24 déc. 2026 »;
// "" when empty.
func shortDate(s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return itoa(d.Day()) + " " + frMonths[d.Month()-1] + " " + itoa(d.Year())
}
