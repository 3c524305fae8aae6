package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/contract"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
)

// contractsKeys are the bindings of the Contrats screen.
var contractsKeys = struct {
	Proofs, Unpaid, Renewal, Accept, Refuse, Save key.Binding
}{
	Proofs:  key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "tous/justificatifs à vérifier")),
	Unpaid:  key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "tous/impayés")),
	Renewal: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "tous/à renouveler")),
	Accept:  key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "accepter un justificatif")),
	Refuse:  key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "refuser un justificatif")),
	Save:    key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "enregistrer un fichier")),
}

// contractsMode is what the Contrats screen shows and where keys go.
type contractsMode = frameMode

const (
	ctrList   = frameList
	ctrFilter = frameFilter
	ctrDetail = frameDetail
)

// Messages of the Contrats screen's reads.
type (
	contractsLoadedMsg struct {
		proofs bool
		follow string
		list   []*contract.Contract
		err    error
	}
	contractLoadedMsg struct {
		id  string
		c   *contract.Contract
		err error
	}
)

// contractsScreen is the Contrats tab: the contracts with what staff
// follow on each (a payment incident, a renewal), those with a supporting
// document to check on f, the unpaid ones on i, those to renew on e, and
// one contract whole, where staff accept or refuse a supporting document
// and save a file to disk.
type contractsScreen struct {
	frame[*contract.Contract]
	src    Source
	ctx    context.Context
	now    func() time.Time
	proofs bool
	// follow is the follow-up shown (followUnpaid, followRenewal), or
	// followNone; never with proofs.
	follow string

	// The open contract and the action under way on it.
	id      string
	open    *contract.Contract
	openErr error
	act     *contractAction
	// parts reads the open contract's amendments and replaced documents
	// (amendmentPartsOf; a test gives its own).
	parts func(*contract.Contract) amendmentParts
}

// newContractsScreen builds the Contrats screen over src.
func newContractsScreen(src Source, st Styles) Screen {
	m := &contractsScreen{src: src, ctx: context.Background(), now: time.Now, parts: amendmentPartsOf}
	m.frame = newFrame(st, frameSpec[*contract.Contract]{
		cols: []colSpec{{"Contrat", 16, 16}, {"Client", 12, 30}, {"Produit", 10, 24}, {"Statut", 14, 27}, {"Provisoire", 12, 14}, {"Suivi", 10, 40}},
		cells: func(c *contract.Contract) table.Row {
			return table.Row{c.Number, c.Holder.Name, c.ProductLabel, c.StatusLabel, orDash(shortDate(c.ProvisionalUntil)),
				followText(c, civilToday(m.now()))}
		},
		id: func(c *contract.Contract) string { return c.ID },
		match: func(q string, c *contract.Contract) bool {
			reg := ""
			if c.Risk.Vehicle != nil {
				reg = c.Risk.Vehicle.Registration
			}
			return matches(q, c.Number, c.Holder.Name, c.Holder.Email, c.ProductLabel, c.StatusLabel, reg, followText(c, civilToday(m.now())))
		},
		open: func(c *contract.Contract) tea.Cmd {
			m.id, m.open, m.openErr = c.ID, nil, nil
			return m.loadContract(m.id)
		},
		close: func() { m.id, m.open, m.openErr = "", nil, nil },
		empty: func() string {
			switch {
			case m.proofs:
				return "Aucun justificatif à vérifier."
			case m.follow == followUnpaid:
				return "Aucun contrat impayé."
			case m.follow == followRenewal:
				return "Aucun contrat à renouveler dans les trois mois."
			}
			return "Aucun contrat."
		},
		unavailable: func(err error) string { return "Les contrats ne sont pas disponibles\u00a0: " + errorText(err) },
	})
	m.SetSize(80, 20)
	return m
}

func (m *contractsScreen) Title() string { return "Contrats" }

func (m *contractsScreen) Capturing() bool { return m.capturing() || m.act != nil }

func (m *contractsScreen) SetSize(w, h int) {
	m.resize(w, h)
	m.refreshDetail()
}

func (m *contractsScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src, proofs, follow := m.src, m.proofs, m.follow
	cmds := []tea.Cmd{func() tea.Msg {
		var list []*contract.Contract
		var err error
		if follow != followNone {
			list, err = src.ContractsFollowed(ctx, follow)
		} else {
			list, err = src.Contracts(ctx, proofs)
		}
		return contractsLoadedMsg{proofs: proofs, follow: follow, list: list, err: err}
	}}
	if m.id != "" {
		cmds = append(cmds, m.loadContract(m.id))
	}
	return tea.Batch(cmds...)
}

func (m *contractsScreen) loadContract(id string) tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		c, err := src.Contract(ctx, id)
		return contractLoadedMsg{id: id, c: c, err: err}
	}
}

func (m *contractsScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case contractsLoadedMsg:
		// An answer for the filter left since (f pressed twice) is dropped.
		if msg.proofs == m.proofs && msg.follow == m.follow {
			m.setRows(msg.list, msg.err)
		}
	case contractLoadedMsg:
		if msg.id == m.id {
			m.open, m.openErr = msg.c, msg.err
			m.refreshDetail()
		}
	case tea.KeyMsg:
		if m.act != nil {
			return m, m.lineKey(msg)
		}
		return m, m.route(msg, m.actions())
	}
	return m, nil
}

// actions are the keys of the list and of the open contract.
func (m *contractsScreen) actions() []action {
	if m.mode == ctrDetail {
		checks := len(m.reviewable()) > 0
		return []action{m.backAction(), scrollAction(),
			{key: contractsKeys.Accept, ok: checks, run: m.accept},
			{key: contractsKeys.Refuse, ok: checks, run: m.refuse},
			{key: contractsKeys.Save, ok: len(m.files()) > 0, run: m.save},
			{key: payKey, ok: m.payable(), run: m.pay}}
	}
	return []action{m.openAction(frameKeys.Open),
		{key: contractsKeys.Proofs, ok: true, run: func() tea.Cmd {
			m.proofs, m.follow = !m.proofs, followNone
			m.table.SetCursor(0)
			return m.Load(m.ctx)
		}},
		{key: contractsKeys.Unpaid, ok: true, run: func() tea.Cmd { return m.toggleFollow(followUnpaid) }},
		{key: contractsKeys.Renewal, ok: true, run: func() tea.Cmd { return m.toggleFollow(followRenewal) }},
		m.filterAction()}
}

// toggleFollow shows the contracts of follow-up f, or all of them again
// when they are shown.
func (m *contractsScreen) toggleFollow(f string) tea.Cmd {
	if m.follow == f {
		f = followNone
	}
	m.proofs, m.follow = false, f
	m.table.SetCursor(0)
	return m.Load(m.ctx)
}

func (m *contractsScreen) View() string {
	if m.mode >= ctrDetail {
		return m.detailView()
	}
	return m.listView(m.headLine("Contrats", m.summary()))
}

// summary says which contracts the list shows.
func (m *contractsScreen) summary() string {
	parts := []string{"tous"}
	switch {
	case m.proofs:
		parts[0] = "justificatifs à vérifier"
	case m.follow != followNone:
		parts[0] = followNames[m.follow]
	}
	if m.query != "" {
		parts = append(parts, "filtre «\u00a0"+m.query+"\u00a0»")
	}
	n := len(m.shown)
	parts = append(parts, fmt.Sprintf("%d affiché%s", n, plural(n)))
	return strings.Join(parts, " · ")
}

func (m *contractsScreen) ShortHelp() []key.Binding {
	if m.act != nil {
		return []key.Binding{frameKeys.Apply, frameKeys.Cancel}
	}
	return m.help(m.actions())
}

func (m *contractsScreen) FullHelp() [][]key.Binding { return m.fullHelp(m.ShortHelp()) }
