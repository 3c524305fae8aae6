package tui

import (
	"context"
	"strings"

	"courtier/pkg/claim"

	tea "github.com/charmbracelet/bubbletea"
)

// A vehicle claim's responsibility from the request view, as the web
// desk's « Responsabilité retenue par l’assureur » takes it: b lists the
// four answers, the current one marked and under the cursor; the current
// one chosen sends nothing; one that differs is saved at once, with no question, since the client is not
// e-mailed (the step only shows in their follow-up) and choosing it again
// mends a slip. claim.Service.SetResponsibility decides, as for POST
// /api/desk/requests/{id}/claim/responsibility.

// responsibilityChoices are the answers in the web desk's order and words
// (site/src/features/desk/claim-api.ts, responsibilityChoices).
var responsibilityChoices = []struct{ value, label string }{
	{claim.ResponsibilityUnknown, "Pas encore connue"},
	{claim.ResponsibilityNone, "Aucune"},
	{claim.ResponsibilityShared, "Partagée"},
	{claim.ResponsibilityFull, "Entière"},
}

// canSetResponsibility tells whether b is offered: a vehicle's claim on
// one of the house's contracts that the actor may work (taken, not
// read-only: CanWork is false without --as).
func (m *requestsScreen) canSetResponsibility() bool {
	c := m.claimOpen()
	return c != nil && c.BonusMalus && c.CanWork
}

// claimOpen is the open request's claim, nil when it is not one.
func (m *requestsScreen) claimOpen() *claim.StaffClaim {
	if m.detail == nil {
		return nil
	}
	return m.detail.Claim
}

// pickResponsibility opens the list of the answers. What it needs of the
// claim is kept now: a refresh may replace the open request while the
// list is open, and the service judges the value when it is sent.
func (m *requestsScreen) pickResponsibility() tea.Cmd {
	current, ref := m.detail.Claim.Responsibility, m.detail.Request.Ref
	labels, at := make([]string, len(responsibilityChoices)), 0
	for i, c := range responsibilityChoices {
		labels[i] = c.label
		if c.value == current {
			labels[i], at = c.label+" (actuelle)", i
		}
	}
	m.choose(reqClaimResponsibility, "Responsabilité retenue par l’assureur · "+ref, labels, func(i int) tea.Cmd {
		c := responsibilityChoices[i]
		if c.value == current {
			// Nothing to send; said, so that an earlier line of the status
			// bar is not read as this choice saved.
			return msgCmd(InfoMsg{Text: "Responsabilité inchangée\u00a0: " + strings.ToLower(c.label) + "."})
		}
		return m.act(func(src Source, ctx context.Context, id string) (string, error) {
			return "Responsabilité enregistrée\u00a0: " + strings.ToLower(c.label) + ".", src.SetClaimResponsibility(ctx, id, c.value)
		})
	})
	m.pick.cursor = at
	return nil
}
