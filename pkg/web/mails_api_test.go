package web

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/contact"
	"courtier/pkg/mail"
	"courtier/pkg/mail/mailtest"
	"courtier/pkg/store"
)

// mailsEnv is the role matrix over an outbox of two mails: the notice of
// a contact message that the SMTP server refused for good (failed), and
// the notice of a second message, not sent yet (pending).
type mailsEnv struct {
	*deskEnv
	// failed and pending are the two mails' IDs; request the second
	// message's request, whose mail is pending.
	failed, pending int64
	request         string
}

func newMailsEnv(t *testing.T) *mailsEnv {
	t.Helper()
	e := &mailsEnv{deskEnv: newDeskEnv(t)}
	a, ctx := e.app, context.Background()
	// The sign-ups of the desk's accounts asked their addresses to be
	// confirmed: those events are handled and their mails set aside, so
	// that the outbox holds the two mails below alone.
	for {
		n, err := a.Events.Dispatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	err := a.Store.WriteTx(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, "DELETE FROM mails")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	send := func(name string) string {
		m, err := a.Contacts.SendMessage(ctx, account.Visitor, contact.MessageDraft{Name: name, Email: strings.ToLower(name) + "@exemple.fr",
			Subject: "other", Message: "Une question simple.", Consent: true})
		if err != nil {
			t.Fatal(err)
		}
		for {
			n, err := a.Events.Dispatch(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 {
				return m.ID
			}
		}
	}
	send("Léa")
	srv := mailtest.Start(t, mailtest.Options{Reply: func(int) error { return mailtest.Permanent }})
	smtp, err := mail.ParseServer("smtp://" + srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	smtp.Timeout = 5 * time.Second
	if _, err := a.Mail.NewSender(smtp, mail.SenderConfig{}).SendDue(ctx); err != nil {
		t.Fatal(err)
	}
	e.request = send("Paul")
	list, err := a.Mail.List(ctx, account.Operator, mail.Filter{})
	if err != nil || len(list) != 2 || list[0].Status != mail.StatusPending || list[1].Status != mail.StatusFailed {
		t.Fatalf("outbox %+v, %v: want a pending mail and a failed one", list, err)
	}
	e.pending, e.failed = list[0].ID, list[1].ID
	return e
}

// run runs cases in order, with {failed}, {pending} and {request} in
// their URLs replaced.
func (e *mailsEnv) run(t *testing.T, cases []apiScenario) {
	t.Helper()
	r := strings.NewReplacer("{failed}", strconv.FormatInt(e.failed, 10), "{pending}", strconv.FormatInt(e.pending, 10), "{request}", e.request)
	for _, c := range cases {
		c.path = r.Replace(c.path)
		c.contains = append([]string(nil), c.contains...)
		for i, h := range c.contains {
			c.contains[i] = r.Replace(h)
		}
		t.Run(c.name, func(t *testing.T) { c.run(t, e.apiEnv.h, e.cookies) })
	}
}

// TestMailsRoleMatrix: the outbox is the admins'; a request's mails are
// every staff member's; a retry puts a failed mail back in the queue once.
func TestMailsRoleMatrix(t *testing.T) {
	e := newMailsEnv(t)
	var cases []apiScenario
	add := func(name, method, url string, want [6]int, has ...string) {
		for _, c := range matrix(name, method, url, "", "", want, has...) {
			cases = append(cases, c.apiScenario)
		}
	}
	add("outbox", "GET", "/api/admin/mails", [6]int{401, 403, 403, 403, 403, 200},
		`"mails":[{`, `"counts":{"pending":1,"sent":0,"failed":1}`, `"status":"failed"`, `"lastError":"`, `"to":"paul@exemple.fr"`)
	add("outbox failed", "GET", "/api/admin/mails?status=failed&limit=5", [6]int{401, 403, 403, 403, 403, 200},
		`"to":"léa@exemple.fr"`, `"counts":{"pending":1,"sent":0,"failed":1}`)
	add("one mail", "GET", "/api/admin/mails/{failed}", [6]int{401, 403, 403, 403, 403, 200},
		`"mail":{"id":{failed}`, `"text":"Bonjour`, `"html":"\u003c!`, `"status":"failed"`, `"attempts":1`)
	add("request's mails", "GET", "/api/desk/requests/{request}/mails", [6]int{401, 403, 403, 200, 200, 200},
		`{"mails":[{"id":{pending}`, `"template":"request-received-contact"`, `"status":"pending"`)
	add("retry pending", "POST", "/api/admin/mails/{pending}/retry", [6]int{401, 403, 403, 403, 403, 409})
	add("retry failed", "POST", "/api/admin/mails/{failed}/retry", [6]int{401, 403, 403, 403, 403, 200},
		`"mail":{"id":{failed}`, `"status":"pending"`)
	// The lists carry no body; the refusals say why in French.
	for i := range cases {
		c := &cases[i]
		switch {
		case c.status == 200 && c.method == "GET" && !strings.Contains(c.path, "/api/admin/mails/"):
			c.notContains = append(c.notContains, `"text":`, `"html":`)
		case c.status == 409:
			c.contains = []string{"Seul un mail en échec peut être renvoyé\u00a0; celui-ci est «\u00a0non envoyé\u00a0»."}
		case c.status == 403 && strings.HasPrefix(c.path, "/api/admin/"):
			c.contains = []string{"Cette action est réservée aux administrateurs."}
		}
	}
	cases = append(cases,
		apiScenario{name: "after the retry", as: "admin", method: "GET", path: "/api/admin/mails", status: 200,
			contains: []string{`"counts":{"pending":2,"sent":0,"failed":0}`}},
		apiScenario{name: "retry twice", as: "admin", method: "POST", path: "/api/admin/mails/{failed}/retry", status: 409},
	)
	e.run(t, cases)
}

// TestMailsBadInput: a bad status, limit or id is a 400 naming its field,
// an unknown mail or request a 404, never a 5xx.
func TestMailsBadInput(t *testing.T) {
	e := newMailsEnv(t)
	c := func(name, as, method, url string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: as, method: method, path: url, status: status, field: field, contains: has}
	}
	e.run(t, []apiScenario{
		c("unknown status", "admin", "GET", "/api/admin/mails?status=perdu", 400, "status", "État inconnu"),
		c("status in French", "admin", "GET", "/api/admin/mails?status=envoy%C3%A9", 400, "status"),
		c("status twice", "admin", "GET", "/api/admin/mails?status=sent&status=failed", 400, "status", "qu’une fois"),
		c("limit zero", "admin", "GET", "/api/admin/mails?limit=0", 400, "limit", "un entier de 1 à 1000"),
		c("limit too big", "admin", "GET", "/api/admin/mails?limit=1001", 400, "limit"),
		c("limit not a number", "admin", "GET", "/api/admin/mails?limit=dix", 400, "limit"),
		c("limit one", "admin", "GET", "/api/admin/mails?limit=1", 200, "", `"mails":[{"id":{pending},`),
		c("pending only", "admin", "GET", "/api/admin/mails?status=pending", 200, "", `"status":"pending"`),
		c("sent: none", "admin", "GET", "/api/admin/mails?status=sent", 200, "", `"mails":[]`),
		c("id not a number", "admin", "GET", "/api/admin/mails/abc", 400, "id", "Numéro de courriel invalide"),
		c("id zero", "admin", "GET", "/api/admin/mails/0", 400, "id"),
		c("id negative", "admin", "GET", "/api/admin/mails/-3", 400, "id"),
		c("id too big", "admin", "GET", "/api/admin/mails/99999999999999999999", 400, "id"),
		c("unknown mail", "admin", "GET", "/api/admin/mails/999999", 404, "", "Le mail 999999 n’existe pas."),
		c("retry unknown", "admin", "POST", "/api/admin/mails/999999/retry", 404, ""),
		c("retry bad id", "admin", "POST", "/api/admin/mails/x/retry", 400, "id"),
		c("retry by GET", "admin", "GET", "/api/admin/mails/{failed}/retry", 404, ""),
		c("unknown request", "agent", "GET", "/api/desk/requests/inconnu/mails", 404, "", "Cette demande n’existe pas."),
		c("unknown request, client", "client", "GET", "/api/desk/requests/inconnu/mails", 403, ""),
	})
}
