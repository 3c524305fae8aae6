package tui

import (
	"context"
	"fmt"
	"strings"
	"time"

	"courtier/pkg/desk"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// requestsKeys are the bindings of the Demandes screen.
var requestsKeys = struct {
	Open, Filter, Sort, Reverse, State, Mine, Back           key.Binding
	Take, Status, Note, Hand, Release, Apply, Cancel, Scroll key.Binding
	Save                                                     key.Binding
}{
	Open:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "ouvrir")),
	Filter:  key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filtrer")),
	Sort:    key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "trier")),
	Reverse: key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "inverser le tri")),
	State:   key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "en cours/terminées/toutes")),
	Mine:    key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "mes demandes")),
	Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "retour")),
	Take:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "prendre en charge")),
	Status:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "changer le statut")),
	Note:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "ajouter une note")),
	Hand:    key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "confier à…")),
	Release: key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "remettre dans la file")),
	Apply:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("entrée", "valider")),
	Cancel:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("échap", "annuler")),
	Scroll:  key.NewBinding(key.WithKeys("up", "down", "pgup", "pgdown"), key.WithHelp("↑/↓", "défiler")),
	Save:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "enregistrer une pièce")),
}

// frCollator sorts names the French way (« Émilie » before « Jeanne »).
var frCollator = collate.New(language.French, collate.IgnoreCase)

// The sort columns, in the order o cycles them, and the states f cycles.
var (
	requestSorts  = []string{"échéance", "référence", "client", "statut"}
	requestStates = []struct{ state, label string }{{"open", "en cours"}, {"closed", "terminées"}, {"all", "toutes"}}
)

// requestsMode is what the Demandes screen shows and where keys go.
type requestsMode int

const (
	reqList requestsMode = iota
	reqFilter
	reqDetail
	reqStatus
	reqNote
	reqHand
	// reqSave: the number of a claim's file to save is typed.
	reqSave
	// A claim's next step (requests_claim_move.go): chosen, its field
	// typed, the word to the client typed, confirmed.
	reqClaimStatus
	reqClaimField
	reqClaimNote
	reqClaimConfirm
)

// Messages of the Demandes screen's reads.
type (
	queueLoadedMsg struct {
		list []desk.StaffView
		err  error
	}
	requestLoadedMsg struct {
		id     string
		detail *RequestDetail
		err    error
	}
	staffLoadedMsg struct {
		staff []desk.Person
		err   error
	}
)

// requestsScreen is the Demandes tab: the back office's queue and one request.
type requestsScreen struct {
	src Source
	st  Styles
	ctx context.Context
	now func() time.Time

	width, height int
	mode          requestsMode

	all, shown []desk.StaffView
	err        error
	loaded     bool
	table      table.Model
	input      textinput.Model
	query      string
	sortCol    int
	sortDesc   bool
	state      int
	mine       bool

	// The open request, its view, and the list open over it.
	id        string
	detail    *RequestDetail
	detailErr error
	vp        viewport.Model
	pick      picker
	staff     []desk.Person
	// saveDir is where a claim's file is saved: "" for the working directory.
	saveDir string
	// claimMove is the claim's next step being drafted.
	claimMove *claimMoveDraft
}

// newRequestsScreen builds the Demandes screen over src.
func newRequestsScreen(src Source, st Styles) Screen {
	ti := newScreenInput(100)
	m := &requestsScreen{src: src, st: st, ctx: context.Background(), now: time.Now,
		table: newScreenTable(st), input: ti, vp: viewport.New(80, 20)}
	m.SetSize(80, 20)
	return m
}

func (m *requestsScreen) Title() string { return "Demandes" }

func (m *requestsScreen) Capturing() bool {
	return m.mode == reqFilter || m.mode == reqStatus || m.mode == reqNote || m.mode == reqHand || m.mode == reqSave ||
		m.mode == reqClaimStatus || m.mode == reqClaimField || m.mode == reqClaimNote || m.mode == reqClaimConfirm
}

func (m *requestsScreen) SetSize(w, h int) {
	m.width, m.height = max(w, 20), max(h, 5)
	m.table.SetColumns(fitColumns(m.width, []colSpec{{"Type", 8, 13}, {"Référence", 14, 14},
		{"Client", 9, 24}, {"Objet", 9, 26}, {"Statut", 9, 20}, {"Suivie par", 7, 18}, {"Échéance", 11, 19}}))
	m.table.SetWidth(m.width)
	m.table.SetHeight(m.height - 2)
	m.input.Width = m.width - 12
	m.vp.Width, m.vp.Height = m.width, m.height-2
	m.refreshRows()
	m.refreshDetail()
}

// filter is the queue's filter on the server: the state and « mes demandes ».
func (m *requestsScreen) filter() desk.Filter {
	f := desk.Filter{State: requestStates[m.state].state}
	if m.mine {
		f.Assignee = "me"
	}
	return f
}

func (m *requestsScreen) Load(ctx context.Context) tea.Cmd {
	m.ctx = ctx
	src, f := m.src, m.filter()
	cmds := []tea.Cmd{func() tea.Msg {
		list, err := src.Queue(ctx, f)
		return queueLoadedMsg{list: list, err: err}
	}}
	if m.id != "" {
		cmds = append(cmds, m.loadDetail(m.id))
	}
	return tea.Batch(cmds...)
}

func (m *requestsScreen) loadDetail(id string) tea.Cmd {
	src, ctx := m.src, m.ctx
	return func() tea.Msg {
		d, err := src.Request(ctx, id)
		return requestLoadedMsg{id: id, detail: d, err: err}
	}
}

func (m *requestsScreen) Update(msg tea.Msg) (Screen, tea.Cmd) {
	switch msg := msg.(type) {
	case queueLoadedMsg:
		m.loaded, m.err = true, msg.err
		if msg.err == nil {
			m.all = msg.list
		}
		m.refreshRows()
	case requestLoadedMsg:
		if msg.id == m.id {
			m.detail, m.detailErr = msg.detail, msg.err
			m.refreshDetail()
		}
	case staffLoadedMsg:
		return m, m.staffLoaded(msg)
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

func (m *requestsScreen) key(msg tea.KeyMsg) tea.Cmd {
	switch m.mode {
	case reqFilter:
		return m.filterKey(msg)
	case reqList:
		return m.listKey(msg)
	}
	return m.detailKey(msg)
}

func (m *requestsScreen) filterKey(msg tea.KeyMsg) tea.Cmd {
	res, q, cmd := updateFilter(&m.input, msg, requestsKeys.Apply, requestsKeys.Cancel)
	switch res {
	case filterCancelled:
		m.mode = reqList
	case filterApplied:
		m.mode, m.query = reqList, q
		m.table.SetCursor(0)
		m.refreshRows()
	}
	return cmd
}

func (m *requestsScreen) listKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, requestsKeys.Filter):
		m.mode = reqFilter
		m.input.SetValue(m.query)
		m.input.CursorEnd()
		return m.input.Focus()
	case key.Matches(msg, requestsKeys.Sort):
		m.sortCol = (m.sortCol + 1) % len(requestSorts)
		m.refreshRows()
	case key.Matches(msg, requestsKeys.Reverse):
		m.sortDesc = !m.sortDesc
		m.refreshRows()
	case key.Matches(msg, requestsKeys.State):
		m.state = (m.state + 1) % len(requestStates)
		return m.Load(m.ctx)
	case key.Matches(msg, requestsKeys.Mine):
		m.mine = !m.mine
		return m.Load(m.ctx)
	case key.Matches(msg, requestsKeys.Open):
		if c := m.table.Cursor(); c >= 0 && c < len(m.shown) {
			m.mode, m.id, m.detail, m.detailErr = reqDetail, m.shown[c].ID, nil, nil
			m.refreshDetail()
			return m.loadDetail(m.id)
		}
	default:
		var cmd tea.Cmd
		m.table, cmd = m.table.Update(msg)
		m.refreshRows()
		return cmd
	}
	return nil
}

func (m *requestsScreen) View() string {
	if m.mode >= reqDetail {
		return m.detailView()
	}
	head := m.st.Title.Render("Demandes") + m.st.Muted.Render(" · "+m.summary())
	var body string
	switch {
	case m.err != nil:
		body = m.st.Error.Render(wrap(errorText(m.err), m.width))
	case !m.loaded:
		body = m.st.Muted.Render("Chargement…")
	case len(m.shown) == 0:
		body = m.st.Muted.Render("Aucune demande.")
	default:
		body = m.table.View()
	}
	out := fitHeight(head+"\n"+body, m.width, m.height-1)
	if m.mode == reqFilter {
		return out + "\n" + "Filtrer\u00a0: " + m.input.View()
	}
	return out + "\n"
}

// summary says which requests the list shows, how sorted and how many.
func (m *requestsScreen) summary() string {
	parts := []string{requestStates[m.state].label}
	if m.mine {
		parts = append(parts, "mes demandes")
	}
	arrow := "↑"
	if m.sortDesc {
		arrow = "↓"
	}
	parts = append(parts, "tri\u00a0: "+requestSorts[m.sortCol]+" "+arrow)
	if m.query != "" {
		parts = append(parts, "filtre «\u00a0"+m.query+"\u00a0»")
	}
	n := len(m.shown)
	parts = append(parts, fmt.Sprintf("%d demande%s", n, plural(n)))
	return strings.Join(parts, " · ")
}

func plural(n int) string {
	if n > 1 {
		return "s"
	}
	return ""
}

func (m *requestsScreen) ShortHelp() []key.Binding {
	switch m.mode {
	case reqList:
		return []key.Binding{requestsKeys.Open, requestsKeys.Filter, requestsKeys.Sort, requestsKeys.Reverse, requestsKeys.State, requestsKeys.Mine}
	case reqFilter, reqNote, reqSave:
		return []key.Binding{requestsKeys.Apply, requestsKeys.Cancel}
	case reqStatus, reqHand, reqClaimStatus:
		return m.pick.help()
	case reqClaimField, reqClaimNote, reqClaimConfirm:
		return m.claimMoveHelp()
	}
	return m.detailHelp()
}

func (m *requestsScreen) FullHelp() [][]key.Binding {
	h := [][]key.Binding{m.ShortHelp()}
	if m.mode == reqList {
		h = append(h, m.table.KeyMap.ShortHelp())
	}
	return h
}
