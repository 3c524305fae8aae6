package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"courtier/pkg/account"
	"courtier/pkg/claim"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/pricing"
)

// overviewScreen is the Aperçu tab: the business at a glance and the most
// urgent requests.
type overviewScreen struct {
	src           Source
	st            Styles
	loc           *time.Location
	now           func() time.Time
	width, height int
	ov            *Overview
}

// overviewMsg carries a loaded Overview.
type overviewMsg struct{ ov *Overview }

// newOverviewScreen builds the Aperçu tab; times show in loc, dated as
// the other screens date them against now.
func newOverviewScreen(src Source, st Styles, loc *time.Location, now func() time.Time) Screen {
	return &overviewScreen{src: src, st: st, loc: loc, now: now}
}

func (s *overviewScreen) Title() string             { return "Aperçu" }
func (s *overviewScreen) SetSize(w, h int)          { s.width, s.height = w, h }
func (s *overviewScreen) ShortHelp() []key.Binding  { return nil }
func (s *overviewScreen) FullHelp() [][]key.Binding { return nil }
func (s *overviewScreen) Capturing() bool           { return false }

// Load reads the overview.
func (s *overviewScreen) Load(ctx context.Context) tea.Cmd {
	src := s.src
	return func() tea.Msg {
		ov, err := src.Overview(ctx)
		if err != nil {
			return ErrMsg{Err: err}
		}
		return overviewMsg{ov: ov}
	}
}

// Update keeps the last overview loaded.
func (s *overviewScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	if m, ok := msg.(overviewMsg); ok {
		s.ov = m.ov
	}
	return s, nil
}

// View draws the counts, one line each for offers, accounts and chats,
// and as many of the urgent requests as the room allows.
func (s *overviewScreen) View() string {
	if s.ov == nil {
		return s.st.Muted.Render("Chargement de l’aperçu…")
	}
	ov := s.ov
	b := s.figures(ov, true)
	if s.height-lipgloss.Height(b.String()) < 3 {
		// The amendments' line gives its room to the urgent requests'
		// title, header and first row when they would not fit (80×24
		// with many kinds of request).
		b = s.figures(ov, false)
	}
	// The blank line before the urgent requests goes when it would leave
	// no room for one of them under their title and header (80×24).
	if s.height-lipgloss.Height(b.String())-1 >= 3 {
		b.WriteString("\n")
	}
	used := lipgloss.Height(b.String())
	b.WriteString(s.urgent(ov.Urgent, s.height-used))
	return b.String()
}

// figures writes the counts above the urgent requests, the amendments'
// line when amendments.
func (s *overviewScreen) figures(ov *Overview, amendments bool) *strings.Builder {
	var b strings.Builder
	b.WriteString(s.countsTable(ov.Counts))
	fmt.Fprintf(&b, "\nOffres en attente du client\u00a0: %d · Conversations des dernières 24\u00a0h\u00a0: %d\n",
		ov.OffersWaiting, ov.Conversations)
	if ov.Users != nil {
		// An agent does not see the accounts, as on the site: no line.
		fmt.Fprintf(&b, "Comptes\u00a0: %s\n", usersLine(ov.Users))
	}
	if c := ov.Contracts; c != nil {
		b.WriteString(contractsLines(c))
		b.WriteString(wrap(premiumsLine(c), s.width) + "\n")
		if amendments {
			b.WriteString(wrap(amendmentsLine(c), s.width) + "\n")
		}
	}
	if c := ov.Claims; c != nil {
		// The count by status only when the room leaves the urgent
		// requests a few lines (not at 80×24).
		b.WriteString(wrap(claimsLines(c, s.height >= 30), s.width) + "\n")
	}
	return &b
}

// countsTable is the open requests by kind: new, overdue, due today, open.
func (s *overviewScreen) countsTable(c desk.Counts) string {
	labelW := 14
	for _, k := range c.ByKind {
		labelW = max(labelW, ansi.StringWidth(k.Label))
	}
	row := func(label, a, b, c, d string) string {
		return fmt.Sprintf("%s %10s %10s %12s %9s", padCell(label, labelW), a, b, c, d)
	}
	lines := []string{s.st.Header.Render(row("Demandes", "Nouvelles", "En retard", "Aujourd’hui", "En cours"))}
	for _, k := range c.ByKind {
		line := row(k.Label, itoa(k.New), itoa(k.Overdue), itoa(k.DueToday), itoa(k.Open))
		if k.Overdue > 0 {
			line = s.st.Overdue.Render(line)
		}
		lines = append(lines, line)
	}
	lines = append(lines, s.st.Title.Render(row("Total", itoa(c.New), itoa(c.Overdue), itoa(c.DueToday), itoa(c.Open))))
	return strings.Join(lines, "\n")
}

// contractsLines are the contracts' figures: covering now with their
// yearly premiums, signed and ended this month (« résiliés » counts the
// withdrawals too), and what waits for staff or for the client.
func contractsLines(c *contract.Counts) string {
	return fmt.Sprintf("Contrats\u00a0: %d en cours (%s/an) · ce mois\u00a0: %d signé%s, %d résilié%s\n",
		c.Active, pricing.Euros(c.PremiumsCents), c.SignedThisMonth, plural(c.SignedThisMonth),
		c.CancelledThisMonth, plural(c.CancelledThisMonth)) +
		fmt.Sprintf("Justificatifs\u00a0: %d à vérifier · %d contrat%s en attente · %d contrat%s à signer\n",
			c.ProofsToCheck, c.Awaiting, plural(c.Awaiting), c.Pending, plural(c.Pending))
}

// amendmentsLine is the amendments' figures: signed since the first of
// the month, and prepared and waiting for the client's signature.
func amendmentsLine(c *contract.Counts) string {
	return fmt.Sprintf("Avenants\u00a0: %d signé%s ce mois · %d en attente de signature",
		c.AmendmentsSignedThisMonth, plural(c.AmendmentsSignedThisMonth), c.AmendmentDrafts)
}

// premiumsLine is the debits' money: the premiums collected, to come
// (debits scheduled or sent, not paid yet), and the debits rejected by the
// bank and not settled yet, how many and how much.
func premiumsLine(c *contract.Counts) string {
	rejected := "aucun rejet"
	if c.Rejected > 0 {
		rejected = fmt.Sprintf("%d\u00a0rejet%s, %s", c.Rejected, plural(c.Rejected), pricing.Euros(c.RejectedCents))
	}
	// French agrees from 2: « 1,50 € encaissé », « 2,00 € encaissés ».
	return fmt.Sprintf("Primes\u00a0: %s encaissé%s · %s à venir · %s", pricing.Euros(c.CollectedCents), plural(int(c.CollectedCents/100)),
		pricing.Euros(c.OutstandingCents), rejected)
}

// claimsLines are the claims' figures: open with the average time to the
// broker's first answer over the window of claim.CountsWindow, then how
// many stand in each status (those with none left out) when byStatus.
func claimsLines(c *claim.Counts, byStatus bool) string {
	days := int(claim.CountsWindow.Hours() / 24)
	first := fmt.Sprintf("aucune 1re réponse ces %d\u00a0derniers jours", days)
	if c.Answered > 0 {
		hours := strings.Replace(strconv.FormatFloat(c.FirstAnswerHours, 'f', 1, 64), ".", ",", 1)
		first = fmt.Sprintf("1re réponse en %s\u00a0h en moyenne (%d sur %d\u00a0jours)", hours, c.Answered, days)
	}
	var by []string
	for _, st := range c.ByStatus {
		if st.Count > 0 {
			by = append(by, st.Label+"\u00a0:\u00a0"+itoa(st.Count))
		}
	}
	out := fmt.Sprintf("Sinistres\u00a0: %d en cours · %s", c.Open, first)
	if byStatus && len(by) > 0 {
		out += "\n" + strings.Join(by, " · ")
	}
	return out
}

// usersLine counts the accounts by role, in French.
func usersLine(by map[account.Role]int) string {
	plural := func(n int, one, many string) string {
		if n > 1 {
			return fmt.Sprintf("%d %s", n, many)
		}
		return fmt.Sprintf("%d %s", n, one)
	}
	return strings.Join([]string{
		plural(by[account.RoleAdmin], "administrateur", "administrateurs"),
		plural(by[account.RoleAgent], "conseiller", "conseillers"),
		plural(by[account.RoleClient], "client", "clients"),
	}, " · ")
}

// urgent lists the most urgent requests in at most room lines.
func (s *overviewScreen) urgent(list []desk.StaffView, room int) string {
	title := s.st.Title.Render("Les demandes les plus urgentes")
	if len(list) == 0 {
		return title + "\n" + s.st.Muted.Render("Aucune demande en cours.")
	}
	kindW, refW, clientW, dueW := urgentColumns(list, s.width, s.due)
	row := func(kind, ref, client, due string) string {
		return padCell(kind, kindW) + " " + padCell(ref, refW) + " " + padCell(client, clientW) + " " + elide(due, dueW)
	}
	lines := []string{title, s.st.Header.Render(row("Type", "Référence", "Client", "Échéance"))}
	for _, r := range list {
		if len(lines) >= room {
			break
		}
		due, style := s.due(r), lipgloss.NewStyle()
		switch {
		case r.Overdue:
			style = s.st.Overdue
		case r.DueToday:
			style = s.st.DueToday
		}
		lines = append(lines, row(r.KindLabel, r.Ref, r.Name, style.Render(elide(due, dueW))))
	}
	return strings.Join(lines, "\n")
}

// urgentColumns shares the width among the urgent requests' columns. The
// kind and the reference are never cut (« Devis en ligne » is the widest
// kind), nor the deadline while the client's name can give room: the name
// takes what is left, 24 cells at most, 8 at least.
func urgentColumns(list []desk.StaffView, width int, due func(desk.StaffView) string) (kindW, refW, clientW, dueW int) {
	if width <= 0 {
		width = MinWidth
	}
	kindW, refW, dueW = 12, 16, ansi.StringWidth("Échéance")
	for _, r := range list {
		kindW = max(kindW, ansi.StringWidth(r.KindLabel))
		refW = max(refW, ansi.StringWidth(r.Ref))
		dueW = max(dueW, ansi.StringWidth(due(r)))
	}
	clientW = min(24, width-kindW-refW-dueW-3)
	if clientW < 8 {
		clientW = 8
		dueW = max(width-kindW-refW-clientW-3, 1)
	}
	return kindW, refW, clientW, dueW
}

// padCell fits v in w cells: cut with « … », or padded with spaces.
func padCell(v string, w int) string {
	v = elide(v, w)
	return v + strings.Repeat(" ", max(w-ansi.StringWidth(v), 0))
}

// due is the deadline of r as the queue writes it (« en retard · 22 nov.
// 14:05 »): marked in words as well as in colour.
func (s *overviewScreen) due(r desk.StaffView) string { return dueText(r, s.now()) }
