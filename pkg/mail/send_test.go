package mail

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/event"
	"courtier/pkg/mail/mailtest"
	"courtier/pkg/store"
)

var operator = account.Operator

// server is the --smtp of srv, trusting its certificate.
func server(srv *mailtest.Server, scheme, userinfo string) *Server {
	s, err := ParseServer(fmt.Sprintf("%s://%s%s", scheme, userinfo, srv.Addr()))
	if err != nil {
		panic(err)
	}
	s.TLS = srv.ClientTLS
	s.Timeout = 5 * time.Second
	return s
}

// sendAll runs rounds until one leases nothing.
func sendAll(t *testing.T, s *Sender) {
	t.Helper()
	for {
		n, err := s.SendDue(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// TestDelivery sends over each way of reaching a server: the mail arrives
// once, with its Message-ID, both parts, encrypted when it can be, and its
// row says sent.
func TestDelivery(t *testing.T) {
	cases := []struct {
		name     string
		opts     mailtest.Options
		scheme   string
		userinfo string
		wantTLS  bool
		wantUser string
	}{
		{name: "plain, no TLS offered", scheme: "smtp"},
		{name: "STARTTLS offered is used", opts: mailtest.Options{STARTTLS: true}, scheme: "smtp", wantTLS: true},
		{name: "implicit TLS", opts: mailtest.Options{Implicit: true}, scheme: "smtps", wantTLS: true},
		{name: "authentication over STARTTLS", opts: mailtest.Options{STARTTLS: true, User: "courtier", Password: "s3cret"},
			scheme: "smtp", userinfo: "courtier:s3cret@", wantTLS: true, wantUser: "courtier"},
		{name: "authentication over implicit TLS", opts: mailtest.Options{Implicit: true, User: "courtier", Password: "s3cret"},
			scheme: "smtps", userinfo: "courtier:s3cret@", wantTLS: true, wantUser: "courtier"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			srv := mailtest.Start(t, tc.opts)
			f.record(t, event.RequestReceived, "request:req-1", quoteReceived("D-2026-00001"))
			f.dispatch(t)
			sendAll(t, f.mailer.NewSender(server(srv, tc.scheme, tc.userinfo), SenderConfig{}))

			got := srv.Accepted()
			if len(got) != 1 {
				t.Fatalf("%d mails accepted, want 1", len(got))
			}
			m := f.all(t)[0]
			if got[0].MessageID != m.MessageID || !strings.HasSuffix(m.MessageID, "@horizon-courtage.example>") {
				t.Errorf("Message-ID %q at the server, %q in the outbox", got[0].MessageID, m.MessageID)
			}
			if got[0].TLS != tc.wantTLS || got[0].User != tc.wantUser {
				t.Errorf("TLS %v user %q, want %v %q", got[0].TLS, got[0].User, tc.wantTLS, tc.wantUser)
			}
			data := string(got[0].Data)
			for _, want := range []string{"multipart/alternative", "text/plain", "text/html", "D-2026-00001",
				"To: <marie.durand@example.com>", "Horizon Courtage"} {
				if !strings.Contains(data, want) {
					t.Errorf("message lacks %q:\n%s", want, data)
				}
			}
			if m.Status != StatusSent || m.SentAt.IsZero() || m.Attempts != 1 {
				t.Errorf("row %+v, want sent after 1 attempt", m)
			}
		})
	}
}

// TestNoPasswordInClear: a server that offers no STARTTLS but would take a
// password in clear gets none; the mail waits, with the reason.
func TestNoPasswordInClear(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{User: "courtier", Password: "s3cret", InsecureAuth: true})
	f.record(t, event.RequestReceived, "request:req-1", quoteReceived("D-2026-00001"))
	f.dispatch(t)
	sendAll(t, f.mailer.NewSender(server(srv, "smtp", "courtier:s3cret@"), SenderConfig{}))
	if srv.PasswordInClear() || len(srv.Accepted()) != 0 {
		t.Fatalf("password in clear %v, accepted %d", srv.PasswordInClear(), len(srv.Accepted()))
	}
	m := f.all(t)[0]
	if m.Status != StatusPending || m.LastError == "" || !m.NextAt.After(testNow) {
		t.Errorf("row %+v, want pending with an error and a later try", m)
	}
}

// TestRetryThenAccept: a server that refuses twice (451) then accepts gets
// the mail on the third try, after growing delays, once.
func TestRetryThenAccept(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{Reply: func(n int) error {
		if n <= 2 {
			return mailtest.Temporary
		}
		return nil
	}})
	f.record(t, event.RequestReceived, "request:req-1", quoteReceived("D-2026-00001"))
	f.dispatch(t)
	s := f.mailer.NewSender(server(srv, "smtp", ""), SenderConfig{})

	var waits []time.Duration
	for range 2 {
		sendAll(t, s)
		m := f.all(t)[0]
		if m.Status != StatusPending || !strings.Contains(m.LastError, "451") {
			t.Fatalf("row %+v, want pending after a 451", m)
		}
		waits = append(waits, m.NextAt.Sub(f.clock.Now()))
		sendAll(t, s) // not due yet: nothing is tried
		f.clock.Advance(m.NextAt.Sub(f.clock.Now()))
	}
	if waits[0] != time.Minute || waits[1] != 2*time.Minute {
		t.Errorf("waits %v, want 1m then 2m", waits)
	}
	if srv.Tried() != 2 {
		t.Fatalf("%d tries before the third round, want 2 (none before its time)", srv.Tried())
	}
	sendAll(t, s)
	if got := srv.Accepted(); len(got) != 1 {
		t.Fatalf("%d accepted, want 1", len(got))
	}
	if m := f.all(t)[0]; m.Status != StatusSent || m.Attempts != 3 {
		t.Errorf("row %+v, want sent after 3 attempts", m)
	}
}

// TestPermanentRefusal: a 550 fails the mail at once, never tried again.
func TestPermanentRefusal(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{Reply: func(int) error { return mailtest.Permanent }})
	f.record(t, event.RequestReceived, "request:req-1", quoteReceived("D-2026-00001"))
	f.dispatch(t)
	s := f.mailer.NewSender(server(srv, "smtp", ""), SenderConfig{})
	sendAll(t, s)
	f.clock.Advance(3 * time.Hour)
	sendAll(t, s)
	m := f.all(t)[0]
	if m.Status != StatusFailed || !strings.Contains(m.LastError, "550") || srv.Tried() != 1 {
		t.Errorf("row %+v after %d tries, want failed with the 550 after 1", m, srv.Tried())
	}
}

// TestGiveUpAfter48Hours: a server that is never there fails the mail once
// its 48 hours are spent, not before; an admin's retry sends it.
func TestGiveUpAfter48Hours(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{})
	addr := srv.Addr()
	srv.Close()
	f.record(t, event.RequestReceived, "request:req-1", quoteReceived("D-2026-00001"))
	f.dispatch(t)
	down, err := ParseServer("smtp://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	down.Timeout = time.Second
	s := f.mailer.NewSender(down, SenderConfig{})
	tries := 0
	for f.clock.Now().Sub(testNow) < 49*time.Hour {
		sendAll(t, s)
		m := f.all(t)[0]
		if m.Status == StatusFailed {
			break
		}
		tries++
		if m.Status != StatusPending {
			t.Fatalf("row %+v", m)
		}
		f.clock.Advance(m.NextAt.Sub(f.clock.Now()))
	}
	m := f.all(t)[0]
	if m.Status != StatusFailed || !strings.Contains(m.LastError, "48 heures") {
		t.Fatalf("row %+v, want failed after 48 hours", m)
	}
	if elapsed := f.clock.Now().Sub(testNow); elapsed < 47*time.Hour || elapsed > 48*time.Hour {
		t.Errorf("failed after %v, want within the 48th hour", elapsed)
	}
	// Delays of 1, 2, 4, 8, 16 and 32 minutes (6 retries, 63 minutes),
	// then hourly: retries at 1h03, 2h03 … 46h03 (46 more); the attempt
	// at 47h03 fails it, since the next would come after the 48th hour.
	if tries != 52 {
		t.Errorf("%d retries in 48 hours, want 52", tries)
	}

	up := mailtest.Start(t, mailtest.Options{Addr: addr})
	admin := account.Actor{UID: "admin-1", Role: account.RoleAdmin}
	sub := f.db.Subscribe(Topic)
	defer sub.Close()
	woken := sub.C
	if err := f.mailer.Retry(context.Background(), admin, m.ID); err != nil {
		t.Fatal(err)
	}
	select {
	case <-woken:
	default:
		t.Error("the retry did not wake the senders")
	}
	sendAll(t, f.mailer.NewSender(server(up, "smtp", ""), SenderConfig{}))
	if len(up.Accepted()) != 1 || f.all(t)[0].Status != StatusSent {
		t.Errorf("after the retry: %d accepted, row %+v", len(up.Accepted()), f.all(t)[0])
	}
}

// TestServerDownAcrossRestart: mails written while the server is down are
// all sent, once each, by a new Sender (a restarted courtier) once it is
// back; a round stopped midway gives its leases back.
func TestServerDownAcrossRestart(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{})
	addr := srv.Addr()
	srv.Close()
	const n = 20
	for i := range n {
		f.record(t, event.RequestReceived, fmt.Sprintf("request:req-%d", i), quoteReceived(fmt.Sprintf("D-2026-%05d", i)))
	}
	f.dispatch(t)
	first := f.mailer.NewSender(server(srv, "smtp", ""), SenderConfig{})
	sendAll(t, first)

	up := mailtest.Start(t, mailtest.Options{Addr: addr})
	f.clock.Advance(time.Minute)
	// A round cancelled before it sends: its mails are given back, no
	// attempt counted, and a new Sender sends them.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := first.SendDue(ctx); err == nil {
		t.Log("cancelled round leased nothing")
	}
	second := f.mailer.NewSender(server(up, "smtp", ""), SenderConfig{Batch: 3})
	sendAll(t, second)
	got := up.Accepted()
	seen := map[string]int{}
	for _, m := range got {
		seen[m.MessageID]++
	}
	if len(got) != n || len(seen) != n {
		t.Fatalf("%d accepted, %d distinct, want %d each", len(got), len(seen), n)
	}
	for _, m := range f.all(t) {
		if m.Status != StatusSent || m.Attempts != 2 {
			t.Errorf("mail %d: %s after %d attempts, want sent after 2", m.ID, m.Status, m.Attempts)
		}
	}
}

// TestSecretBlankedOnceSent: a reset link lives in the outbox until the
// mail is accepted, never in the event, and not after.
func TestSecretBlankedOnceSent(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{})
	const token = "tok-Zx81kQ-secret"
	f.record(t, event.PasswordResetAsked, "account:u1", event.AccountPayload{
		Recipient: event.Recipient{Email: "marie.durand@example.com", Name: "Marie Durand"}, UID: "u1", Token: token,
		Expires: testNow.Add(30 * time.Minute),
	})
	f.dispatch(t)
	var payload string
	err := f.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT payload FROM events").Scan(&payload)
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(payload, token) {
		t.Errorf("the event still holds the token: %s", payload)
	}
	before := f.all(t)[0]
	if !strings.Contains(before.Text, "/reset-password?token="+token) || !strings.Contains(before.HTML, token) {
		t.Fatalf("unsent mail lacks its link:\n%s", before.Text)
	}
	sendAll(t, f.mailer.NewSender(server(srv, "smtp", ""), SenderConfig{}))
	if got := srv.Accepted(); len(got) != 1 || !strings.Contains(string(got[0].Data), token) {
		t.Fatalf("the server did not get the link")
	}
	after := f.all(t)[0]
	if strings.Contains(after.Text, token) || strings.Contains(after.HTML, token) || !strings.Contains(after.Text, blanked) {
		t.Errorf("sent mail keeps its secret:\n%s", after.Text)
	}
}

// TestPurge: a year after it was written a sent mail goes, a pending one
// stays whatever its age; a handled event goes after 30 days, a pending
// one never.
func TestPurge(t *testing.T) {
	f := newFixture(t)
	srv := mailtest.Start(t, mailtest.Options{})
	f.record(t, event.RequestReceived, "request:a", quoteReceived("D-2026-00001"))
	f.dispatch(t)
	sendAll(t, f.mailer.NewSender(server(srv, "smtp", ""), SenderConfig{}))
	f.record(t, event.RequestReceived, "request:b", quoteReceived("D-2026-00002"))
	f.dispatch(t)                                                                  // its mail stays pending: no sender runs again
	f.record(t, event.RequestReceived, "request:c", quoteReceived("D-2026-00003")) // not dispatched

	ctx := context.Background()
	count := func(table string) int {
		var n int
		err := f.db.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&n)
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	f.clock.Advance(EventRetention + time.Hour)
	if n, err := f.mailer.Purge(ctx); err != nil || n != 2 {
		t.Fatalf("after 30 days: purged %d (%v), want the 2 handled events", n, err)
	}
	if count("events") != 1 || count("mails") != 2 {
		t.Errorf("events %d mails %d, want the pending event and both mails", count("events"), count("mails"))
	}
	f.clock.Advance(Retention)
	if n, err := f.mailer.Purge(ctx); err != nil || n != 1 {
		t.Fatalf("after a year: purged %d (%v), want the sent mail", n, err)
	}
	if m := f.all(t); len(m) != 1 || m[0].Status != StatusPending {
		t.Errorf("left %+v, want the pending mail", m)
	}
}
