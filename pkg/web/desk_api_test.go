package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// actors is the order of the role matrix's columns.
var actors = []string{"anonymous", "client", "other", "agent", "agent2", "admin"}

// matrix makes one case per actor of an endpoint: want[i] is the status
// for actors[i]; has is checked on the 2xx answers, the French message of
// 401 and 403 on the others.
func matrix(name, method, url, body, state string, want [6]int, has ...string) []deskCase {
	var out []deskCase
	for i, who := range actors {
		c := deskCase{apiScenario: apiScenario{name: name + " as " + who, as: who, method: method, path: url, body: body, status: want[i]}, state: state}
		switch want[i] {
		case 200, 201:
			c.contains = has
		case 401:
			c.contains = []string{"Vous devez être connecté."}
		case 403:
			c.notContains = []string{"Claire Client", "0639981234"}
		}
		out = append(out, c)
	}
	return out
}

// TestDeskRoleMatrix: every endpoint of the queue and of the users' list
// by every actor. The client's request never leaks to who may not see it.
func TestDeskRoleMatrix(t *testing.T) {
	e := newDeskEnv(t)
	var cases []deskCase
	add := func(c []deskCase) { cases = append(cases, c...) }
	add(matrix("queue", "GET", "/api/desk/requests", "", "", [6]int{401, 403, 403, 200, 200, 200}, `"requests":[`, `"ref":"DV-2026-`, `"name":"Claire Client"`, `"kinds":[{"kind":"quote","label":"Devis","statuses":[{"status":"received","label":"Nouvelle"}`, `"dueAt":"2026-03-02T13:00:00.000Z"`))
	add(matrix("detail", "GET", "/api/desk/requests/{id}", "", "", [6]int{401, 403, 403, 200, 200, 200}, `"history":[{`, `"action":"created"`, `"moves":[{"status":"in_review","label":"En cours d’étude"}`, `"notes":[]`, `"replies":[]`, `"can":{"take":true`))
	add(matrix("take free", "POST", "/api/desk/requests/{id}/take", "", "", [6]int{401, 403, 403, 200, 200, 200}, `"assignee":{"uid":"`))
	add(matrix("take held", "POST", "/api/desk/requests/{id}/take", "", "held", [6]int{401, 403, 403, 200, 409, 200}, `"assignee":{"uid":"`))
	add(matrix("take closed", "POST", "/api/desk/requests/{id}/take", "", "closed", [6]int{401, 403, 403, 200, 409, 409}))
	add(matrix("release", "POST", "/api/desk/requests/{id}/release", "", "held", [6]int{401, 403, 403, 200, 403, 200}, `"assignee":null`))
	add(matrix("assign", "POST", "/api/desk/requests/{id}/assign", `{"uid":"{agent2}"}`, "held", [6]int{401, 403, 403, 200, 403, 200}, `"name":"agent2@exemple.fr"`))
	add(matrix("assign closed", "POST", "/api/desk/requests/{id}/assign", `{"uid":"{agent2}"}`, "closed", [6]int{401, 403, 403, 409, 403, 409}))
	add(matrix("status", "PUT", "/api/desk/requests/{id}/status", `{"status":"in_review"}`, "held", [6]int{401, 403, 403, 200, 403, 200}, `"status":"in_review"`, `"statusLabel":"En cours d’étude"`))
	add(matrix("status free", "PUT", "/api/desk/requests/{id}/status", `{"status":"in_review"}`, "", [6]int{401, 403, 403, 403, 403, 200}))
	add(matrix("reopen", "PUT", "/api/desk/requests/{id}/status", `{"status":"in_review"}`, "closed", [6]int{401, 403, 403, 200, 403, 200}))
	add(matrix("note", "POST", "/api/desk/requests/{id}/notes", `{"body":"Rappeler après 14:00."}`, "", [6]int{401, 403, 403, 201, 201, 201}, `"note":{`, `"body":"Rappeler après 14:00."`))
	add(matrix("counts", "GET", "/api/desk/counts", "", "", [6]int{401, 403, 403, 200, 200, 200}, `"open":`, `"byKind":[{"kind":"quote","label":"Devis"`, `"byAgent":[`))
	add(matrix("staff", "GET", "/api/desk/staff", "", "", [6]int{401, 403, 403, 200, 200, 200}, `"staff":[`, `"name":"agent@exemple.fr"`, `"name":"admin@exemple.fr"`))
	add(matrix("my requests", "GET", "/api/requests", "", "", [6]int{401, 200, 200, 200, 200, 200}, `"requests":[`))
	add(matrix("users", "GET", "/api/admin/users", "", "", [6]int{401, 403, 403, 403, 403, 200}, `"users":[`, `"email":"agent2@exemple.fr"`, `"lastSeenAt":"2026-03-02T09:00:00.000Z"`))
	add(matrix("role", "PUT", "/api/admin/users/{uid}/role", `{"role":"agent"}`, "", [6]int{401, 403, 403, 403, 403, 200}, `"role":"agent"`, `"endedSessions":0`))
	add(matrix("disable", "PUT", "/api/admin/users/{uid}/status", `{"status":"disabled"}`, "", [6]int{401, 403, 403, 403, 403, 200}, `"status":"disabled"`))
	e.run(t, cases)
}

// TestMyRequestsAreTheClientsOwn: /api/requests lists the client's
// requests with the client's labels, never the staff's.
func TestMyRequestsAreTheClientsOwn(t *testing.T) {
	e := newDeskEnv(t)
	r := e.request(t, "held")
	if _, err := e.app.Desk.AddNote(context.Background(), e.actor(t, "agent"), r.ID, "Note interne secrète"); err != nil {
		t.Fatal(err)
	}
	for who, c := range map[string]apiScenario{
		"client": {contains: []string{`"ref":"` + r.Ref + `"`, `"statusLabel":"En cours d’étude"`, `"kindLabel":"Devis"`, `"replies":[]`}, notContains: []string{"secrète", "assignee", "Nouvelle", "dueAt"}},
		"other":  {contains: []string{`{"requests":[]}`}},
		"agent":  {contains: []string{`{"requests":[]}`}},
	} {
		c.name, c.as, c.method, c.path, c.status = who, who, "GET", "/api/requests", 200
		t.Run(who, func(t *testing.T) { c.run(t, e.apiEnv.h, e.cookies) })
	}
}

// TestDeskBadInput: hostile queries and bodies get a 4xx with a French
// message, never a 5xx, and change nothing.
func TestDeskBadInput(t *testing.T) {
	e := newDeskEnv(t)
	q := func(name, query string, status int, field string, has ...string) deskCase {
		return deskCase{apiScenario: apiScenario{name: name, as: "agent", method: "GET", path: "/api/desk/requests" + query, status: status, field: field, contains: has}}
	}
	body := func(name, path, b string, status int, field string, has ...string) deskCase {
		method := "POST"
		if path == "/status" {
			method = "PUT"
		}
		return deskCase{apiScenario: apiScenario{name: name, as: "agent", method: method, path: "/api/desk/requests/{id}" + path, body: b, status: status, field: field, contains: has}, state: "held"}
	}
	admin := func(name, path, b string, status int, field string, has ...string) deskCase {
		return deskCase{apiScenario: apiScenario{name: name, as: "admin", method: "PUT", path: "/api/admin/users/" + path, body: b, status: status, field: field, contains: has}}
	}
	long := strings.Repeat("é", 4001)
	cases := []deskCase{
		q("filters together", "?kind=quote&status=received&state=open&assignee=none&product=car&q=claire", 200, "", `"ref":"DV-2026-`),
		q("search a phone", "?q=06%2039%2098", 200, "", `"phone":"0639981234"`),
		q("search a reference", "?q={ref}", 200, "", `"ref":"DV-2026-`),
		q("mine", "?assignee=me", 200, "", `{"requests":[],`),
		q("unknown kind", "?kind=bateau", 400, "kind", "Type de demande inconnu."),
		q("unknown status", "?status=perdu", 400, "status", "Statut inconnu."),
		q("unknown state", "?state=ouvert", 400, "state", "Choisissez les demandes en cours, terminées ou toutes."),
		q("unknown due", "?due=hier", 400, "due", "Choisissez les demandes en retard ou à traiter aujourd’hui."),
		q("due today", "?due=today&state=open", 200, "", `"requests":`),
		q("kind twice", "?kind=quote&kind=contact", 400, "kind", "ne peut être donné qu’une fois"),
		q("odd assignee", "?assignee=me%27%20OR%201%3D1", 400, "assignee"),
		q("product with NUL", "?product=car%00", 400, "product", "Produit inconnu."),
		q("search with bidi", "?q=cl%E2%80%AEaire", 400, "q", "caractères non autorisés"),
		q("search with NUL", "?q=a%00b", 400, "q"),
		q("search too long", "?q="+strings.Repeat("a", 101), 400, "q", "100\u00a0caractères"),
		q("search not UTF-8", "?q=%FF", 400, "q"),
		{apiScenario: apiScenario{name: "unknown request", as: "agent", method: "GET", path: "/api/desk/requests/inconnu", status: 404, contains: []string{"Cette demande n’existe pas."}}},
		{apiScenario: apiScenario{name: "request id with bidi", as: "agent", method: "GET", path: "/api/desk/requests/%E2%80%AE", status: 404}},
		{apiScenario: apiScenario{name: "take unknown", as: "agent", method: "POST", path: "/api/desk/requests/inconnu/take", status: 404}},
		{apiScenario: apiScenario{name: "no such action", as: "admin", method: "POST", path: "/api/desk/requests/{id}/delete", status: 404}},
		{apiScenario: apiScenario{name: "take by GET", as: "agent", method: "GET", path: "/api/desk/requests/{id}/take", status: 404}},
		body("assign malformed", "/assign", `{"uid":`, 400, "", "JSON valide"),
		body("assign array", "/assign", `[]`, 400, "", "objet JSON"),
		body("assign null", "/assign", `null`, 400, "uid", "Choisissez un conseiller ou un administrateur actif."),
		body("assign uid null", "/assign", `{"uid":null}`, 400, "uid"),
		body("assign uid number", "/assign", `{"uid":5}`, 400, "uid", "pas le bon type"),
		body("assign uid array", "/assign", `{"uid":["a"]}`, 400, "uid", "pas le bon type"),
		body("assign unknown field", "/assign", `{"uid":"x","to":"y"}`, 400, "", "champ inconnu"),
		body("assign unknown person", "/assign", `{"uid":"personne"}`, 400, "uid"),
		body("assign to a client", "/assign", jsonOf(map[string]string{"uid": "{client}"}), 400, "uid"),
		body("assign huge", "/assign", `{"uid":"`+strings.Repeat("a", 2000)+`"}`, 400, "", "trop volumineuse"),
		body("assign two objects", "/assign", `{"uid":"a"}{}`, 400, "", "un seul objet"),
		body("status unknown", "/status", `{"status":"perdu"}`, 400, "status", "Statut inconnu."),
		body("status NUL", "/status", `{"status":"\u0000"}`, 400, "status", "Statut inconnu."),
		body("status bidi", "/status", `{"status":"in_review\u202e"}`, 400, "status", "Statut inconnu."),
		body("status refused move", "/status", `{"status":"accepted"}`, 400, "status", "Une demande «\u00a0En cours d’étude\u00a0» ne peut pas passer à «\u00a0Offre acceptée\u00a0»."),
		body("status empty", "/status", `{}`, 400, "status"),
		{apiScenario: apiScenario{name: "status as form", as: "agent", method: "PUT", path: "/api/desk/requests/{id}/status", body: "status=closed",
			ctype: "application/x-www-form-urlencoded", status: 400, contains: []string{"Content-Type: application/json"}}, state: "held"},
		body("note empty", "/notes", `{"body":"  "}`, 400, "body", "Écrivez la note."),
		body("note bidi", "/notes", jsonOf(map[string]string{"body": "a\u202eb"}), 400, "body", "caractères non autorisés"),
		body("note NUL", "/notes", `{"body":"a\u0000b"}`, 400, "body"),
		body("note too long", "/notes", jsonOf(map[string]string{"body": long}), 400, "body", "4\u00a0000"),
		body("note huge", "/notes", `{"body":"`+strings.Repeat("a", 50000)+`"}`, 400, "", "trop volumineuse"),
		body("note multiline", "/notes", jsonOf(map[string]string{"body": "Ligne 1\r\nLigne 2"}), 201, "", `"body":"Ligne 1\nLigne 2"`),
		admin("role unknown", "{uid}/role", `{"role":"chef"}`, 400, "role", "Rôle inconnu «\u00a0chef\u00a0»\u00a0: choisissez parmi admin, agent, client."),
		admin("role hostile", "{uid}/role", jsonOf(map[string]string{"role": "agent\u202e"}), 400, "role", "Rôle inconnu\u00a0: choisissez parmi admin, agent, client."),
		admin("role null", "{uid}/role", `null`, 400, "role"),
		admin("role array", "{uid}/role", `["admin"]`, 400, "", "objet JSON"),
		admin("role huge", "{uid}/role", `{"role":"`+strings.Repeat("a", 2000)+`"}`, 400, "", "trop volumineuse"),
		admin("role of nobody", "inconnu/role", `{"role":"agent"}`, 404, "", "Ce compte n’existe pas."),
		admin("status unknown", "{uid}/status", `{"status":"banni"}`, 400, "status", "Statut inconnu «\u00a0banni\u00a0»"),
		admin("own role", "{admin}/role", `{"role":"client"}`, 403, "", "Vous ne pouvez pas changer votre propre rôle"),
		admin("own account", "{admin}/status", `{"status":"disabled"}`, 403, "", "Vous ne pouvez pas désactiver votre propre compte"),
	}
	for i := range cases {
		for who, uid := range e.uids {
			cases[i].path = strings.ReplaceAll(cases[i].path, "{"+who+"}", uid)
			cases[i].body = strings.ReplaceAll(cases[i].body, "{"+who+"}", uid)
		}
	}
	e.run(t, cases)
}

// TestRoleChangeEndsSessions: an account whose role an admin changes is
// signed out everywhere, so no browser keeps the powers of the old role.
func TestRoleChangeEndsSessions(t *testing.T) {
	e := newDeskEnv(t)
	c := apiScenario{name: "promote", as: "admin", method: "PUT", path: "/api/admin/users/" + e.uids["client"] + "/role", body: `{"role":"agent"}`,
		status: http.StatusOK, contains: []string{`"role":"agent"`, `"endedSessions":2`}} // the sign-up's session and the sign-in's
	c.run(t, e.apiEnv.h, e.cookies)
	if who := e.whoAmI(t, e.cookies["client"]); who != "" {
		t.Errorf("the promoted client is still signed in as %s", who)
	}
	cookie := e.signIn(t, "client@exemple.fr", false)
	if res, body := e.do(t, "GET", "/api/desk/requests", "", cookie); res.StatusCode != 200 {
		t.Errorf("the new agent reads the queue: %d %s", res.StatusCode, body)
	}
}
