package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
)

// tfStep is one request of a second-factor scenario: an apiScenario whose
// body may say {code} (the app's code of the first step after the last
// one that served, which the clock allows), {last} (the code that served
// last), {wrong} (a code of no step near the clock), {recovery} (an
// unused recovery code), {used} (the recovery code that served last) and
// {ticket} (the ticket of the last sign-in that asked for a code).
type tfStep struct {
	apiScenario
	// session: "set" when the answer must open a session, whose cookie
	// becomes the one of keep; "none" when it must not; "" either way.
	session string
	keep    string
	// advance moves the clock before the request.
	advance time.Duration
}

// tfScenario runs its steps in order on one server with env.people's
// accounts, after setup.
type tfScenario struct {
	name  string
	setup func(t *testing.T, e *apiEnv)
	steps []tfStep
}

// tfState is what a scenario's steps hand on: the cookies, the app of the
// account set up in the scenario, its recovery codes and the last ticket.
type tfState struct {
	cookies         map[string]string
	secret          string
	step            int64 // the last step whose code served
	last            string
	recovery        []string
	used            string
	ticket          string
	pendingStep     int64 // the step of {code} in the request under way
	pendingCode     string
	pendingRecovery string
}

// fill replaces the placeholders of body.
func (s *tfState) fill(t *testing.T, e *apiEnv, body string) string {
	t.Helper()
	now := totpStepOf(e.clock.Now())
	s.pendingStep, s.pendingCode, s.pendingRecovery = 0, "", ""
	if strings.Contains(body, "{code}") {
		if s.secret == "" {
			t.Fatal("{code} before a set-up")
		}
		step := max(s.step+1, now-1)
		if step > now+1 {
			t.Fatal("{code}: no step of the app left at this time; advance the clock in the scenario")
		}
		s.pendingStep, s.pendingCode = step, accounttest.Code(t, s.secret, time.Unix(step*30, 0))
		body = strings.ReplaceAll(body, "{code}", s.pendingCode)
	}
	if strings.Contains(body, "{wrong}") {
		near := map[string]bool{}
		for st := now - 1; st <= now+1; st++ {
			if s.secret != "" {
				near[accounttest.Code(t, s.secret, time.Unix(st*30, 0))] = true
			}
		}
		wrong := "000000"
		for i := 1; near[wrong]; i++ {
			wrong = strings.Repeat(string(rune('0'+i)), 6)
		}
		body = strings.ReplaceAll(body, "{wrong}", wrong)
	}
	if strings.Contains(body, "{recovery}") {
		if len(s.recovery) == 0 {
			t.Fatal("{recovery}: no recovery code left")
		}
		s.pendingRecovery = s.recovery[0]
		body = strings.ReplaceAll(body, "{recovery}", s.pendingRecovery)
	}
	return strings.NewReplacer("{last}", s.last, "{used}", s.used, "{ticket}", s.ticket).Replace(body)
}

// run sends step c, its body filled, through apiScenario.run, and checks
// whether it opened a session; then keeps what the answer holds for the next.
func (c tfStep) run(t *testing.T, e *apiEnv, s *tfState) {
	t.Helper()
	e.clock.Advance(c.advance)
	sc := c.apiScenario
	sc.body = s.fill(t, e, c.body)
	// Nor the second factor's secrets.
	sc.notContains = append(sc.notContains[:len(sc.notContains):len(sc.notContains)], "totp_", "recovery_codes")
	res, out := sc.run(t, e.h, s.cookies)
	_, cookie := sessionCookieOf(res)
	switch {
	case c.session == "set" && cookie == "":
		t.Errorf("%s %s: no session opened", c.method, c.path)
	case c.session == "none" && cookie != "":
		t.Errorf("%s %s: a session opened: %s", c.method, c.path, cookie)
	case cookie != "" && c.keep != "":
		s.cookies[c.keep] = cookie
	}
	if res.StatusCode != http.StatusOK {
		return
	}
	if s.pendingCode != "" {
		s.step, s.last = s.pendingStep, s.pendingCode
	}
	if s.pendingRecovery != "" {
		s.recovery, s.used = s.recovery[1:], s.pendingRecovery
	}
	var got struct {
		Secret        string   `json:"secret"`
		RecoveryCodes []string `json:"recoveryCodes"`
		SecondFactor  *struct {
			Ticket string `json:"ticket"`
		} `json:"secondFactor"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		return // not an object of these
	}
	if got.Secret != "" {
		// A new app: its first code is the one of now.
		s.secret, s.step, s.last = got.Secret, totpStepOf(e.clock.Now())-1, ""
	}
	if got.RecoveryCodes != nil {
		seen := map[string]bool{}
		for _, rc := range got.RecoveryCodes {
			if seen[rc] {
				t.Errorf("recovery code %q twice", rc)
			}
			seen[rc] = true
		}
		if len(got.RecoveryCodes) != account.RecoveryCodes {
			t.Errorf("%d recovery codes, want %d", len(got.RecoveryCodes), account.RecoveryCodes)
		}
		s.recovery = got.RecoveryCodes
	}
	if got.SecondFactor != nil {
		s.ticket = got.SecondFactor.Ticket
	}
}

// TestTwoFactorScenarios: the second factor through the API. A client
// turns it on (the set-up, then a code and the password), signs in with
// the app's code or a recovery code, each once, and turns it off; an
// agent without one reaches nothing of the broker's side before setting
// it up, and may not turn it off; bad input gets a 4xx, never a 5xx.
func TestTwoFactorScenarios(t *testing.T) {
	pw := goodPassword
	post := func(as, url, body string) apiScenario {
		return apiScenario{as: as, method: "POST", path: url, body: body}
	}
	with := func(c apiScenario, name string, status int, field string, has ...string) apiScenario {
		c.name, c.status, c.field, c.contains = name, status, field, has
		return c
	}
	status, setup, enable, disable := "/api/profile/two-factor", "/api/profile/two-factor/setup", "/api/profile/two-factor/enable", "/api/profile/two-factor/disable"
	login, code := "/api/auth/login", "/api/auth/login/code"
	signIn := func(who string) apiScenario {
		return post("", login, `{"email":"`+who+`@exemple.fr","password":"`+pw+`"}`)
	}
	withCode := func(c string) apiScenario { return post("", code, `{"ticket":"{ticket}","code":"`+c+`"}`) }
	enableWith := func(as, c, password string) apiScenario {
		return post(as, enable, `{"code":"`+c+`","password":"`+password+`"}`)
	}
	noTicket := func(c apiScenario) apiScenario { c.notContains = []string{"secondFactor", "ticket"}; return c }
	asked := []string{`"secondFactor":{"ticket":"`, `"expiresAt":"`}
	wrongCode := "Code incorrect"
	scenarios := []tfScenario{
		{name: "a client turns it on, signs in with it, and turns it off", steps: []tfStep{
			{apiScenario: with(apiScenario{as: "client", method: "GET", path: status}, "status before", 200, "", `"enabled":false`, `"required":false`, `"recoveryCodesLeft":0`)},
			{apiScenario: with(post("anonymous", setup, ""), "set-up signed out", 401, "", "Vous devez être connecté.")},
			{apiScenario: with(enableWith("client", "123456", pw), "enable before the set-up", 400, "", "Affichez d’abord le code QR")},
			{apiScenario: with(post("client", setup, ""), "set-up", 200, "", `"secret":"`, `"uri":"otpauth://totp/Horizon%20Courtage:client@exemple.fr?`, `"qrSvg":"\u003csvg `)},
			{apiScenario: with(enableWith("client", "{wrong}", pw), "enable with a wrong code", 400, "code", wrongCode)},
			{apiScenario: with(enableWith("client", "{code}", "pas le bon mot de passe"), "enable with a wrong password", 400, "password", "Mot de passe incorrect.")},
			{apiScenario: with(enableWith("client", " ", pw), "enable without a code", 400, "code", "Saisissez le code")},
			{apiScenario: with(apiScenario{as: "client", method: "GET", path: status}, "still off after refusals", 200, "", `"enabled":false`)},
			{apiScenario: with(enableWith("client", "{code}", pw), "enable", 200, "", `"recoveryCodes":["`)},
			{apiScenario: with(apiScenario{as: "client", method: "GET", path: status}, "status after", 200, "", `"enabled":true`, `"recoveryCodesLeft":10`)},
			{apiScenario: with(post("client", setup, ""), "a second set-up", 409, "", "déjà activée")},
			{apiScenario: with(post("client", "/api/auth/logout", ""), "sign out", 204, "")},
			{apiScenario: with(signIn("client"), "the password asks for a code", 200, "", asked...), session: "none"},
			{apiScenario: with(withCode("{wrong}"), "a wrong code", 400, "code", wrongCode), session: "none"},
			{apiScenario: with(withCode("{code}"), "the app's code", 200, "", `"user":{`, `"email":"client@exemple.fr"`, `"twoFactor":true`), session: "set", keep: "client"},
			{apiScenario: with(apiScenario{as: "client", method: "GET", path: "/api/session"}, "signed in", 200, "", `"email":"client@exemple.fr"`)},
			{apiScenario: with(withCode("{last}"), "the ticket again", 401, "", "Saisissez de nouveau votre mot de passe."), session: "none"},
			{apiScenario: with(signIn("client"), "a new sign-in with the code that served", 200, "", asked...), session: "none"},
			{apiScenario: with(withCode("{last}"), "a code that served", 400, "code", wrongCode), session: "none"},
			{apiScenario: with(withCode("{recovery}"), "a recovery code", 200, "", `"email":"client@exemple.fr"`), session: "set", keep: "client"},
			// Two minutes on: the address's sign-in allowance refills (and the
			// recovery code is refused all the same).
			{apiScenario: with(signIn("client"), "a sign-in with the recovery code again", 200, "", asked...), session: "none", advance: 2 * time.Minute},
			{apiScenario: with(withCode("{used}"), "a recovery code used", 400, "code", wrongCode), session: "none"},
			{apiScenario: with(apiScenario{as: "client", method: "GET", path: status}, "a code less", 200, "", `"enabled":true`, `"recoveryCodesLeft":9`)},
			{apiScenario: with(post("agent", disable, `{"password":"`+pw+`"}`), "staff may not turn it off", 403, "", "obligatoire pour les comptes du cabinet")},
			{apiScenario: with(post("client", disable, `{"password":"pas le bon mot de passe"}`), "turn it off with a wrong password", 400, "password", "Mot de passe incorrect.")},
			{apiScenario: with(post("client", disable, `{"password":"`+pw+`"}`), "turn it off", 204, "")},
			{apiScenario: noTicket(with(signIn("client"), "the password alone again", 200, "", `"email":"client@exemple.fr"`, `"twoFactor":false`)), session: "set"},
		}},
		{name: "an agent sets it up before the desk", setup: func(t *testing.T, e *apiEnv) {
			e.signUp(t, "agent2@exemple.fr")
			if _, _, err := e.svc.SetRole(context.Background(), "agent2@exemple.fr", account.RoleAgent); err != nil {
				t.Fatal(err)
			}
		}, steps: []tfStep{
			{apiScenario: noTicket(with(signIn("agent2"), "the password alone: no second factor yet", 200, "", `"role":"agent"`, `"twoFactor":false`)), session: "set", keep: "agent2"},
			{apiScenario: with(apiScenario{as: "agent2", method: "GET", path: "/api/desk/requests"}, "the desk refused", 403, "", "Activez la validation en deux étapes")},
			{apiScenario: with(apiScenario{as: "agent2", method: "GET", path: status}, "status: required", 200, "", `"enabled":false`, `"required":true`)},
			{apiScenario: with(post("agent2", setup, ""), "set-up", 200, "", `"secret":"`, `agent2@exemple.fr`)},
			{apiScenario: with(enableWith("agent2", "{code}", pw), "enable", 200, "", `"recoveryCodes":["`)},
			{apiScenario: with(apiScenario{as: "agent2", method: "GET", path: "/api/desk/requests"}, "the desk, same session", 200, "", `"requests":`)},
			{apiScenario: with(post("agent2", disable, `{"password":"`+pw+`"}`), "turn it off", 403, "", "obligatoire")},
			{apiScenario: with(post("agent2", "/api/auth/logout", ""), "sign out", 204, "")},
			{apiScenario: with(signIn("agent2"), "the password asks for a code", 200, "", asked...), session: "none"},
			{apiScenario: with(withCode("{code}"), "the app's code", 200, "", `"email":"agent2@exemple.fr"`, `"twoFactor":true`), session: "set", keep: "agent2"},
			{apiScenario: with(apiScenario{as: "agent2", method: "GET", path: "/api/desk/requests"}, "the desk", 200, "", `"requests":`)},
		}},
		{name: "bad input", steps: []tfStep{
			{apiScenario: with(post("", code, `{}`), "no ticket", 401, "", "Saisissez de nouveau votre mot de passe."), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":"inconnu"}`), "no code", 400, "code", "Saisissez le code"), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":"inconnu","code":"123456"}`), "unknown ticket", 401, ""), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":"x\u0000","code":"`+strings.Repeat("9", 4000)+`"}`), "hostile ticket and code", 401, ""), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":`), "malformed JSON", 400, "", "JSON valide"), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":"`+strings.Repeat("t", 17<<10)+`","code":"123456"}`), "oversized", 400, "", "trop volumineuse"), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":"x","code":"123456","email":"client@exemple.fr"}`), "unknown field", 400, "", "champ inconnu"), session: "none"},
			{apiScenario: with(post("", code, `{"ticket":7,"code":123456}`), "wrong types", 400, "", "pas le bon type"), session: "none"},
			{apiScenario: with(post("", code, `[]`), "an array", 400, "", "objet JSON"), session: "none"},
			{apiScenario: with(apiScenario{method: "GET", path: code}, "by GET", 404, "")},
			{apiScenario: with(apiScenario{as: "anonymous", method: "GET", path: status}, "status signed out", 401, "")},
			{apiScenario: with(enableWith("anonymous", "123456", pw), "enable signed out", 401, "")},
			{apiScenario: with(post("anonymous", disable, `{"password":"`+pw+`"}`), "disable signed out", 401, "")},
			{apiScenario: with(post("client", enable, `{"code":`), "enable malformed", 400, "", "JSON valide")},
			{apiScenario: with(post("client", enable, `{"code":"`+strings.Repeat("1", 17<<10)+`","password":"`+pw+`"}`), "enable oversized", 400, "", "trop volumineuse")},
			{apiScenario: with(post("client", enable, `{"code":123456,"password":"`+pw+`"}`), "enable code of wrong type", 400, "code", "pas le bon type")},
			{apiScenario: with(post("client", disable, `{"password":`), "disable malformed", 400, "", "JSON valide")},
			{apiScenario: with(post("client", "/api/profile/two-factor/recovery-codes", `{"password":"`+pw+`"}`), "recovery codes without a second factor", 400, "", "Activez d’abord")},
		}},
	}
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			e := newAPI(t)
			s := &tfState{cookies: e.people(t)}
			if sc.setup != nil {
				sc.setup(t, e)
			}
			for _, step := range sc.steps {
				if !t.Run(step.name, func(t *testing.T) { step.run(t, e, s) }) {
					t.FailNow() // the next steps build on this one
				}
			}
		})
	}
}
