package web

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/mail"
)

// mailedLink dispatches the events and returns the token of the newest
// reset mail to email, "" when there is none.
func (e *apiEnv) mailedLink(t *testing.T, email string) string {
	return e.mailedToken(t, email, "password-reset", "/reset-password")
}

// mailedToken dispatches the events and returns the token of the link to
// path in the newest mail of template to email, "" when there is none.
func (e *apiEnv) mailedToken(t *testing.T, email, template, path string) string {
	t.Helper()
	ctx := context.Background()
	for {
		n, err := e.app.Events.Dispatch(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			break
		}
	}
	list, err := e.app.Mail.List(ctx, account.Operator, mail.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.To != email || m.Template != template {
			continue
		}
		full, err := e.app.Mail.Get(ctx, account.Operator, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		match := regexp.MustCompile(regexp.QuoteMeta(path) + `\?token=([^\s"<&]+)`).FindStringSubmatch(full.Text)
		if match == nil {
			t.Fatalf("reset mail without its link:\n%s", full.Text)
		}
		token, err := url.QueryUnescape(match[1])
		if err != nil {
			t.Fatal(err)
		}
		return token
	}
	return ""
}

func TestPasswordResetAPI(t *testing.T) {
	e := newAPI(t)
	cookie := e.signUp(t, "marie@exemple.fr")

	// Known and unknown addresses get the same status and the same words.
	known, kbody := e.do(t, "POST", "/api/auth/password-reset", `{"email":"marie@exemple.fr"}`, "")
	unknown, ubody := e.do(t, "POST", "/api/auth/password-reset", `{"email":"personne@exemple.fr"}`, "")
	if known.StatusCode != http.StatusAccepted || unknown.StatusCode != known.StatusCode || kbody != ubody {
		t.Fatalf("known %d %s, unknown %d %s", known.StatusCode, kbody, unknown.StatusCode, ubody)
	}
	if e.mailedLink(t, "personne@exemple.fr") != "" {
		t.Fatal("a reset mail to an address without an account")
	}
	token := e.mailedLink(t, "marie@exemple.fr")
	if token == "" {
		t.Fatal("no reset mail to the account")
	}

	for _, tc := range []struct {
		name, body string
		status     int
		field      string
	}{
		{"malformed JSON", `{"token":`, http.StatusBadRequest, ""},
		{"unknown token", `{"token":"nope","password":"une-phrase-de-passe-neuve-7"}`, http.StatusBadRequest, "token"},
		{"weak password", `{"token":"` + token + `","password":"azerty"}`, http.StatusBadRequest, "password"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := e.do(t, "POST", "/api/auth/password-reset/confirm", tc.body, "")
			if res.StatusCode != tc.status || !strings.Contains(body, `"field":"`+tc.field) && tc.field != "" {
				t.Errorf("%d %s", res.StatusCode, body)
			}
		})
	}
	res, body := e.do(t, "POST", "/api/auth/password-reset/confirm", `{"token":"`+token+`","password":"une-phrase-de-passe-neuve-7"}`, cookie)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("reset: %d %s", res.StatusCode, body)
	}
	if e.whoAmI(t, cookie) != "" {
		t.Error("the session of before the reset still works")
	}
	res, body = e.do(t, "POST", "/api/auth/password-reset/confirm", `{"token":"`+token+`","password":"encore-une-autre-phrase-9"}`, "")
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "plus valable") {
		t.Errorf("link used twice: %d %s", res.StatusCode, body)
	}
	res, _ = e.do(t, "POST", "/api/auth/login", `{"email":"marie@exemple.fr","password":"une-phrase-de-passe-neuve-7"}`, "")
	if res.StatusCode != http.StatusOK {
		t.Errorf("sign-in with the new password: %d", res.StatusCode)
	}

	// Expired after 30 minutes.
	e.do(t, "POST", "/api/auth/password-reset", `{"email":"marie@exemple.fr"}`, "")
	late := e.mailedLink(t, "marie@exemple.fr")
	e.clock.Advance(account.ResetValid + time.Minute)
	res, _ = e.do(t, "POST", "/api/auth/password-reset/confirm", `{"token":"`+late+`","password":"encore-une-autre-phrase-9"}`, "")
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("expired link: %d", res.StatusCode)
	}
}

// TestPasswordResetIsLimitedPerAddress: an address asking link after link
// gets 429 with the wait, not an endless stream of mails.
func TestPasswordResetIsLimitedPerAddress(t *testing.T) {
	e := newAPI(t)
	var last *http.Response
	for i := range 11 {
		last, _ = e.do(t, "POST", "/api/auth/password-reset", `{"email":"x`+string(rune('a'+i))+`@exemple.fr"}`, "")
	}
	if last.StatusCode != http.StatusTooManyRequests || last.Header.Get("Retry-After") == "" {
		t.Errorf("11th ask: %d", last.StatusCode)
	}
}

func TestConfirmAndUndoEmailAPI(t *testing.T) {
	e := newAPI(t)
	cookie := e.signUp(t, "marie@exemple.fr")
	_, body := e.do(t, "GET", "/api/session", "", cookie)
	if !strings.Contains(body, `"emailConfirmed":false`) {
		t.Fatalf("session of a new sign-up: %s", body)
	}
	res, body := e.do(t, "POST", "/api/profile/confirm-email", "", cookie)
	if res.StatusCode != http.StatusAccepted {
		t.Fatalf("resend: %d %s", res.StatusCode, body)
	}
	// The mail is queued in the outbox, not sent yet: the answer says so.
	if !strings.Contains(body, "en cours d’envoi") {
		t.Errorf("resend says a mail left: %s", body)
	}
	if res, _ := e.do(t, "POST", "/api/profile/confirm-email", "", ""); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("resend signed out: %d", res.StatusCode)
	}
	token := e.mailedToken(t, "marie@exemple.fr", "email-confirm", "/confirm-email")
	if token == "" {
		t.Fatal("no confirmation mail")
	}
	if res, body := e.do(t, "POST", "/api/auth/confirm-email", `{"token":"`+token+`"}`, ""); res.StatusCode != http.StatusOK {
		t.Fatalf("confirm: %d %s", res.StatusCode, body)
	}
	if _, body := e.do(t, "GET", "/api/session", "", cookie); !strings.Contains(body, `"emailConfirmed":true`) {
		t.Errorf("after the link: %s", body)
	}
	if res, _ := e.do(t, "POST", "/api/auth/confirm-email", `{"token":"`+token+`"}`, ""); res.StatusCode != http.StatusBadRequest {
		t.Errorf("the link twice: %d", res.StatusCode)
	}

	res, body = e.do(t, "PATCH", "/api/profile", `{"email":"autre@exemple.fr","currentPassword":"`+goodPassword+`"}`, cookie)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("change of address: %d %s", res.StatusCode, body)
	}
	_, changed := sessionCookieOf(res)
	undo := e.mailedToken(t, "marie@exemple.fr", "email-changed", "/undo-email")
	if undo == "" {
		t.Fatal("the old address was not told")
	}
	res, body = e.do(t, "POST", "/api/auth/undo-email", `{"token":"`+undo+`"}`, "")
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "marie@exemple.fr") {
		t.Fatalf("undo: %d %s", res.StatusCode, body)
	}
	if e.whoAmI(t, changed) != "" {
		t.Error("the session that changed the address survived the undo")
	}
	if e.whoAmI(t, e.signIn(t, "marie@exemple.fr", false)) != "marie@exemple.fr" {
		t.Error("the old address does not sign in again")
	}
}
