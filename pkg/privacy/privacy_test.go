package privacy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/chat"
	"courtier/pkg/store"
)

// legacy is the document the export was before it streamed: the
// streamed one must be, byte for byte, its json.MarshalIndent. Quote
// details are an interface, read back as they are.
type legacy struct {
	*account.Export
	QuoteRequests     []json.RawMessage    `json:"quoteRequests"`
	Policyholder      account.Policyholder `json:"policyholder"`
	ContactMessages   []json.RawMessage    `json:"contactMessages"`
	CallbackRequests  []json.RawMessage    `json:"callbackRequests"`
	ChatConversations []chat.Conversation  `json:"chatConversations"`
}

func export(t *testing.T, s *Service, sess *account.Session) []byte {
	t.Helper()
	d, err := s.Export(context.Background(), sess)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := d.Write(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestExportIsTheIndentedDocumentOfBefore(t *testing.T) {
	tests := []struct {
		name   string
		fill   func(t *testing.T, e *env)
		noChat bool
		has    []string
		convs  int
		quotes int
	}{
		{name: "a new account", has: []string{`"quoteRequests": []`, `"chatConversations": []`, `"email": "marie@exemple.fr"`}},
		{name: "without the chat", noChat: true, fill: func(t *testing.T, e *env) { e.chat(t, "bonjour") }, has: []string{`"chatConversations": []`}},
		{name: "quotes and conversations", convs: 2, quotes: 2, fill: func(t *testing.T, e *env) {
			e.quote(t)
			e.quote(t)
			e.chat(t, "Une assurance pour ma voiture ?", "merci")
			e.clock.Advance(time.Minute)
			id := e.chat(t)
			if _, err := e.chats.SetMode(context.Background(), chat.Viewer{UID: e.user.UID}, id, chat.ModeAgent); err != nil {
				t.Fatal(err)
			}
			e.chats.Send(context.Background(), chat.Viewer{UID: e.user.UID}, id, "Bonjour Thomas")
		}, has: []string{`"intent": "auto"`, `"href": "/insurance/car"`, "Aucun conseiller n’est en ligne pour le moment.", `"text": "Bonjour Thomas"`, `"product": "home"`}},
		{name: "an empty conversation", convs: 1, fill: func(t *testing.T, e *env) {
			e.chat(t)
			err := e.db.WriteTx(context.Background(), func(tx *store.Tx) error {
				_, err := tx.ExecContext(context.Background(), "DELETE FROM chat_messages")
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
		}, has: []string{`"messages": []`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			if tt.fill != nil {
				tt.fill(t, e)
			}
			s := e.service(nil)
			if tt.noChat {
				s = New(Config{Accounts: e.accounts, Kinds: e.kinds()})
			}
			got := export(t, s, e.sess)
			var doc legacy
			if err := json.Unmarshal(got, &doc); err != nil {
				t.Fatalf("%v:\n%s", err, got)
			}
			want, err := json.MarshalIndent(doc, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			if want = append(want, '\n'); !bytes.Equal(got, want) {
				t.Errorf("layout differs from json.MarshalIndent:\n%s\nwant:\n%s", got, want)
			}
			if len(doc.ChatConversations) != tt.convs || len(doc.QuoteRequests) != tt.quotes || doc.User.Email != "marie@exemple.fr" || len(doc.Sessions) != 1 {
				t.Errorf("export %s", got)
			}
			for _, h := range tt.has {
				if !bytes.Contains(got, []byte(h)) {
					t.Errorf("export lacks %s:\n%s", h, got)
				}
			}
		})
	}
}

func TestExportHoldsOnlyTheAccountsOwnData(t *testing.T) {
	e := newEnv(t)
	e.chat(t, "Ma retraite")
	e.quote(t)
	_, paul := e.register(t, "paul@exemple.fr")
	got := string(export(t, e.service(nil), paul))
	if strings.Contains(got, "Ma retraite") || strings.Contains(got, "marie@") || !strings.Contains(got, `"chatConversations": []`) || !strings.Contains(got, `"quoteRequests": []`) {
		t.Errorf("paul's export: %s", got)
	}
}

// countingLimiter allows max exports per key.
type countingLimiter struct {
	max  int
	seen map[string]int
}

func (l *countingLimiter) Allow(key string) (bool, time.Duration) {
	l.seen[key]++
	if l.seen[key] > l.max {
		return false, 19*time.Minute + time.Second
	}
	return true, 0
}

func TestExportIsLimitedPerAccount(t *testing.T) {
	e := newEnv(t)
	_, paul := e.register(t, "paul@exemple.fr")
	l := &countingLimiter{max: 3, seen: map[string]int{}}
	s := e.service(l)
	for range 3 {
		export(t, s, e.sess)
	}
	_, err := s.Export(context.Background(), e.sess)
	wait, _ := apperr.RetryAfterOf(err)
	if apperr.CodeOf(err) != apperr.ETOOMANY || wait != 19*time.Minute+time.Second ||
		apperr.MessageOf(err) != "Vous avez déjà téléchargé vos données plusieurs fois dans l’heure. Réessayez dans 20 minutes." {
		t.Errorf("4th export: %v (wait %v)", err, wait)
	}
	if l.seen[e.user.UID] != 4 {
		t.Errorf("the limit is not counted by account: %v", l.seen)
	}
	export(t, s, paul) // another account has its own count
}

// failingWriter fails once it has taken n bytes, like a client gone.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		return 0, errors.New("connexion fermée")
	}
	w.n -= len(p)
	return len(p), nil
}

func TestExportStopsWhenTheClientLeaves(t *testing.T) {
	e := newEnv(t)
	id := e.chat(t)
	e.addMessages(t, id, 5000)
	d, err := e.service(nil).Export(context.Background(), e.sess)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Write(context.Background(), &failingWriter{n: 100 << 10}); err == nil {
		t.Error("a failed write was not reported")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := d.Write(ctx, &bytes.Buffer{}); err == nil {
		t.Error("a cancelled export was not reported")
	}
}

func TestExportsAtOnceAreBounded(t *testing.T) {
	e := newEnv(t)
	_, paul := e.register(t, "paul@exemple.fr")
	l := &countingLimiter{max: 10, seen: map[string]int{}}
	s := New(Config{Accounts: e.accounts, Kinds: e.kinds(), Chats: e.chats, Limit: l, MaxAtOnce: 2})
	ctx := context.Background()
	first, err := s.Export(ctx, e.sess)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Export(ctx, paul); err != nil {
		t.Fatal(err)
	}
	_, err = s.Export(ctx, e.sess)
	wait, _ := apperr.RetryAfterOf(err)
	if apperr.CodeOf(err) != apperr.ETOOMANY || wait != time.Minute ||
		apperr.MessageOf(err) != "D’autres téléchargements de données sont en cours. Réessayez dans 1 minute." {
		t.Fatalf("a third export at once: %v", err)
	}
	if l.seen[e.user.UID] != 1 {
		t.Errorf("the refused export counted against the account: %v", l.seen)
	}
	if err := first.Write(ctx, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Export(ctx, e.sess); err != nil {
		t.Errorf("once one is written, another may start: %v", err)
	}
	// A refusal by the account's limit gives its slot back.
	s = New(Config{Accounts: e.accounts, Kinds: e.kinds(), Limit: &countingLimiter{max: 0, seen: map[string]int{}}, MaxAtOnce: 1})
	for range 3 {
		if _, err := s.Export(ctx, e.sess); apperr.MessageOf(err) == "" || !strings.Contains(apperr.MessageOf(err), "dans l’heure") {
			t.Fatalf("refused by the account's limit: %v", err)
		}
	}
}
