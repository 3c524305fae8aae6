//go:build linux

package cli

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/event"
	"courtier/pkg/mail"
	"courtier/pkg/mail/mailtest"
	"courtier/pkg/store/storetest"
)

// The child `courtier serve` of TestMailSurvivesKills: its database and
// its SMTP server.
const (
	mailKillDBEnv   = "COURTIER_MAIL_KILL_DB"
	mailKillSMTPEnv = "COURTIER_MAIL_KILL_SMTP"
)

// TestMailSurvivesKills runs `courtier serve --smtp` as a real process
// against a real SMTP server on loopback, has visitors send contact
// messages without pause (each one an event, then a mail), and kills the
// server with SIGKILL at a random moment, ten times, restarting it each
// time on the same database. Then: every message the server acknowledged
// has its mail at the SMTP server; a mail accepted twice carries its one
// Message-ID both times, and there are at most as many such mails as
// kills (each kill can cut one mail between the server's acceptance and
// its record, which SMTP cannot close).
func TestMailSurvivesKills(t *testing.T) {
	if db := os.Getenv(mailKillDBEnv); db != "" {
		os.Exit(Main([]string{"serve", "--db", db, "--addr", "127.0.0.1:0", "--trusted-proxies", "127.0.0.1/32",
			"--smtp", os.Getenv(mailKillSMTPEnv), "--smtp-timeout", "1s"}))
	}
	smtpSrv := mailtest.Start(t, mailtest.Options{})
	dsn := storetest.DSN(t)
	const trials = 10
	var acked sync.Map // request ID → ref, for every message answered 201
	var sent atomic.Int64
	for trial := range trials {
		base, kill := startMailChild(t, dsn, smtpSrv.Addr())
		ctx, cancel := context.WithCancel(context.Background())
		var trialAcked atomic.Int64
		var wg sync.WaitGroup
		for c := range 6 {
			wg.Go(func() {
				cl := &http.Client{Timeout: 10 * time.Second}
				for n := 0; ctx.Err() == nil; n++ {
					var out struct {
						Receipt struct{ ID, Ref string } `json:"receipt"`
					}
					i := sent.Add(1)
					body := map[string]any{"name": "Visiteur", "email": fmt.Sprintf("visiteur%d@exemple.fr", i),
						"subject": "other", "message": "Une question, numéro " + fmt.Sprint(i), "consent": true}
					xff := fmt.Sprintf("10.%d.%d.%d", trial+1, c, n%250+1)
					if code := post(ctx, cl, base+"/api/contact", xff, body, &out); code == http.StatusCreated {
						acked.Store(out.Receipt.ID, out.Receipt.Ref)
						trialAcked.Add(1)
					}
				}
			})
		}
		// The kill falls at a random moment of a flow already running.
		if !waitAcked(&trialAcked, 3, 0, 30*time.Second) {
			kill()
			cancel()
			wg.Wait()
			t.Fatalf("run %d: no 3 messages acknowledged within 30 s", trial+1)
		}
		time.Sleep(time.Duration(300+rand.IntN(700)) * time.Millisecond)
		kill()
		cancel()
		wg.Wait()
	}

	// A last start delivers what the kills left: the leases of a killed
	// sender end after 10 timeouts (10 s here).
	_, stop := startMailChild(t, dsn, smtpSrv.Addr())
	defer stop()
	want := 0
	acked.Range(func(_, _ any) bool { want++; return true })
	if want < 50 {
		t.Fatalf("only %d messages acknowledged over %d runs: the test proves little", want, trials)
	}
	a, err := app.Open(context.Background(), app.Config{DB: dsn})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	deadline := time.Now().Add(60 * time.Second)
	var mails []mail.Mail
	for {
		mails, err = a.Mail.List(context.Background(), account.Operator, mail.Filter{Limit: 10000})
		if err != nil {
			t.Fatal(err)
		}
		pending, err := event.Pending(context.Background(), a.Store.Reader(), mail.ConsumerName)
		if err != nil {
			t.Fatal(err)
		}
		done := pending == 0
		for _, m := range mails {
			done = done && m.Status == mail.StatusSent
		}
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 60 s: %d events pending, mails %v", pending, statuses(mails))
		}
		time.Sleep(200 * time.Millisecond)
	}

	byAggregate := map[string]mail.Mail{}
	for _, m := range mails {
		if m.Template == "request-received-contact" {
			byAggregate[m.Aggregate] = m
		}
	}
	atServer := map[string]int{}
	for _, m := range smtpSrv.Accepted() {
		atServer[m.MessageID]++
	}
	lost := 0
	acked.Range(func(id, ref any) bool {
		m, ok := byAggregate[event.RequestAggregate(id.(string))]
		if !ok || atServer[m.MessageID] == 0 {
			lost++
			t.Errorf("message %s acknowledged, its mail never reached the server", ref)
		}
		return true
	})
	dups := 0
	for _, m := range mails {
		if n := atServer[m.MessageID]; n > 1 {
			dups += n - 1
		}
	}
	if len(atServer) != len(mails) {
		t.Errorf("%d distinct Message-IDs at the server for %d mails in the outbox", len(atServer), len(mails))
	}
	if dups > trials {
		t.Errorf("%d mails sent twice over %d kills: more than a kill between acceptance and record explains", dups, trials)
	}
	t.Logf("%d messages acknowledged over %d kills, %d mails, none lost, %d accepted twice (same Message-ID)", want, trials, len(mails), dups)
}

// startMailChild starts the child serve on dsn with the SMTP server at
// smtpAddr and returns its URL and the way to SIGKILL it.
func startMailChild(t *testing.T, dsn, smtpAddr string) (string, func()) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMailSurvivesKills$")
	cmd.Env = append(os.Environ(), mailKillDBEnv+"="+dsn, mailKillSMTPEnv+"=smtp://"+smtpAddr)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	kill := func() {
		once.Do(func() {
			cmd.Process.Kill()
			cmd.Wait()
		})
	}
	t.Cleanup(kill)
	return waitReady(t, stderr), kill
}

// statuses counts mails per status, for a failure's message.
func statuses(mails []mail.Mail) string {
	n := map[mail.Status]int{}
	for _, m := range mails {
		n[m.Status]++
	}
	var parts []string
	for s, c := range n {
		parts = append(parts, fmt.Sprintf("%s: %d", s, c))
	}
	return strings.Join(parts, ", ")
}
