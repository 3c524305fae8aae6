package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// contactMessage is a valid body of POST /api/contact, changed by change.
func contactMessage(change func(m map[string]any)) string {
	m := map[string]any{"name": "Léa Martin", "email": "lea@exemple.fr", "phone": "", "subject": "quote",
		"message": "Bonjour, où en est mon devis ?", "consent": true}
	if change != nil {
		change(m)
	}
	return jsonOf(m)
}

// The first callback slot offered at the test clock (Monday 2 March 2026,
// 10:00 in Paris): 11:00 to 12:00.
const firstSlot = `{"start":"2026-03-02T10:00:00Z","end":"2026-03-02T11:00:00Z"}`

// callbackBody is a valid body of POST /api/callbacks, changed by change.
func callbackBody(change func(m map[string]any)) string {
	var slot any
	_ = json.Unmarshal([]byte(firstSlot), &slot)
	m := map[string]any{"name": "Léa Martin", "phone": "06 39 98 12 34", "slot": slot, "product": "home", "note": "", "consent": true}
	if change != nil {
		change(m)
	}
	return jsonOf(m)
}

// contactEnv is the role matrix with a second agent, a message and a callback
// of the client that the first agent took; URLs say {msg} and {cb}.
type contactEnv struct {
	env     *apiEnv
	cookies map[string]string
	msg, cb string
}

func newContactEnv(t *testing.T) *contactEnv {
	t.Helper()
	d := &contactEnv{env: newAPI(t)}
	d.cookies = d.env.people(t)
	d.env.signUp(t, "agent2@exemple.fr")
	if _, _, err := d.env.svc.SetRole(t.Context(), "agent2@exemple.fr", account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	d.cookies["agent2"] = d.env.signIn(t, "agent2@exemple.fr", false)
	d.msg = d.send(t, "/api/contact", contactMessage(nil))
	d.cb = d.send(t, "/api/callbacks", callbackBody(nil))
	for _, id := range []string{d.msg, d.cb} {
		if _, err := d.env.srv.desk.Take(t.Context(), d.actor(t, "agent"), id); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// send posts a client's request and returns its id.
func (d *contactEnv) send(t *testing.T, url, body string) string {
	t.Helper()
	res, b := d.env.do(t, "POST", url, body, d.cookies["client"])
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("POST %s: %d %s", url, res.StatusCode, b)
	}
	var out struct{ Receipt struct{ ID string } }
	if err := json.Unmarshal([]byte(b), &out); err != nil {
		t.Fatal(err)
	}
	return out.Receipt.ID
}

func (d *contactEnv) actor(t *testing.T, email string) account.Actor {
	t.Helper()
	u, err := d.env.svc.GetByEmail(t.Context(), email+"@exemple.fr")
	if err != nil {
		t.Fatal(err)
	}
	return account.ActorOf(u)
}

// runContactCases runs each case on a new contactEnv, {msg} and {cb} replaced.
func runContactCases(t *testing.T, cases []apiScenario) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := newContactEnv(t)
			c.path = strings.NewReplacer("{msg}", d.msg, "{cb}", d.cb).Replace(c.path)
			c.run(t, d.env.h, d.cookies)
		})
	}
}

func TestContactScenarios(t *testing.T) {
	post := func(name, as, body string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: as, method: "POST", path: "/api/contact", body: body, status: status, field: field, contains: has}
	}
	set := func(k string, v any) func(m map[string]any) { return func(m map[string]any) { m[k] = v } }
	runContactCases(t, []apiScenario{
		post("visitor", "anonymous", contactMessage(nil), 201, "", `"ref":"MS-2026-000002"`, `"kind":"contact"`, `"dueAt":"2026-03-04T17:00:00.000Z"`),
		post("client without name nor e-mail", "client", contactMessage(func(m map[string]any) { delete(m, "name"); delete(m, "email") }), 201, "", `"ref":"MS-2026-`),
		post("other client", "other", contactMessage(nil), 201, "", `"ref":"MS-2026-`),
		post("agent refused", "agent", contactMessage(nil), 403, "", "visiteurs et des clients"),
		post("admin refused", "admin", contactMessage(nil), 403, "", "visiteurs et des clients"),
		post("no consent", "anonymous", contactMessage(set("consent", false)), 400, "consent", "Cochez la case"),
		post("consent of wrong type", "anonymous", contactMessage(set("consent", "oui")), 400, "consent", "pas le bon type"),
		post("unknown subject", "anonymous", contactMessage(set("subject", "<script>")), 400, "subject", "l’objet"),
		post("message too short", "anonymous", contactMessage(set("message", "Allô ?")), 400, "message", "au moins 10"),
		post("message with a bidi override", "anonymous", contactMessage(set("message", "Bonjour \u202eevil\u202c madame")), 400, "message", "non autorisés"),
		post("name with NUL", "anonymous", contactMessage(set("name", "Léa\u0000")), 400, "name", "non autorisés"),
		post("look-alike e-mail", "anonymous", contactMessage(set("email", "ｌｅａ@exemple.fr")), 400, "email", "imitent"),
		post("bad phone", "anonymous", contactMessage(set("phone", "123")), 400, "phone", "numéro de téléphone valide"),
		post("role smuggled", "anonymous", contactMessage(set("uid", "x")), 400, "", "champ inconnu"),
		post("oversized", "anonymous", contactMessage(set("message", strings.Repeat("\u2028", 7000))), 400, "", "trop volumineuse"),
		post("malformed", "anonymous", `{"name":`, 400, "", "JSON valide"),
		post("array", "anonymous", `[]`, 400, "", "objet JSON"),
		post("two objects", "anonymous", contactMessage(nil)+`{}`, 400, "", "un seul objet"),
		{name: "not json", method: "POST", path: "/api/contact", body: "name=x", ctype: "text/plain", status: 400, contains: []string{"JSON"}},
		{name: "GET is not an endpoint", method: "GET", path: "/api/contact", status: 404},
	})
}

func TestCallbackScenarios(t *testing.T) {
	post := func(name, as, body string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: as, method: "POST", path: "/api/callbacks", body: body, status: status, field: field, contains: has}
	}
	set := func(k string, v any) func(m map[string]any) { return func(m map[string]any) { m[k] = v } }
	runContactCases(t, []apiScenario{
		{name: "slots for a visitor", method: "GET", path: "/api/callbacks/slots", status: 200,
			contains: []string{`"days":[{"date":"2026-03-02","slots":[{"start":"2026-03-02T10:00:00Z","end":"2026-03-02T11:00:00Z"}`, `"date":"2026-03-07"`}},
		{name: "slots for a client", as: "client", method: "GET", path: "/api/callbacks/slots", status: 200, contains: []string{`"date":"2026-03-03"`}},
		post("visitor", "anonymous", callbackBody(nil), 201, "", `"ref":"RA-2026-000002"`, `"slotStart":"2026-03-02T10:00:00.000Z"`, `"dueAt":"2026-03-02T11:00:00.000Z"`),
		post("as soon as possible", "client", callbackBody(set("slot", map[string]string{})), 201, "", `"ref":"RA-2026-`, `"dueAt":"2026-03-04T15:00:00.000Z"`),
		post("agent refused", "agent", callbackBody(nil), 403, ""),
		post("admin refused", "admin", callbackBody(nil), 403, ""),
		post("foreign phone", "anonymous", callbackBody(set("phone", "+1 202 555 0143")), 400, "phone", "français"),
		post("no phone", "anonymous", callbackBody(set("phone", "")), 400, "phone", "Indiquez le numéro"),
		post("slot made up", "anonymous", callbackBody(set("slot", map[string]string{"start": "2026-03-02T10:30:00Z", "end": "2026-03-02T11:30:00Z"})), 400, "slot", "plus disponible"),
		post("slot not a date", "anonymous", callbackBody(set("slot", map[string]string{"start": "'; DROP TABLE requests; --", "end": ""})), 400, "slot", "parmi ceux proposés"),
		post("slot of wrong type", "anonymous", callbackBody(set("slot", "demain")), 400, "slot", "pas le bon type"),
		post("unknown product", "anonymous", callbackBody(set("product", "../../etc")), 400, "product", "Choisissez une assurance"),
		post("no consent", "anonymous", callbackBody(set("consent", false)), 400, "consent", "Cochez"),
		post("oversized", "anonymous", callbackBody(set("note", strings.Repeat("a", 9000))), 400, "", "trop volumineuse"),
	})
}

func TestDeskContactScenarios(t *testing.T) {
	reply := func(name, as, url, body string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: as, method: "POST", path: url, body: body, status: status, field: field, contains: has}
	}
	get := func(name, as, url string, status int, has ...string) apiScenario {
		return apiScenario{name: name, as: as, method: "GET", path: url, status: status, contains: has}
	}
	const r, c = "/api/desk/requests/{msg}/reply", "/api/desk/requests/{cb}/call"
	const body = `{"body":"Votre devis part aujourd'hui."}`
	runContactCases(t, []apiScenario{
		reply("reply as visitor", "anonymous", r, body, 401, ""),
		reply("reply as the client", "client", r, body, 403, ""),
		reply("reply as another client", "other", r, body, 403, ""),
		reply("reply as the agent who took it", "agent", r, body, 200, "", `"label":"Réponse"`, `"authorName":"agent@exemple.fr"`),
		reply("reply as another agent", "agent2", r, body, 403, "", "Prenez d’abord"),
		reply("reply as admin", "admin", r, body, 200, "", `"label":"Réponse"`),
		reply("reply to a callback", "agent", "/api/desk/requests/{cb}/reply", body, 404, ""),
		reply("reply to an unknown id", "admin", "/api/desk/requests/inconnu/reply", body, 404, ""),
		reply("empty reply", "agent", r, `{"body":"  "}`, 400, "body", "Écrivez la réponse"),
		reply("reply of wrong type", "agent", r, `{"body":5}`, 400, "body", "pas le bon type"),
		reply("reply too long", "agent", r, jsonOf(map[string]string{"body": strings.Repeat("a", 5001)}), 400, "body", "5\u202f000"),
		reply("call as visitor", "anonymous", c, `{"outcome":"reached"}`, 401, ""),
		reply("call as the client", "client", c, `{"outcome":"reached"}`, 403, ""),
		reply("call as another client", "other", c, `{"outcome":"reached"}`, 403, ""),
		reply("call reached", "agent", c, `{"outcome":"reached","note":"Rendez-vous pris."}`, 200, "", "\"label\":\"Appel du 2\u00a0mars\u00a02026 à\u00a010:00\"", "Rendez-vous pris."),
		reply("call not answered", "agent", c, `{"outcome":"no_answer"}`, 200, "", `"label":"Tentative d’appel du`),
		reply("call as another agent", "agent2", c, `{"outcome":"reached"}`, 403, ""),
		reply("call as admin", "admin", c, `{"outcome":"no_answer"}`, 200, ""),
		reply("call of an unknown outcome", "agent", c, `{"outcome":"peut-être"}`, 400, "outcome", "Indiquez si"),
		reply("call without outcome", "agent", c, `{}`, 400, "outcome"),
		reply("call on a message", "agent", "/api/desk/requests/{msg}/call", `{"outcome":"reached"}`, 404, ""),
		get("message detail as visitor", "anonymous", "/api/desk/requests/{msg}/contact", 401),
		get("message detail as the client", "client", "/api/desk/requests/{msg}/contact", 403),
		get("message detail as an agent", "agent2", "/api/desk/requests/{msg}/contact", 200, `"subjectLabel":"Question sur un devis"`, `"message":"Bonjour, où en est mon devis ?"`),
		get("message detail as admin", "admin", "/api/desk/requests/{msg}/contact", 200, `"subject":"quote"`),
		get("message detail of a callback", "admin", "/api/desk/requests/{cb}/contact", 404),
		get("callback detail as visitor", "anonymous", "/api/desk/requests/{cb}/callback", 401),
		get("callback detail as another client", "other", "/api/desk/requests/{cb}/callback", 403),
		get("callback detail as an agent", "agent", "/api/desk/requests/{cb}/callback", 200, "\"slotLabel\":\"2\u00a0mars\u00a02026, 11:00\u00a0–\u00a012:00\"", `"productLabel":"Assurance habitation"`, `"attempts":0`),
		get("callback detail of a message", "agent", "/api/desk/requests/{msg}/callback", 404),
		get("callback detail of a traversal", "agent", "/api/desk/requests/..%2f..%2fetc/callback", 404),
	})
}

// TestContactRateLimitPerAddress: an address sends 5 messages and 5
// callbacks, then waits; another address is not held back.
func TestContactRateLimitPerAddress(t *testing.T) {
	env := newAPI(t)
	for _, c := range []struct{ path, body, says string }{
		{"/api/contact", contactMessage(nil), "plusieurs messages"},
		{"/api/callbacks", callbackBody(nil), "plusieurs rappels"},
	} {
		for i := range 5 {
			if res := env.doFrom(t, "203.0.113.9", "POST", c.path, c.body); res.StatusCode != http.StatusCreated {
				t.Fatalf("%s %d: %d", c.path, i+1, res.StatusCode)
			}
		}
		res := env.doFrom(t, "203.0.113.9", "POST", c.path, c.body)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Fatalf("%s 6th: %d", c.path, res.StatusCode)
		}
		if res := env.doFrom(t, "198.51.100.4", "POST", c.path, c.body); res.StatusCode != http.StatusCreated {
			t.Errorf("%s from another address: %d", c.path, res.StatusCode)
		}
	}
}

// TestContactRefusesCrossSitePosts: another site cannot post a message or
// a callback in a visitor's name (CSRF).
func TestContactRefusesCrossSitePosts(t *testing.T) {
	h, _ := newTestServer(t, fakeStore{})
	cross := map[string]string{"Sec-Fetch-Site": "cross-site"}
	apiScenario{method: "POST", path: "/api/contact", body: contactMessage(nil), headers: cross, status: 403}.run(t, h, nil)
	apiScenario{method: "POST", path: "/api/callbacks", body: callbackBody(nil), headers: cross, status: 403}.run(t, h, nil)
}

// TestOldMessageReferenceScenarios: a message numbered CT- before messages
// took MS- (the contracts' prefix until then) is still found by the
// reference its mail gave, by staff in the queue and by the client in
// their requests.
func TestOldMessageReferenceScenarios(t *testing.T) {
	const old = "CT-2026-000001"
	for _, c := range []apiScenario{
		{name: "staff search the old reference", as: "agent", method: "GET", path: "/api/desk/requests?state=all&q=" + old, status: 200,
			contains: []string{`"ref":"` + old + `"`, `"kind":"contact"`}, notContains: []string{`"ref":"RA-`}},
		{name: "in lower case", as: "admin", method: "GET", path: "/api/desk/requests?state=all&q=ct-2026-000001", status: 200,
			contains: []string{`"ref":"` + old + `"`}},
		{name: "the new prefix does not find it", as: "agent", method: "GET", path: "/api/desk/requests?state=all&q=MS-2026-000001", status: 200,
			notContains: []string{old}},
		{name: "the client reads it", as: "client", method: "GET", path: "/api/requests", status: 200, contains: []string{`"ref":"` + old + `"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := newContactEnv(t)
			// What the release before wrote: the reference is stored
			// whole, so the message keeps it whatever the prefix now.
			err := d.env.app.Store.WriteTx(t.Context(), func(tx *store.Tx) error {
				_, err := tx.ExecContext(t.Context(), "UPDATE requests SET ref = ? WHERE id = ?", old, d.msg)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			c.run(t, d.env.h, d.cookies)
		})
	}
}
