package app_test

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/mail"
	"courtier/pkg/privacy"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
	"courtier/pkg/tui"
)

// memo is a throwaway kind of request, declared here as a kind's package
// declares its own (pkg/quote's kind.go): its constant, its machine, its
// spec, and the two actions it offers. Nothing outside this file names
// it: the desk, the TUI, the mails, the export and the periodic tasks
// learn it from the registry alone.
const memo desk.Kind = "memo"

var memoMachine = &desk.Machine{
	Kind: memo, Prefix: "MM", Initial: "new",
	Statuses: []desk.StatusInfo{
		{Status: "new", Label: "Nouveau", Client: "Reçu", Waiting: true},
		{Status: desk.StatusClosed, Label: "Classé", Client: "Classé"},
	},
	Moves: map[desk.Status][]desk.Status{"new": {desk.StatusClosed}, desk.StatusClosed: {"new"}},
}

// memos is the kind's service: it keeps no table of its own, its text
// is the request's summary.
type memos struct {
	db   *store.DB
	desk *desk.Service
}

func (m *memos) spec() desk.KindSpec {
	return desk.KindSpec{
		Machine: memoMachine, Label: "Mémo", Noun: "votre mémo",
		Lines: func(_ context.Context, _ account.Actor, r *desk.Request) ([]desk.Line, error) {
			return []desk.Line{{Label: "Texte", Value: r.Summary}}, nil
		},
		Export: &desk.Export{Key: "memos", Read: func(ctx context.Context, uid string) (any, error) {
			var out []string
			err := m.db.ReadTx(ctx, func(tx *store.Tx) error {
				list, err := desk.Select(ctx, tx, desk.Selection{Kind: memo, UID: uid})
				for _, r := range list {
					out = append(out, r.Ref+" · "+r.Summary)
				}
				return err
			})
			return out, err
		}},
		Purge: &desk.Purge{Name: "purge-memos", Every: time.Hour, Run: func(context.Context) (int, error) { return 0, nil },
			Done: "mémos supprimés", Unit: "mémos_supprimés"},
	}
}

// write files a memo for the client.
func (m *memos) write(ctx context.Context, client account.Actor, text string) (*desk.Request, error) {
	var r *desk.Request
	err := m.db.WriteTx(ctx, func(tx *store.Tx) (err error) {
		r, err = m.desk.Open(ctx, tx, client, desk.Draft{ID: "memo-1", Kind: memo, UID: client.UID, Name: client.Name,
			Email: client.Email, Summary: text})
		return err
	})
	return r, err
}

// answer writes to the client about their memo, by mail.
func (m *memos) answer(ctx context.Context, staff account.Actor, id, body string) error {
	return m.db.WriteTx(ctx, func(tx *store.Tx) error {
		r, err := m.desk.Work(ctx, tx, staff, id, memo)
		if err != nil {
			return err
		}
		if _, err := m.desk.AddReply(ctx, tx, staff, id, "Réponse", body); err != nil {
			return err
		}
		return desk.Notify(ctx, tx, r, event.RequestReplied, event.ReplyPayload{Recipient: r.Recipient(), ID: r.ID, Ref: r.Ref,
			Kind: string(r.Kind), Author: staff.Name, Body: body}, m.desk.Now())
	})
}

// TestAThrowawayKindRegistersAlone: a kind registered with the desk and
// nothing else is in the queue (its label, its filter, its counts), in
// the TUI (its row and its lines), in a mail (its noun), in the data
// export (its part) and among the periodic tasks (its purge).
func TestAThrowawayKindRegistersAlone(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	kind := &memos{db: a.Store, desk: a.Desk}
	if err := a.Desk.Register(kind.spec()); err != nil {
		t.Fatal(err)
	}

	admin := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "admin@exemple.fr", Password: "cheval-agrafe-correct-42",
		DisplayName: "Ada Admin", Role: account.RoleAdmin}, clock.Now()))
	u, sess, err := a.Accounts.Register(ctx, account.NewUser{Email: "marie@exemple.fr", Password: "cheval-agrafe-correct-42", DisplayName: "Marie"}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	r, err := kind.write(ctx, account.ActorOf(u), "Rappeler la franchise du contrat auto")
	if err != nil {
		t.Fatal(err)
	}
	if r.Ref != "MM-2026-000001" {
		t.Errorf("reference %s", r.Ref)
	}

	// The desk's queue: its filter, its label, its counts.
	queue, err := a.Desk.Queue(ctx, admin, desk.Filter{Kind: memo})
	if err != nil || len(queue) != 1 || queue[0].KindLabel != "Mémo" || queue[0].StatusLabel != "Nouveau" {
		t.Fatalf("queue %+v %v", queue, err)
	}
	if !slices.ContainsFunc(a.Desk.Kinds(), func(k desk.KindInfo) bool { return k.Kind == memo && k.Label == "Mémo" }) {
		t.Errorf("kinds of the filters %+v", a.Desk.Kinds())
	}
	counts, err := a.Desk.Counts(ctx, admin)
	if err != nil || !slices.ContainsFunc(counts.ByKind, func(k desk.KindCounts) bool { return k.Kind == memo && k.Open == 1 && k.New == 1 }) {
		t.Errorf("counts %+v %v", counts, err)
	}

	// The TUI: the row in Demandes, and the memo's lines once opened.
	in, keys := io.Pipe()
	out := &storetest.Buffer{}
	done := make(chan error, 1)
	go func() {
		done <- tui.Run(ctx, tui.NewAppSource(a, admin), tui.Options{Refresh: time.Hour, NoColor: true, Now: clock.Now, Location: time.UTC}, in, out)
	}()
	waitFor(t, out, "[1 Aperçu]")
	press(t, keys, "2")
	waitFor(t, out, "MM-2026-000001")
	press(t, keys, "\r")
	waitFor(t, out, "── Mémo")
	waitFor(t, out, "Texte\u00a0: Rappeler la franchise du contrat auto")
	press(t, keys, "q")
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	// A mail: the answer names the request with the kind's noun.
	if err := kind.answer(ctx, admin, r.ID, "Votre franchise est de 300 €."); err != nil {
		t.Fatal(err)
	}
	for {
		n, err := a.Events.Dispatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	mails, err := a.Mail.List(ctx, admin, mail.Filter{Aggregate: event.RequestAggregate(r.ID)})
	if err != nil || len(mails) != 1 || mails[0].Subject != "Réponse à votre mémo MM-2026-000001" || mails[0].To != "marie@exemple.fr" {
		t.Errorf("mails %+v %v", mails, err)
	}

	// The data export: the kind's part, under its key.
	d, err := privacy.New(privacy.Config{Accounts: a.Accounts, Kinds: a.Desk.Exports()}).Export(ctx, sess)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Write(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"memos": [`+"\n"+`    "MM-2026-000001 · Rappeler la franchise du contrat auto"`) {
		t.Errorf("export:\n%s", buf.String())
	}

	// The periodic tasks: its purge.
	if !slices.ContainsFunc(a.Tasks(), func(task app.Task) bool { return task.Name == "purge-memos" }) {
		t.Errorf("tasks %+v", a.Tasks())
	}
}

// waitFor waits until out holds want; the deadline only bounds a broken run.
func waitFor(t *testing.T, out *storetest.Buffer, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the output:\n%s", want, out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// press types keys into the TUI's input.
func press(t *testing.T, keys *io.PipeWriter, s string) {
	t.Helper()
	if _, err := keys.Write([]byte(s)); err != nil {
		t.Fatal(err)
	}
}
