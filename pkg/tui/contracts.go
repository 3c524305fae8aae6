package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/contract"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// contractsKeys are the bindings of the Contrats screen.
var contractsKeys = struct {
	Open, Proofs, Filter, Back, Accept, Refuse, Save, Apply, Cancel, Scroll key.Binding
}{
	Open:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "ouvrir")),
	Proofs: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "tous/justificatifs à vérifier")),
	Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filtrer")),
	Back:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "retour")),
	Accept: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "accepter un justificatif")),
	Refuse: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "refuser un justificatif")),
	Save:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "enregistrer un fichier")),
	Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
	Scroll: key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓", "défiler")),
}

// contractsMode is what the Contrats screen shows and where keys go.
type contractsMode int

const (
	ctrList contractsMode = iota
	ctrFilter
	ctrDetail
)

// Messages of the Contrats screen's reads.
type (
	contractsLoadedMsg struct {
		proofs bool
		list   []*contract.Contract
		err    error
	}
	contractLoadedMsg struct {
		id  string
		c   *contract.Contract
		err error
	}
)

// contractsScreen is the Contrats tab: the contracts, those with a
// supporting document to check on f, and one contract whole, where staff
// accept or refuse a supporting document and save a file to disk.
type contractsScreen struct {
	src Source
	st  Styles
	ctx context.Context
	now func() time.Time

	width, height int
	mode          contractsMode
	proofs        bool
	list          []*contract.Contract
	shown         []*contract.Contract
	err           error
	table         table.Model
	input         textinput.Model
	query         string

	// The open contract, its view, and the action under way on it.
	id      string
	open    *contract.Contract
	openErr error
	vp      viewport.Model
	act     *contractAction
}

// newContractsScreen builds the Contrats screen over src.
func newContractsScreen(src Source, st Styles) Screen {
	m := &contractsScreen{src: src, st: st, ctx: context.Background(), now: time.Now,
		table: newScreenTable(st), input: newScreenInput(200), vp: viewport.New(80, 20)}
	m.SetSize(80, 20)
	return m
}

func (m *contractsScreen) Title() string { return "Contrats" }

func (m *contractsScreen) Capturing() bool { return m.mode == ctrFilter || m.act != nil }

func (m *contractsScreen) SetSize(w, h int) {
	m.width, m.height = max(w, 20), max(h, 5)
	m.table.SetColumns(fitColumns(m.width, []colSpec{{"Contrat", 16, 16}, {"Client", 12, 30}, {"Produit", 10, 24},
		{"Statut", 14, 27}, {"Provisoire", 12, 14}}))
	m.table.SetWidth(m.width)
	m.table.SetHeight(m.height - 2)
	m.input.Width = m.width - 24
	m.vp.Width, m.vp.Height = m.width, m.height-2
	m.refreshRows()
	m.refreshDetail()
}

func (m *contractsScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src, proofs := m.src, m.proofs
	cmds := []tea.Cmd{func() tea.Msg {
		list, err := src.Contracts(ctx, proofs)
		return contractsLoadedMsg{proofs: proofs, list: list, err: err}
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
		if msg.proofs == m.proofs {
			m.list, m.err = msg.list, msg.err
			m.refreshRows()
		}
	case contractLoadedMsg:
		if msg.id == m.id {
			m.open, m.openErr = msg.c, msg.err
			m.refreshDetail()
		}
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *contractsScreen) key(msg tea.KeyMsg) tea.Cmd {
	switch {
	case m.act != nil:
		return m.actionKey(msg)
	case m.mode == ctrFilter:
		return m.filterKey(msg)
	case m.mode == ctrDetail:
		return m.detailKey(msg)
	}
	switch {
	case key.Matches(msg, contractsKeys.Proofs):
		m.proofs = !m.proofs
		m.table.SetCursor(0)
		return m.Load(m.ctx)
	case key.Matches(msg, contractsKeys.Filter) && m.err == nil:
		m.mode = ctrFilter
		m.input.SetValue(m.query)
		m.input.CursorEnd()
		return m.input.Focus()
	case key.Matches(msg, contractsKeys.Open):
		if c := m.selected(); c != nil {
			m.mode, m.id, m.open, m.openErr = ctrDetail, c.ID, nil, nil
			m.vp.SetYOffset(0)
			return m.loadContract(m.id)
		}
	default:
		var cmd tea.Cmd
		m.table, cmd = m.table.Update(msg)
		m.refreshRows()
		return cmd
	}
	return nil
}

func (m *contractsScreen) filterKey(msg tea.KeyMsg) tea.Cmd {
	res, q, cmd := updateFilter(&m.input, msg, contractsKeys.Apply, contractsKeys.Cancel)
	switch res {
	case filterCancelled:
		m.mode = ctrList
	case filterApplied:
		m.mode, m.query = ctrList, q
		m.table.SetCursor(0)
		m.refreshRows()
	}
	return cmd
}

// selected is the contract under the cursor, nil when the list is empty.
func (m *contractsScreen) selected() *contract.Contract {
	if c := m.table.Cursor(); m.err == nil && c >= 0 && c < len(m.shown) {
		return m.shown[c]
	}
	return nil
}

// refreshRows filters the loaded contracts into the table, the cursor
// kept on the same contract.
func (m *contractsScreen) refreshRows() {
	var id string
	if c := m.selected(); c != nil {
		id = c.ID
	}
	m.shown = m.shown[:0:0]
	if m.err == nil {
		for _, c := range m.list {
			reg := ""
			if c.Risk.Vehicle != nil {
				reg = c.Risk.Vehicle.Registration
			}
			if matches(m.query, c.Number, c.Holder.Name, c.Holder.Email, c.ProductLabel, c.StatusLabel, reg) {
				m.shown = append(m.shown, c)
			}
		}
	}
	cursor := min(max(m.table.Cursor(), 0), max(len(m.shown)-1, 0))
	for i, c := range m.shown {
		if c.ID == id {
			cursor = i
		}
	}
	rows := make([]table.Row, len(m.shown))
	for i, c := range m.shown {
		rows[i] = table.Row{marker(i == cursor, c.Number), c.Holder.Name, c.ProductLabel, c.StatusLabel, orDash(shortDate(c.ProvisionalUntil))}
	}
	m.table.SetRows(rows)
	m.table.SetCursor(cursor)
}

func (m *contractsScreen) View() string {
	if m.mode == ctrDetail {
		return m.detailView()
	}
	head := m.st.Title.Render("Contrats") + m.st.Muted.Render(" · "+m.summary())
	var body string
	switch {
	case m.err != nil:
		body = m.st.Muted.Render(wrap("Les contrats ne sont pas disponibles\u00a0: "+errorText(m.err), m.width))
	case m.list == nil:
		body = m.st.Muted.Render("Chargement…")
	case len(m.shown) == 0 && m.proofs:
		body = m.st.Muted.Render("Aucun justificatif à vérifier.")
	case len(m.shown) == 0:
		body = m.st.Muted.Render("Aucun contrat.")
	default:
		body = m.table.View()
	}
	out := fitHeight(head+"\n"+body, m.width, m.height-1)
	if m.mode == ctrFilter {
		return out + "\nFiltrer\u00a0: " + m.input.View()
	}
	return out + "\n"
}

// summary says which contracts the list shows.
func (m *contractsScreen) summary() string {
	parts := []string{"tous"}
	if m.proofs {
		parts[0] = "justificatifs à vérifier"
	}
	if m.query != "" {
		parts = append(parts, "filtre «\u00a0"+m.query+"\u00a0»")
	}
	n := len(m.shown)
	parts = append(parts, fmt.Sprintf("%d affiché%s", n, plural(n)))
	return strings.Join(parts, " · ")
}

func (m *contractsScreen) ShortHelp() []key.Binding {
	switch {
	case m.act != nil:
		return m.act.help()
	case m.mode == ctrFilter:
		return []key.Binding{contractsKeys.Apply, contractsKeys.Cancel}
	case m.mode == ctrDetail:
		h := []key.Binding{contractsKeys.Back, contractsKeys.Scroll}
		if len(m.reviewable()) > 0 {
			h = append(h, contractsKeys.Accept, contractsKeys.Refuse)
		}
		if len(m.files()) > 0 {
			h = append(h, contractsKeys.Save)
		}
		return h
	case m.err != nil:
		return nil
	}
	return []key.Binding{contractsKeys.Open, contractsKeys.Proofs, contractsKeys.Filter}
}

func (m *contractsScreen) FullHelp() [][]key.Binding {
	h := [][]key.Binding{m.ShortHelp()}
	if m.mode == ctrList && m.act == nil {
		h = append(h, m.table.KeyMap.ShortHelp())
	}
	return h
}
