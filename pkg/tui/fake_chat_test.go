package tui

import (
	"context"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/chat"
)

// fakeLive is the live chat of fakeScreensSource: four conversations in
// agent mode, which the actions change as the service would (taken ones
// move to the agent, replies are added, ended ones leave the inbox).
type fakeLive struct {
	away   bool
	items  []chat.InboxItem
	msgs   map[string][]chat.Message
	nextID int64
	// fail answers a method by name ("ChatTake") with an error.
	fail map[string]error
}

// Staff IDs of the fake conversations: two waiting, one Alice's, one Bob's.
const (
	convAuto   = "w1"
	convJeanne = "w2"
	convPaul   = "k1"
	convBob    = "o1"
)

func newFakeLive() *fakeLive {
	at := func(min int) time.Time { return screensNow.Add(time.Duration(-min) * time.Minute) }
	ptr := func(t time.Time) *time.Time { return &t }
	bob := &chat.StaffRef{UID: "u-bob", Name: "Bob Admin"}
	aliceRef := &chat.StaffRef{UID: "u-alice", Name: "Alice Agent"}
	aliceMsg := chat.RealAgent("Alice Agent")
	l := &fakeLive{fail: map[string]error{}, nextID: 100, items: []chat.InboxItem{
		{ID: convJeanne, State: chat.StateWaiting, Who: chat.Who{UID: "u-jeanne", Name: "Jeanne Martin", Email: "jeanne@example.fr"},
			Product: "Assurance habitation", WaitingSince: ptr(at(72)), LastAt: at(70), Unread: 1,
			LastMessage: "Je voudrais parler à un conseiller de mon devis d’assurance habitation, s'il vous plaît."},
		{ID: convAuto, State: chat.StateWaiting, Who: chat.Who{Name: "Visiteur"}, Product: "Assurance auto",
			WaitingSince: ptr(at(3)), LastAt: at(3), Unread: 2,
			LastMessage: "Bonjour, je voudrais un devis pour ma voiture : c'est pour un jeune conducteur."},
		{ID: convPaul, State: chat.StateLive, Who: chat.Who{UID: "u-paul", Name: "Paul Durand", Email: "paul@example.fr"},
			Product: "Complémentaire santé", Agent: aliceRef, LastAt: at(1), Unread: 1,
			LastMessage: "Et pour les lunettes, c'est remboursé ?"},
		{ID: convBob, State: chat.StateLive, Who: chat.Who{Name: "Visiteur"}, Agent: bob, LastAt: at(25),
			LastMessage: "Merci beaucoup, bonne journée !"},
	}, msgs: map[string][]chat.Message{
		convJeanne: {
			{ID: 1, Sender: chat.SenderBot, Text: "Bonjour ! Je suis l’assistant du cabinet. Comment puis-je vous aider ?", Timestamp: at(75)},
			{ID: 2, Sender: chat.SenderUser, Text: "Je voudrais parler à un conseiller de mon devis d’assurance habitation, s'il vous plaît.", Timestamp: at(72)},
			{ID: 3, Sender: chat.SenderSystem, Text: "Un conseiller va vous répondre dans un instant.", Timestamp: at(72)},
		},
		convPaul: {
			{ID: 10, Sender: chat.SenderUser, Text: "Je voudrais parler à un conseiller.", Timestamp: at(9)},
			{ID: 11, Sender: chat.SenderSystem, Text: "Alice Agent a rejoint la conversation.", Timestamp: at(8)},
			{ID: 12, Sender: chat.SenderAgent, Agent: &aliceMsg, Text: "Bonjour Paul, je regarde votre contrat.", Timestamp: at(7)},
			{ID: 13, Sender: chat.SenderUser, Text: "Ma complémentaire santé rembourse-t-elle les dépassements d'honoraires chez un spécialiste ?", Timestamp: at(5)},
			{ID: 14, Sender: chat.SenderAgent, Agent: &aliceMsg, Text: "Oui, jusqu'à 200 % de la base de remboursement avec votre formule.", Timestamp: at(3)},
			{ID: 15, Sender: chat.SenderUser, Text: "Et pour les lunettes, c'est remboursé ?", Timestamp: at(1)},
		},
	}}
	return l
}

// chat answers the fake's live chat, made on first use, under f.mu.
func (f *fakeScreensSource) chat(fn func(l *fakeLive) error) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.live == nil {
		f.live = newFakeLive()
	}
	return fn(f.live)
}

// call records a call and answers the read-only refusal or the failure set for it.
func (f *fakeScreensSource) call(name, format string, args ...any) error {
	f.record(name+format, args...)
	if f.readOnly {
		return errReadOnly()
	}
	return f.chat(func(l *fakeLive) error { return l.fail[name] })
}

func (l *fakeLive) find(id string) int {
	for i, it := range l.items {
		if it.ID == id {
			return i
		}
	}
	return -1
}

// say adds a message to conversation id, as its visitor or anyone.
func (f *fakeScreensSource) say(id string, sender chat.Sender, text string) {
	_ = f.chat(func(l *fakeLive) error {
		l.nextID++
		l.msgs[id] = append(l.msgs[id], chat.Message{ID: l.nextID, Sender: sender, Text: text, Timestamp: screensNow})
		if i := l.find(id); i >= 0 {
			l.items[i].LastMessage, l.items[i].LastAt = text, screensNow
		}
		return nil
	})
}

func (f *fakeScreensSource) ChatInbox(context.Context) (*chat.Inbox, error) {
	if err := f.call("ChatInbox", ""); err != nil {
		return nil, err
	}
	in := &chat.Inbox{Available: true, Waiting: []chat.InboxItem{}, Mine: []chat.InboxItem{}, Others: []chat.InboxItem{}}
	_ = f.chat(func(l *fakeLive) error {
		in.Away, in.Available = l.away, !l.away
		for _, it := range l.items {
			switch {
			case it.Agent == nil:
				in.Waiting = append(in.Waiting, it)
			case it.Agent.UID == alice.UID:
				in.Mine = append(in.Mine, it)
			default:
				in.Others = append(in.Others, it)
			}
		}
		return nil
	})
	return in, nil
}

func (f *fakeScreensSource) ChatConversation(_ context.Context, id string) (*chat.StaffConversation, error) {
	if err := f.call("ChatConversation", " %s", id); err != nil {
		return nil, err
	}
	var out *chat.StaffConversation
	err := f.chat(func(l *fakeLive) error {
		i := l.find(id)
		if i < 0 {
			return apperr.Errorf(apperr.ENOTFOUND, "Cette conversation n’existe pas ou n’est plus disponible.")
		}
		if a := l.items[i].Agent; a != nil && a.UID != alice.UID {
			return apperr.Errorf(apperr.EFORBIDDEN, "Cette conversation est suivie par un autre conseiller.")
		}
		out = &chat.StaffConversation{InboxItem: l.items[i], Mode: chat.ModeAgent, VisitorRead: 12, AgentRead: 13,
			Messages: append([]chat.Message(nil), l.msgs[id]...)}
		return nil
	})
	return out, err
}

func (f *fakeScreensSource) ChatTake(_ context.Context, id string) error {
	if err := f.call("ChatTake", " %s", id); err != nil {
		return err
	}
	return f.chat(func(l *fakeLive) error {
		l.items[l.find(id)].Agent = &chat.StaffRef{UID: alice.UID, Name: alice.Name}
		l.items[l.find(id)].State = chat.StateLive
		return nil
	})
}

func (f *fakeScreensSource) ChatReply(_ context.Context, id, text string) (*chat.Message, error) {
	if err := f.call("ChatReply", " %s %s", id, text); err != nil {
		return nil, err
	}
	f.say(id, chat.SenderAgent, text)
	return &chat.Message{Sender: chat.SenderAgent, Text: text}, nil
}

func (f *fakeScreensSource) ChatTransfer(_ context.Context, id, to string) error {
	if err := f.call("ChatTransfer", " %s %s", id, to); err != nil {
		return err
	}
	return f.chat(func(l *fakeLive) error {
		l.items[l.find(id)].Agent = &chat.StaffRef{UID: to, Name: to}
		return nil
	})
}

// end takes conversation id out of the inbox: back to the assistant.
func (f *fakeScreensSource) end(id string) error {
	return f.chat(func(l *fakeLive) error {
		i := l.find(id)
		l.items = append(l.items[:i], l.items[i+1:]...)
		return nil
	})
}

func (f *fakeScreensSource) ChatHandBack(_ context.Context, id string) error {
	if err := f.call("ChatHandBack", " %s", id); err != nil {
		return err
	}
	return f.end(id)
}

func (f *fakeScreensSource) ChatClose(_ context.Context, id string) error {
	if err := f.call("ChatClose", " %s", id); err != nil {
		return err
	}
	return f.end(id)
}

func (f *fakeScreensSource) ChatMarkRead(_ context.Context, id string, upTo int64) error {
	return f.call("ChatMarkRead", " %s %d", id, upTo)
}

func (f *fakeScreensSource) ChatPresent(context.Context) error { return f.call("ChatPresent", "") }
func (f *fakeScreensSource) ChatLeave(context.Context) error   { return f.call("ChatLeave", "") }

func (f *fakeScreensSource) ChatSetAway(_ context.Context, away bool) error {
	if err := f.call("ChatSetAway", " %v", away); err != nil {
		return err
	}
	return f.chat(func(l *fakeLive) error { l.away = away; return nil })
}

func (f *fakeScreensSource) ChatCanned(context.Context) ([]chat.Canned, error) {
	if err := f.call("ChatCanned", ""); err != nil {
		return nil, err
	}
	return []chat.Canned{
		{ID: 1, Title: "Délai de remboursement", Text: "Les remboursements arrivent sous 48 heures après la télétransmission."},
		{ID: 2, Title: "Horaires", Text: "Nous sommes joignables du lundi au vendredi, de 9 h à 18 h."},
	}, nil
}
