package tui

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/contract"
	"courtier/pkg/desk"
	"courtier/pkg/mail"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// screensNow is the fixed clock of the screens' tests: Monday 23 November
// 2026, 10:00 in Paris.
var screensNow = time.Date(2026, 11, 23, 10, 0, 0, 0, paris)

var screensOnce sync.Once

// screensSetup turns colours off for the golden views.
func screensSetup() { screensOnce.Do(func() { lipgloss.SetColorProfile(termenv.Ascii) }) }

// fakeScreensSource answers fixed data and records every call.
type fakeScreensSource struct {
	mu       sync.Mutex
	calls    []string
	filters  []desk.Filter
	usersErr error
	failTake error
	// failMove is the answer of MoveClaim (a refusal of the service).
	failMove error
	// readOnly makes it the source of `courtier tui` without --as; admin
	// makes its actor Bob, an admin, instead of Alice, an agent.
	readOnly, admin bool
	// claims adds the claim of claims_fake_test.go to the queue; vehicle
	// makes it a car's on one of the house's contracts, whose
	// responsibility is responsibility; failResponsibility is the answer
	// of SetClaimResponsibility.
	claims, vehicle    bool
	responsibility     string
	failResponsibility error
	// incident puts a payment incident on the contract c2.
	incident *contract.Incident
	// mailsErr is the answer of Mails (an agent's refusal).
	mailsErr error
	// live is the live chat's state (fake_chat_test.go), made on first use.
	live *fakeLive
}

func (f *fakeScreensSource) record(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, fmt.Sprintf(format, args...))
}

func (f *fakeScreensSource) Calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// alice is the agent of the screens' tests.
var alice = account.Actor{UID: "u-alice", Role: account.RoleAgent, Name: "Alice Agent", Email: "alice@courtier.fr"}

// bob is the admin of the screens' tests.
var bob = account.Actor{UID: "u-bob", Role: account.RoleAdmin, Name: "Bob Admin", Email: "bob@courtier.fr"}

func (f *fakeScreensSource) Actor() account.Actor {
	switch {
	case f.readOnly:
		return account.Visitor
	case f.admin:
		return bob
	}
	return alice
}
func (f *fakeScreensSource) DBPath() string                { return "/tmp/courtier.db" }
func (f *fakeScreensSource) ProductTitle(id string) string { return fakeProductTitle(id) }

// fakeProductTitle names the fakes' products as the company profile does.
func fakeProductTitle(id string) string {
	switch id {
	case "home":
		return "Assurance habitation"
	case "life":
		return "Assurance vie et prévoyance"
	case "car":
		return "Assurance auto et moto"
	}
	return id
}
func (f *fakeScreensSource) Overview(context.Context) (*Overview, error) {
	return nil, errors.New("pas dans ce faux")
}

func (f *fakeScreensSource) Queue(_ context.Context, fl desk.Filter) ([]desk.StaffView, error) {
	f.record("Queue %s %s", fl.State, fl.Assignee)
	f.mu.Lock()
	f.filters = append(f.filters, fl)
	f.mu.Unlock()
	if f.claims {
		return append(fakeQueue(), fakeClaimRow()), nil
	}
	return fakeQueue(), nil
}

func fakeQueue() []desk.StaffView {
	return []desk.StaffView{
		{ID: "r1", Kind: desk.KindComplaint, KindLabel: "Réclamation", Ref: "RC-2026-000007", Name: "Émilie Lefèvre-Dubois de la Grange",
			Email: "emilie@example.fr", Product: "life", Summary: "Refus de prise en charge", Status: "acknowledged", StatusLabel: "Accusé de réception envoyé",
			Assignee: &desk.Person{UID: "u-bob", Name: "Bob Admin"}, DueAt: "2026-11-30T16:00:00.000Z", CreatedAt: "2026-11-20T09:00:00.000Z"},
		{ID: "q1", Kind: desk.KindQuote, KindLabel: "Devis", Ref: "DV-2026-000123", Client: true, Name: "Jeanne Martin",
			Email: "jeanne@example.fr", Phone: "0612345678", Product: "home", Summary: "Assurance habitation",
			Status: "new", StatusLabel: "Nouvelle", ClientStatusLabel: "Reçue", Waiting: true,
			DueAt: "2026-11-22T13:05:00.000Z", Overdue: true, CreatedAt: "2026-11-20T13:05:00.000Z"},
		{ID: "c1", Kind: desk.KindContact, KindLabel: "Message", Ref: "MS-2026-000045", Name: "Paul Durand",
			Email: "paul@example.fr", Summary: "Question sur mon contrat auto", Status: "open", StatusLabel: "En cours",
			Assignee: &desk.Person{UID: "u-alice", Name: "Alice Agent"}, DueAt: "2026-11-23T15:00:00.000Z", DueToday: true,
			CreatedAt: "2026-11-22T08:00:00.000Z", ConversationID: "c0nv"},
		// A callback without a product: its summary is its slot, which the
		// « Objet » column must not show.
		{ID: "k1", Kind: desk.KindCallback, KindLabel: "Rappel", Ref: "RA-2026-000012", Name: "Lina Moreau",
			Phone: "+33712345678", Summary: "1er décembre 2026, 10:00\u00a0–\u00a011:00", Status: "new", StatusLabel: "Nouveau",
			DueAt: "2026-12-01T10:00:00.000Z", CreatedAt: "2026-11-22T09:00:00.000Z"},
	}
}

func (f *fakeScreensSource) Request(_ context.Context, id string) (*RequestDetail, error) {
	f.record("Request %s", id)
	if id == "s1" && f.claims {
		return f.claimDetail(), nil
	}
	for _, r := range fakeQueue() {
		if r.ID == id && r.ConversationID != "" {
			// A message left from the chat, nobody online: its conversation comes with it.
			at := func(min int) time.Time { return time.Date(2026, 11, 22, 7, min, 0, 0, time.UTC) }
			return &RequestDetail{Detail: desk.Detail{
				Request: r,
				History: []desk.Event{{At: at(58), ActorName: "Paul Durand", Action: "created", Detail: "Demande reçue"}},
				Can:     desk.Can{Take: true, Note: true},
			}, Lines: [][2]string{{"Objet", "Autre"}, {"Message", "Mon contrat auto couvre-t-il le prêt du volant ?"}},
				Conversation: []TranscriptLine{
					{At: at(55), Sender: "Assistant", Text: "Bonjour ! Je suis l’assistant du cabinet. Comment puis-je vous aider ?"},
					{At: at(56), Sender: "Visiteur", Text: "Mon contrat auto couvre-t-il le prêt du volant ?"},
					{At: at(56), Sender: "Système", Text: "Aucun conseiller n’est en ligne pour le moment."},
					{At: at(58), Sender: "Système", Text: "Message MS-2026-000045 enregistré : un conseiller vous répondra par e-mail à paul@example.fr au plus tard le 24 novembre."},
				}}, nil
		}
		if r.ID == id {
			return &RequestDetail{Detail: desk.Detail{
				Request: r,
				History: []desk.Event{
					{At: time.Date(2026, 11, 20, 13, 5, 0, 0, time.UTC), ActorName: "Jeanne Martin", Action: "created", Detail: "Demande reçue"},
					{At: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC), ActorName: "", Action: "kept"},
					{At: time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC), ActorName: "Bob Admin", Action: "note", Detail: "Note interne ajoutée"},
				},
				Notes:   []desk.Note{{At: time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC), AuthorName: "Bob Admin", Body: "Client à rappeler après 17 h."}},
				Replies: []desk.Reply{{At: "2026-11-21T10:00:00.000Z", AuthorName: "Bob Admin", Label: "Accusé de réception", Body: "Nous avons bien reçu votre demande."}},
				Moves:   []desk.Option{{Status: "in_progress", Label: "En cours"}, {Status: desk.StatusClosed, Label: "Clôturée"}},
				Can:     desk.Can{Take: true, Work: true, Note: true, Assign: true},
			}, Lines: [][2]string{{"Logement", "Maison, 120 m², 5 pièces"}, {"Adresse", "12 rue des Lilas, 69003 Lyon"}},
				Mails: fakeMails()[:2]}, nil
		}
	}
	return nil, errors.New("Demande introuvable.")
}

func (f *fakeScreensSource) Take(_ context.Context, id string) error {
	f.record("Take %s", id)
	return f.failTake
}
func (f *fakeScreensSource) Release(_ context.Context, id string) error {
	f.record("Release %s", id)
	return nil
}
func (f *fakeScreensSource) Assign(_ context.Context, id, uid string) error {
	f.record("Assign %s %s", id, uid)
	return nil
}
func (f *fakeScreensSource) SetStatus(_ context.Context, id string, to desk.Status) error {
	f.record("SetStatus %s %s", id, to)
	return nil
}
func (f *fakeScreensSource) AddNote(_ context.Context, id, body string) error {
	f.record("AddNote %s %s", id, body)
	return nil
}
func (f *fakeScreensSource) Staff(context.Context) ([]desk.Person, error) {
	f.record("Staff")
	return []desk.Person{{UID: "u-alice", Name: "Alice Agent"}, {UID: "u-bob", Name: "Bob Admin"}}, nil
}

func (f *fakeScreensSource) Users(context.Context) ([]account.Listed, error) {
	f.record("Users")
	if f.usersErr != nil {
		return nil, f.usersErr
	}
	return []account.Listed{
		{UID: "u-bob", Email: "bob@courtier.fr", DisplayName: "Bob Admin", Role: account.RoleAdmin, Status: account.StatusActive,
			CreatedAt: "2025-03-01T08:00:00.000Z", LastSeenAt: "2026-11-23T08:55:00.000Z"},
		{UID: "u-alice", Email: "alice@courtier.fr", DisplayName: "Alice Agent", Role: account.RoleAgent, Status: account.StatusActive,
			CreatedAt: "2026-01-10T08:00:00.000Z", LastSeenAt: "2026-11-22T17:40:00.000Z"},
		{UID: "u-jeanne", Email: "jeanne.martin.tres.longue.adresse@example.fr", DisplayName: "Jeanne Martin", Role: account.RoleClient,
			Status: account.StatusDisabled, CreatedAt: "2026-11-20T13:00:00.000Z"},
	}, nil
}
func (f *fakeScreensSource) SetRole(_ context.Context, uid string, role account.Role) error {
	f.record("SetRole %s %s", uid, role)
	return nil
}
func (f *fakeScreensSource) SetUserStatus(_ context.Context, uid string, st account.Status) error {
	f.record("SetUserStatus %s %s", uid, st)
	return nil
}
func (f *fakeScreensSource) SignOut(_ context.Context, uid string) (int, error) {
	f.record("SignOut %s", uid)
	return 2, nil
}

func (f *fakeScreensSource) Conversations(_ context.Context, since time.Time) ([]ConversationSummary, error) {
	f.record("Conversations %s", since.In(paris).Format("2006-01-02 15:04"))
	return []ConversationSummary{
		{ID: "k1", Who: "Jeanne Martin <jeanne@example.fr>", Mode: "agent", MessageCount: 6,
			LastMessage: "Merci, j'attends donc votre appel demain matin pour parler de mon assurance habitation.",
			LastAt:      time.Date(2026, 11, 23, 8, 12, 0, 0, time.UTC)},
		{ID: "k2", Mode: "bot", MessageCount: 2, LastMessage: "Quels sont vos horaires ?", LastAt: time.Date(2026, 11, 21, 19, 3, 0, 0, time.UTC)},
	}, nil
}

func (f *fakeScreensSource) Transcript(_ context.Context, id string) ([]TranscriptLine, error) {
	f.record("Transcript %s", id)
	at := time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)
	return []TranscriptLine{
		{At: at, Sender: "bot", Text: "Bonjour ! Je suis l’assistant du cabinet. Comment puis-je vous aider ?"},
		{At: at.Add(time.Minute), Sender: "user", Text: "Je voudrais parler à un conseiller de mon devis d’assurance habitation, s'il vous plaît, c'est assez urgent."},
		{At: at.Add(2 * time.Minute), Sender: "system", Text: "Un conseiller rejoint la conversation."},
		{At: at.Add(12 * time.Minute), Sender: "agent", Text: "Bonjour Madame Martin, je vous rappelle demain matin."},
	}, nil
}

// run executes cmd as the runtime would and answers every message it
// produces, opening batches and sequences.
func run(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if msg == nil {
		return nil
	}
	v := reflect.ValueOf(msg)
	if v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		var out []tea.Msg
		for i := 0; i < v.Len(); i++ {
			out = append(out, run(v.Index(i).Interface().(tea.Cmd))...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// feed runs cmd and gives its messages back to the screen, as the root does.
func feed(s Screen, cmd tea.Cmd) (Screen, []tea.Msg) {
	msgs := run(cmd)
	var rest []tea.Msg
	for _, m := range msgs {
		switch m.(type) {
		case InfoMsg, ErrMsg, ReloadMsg:
			rest = append(rest, m)
		default:
			var next tea.Cmd
			s, next = s.Update(m)
			var more []tea.Msg
			s, more = feed(s, next)
			rest = append(rest, more...)
		}
	}
	return s, rest
}

// keys turns "enter", "esc", "up", "down", "pgdown" or plain text into key messages.
func keys(ks ...string) []tea.KeyMsg {
	var out []tea.KeyMsg
	for _, k := range ks {
		switch k {
		case "enter":
			out = append(out, tea.KeyMsg{Type: tea.KeyEnter})
		case "esc":
			out = append(out, tea.KeyMsg{Type: tea.KeyEsc})
		case "up":
			out = append(out, tea.KeyMsg{Type: tea.KeyUp})
		case "ctrl+u":
			out = append(out, tea.KeyMsg{Type: tea.KeyCtrlU})
		case "down":
			out = append(out, tea.KeyMsg{Type: tea.KeyDown})
		case "pgdown":
			out = append(out, tea.KeyMsg{Type: tea.KeyPgDown})
		default:
			out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
	return out
}

// press sends keys to s, running and feeding back the commands; it
// answers the status messages (InfoMsg, ErrMsg, ReloadMsg) they produced.
func press(s Screen, ks ...string) (Screen, []tea.Msg) {
	var out []tea.Msg
	for _, k := range keys(ks...) {
		var cmd tea.Cmd
		s, cmd = s.Update(k)
		var msgs []tea.Msg
		s, msgs = feed(s, cmd)
		out = append(out, msgs...)
	}
	return s, out
}

// fakeMails is the outbox of the fake, newest first: one mail of each status.
func fakeMails() []mail.Mail {
	return []mail.Mail{
		{ID: 14, Template: "request-received-quote", Aggregate: "request:q1", From: "Horizon Courtage <contact@horizon-courtage.example>",
			To: "jeanne@example.fr", Subject: "Votre demande de devis DV-2026-000123 est bien reçue", Status: mail.StatusPending,
			MessageID: "<courtier.abc.14.0@horizon-courtage.example>", CreatedAt: time.Date(2026, 11, 23, 8, 40, 0, 0, time.UTC),
			NextAt: time.Date(2026, 11, 23, 8, 40, 0, 0, time.UTC), ExpiresAt: time.Date(2026, 11, 25, 8, 40, 0, 0, time.UTC)},
		{ID: 13, Template: "request-replied", Aggregate: "request:c1", From: "Horizon Courtage <contact@horizon-courtage.example>",
			To: "paul.durand.adresse.longue@example.fr", Subject: "Réponse à votre message MS-2026-000045", Status: mail.StatusFailed, Attempts: 3,
			LastError: "550 5.1.1 Boîte inconnue", MessageID: "<courtier.abc.13.0@horizon-courtage.example>",
			CreatedAt: time.Date(2026, 11, 22, 16, 10, 0, 0, time.UTC), ExpiresAt: time.Date(2026, 11, 24, 16, 10, 0, 0, time.UTC)},
		{ID: 12, Template: "complaint-acknowledged", Aggregate: "request:r1", From: "Horizon Courtage <contact@horizon-courtage.example>",
			To: "emilie@example.fr", Subject: "Votre réclamation RC-2026-000007\u00a0: accusé de réception", Status: mail.StatusSent, Attempts: 1,
			MessageID: "<courtier.abc.12.0@horizon-courtage.example>", CreatedAt: time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC),
			SentAt: time.Date(2026, 11, 21, 10, 0, 4, 0, time.UTC)},
	}
}

func (f *fakeScreensSource) Mails(_ context.Context, status mail.Status) (*Outbox, error) {
	f.record("Mails %s", status)
	if f.mailsErr != nil {
		return nil, f.mailsErr
	}
	box := &Outbox{Counts: mail.Counts{Pending: 1, Sent: 1, Failed: 1}}
	for _, m := range fakeMails() {
		if status == "" || m.Status == status {
			box.Mails = append(box.Mails, m)
		}
	}
	return box, nil
}

func (f *fakeScreensSource) Mail(_ context.Context, id int64) (*mail.Mail, error) {
	f.record("Mail %d", id)
	for _, m := range fakeMails() {
		if m.ID == id {
			m.Text = "Bonjour Paul,\n\nNous avons lu votre message et voici notre réponse.\n\n> Votre contrat auto couvre le prêt du volant.\n\nCordialement,\nL’équipe Horizon Courtage\n"
			m.HTML = "<!doctype html><p>Bonjour Paul,</p>"
			return &m, nil
		}
	}
	return nil, errors.New("Le mail n’existe pas.")
}

func (f *fakeScreensSource) RetryMail(_ context.Context, id int64) error {
	f.record("RetryMail %d", id)
	return nil
}
