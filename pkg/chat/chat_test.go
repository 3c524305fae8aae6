package chat

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chatbot"
	"courtier/pkg/company"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

type env struct {
	db    *store.DB
	svc   *Service
	clock *storetest.Clock
	co    company.Profile
}

func newEnv(t testing.TB) *env {
	t.Helper()
	db := storetest.Open(t)
	co, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	c := storetest.NewClock(time.Date(2026, 3, 2, 9, 30, 0, 0, time.UTC))
	return &env{db: db, svc: New(db, co, Config{Now: c.Now}), clock: c, co: co}
}

// addUser stores a bare account row, enough for the conversations' foreign key.
func (e *env) addUser(t testing.TB, uid string) Viewer {
	t.Helper()
	err := e.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO users (uid, email, display_name, password_hash, created_at, updated_at)
			VALUES (?, ?, ?, 'x', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`, uid, uid+"@exemple.fr", uid)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return Viewer{UID: uid, Name: "Anne"}
}

// addStaff stores an active agent or admin and answers their Actor.
func (e *env) addStaff(t testing.TB, uid string, role account.Role) account.Actor {
	t.Helper()
	err := e.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO users (uid, email, display_name, role, password_hash, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'x', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`, uid, uid+"@exemple.fr", "Agent "+uid, string(role))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return account.Actor{UID: uid, Role: role, Name: "Agent " + uid}
}

func (e *env) start(t testing.TB, v Viewer) string {
	t.Helper()
	c, err := e.svc.Start(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	return c.ID
}

func (e *env) send(t testing.TB, v Viewer, token, text string) *Exchange {
	t.Helper()
	ex, err := e.svc.Send(context.Background(), v, token, text)
	if err != nil {
		t.Fatalf("Send(%q): %v", text, err)
	}
	return ex
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if apperr.CodeOf(err) != code || err == nil {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func TestStartGreetsAndHandsOutASecretID(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	visitor, err := e.svc.Start(ctx, Viewer{})
	if err != nil {
		t.Fatal(err)
	}
	if !wellFormed(visitor.ID) || visitor.Mode != ModeBot || len(visitor.Messages) != 1 {
		t.Fatalf("conversation %+v", visitor)
	}
	if w := visitor.Messages[0]; w.Sender != SenderBot || !strings.HasPrefix(w.Text, "Bonjour\u00a0! Je suis l’assistant virtuel "+company.Elide("de", e.co.Name)) {
		t.Errorf("welcome %+v", w)
	}
	anne := e.addUser(t, "anne")
	c, err := e.svc.Start(ctx, anne)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(c.Messages[0].Text, "Bonjour Anne\u00a0!") {
		t.Errorf("welcome of a signed-in user: %q", c.Messages[0].Text)
	}
	var hashed int
	e.db.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_conversations WHERE id = ?", store.HashToken(c.ID)).Scan(&hashed)
	})
	if hashed != 1 {
		t.Error("the conversation is not stored under the hash of its ID")
	}
}

func TestConversationIsFoundOnlyByItsIDAndOwner(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne, bruno := e.addUser(t, "anne"), e.addUser(t, "bruno")
	visitorConv := e.start(t, Viewer{})
	anneConv := e.start(t, anne)
	e.send(t, Viewer{}, visitorConv, "bonjour")
	other := e.start(t, Viewer{})
	tests := []struct {
		name  string
		v     Viewer
		token string
		ok    bool
	}{
		{"the visitor with its ID", Viewer{}, visitorConv, true},
		{"a signed-in user holding a visitor's ID", anne, visitorConv, true},
		{"another ID", Viewer{}, other, true},
		{"a made-up ID", Viewer{}, strings.Repeat("A", 43), false},
		{"a malformed ID", Viewer{}, "../../etc/passwd", false},
		{"an empty ID", Viewer{}, "", false},
		{"the owner", anne, anneConv, true},
		{"a visitor with the user's ID", Viewer{}, anneConv, false},
		{"another user with the user's ID", bruno, anneConv, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := e.svc.Get(ctx, tt.v, tt.token)
			if !tt.ok {
				wantCode(t, err, apperr.ENOTFOUND)
				_, err = e.svc.Send(ctx, tt.v, tt.token, "bonjour")
				wantCode(t, err, apperr.ENOTFOUND)
				_, err = e.svc.SetMode(ctx, tt.v, tt.token, ModeAgent)
				wantCode(t, err, apperr.ENOTFOUND)
				return
			}
			if err != nil || len(c.Messages) == 0 || c.ID != "" {
				t.Fatalf("Get: %+v, %v", c, err)
			}
		})
	}
	c, _ := e.svc.Get(ctx, Viewer{}, visitorConv)
	if len(c.Messages) != 3 || c.Messages[1].Text != "bonjour" || c.Messages[2].Intent != chatbot.Greeting {
		t.Errorf("the visitor's conversation holds %+v", c.Messages)
	}
}

func TestSendAnswersWithContextAndStoresRecords(t *testing.T) {
	e := newEnv(t)
	v := Viewer{}
	token := e.start(t, v)
	ex := e.send(t, v, token, "  J'ai une question sur l'assurance habitation\r\n")
	if len(ex.Messages) != 3 || ex.Messages[0].Text != "J'ai une question sur l'assurance habitation" {
		t.Fatalf("messages %+v", ex.Messages)
	}
	if ex.Messages[1].Intent != chatbot.Home || ex.Messages[2].Text != e.svc.texts.followUp || ex.Offer {
		t.Errorf("reply and advisor follow-up %+v", ex.Messages[1:])
	}
	ex = e.send(t, v, token, "combien ça coûte ?")
	if ex.Messages[1].Intent != chatbot.Pricing || !strings.Contains(ex.Messages[1].Text, "assurance habitation") {
		t.Errorf("the context was not kept between messages: %+v", ex.Messages[1])
	}
	ex = e.send(t, v, token, "merci")
	if len(ex.Messages) != 2 {
		t.Errorf("thanks suggests no agent, yet %d messages", len(ex.Messages))
	}
	records, err := e.svc.Records(context.Background(), v, token)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		in     string
		intent chatbot.Intent
	}{{"J'ai une question sur l'assurance habitation", chatbot.Home}, {"combien ça coûte ?", chatbot.Pricing}, {"merci", chatbot.Thanks}}
	if len(records) != len(want) {
		t.Fatalf("records %+v", records)
	}
	for i, w := range want {
		r := records[i]
		if r.UserInput != w.in || r.Intent != w.intent || r.Response == "" || !r.Timestamp.Equal(e.clock.Now()) {
			t.Errorf("record %d = %+v, want %q %s", i, r, w.in, w.intent)
		}
	}
}

func TestSendRefusesBadMessages(t *testing.T) {
	e := newEnv(t)
	token := e.start(t, Viewer{})
	for _, text := range []string{"", "   ", "\n\t\r\n", "\x00\x01", "\u00a0\u200b\u3164", "a\u200bb", "\u202eeciv", strings.Repeat("é", MaxMessageLen+1)} {
		_, err := e.svc.Send(context.Background(), Viewer{}, token, text)
		wantCode(t, err, apperr.EINVALID)
	}
	ex := e.send(t, Viewer{}, token, strings.Repeat("é", MaxMessageLen))
	if ex.Messages[1].Intent != chatbot.Unknown || ex.Messages[1].Text != chatbot.UnknownReply {
		t.Errorf("a long message of nothing: %+v", ex.Messages[1])
	}
	if got, _ := CleanMessage("a\x00be\u0301\r\nd 👩\u200d💻"); got != "abé\nd 👩\u200d💻" {
		t.Errorf("CleanMessage kept %q", got)
	}
}

func TestIDLength(t *testing.T) {
	token, _, err := store.NewToken()
	if err != nil || len(token) != IDLength || !wellFormed(token) {
		t.Errorf("token %q (%d characters), want %d", token, len(token), IDLength)
	}
}
