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
	tea "github.com/charmbracelet/bubbletea"
)

// requestsKeys are the bindings of the Demandes screen.
var requestsKeys = struct {
	Sort, Reverse, State, Mine              key.Binding
	Take, Status, Note, Hand, Release, Save key.Binding
	Responsibility                          key.Binding
}{
	Sort:    key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "trier")),
	Reverse: key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "inverser le tri")),
	State:   key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "en cours/terminées/toutes")),
	Mine:    key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "mes demandes")),
	Take:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "prendre en charge")),
	Status:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "changer le statut")),
	Note:    key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "ajouter une note")),
	Hand:    key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "confier à…")),
	Release: key.NewBinding(key.WithKeys("l"), key.WithHelp("l", "remettre dans la file")),
	Save:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "enregistrer une pièce")),
	// b for bonus-malus, which the responsibility moves at renewal.
	Responsibility: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "responsabilité")),
}

// frCollator sorts names the French way (« Émilie » before « Jeanne »).
var frCollator = collate.New(language.French, collate.IgnoreCase)

// The sort columns, in the order o cycles them, and the states f cycles.
var (
	requestSorts  = []string{"échéance", "référence", "client", "statut"}
	requestStates = []struct{ state, label string }{{"open", "en cours"}, {"closed", "terminées"}, {"all", "toutes"}}
)

// requestsMode is what the Demandes screen shows and where keys go.
type requestsMode = frameMode

const (
	reqList   = frameList
	reqFilter = frameFilter
	reqDetail = frameDetail
)

// The steps of the open request, which take every key.
const (
	reqStatus = frameOwn + iota
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
	// reqClaimResponsibility: the responsibility the insurer retained
	// for a vehicle's claim is chosen (requests_claim_responsibility.go).
	reqClaimResponsibility
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
	frame[desk.StaffView]
	src Source
	ctx context.Context
	now func() time.Time

	sortCol  int
	sortDesc bool
	state    int
	mine     bool

	// The open request and the list open over it.
	id        string
	detail    *RequestDetail
	detailErr error
	// saveDir is where a claim's file is saved: "" for the working directory.
	saveDir string
	// claimMove is the claim's next step being drafted.
	claimMove *claimMoveDraft
}

// newRequestsScreen builds the Demandes screen over src.
func newRequestsScreen(src Source, st Styles) Screen {
	m := &requestsScreen{src: src, ctx: context.Background(), now: time.Now}
	m.frame = newFrame(st, frameSpec[desk.StaffView]{
		cols: []colSpec{{"Type", 8, 13}, {"Référence", 14, 14}, {"Client", 9, 24}, {"Objet", 9, 26},
			{"Statut", 9, 20}, {"Suivie par", 7, 18}, {"Échéance", 11, 19}},
		cells: m.cells,
		id:    func(r desk.StaffView) string { return r.ID },
		match: func(q string, r desk.StaffView) bool {
			return matches(q, r.Ref, r.Name, r.Email, m.subject(r), r.Summary, r.StatusLabel)
		},
		order: m.order,
		open: func(r desk.StaffView) tea.Cmd {
			m.id, m.detail, m.detailErr = r.ID, nil, nil
			return m.loadDetail(m.id)
		},
		close: func() { m.id, m.detail, m.detailErr = "", nil, nil },
		empty: func() string { return "Aucune demande." },
	})
	m.SetSize(80, 20)
	return m
}

func (m *requestsScreen) Title() string { return "Demandes" }

func (m *requestsScreen) Capturing() bool { return m.capturing() }

func (m *requestsScreen) SetSize(w, h int) {
	m.resize(w, h)
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
		m.setRows(msg.list, msg.err)
	case requestLoadedMsg:
		if msg.id == m.id {
			m.detail, m.detailErr = msg.detail, msg.err
			m.refreshDetail()
		}
	case staffLoadedMsg:
		return m, m.staffLoaded(msg)
	case tea.KeyMsg:
		if m.mode >= frameOwn && !m.choosing() {
			return m, m.stepKey(msg)
		}
		return m, m.route(msg, m.actions())
	}
	return m, nil
}

// actions are the keys of the queue, or of the request open.
func (m *requestsScreen) actions() []action {
	if m.mode >= reqDetail {
		return m.detailActions()
	}
	return m.listActions()
}

// listActions are the keys of the queue.
func (m *requestsScreen) listActions() []action {
	return []action{m.openAction(frameKeys.Open), m.filterAction(),
		{key: requestsKeys.Sort, ok: true, run: func() tea.Cmd {
			m.sortCol = (m.sortCol + 1) % len(requestSorts)
			m.refresh()
			return nil
		}},
		{key: requestsKeys.Reverse, ok: true, run: func() tea.Cmd {
			m.sortDesc = !m.sortDesc
			m.refresh()
			return nil
		}},
		{key: requestsKeys.State, ok: true, run: func() tea.Cmd {
			m.state = (m.state + 1) % len(requestStates)
			return m.Load(m.ctx)
		}},
		{key: requestsKeys.Mine, ok: true, run: func() tea.Cmd {
			m.mine = !m.mine
			return m.Load(m.ctx)
		}}}
}

func (m *requestsScreen) View() string {
	if m.mode >= reqDetail {
		return m.detailView()
	}
	return m.listView(m.headLine("Demandes", m.summary()))
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
	case reqNote, reqSave:
		return []key.Binding{frameKeys.Apply, frameKeys.Cancel}
	case reqClaimField, reqClaimNote, reqClaimConfirm:
		return m.claimMoveHelp()
	}
	return m.help(m.actions())
}

func (m *requestsScreen) FullHelp() [][]key.Binding { return m.fullHelp(m.ShortHelp()) }
