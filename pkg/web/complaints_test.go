package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/desk"
)

// complaintJSON is a valid complaint of a visitor, with changes to its fields
// given as JSON fragments `"field":value` appended (the last one wins).
func complaintJSON(more ...string) string {
	fields := []string{`"subject":"Remboursement non reçu"`, `"concerns":"DV-2026-000001"`,
		`"facts":"J'ai résilié mon contrat en janvier et n'ai toujours rien reçu."`, `"demand":"Le remboursement."`,
		`"name":"Jeanne Visiteuse"`, `"email":"jeanne@exemple.fr"`, `"phone":""`, `"consent":true`}
	return "{" + strings.Join(append(fields, more...), ",") + "}"
}

func TestFileComplaintScenarios(t *testing.T) {
	post := func(name, as, body string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: as, method: "POST", path: "/api/complaints", body: body, status: status, field: field, contains: has}
	}
	runScenarios(t, []apiScenario{
		post("a visitor", "anonymous", complaintJSON(), 201, "", `"ref":"RC-2026-000001"`, `"acknowledgeDays":10`, `"answerMonths":2`,
			`"acknowledgeDueAt":"2026-03-13T17:00:00.000Z"`, `"answerDueAt":"2026-05-02T08:00:00.000Z"`),
		post("a client, whatever name the body says", "client", complaintJSON(`"name":""`, `"email":""`), 201, "", `"ref":"RC-2026-000001"`),
		post("an agent files as anyone", "agent", complaintJSON(), 201, ""),
		post("no subject", "anonymous", complaintJSON(`"subject":"  "`), 400, "subject", "Indiquez l’objet de votre réclamation."),
		post("facts too short", "client", complaintJSON(`"facts":"Mécontent."`), 400, "facts", "au moins 20\u00a0caractères"),
		post("facts too long", "anonymous", complaintJSON(`"facts":"`+strings.Repeat("é", 10001)+`"`), 400, "facts", "10\u00a0000\u00a0caractères"),
		post("a bidi override in the demand", "anonymous", complaintJSON(`"demand":"Rembourser \u202e0001 €"`), 400, "demand", "caractères non autorisés"),
		post("an escaped NUL in the subject", "anonymous", complaintJSON(`"subject":"Objet \u0000 caché"`), 400, "subject", "caractères non autorisés"),
		post("script in the subject is text", "anonymous", complaintJSON(`"subject":"<script>alert(1)</script>"`), 201, ""),
		post("no e-mail", "anonymous", complaintJSON(`"email":""`), 400, "email", "Saisissez votre adresse e-mail."),
		post("a bad phone", "anonymous", complaintJSON(`"phone":"06 39"`), 400, "phone", "numéro de téléphone valide"),
		post("no consent", "anonymous", complaintJSON(`"consent":false`), 400, "consent", "Cochez la case"),
		post("consent as text", "anonymous", complaintJSON(`"consent":"oui"`), 400, "consent", "pas le bon type"),
		post("subject as number", "anonymous", complaintJSON(`"subject":42`), 400, "subject", "pas le bon type"),
		post("the limit key is no field", "anonymous", complaintJSON(`"From":"198.51.100.1"`), 400, "", "champ inconnu"),
		post("unknown field", "anonymous", complaintJSON(`"status":"answered"`), 400, "", "champ inconnu"),
		post("malformed", "anonymous", `{"subject":`, 400, "", "JSON valide"),
		post("an array", "anonymous", `[]`, 400, "", "objet JSON"),
		post("empty", "anonymous", ``, 400, "", "Content-Type"),
		post("two objects", "anonymous", complaintJSON()+`{}`, 400, "", "un seul objet"),
		post("oversized", "anonymous", complaintJSON(`"facts":"`+strings.Repeat(`\u00e9`, 40000)+`"`), 400, "", "trop volumineuse"),
		{name: "not JSON", method: "POST", path: "/api/complaints", body: "subject=x", ctype: "text/plain", status: 400, contains: []string{"Content-Type: application/json"}},
		{name: "no listing", as: "client", method: "GET", path: "/api/complaints", status: 404},
	})
}

// TestFileComplaintLimit: 5 a day per client address, then 429 with
// Retry-After and where else to write; the 6th stores nothing.
func TestFileComplaintLimit(t *testing.T) {
	env := newAPI(t)
	for i := 0; i < 5; i++ {
		if res, body := env.do(t, "POST", "/api/complaints", complaintJSON(), ""); res.StatusCode != 201 {
			t.Fatalf("complaint %d: %d %s", i+1, res.StatusCode, body)
		}
	}
	res, body := env.do(t, "POST", "/api/complaints", complaintJSON(), "")
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" || !strings.Contains(body, "reclamations@horizon-courtage.example") {
		t.Fatalf("6th: %d %q %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	q, err := env.srv.desk.Queue(context.Background(), account.Actor{UID: "x", Role: account.RoleAdmin}, desk.Filter{State: "all"})
	if err != nil || len(q) != 5 {
		t.Errorf("queue %d, %v", len(q), err)
	}
}

// complaintEnv is a server with the people of every role, a second agent,
// and a complaint of the client that the agent took.
func complaintEnv(t *testing.T) (*apiEnv, map[string]string, string) {
	t.Helper()
	env := newAPI(t)
	cookies := env.people(t)
	env.signUp(t, "agent2@exemple.fr")
	if _, _, err := env.svc.SetRole(context.Background(), "agent2@exemple.fr", account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	cookies["agent2"] = env.signIn(t, "agent2@exemple.fr", false)
	res, body := env.do(t, "POST", "/api/complaints", complaintJSON(), cookies["client"])
	var filed struct {
		Complaint struct{ ID string } `json:"complaint"`
	}
	if err := json.Unmarshal([]byte(body), &filed); res.StatusCode != 201 || err != nil {
		t.Fatalf("file: %d %s", res.StatusCode, body)
	}
	agent, err := env.svc.GetByEmail(context.Background(), "agent@exemple.fr")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.srv.desk.Take(context.Background(), account.ActorOf(agent), filed.Complaint.ID); err != nil {
		t.Fatal(err)
	}
	return env, cookies, filed.Complaint.ID
}

// TestComplaintDeskMatrix: each staff endpoint as each actor.
func TestComplaintDeskMatrix(t *testing.T) {
	ack := `{"text":"Bonjour, nous avons bien reçu votre réclamation."}`
	answer := `{"text":"Bonjour, le remboursement vous a été adressé ce jour."}`
	endpoints := []struct {
		method, path, body string
		ok                 []string
	}{
		{"GET", "complaint", "", []string{`"facts":"J'ai résilié`, `"answerClosing":"Si cette réponse`, `"acknowledgedAt":""`}},
		{"POST", "acknowledge", ack, []string{`"acknowledgedAt":"2026-03-02T09:00:00.000Z"`, `"answeredAt":""`}},
		{"POST", "answer", answer, []string{`"acknowledgedAt":"2026-03-02T09:00:00.000Z"`, `"answeredAt":"2026-03-02T09:00:00.000Z"`}},
	}
	want := map[string]int{"anonymous": 401, "client": 403, "other": 403, "agent": 200, "agent2": 403, "admin": 200}
	for _, ep := range endpoints {
		if ep.method == "GET" {
			want["agent2"] = 200 // any agent reads a request; only its holder acts on it
		} else {
			want["agent2"] = 403
		}
		for who, status := range want {
			t.Run(ep.path+" as "+who, func(t *testing.T) {
				env, cookies, id := complaintEnv(t)
				c := apiScenario{as: who, method: ep.method, path: "/api/desk/requests/" + id + "/" + ep.path, body: ep.body, status: status}
				if status == 200 {
					c.contains = ep.ok
				} else {
					c.notContains = []string{"résilié"}
				}
				c.run(t, env.h, cookies)
			})
		}
	}
}

// TestComplaintDeskScenarios: what staff may send wrong, and the order of
// the procedure, through the API.
func TestComplaintDeskScenarios(t *testing.T) {
	// before are the steps the admin took first.
	tests := []struct {
		apiScenario
		before []string
	}{
		{apiScenario{name: "unknown id", method: "GET", path: "/api/desk/requests/inconnu/complaint", status: 404, contains: []string{"Cette demande n’existe pas."}}, nil},
		{apiScenario{name: "acknowledge an unknown id", method: "POST", path: "/api/desk/requests/inconnu/acknowledge", body: `{"text":"Bonjour, bien reçu votre réclamation."}`, status: 404}, nil},
		{apiScenario{name: "no text", method: "POST", path: "{id}/acknowledge", body: `{}`, status: 400, field: "text", contains: []string{"Écrivez le texte envoyé au réclamant."}}, nil},
		{apiScenario{name: "text too short", method: "POST", path: "{id}/answer", body: `{"text":"Non."}`, status: 400, field: "text", contains: []string{"au moins 20\u00a0caractères"}}, nil},
		{apiScenario{name: "text too long", method: "POST", path: "{id}/answer", body: `{"text":"` + strings.Repeat("x", 10001) + `"}`, status: 400, field: "text"}, nil},
		{apiScenario{name: "text as number", method: "POST", path: "{id}/answer", body: `{"text":12}`, status: 400, field: "text", contains: []string{"pas le bon type"}}, nil},
		{apiScenario{name: "unknown field", method: "POST", path: "{id}/acknowledge", body: `{"text":"Bonjour, bien reçu votre réclamation.","status":"closed"}`, status: 400, contains: []string{"champ inconnu"}}, nil},
		{apiScenario{name: "malformed", method: "POST", path: "{id}/answer", body: `{"text":`, status: 400, contains: []string{"JSON valide"}}, nil},
		{apiScenario{name: "oversized", method: "POST", path: "{id}/answer", body: `{"text":"` + strings.Repeat(`\u00e9`, 30000) + `"}`, status: 400, contains: []string{"trop volumineuse"}}, nil},
		{apiScenario{name: "acknowledged twice", method: "POST", path: "{id}/acknowledge", body: `{"text":"Bonjour, bien reçu votre réclamation."}`, status: 409, contains: []string{"déjà été envoyé"}}, []string{"acknowledge"}},
		{apiScenario{name: "answered twice", method: "POST", path: "{id}/answer", body: `{"text":"Bonjour, voici une seconde réponse."}`, status: 409, contains: []string{"En cours d’instruction"}}, []string{"answer"}},
		{apiScenario{name: "answer after the acknowledgement", method: "POST", path: "{id}/answer", body: `{"text":"Bonjour, voici notre réponse détaillée."}`, status: 200, contains: []string{`"answeredAt":"2026`}}, []string{"acknowledge"}},
		{apiScenario{name: "a quote request is no complaint", method: "GET", path: "{quote}/complaint", status: 404}, nil},
		{apiScenario{name: "acknowledge with GET", method: "GET", path: "{id}/acknowledge", status: 404}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, cookies, id := complaintEnv(t)
			for _, step := range tt.before {
				if res, body := env.do(t, "POST", "/api/desk/requests/"+id+"/"+step, `{"text":"Bonjour, un premier texte assez long."}`, cookies["admin"]); res.StatusCode != 200 {
					t.Fatalf("%s: %d %s", step, res.StatusCode, body)
				}
			}
			path := strings.Replace(tt.path, "{id}", "/api/desk/requests/"+id, 1)
			if strings.Contains(path, "{quote}") {
				path = strings.Replace(path, "{quote}", "/api/desk/requests/"+env.createQuote(t, cookies["client"], "home"), 1)
			}
			c := tt.apiScenario
			c.as, c.path = "admin", path
			c.run(t, env.h, cookies)
		})
	}
}
