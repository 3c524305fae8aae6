package web

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"courtier/pkg/app"
	"courtier/pkg/ratelimit"
)

// hop is one step of a limits scenario: an apiScenario sent through the
// trusted proxy 192.0.2.1 on behalf of a client address (via), times
// times, after the clock moved by after. Its Retry-After must be the one
// wait set ("" when none). keep names the cookie it sets (the session of
// a sign-in or the one a password change renews); its name says why it
// must pass, in the failure's message.
type hop struct {
	apiScenario
	after time.Duration
	times int
	keep  string
}

type hopEnv struct {
	*apiEnv
	cookies map[string]string
}

func (e *hopEnv) send(t *testing.T, i int, h hop) {
	t.Helper()
	e.clock.Advance(h.after)
	for n := range max(h.times, 1) {
		sc := h.apiScenario
		sc.name = fmt.Sprintf("step %d (%s), request %d from %s", i, h.name, n, sc.headers["X-Forwarded-For"])
		if sc.header == nil {
			sc.header = map[string]string{"Retry-After": ""}
		}
		res, _ := sc.run(t, e.h, e.cookies)
		if _, c := sessionCookieOf(res); h.keep != "" && c != "" {
			e.cookies[h.keep] = c
		}
	}
}

// hopPost is a POST of body to path on behalf of the client address from.
func hopPost(from, path, body string) hop {
	return hop{apiScenario: apiScenario{method: "POST", path: path, body: body}}.via(from)
}

const (
	addrA = "198.51.100.10"
	addrB = "203.0.113.20"
)

func login(from, password string) hop {
	return hopPost(from, "/api/auth/login", `{"email":"marie@exemple.fr","password":"`+password+`"}`)
}

func (h hop) want(status int, has string) hop { h.status, h.contains = status, []string{has}; return h }
func (h hop) n(times int) hop                 { h.times = times; return h }
func (h hop) wait(s string) hop               { h.header = map[string]string{"Retry-After": s}; return h }
func (h hop) why(s string) hop                { h.name = s; return h }
func (h hop) keeping(name string) hop         { h.keep = name; return h }
func (h hop) later(d time.Duration) hop       { h.after = d; return h }
func (h hop) as(name string) hop              { h.apiScenario.as = name; return h }

// via sends h through the trusted proxy on behalf of from: the left-most
// entry of X-Forwarded-For is made up, only the right-most counts.
func (h hop) via(from string) hop {
	h.headers = map[string]string{"X-Forwarded-For": "203.0.113.66, " + from}
	return h
}

func changePassword(as, current, next string) hop {
	return hopPost(addrB, "/api/profile/password", `{"currentPassword":"`+current+`","newPassword":"`+next+`"}`).as(as).keeping(as)
}

const newPassword = "un-tout-autre-secret-77"

func TestSignInProtectionThroughTheAPI(t *testing.T) {
	wrong := "pas le bon mot de passe"
	cases := []struct {
		name   string
		budget int
		hops   []hop
	}{
		{"acceptance: five wrong from A, the owner signs in from B and changes the password", 0, []hop{
			login(addrA, wrong).n(5).want(401, "E-mail ou mot de passe incorrect."),
			login(addrA, goodPassword).want(429, "Trop de tentatives de connexion. Réessayez dans 1 minute.").wait("60").why("A is slowed down"),
			login(addrB, goodPassword).keeping("owner").want(200, `"email":"marie@exemple.fr"`).why("B is not A"),
			changePassword("owner", goodPassword, newPassword).want(204, "").why("the owner re-authenticates"),
			login(addrB, newPassword).want(200, `"email":"marie@exemple.fr"`),
		}},
		{"the same address through a spoofed X-Forwarded-For is still A", 0, []hop{
			login(addrA, wrong).n(5).want(401, "incorrect"),
			login("6.6.6.6, "+addrA, goodPassword).want(429, "Trop de tentatives").wait("60").why("only the right-most entry counts"),
		}},
		{"a stranger's failures from many addresses never block the signed-in owner", 10, []hop{
			login(addrB, goodPassword).keeping("owner").want(200, "marie@exemple.fr"),
			login("192.0.2.10", wrong).n(4).want(401, "incorrect"),
			login("192.0.2.11", wrong).n(4).want(401, "incorrect"),
			login("192.0.2.12", wrong).n(2).want(401, "incorrect"),
			login("192.0.2.13", goodPassword).want(429, "Trop de tentatives de connexion.").wait("360").why("the budget is spent"),
			login(addrB, goodPassword).want(200, "marie@exemple.fr").why("B is a known address of the owner"),
			changePassword("owner", goodPassword, newPassword).want(204, ""),
			hopPost(addrB, "/api/profile/delete", `{"password":"`+newPassword+`"}`).as("owner").want(204, ""),
		}},
		{"a session guessing the password is stopped alone", 0, []hop{
			login(addrB, goodPassword).keeping("thief").want(200, "marie@exemple.fr"),
			login(addrB, goodPassword).keeping("owner").want(200, "marie@exemple.fr"),
			changePassword("thief", wrong, newPassword).n(5).want(400, "Mot de passe actuel incorrect."),
			changePassword("thief", goodPassword, newPassword).want(429, "Trop de mots de passe incorrects. Réessayez dans 3 minutes.").wait("180"),
			changePassword("owner", goodPassword, newPassword).want(204, ""),
		}},
		{"per address, sign-ups and sign-ins share one person's allowance", 0, []hop{
			hopPost(addrA, "/api/auth/register", `{"email":"x@exemple.fr","password":"court"}`).n(19).want(400, "password"),
			login(addrA, goodPassword).want(200, "marie@exemple.fr"),
			login(addrA, goodPassword).want(429, "Trop de tentatives de connexion.").wait("45"),
			login(addrB, goodPassword).want(200, "marie@exemple.fr"),
			login(addrA, goodPassword).later(45*time.Second).want(200, "marie@exemple.fr"),
		}},
		{"an IPv6 /64 is one address", 0, []hop{
			login("2001:db8:5:6::1", wrong).n(3).want(401, "incorrect"),
			login("2001:db8:5:6::2", wrong).n(2).want(401, "incorrect"),
			login("2001:db8:5:6:abcd::9", goodPassword).want(429, "Trop de tentatives").wait("60"),
			login("2001:db8:5:7::1", goodPassword).want(200, "marie@exemple.fr"),
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts := []envOption{withTrusted}
			if c.budget > 0 {
				opts = append(opts, func(_ *Config, a *app.Config) {
					a.Limits = ratelimit.Default()
					a.Limits.AccountBudget.Burst = c.budget
				})
			}
			env := &hopEnv{apiEnv: newAPI(t, opts...), cookies: map[string]string{}}
			env.signUp(t, "marie@exemple.fr")
			env.clock.Advance(time.Hour) // the sign-up's attempt from 192.0.2.1 is forgotten
			for i, h := range c.hops {
				env.send(t, i, h)
			}
		})
	}
}

// The chat's per-address limit counts the forwarded client address: one
// address over its limit does not refuse the others behind the same proxy.
func TestChatLimitsPerForwardedAddress(t *testing.T) {
	env := &hopEnv{apiEnv: newAPI(t, withTrusted), cookies: map[string]string{}}
	start := func(from string) hop {
		return hopPost(from, "/api/chat/conversations", "{}").want(http.StatusCreated, `"conversation"`)
	}
	hammer := start(addrA)
	env.send(t, 0, hammer.n(20))
	refused := hammer.want(429, "Trop de conversations ouvertes. Réessayez dans 30 secondes.").wait("30")
	env.send(t, 1, refused)
	for i := range 30 {
		other := start("198.18.0." + strconv.Itoa(i+1))
		env.send(t, 2+i, other.why("another address behind the same proxy"))
	}
	env.send(t, 40, refused.why("still refused"))
}
