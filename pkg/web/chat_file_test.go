package web

import (
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/desk"
)

// staffActor is the Actor of who@exemple.fr, one of env.people's accounts.
func (e *apiEnv) staffActor(t testing.TB, who string) account.Actor {
	t.Helper()
	u, err := e.svc.GetByEmail(t.Context(), who+"@exemple.fr")
	if err != nil {
		t.Fatal(err)
	}
	return account.ActorOf(u)
}

// chatCallback is a valid body of POST /api/chat/conversations/{id}/callback, changed by change.
func chatCallback(change func(m map[string]any)) string {
	var slot any
	_ = json.Unmarshal([]byte(firstSlot), &slot)
	m := map[string]any{"name": "Léa Martin", "phone": "06 39 98 12 34", "slot": slot, "note": "Ma Clio", "consent": true}
	if change != nil {
		change(m)
	}
	return jsonOf(m)
}

// chatContact is a valid body of POST /api/chat/conversations/{id}/contact, changed by change.
func chatContact(change func(m map[string]any)) string {
	m := map[string]any{"name": "Léa Martin", "email": "lea@exemple.fr", "message": "Pouvez-vous me rappeler le prix de la Clio ?", "consent": true}
	if change != nil {
		change(m)
	}
	return jsonOf(m)
}

func without(key string) func(m map[string]any) { return func(m map[string]any) { delete(m, key) } }

// TestChatFilesARequestWithTheConversation: with nobody online, a visitor
// files a callback or a message answered by e-mail from the chat; the
// contact forms' rules hold (French messages, 4xx, nothing filed), the
// conversation tells the reference, and staff read it from the request.
func TestChatFilesARequestWithTheConversation(t *testing.T) {
	callback, contact := "/api/chat/conversations/{id}/callback", "/api/chat/conversations/{id}/contact"
	// {client's} is a conversation the client opened signed in, {id} a visitor's.
	clientContact := "/api/chat/conversations/{client's}/contact"
	cases := []apiScenario{
		{name: "a callback at a slot", method: "POST", path: callback, body: chatCallback(nil), status: 201,
			contains: []string{`"kind":"callback"`, `"ref":"RA-2026-`, `"sender":"system"`, "Demande de rappel RA-2026-", "au 06\u00a039\u00a098\u00a012\u00a034 le 2\u00a0mars entre 11:00 et 12:00."}},
		{name: "a callback as soon as possible", method: "POST", path: callback, body: chatCallback(without("slot")), status: 201,
			contains: []string{"dès que possible, au plus tard le"}},
		{name: "a message answered by e-mail", method: "POST", path: contact, body: chatContact(nil), status: 201,
			contains: []string{`"kind":"contact"`, "Message MS-2026-", "par e-mail à lea@exemple.fr au plus tard le"}},
		{name: "a client's message, their account's address", method: "POST", as: "client", path: clientContact,
			body: chatContact(func(m map[string]any) { delete(m, "name"); delete(m, "email") }), status: 201, contains: []string{"par e-mail à client@exemple.fr"}},
		{name: "no name", method: "POST", path: callback, body: chatCallback(without("name")), status: 400, field: "name", contains: []string{"Indiquez votre nom."}},
		{name: "a foreign phone", method: "POST", path: callback, body: chatCallback(func(m map[string]any) { m["phone"] = "+44 20 7946 0000" }), status: 400, field: "phone",
			contains: []string{"numéro de téléphone français"}},
		{name: "a slot not offered", method: "POST", path: callback, body: chatCallback(func(m map[string]any) {
			m["slot"] = map[string]string{"start": "2026-03-01T03:00:00Z", "end": "2026-03-01T04:00:00Z"}
		}), status: 400, field: "slot", contains: []string{"plus disponible"}},
		{name: "no consent", method: "POST", path: contact, body: chatContact(func(m map[string]any) { m["consent"] = false }), status: 400, field: "consent", contains: []string{"Cochez la case"}},
		{name: "a bad e-mail", method: "POST", path: contact, body: chatContact(func(m map[string]any) { m["email"] = "lea@" }), status: 400, field: "email"},
		{name: "a message too short", method: "POST", path: contact, body: chatContact(func(m map[string]any) { m["message"] = "Allô" }), status: 400, field: "message"},
		{name: "a subject is not asked", method: "POST", path: contact, body: chatContact(func(m map[string]any) { m["subject"] = "claim" }), status: 400, contains: []string{"champ inconnu"}},
		{name: "the conversation cannot be named in the body", method: "POST", path: callback, body: chatCallback(func(m map[string]any) { m["conversation"] = "x" }), status: 400},
		{name: "another's conversation", method: "POST", as: "other", path: clientContact, body: chatContact(nil), status: 404},
		{name: "an unknown conversation", method: "POST", path: "/api/chat/conversations/" + strings.Repeat("A", 43) + "/contact", body: chatContact(nil), status: 404},
		{name: "staff may not file", method: "POST", as: "agent", path: callback, body: chatCallback(nil), status: 403},
		{name: "malformed", method: "POST", path: callback, body: `{"phone":`, status: 400, contains: []string{"JSON valide"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := newAPI(t)
			cookies := env.people(t)
			owner := ""
			if strings.Contains(c.path, "{client's}") {
				owner = cookies["client"]
			}
			token := env.startChat(t, owner)
			// Nobody is online: the chat offers these two.
			_, ex := env.do(t, "PUT", "/api/chat/conversations/"+token+"/mode", `{"mode":"agent"}`, owner)
			if !strings.Contains(ex, `"offer":true`) {
				t.Fatalf("no offer: %s", ex)
			}
			c.path = strings.NewReplacer("{id}", token, "{client's}", token).Replace(c.path)
			c.run(t, env.h, cookies)
			queue, err := env.srv.desk.Queue(t.Context(), env.staffActor(t, "admin"), deskFilter())
			if err != nil {
				t.Fatal(err)
			}
			if c.status != 201 {
				if len(queue) != 0 {
					t.Errorf("a refused request was filed: %+v", queue)
				}
				return
			}
			if len(queue) != 1 || queue[0].ConversationID == "" {
				t.Fatalf("queue %+v, want one request naming the conversation", queue)
			}
			// An agent reads the conversation from the request, the visitor's words and the line filed.
			r := queue[0]
			_, body := env.do(t, "GET", "/api/desk/requests/"+r.ID, "", cookies["agent"])
			if !strings.Contains(body, `"conversationId":"`+r.ConversationID+`"`) {
				t.Errorf("the request does not name its conversation: %s", body)
			}
			for _, who := range []apiScenario{
				{as: "agent", status: 200, contains: []string{"Aucun conseiller n’est en ligne"}},
				{as: "admin", status: 200, contains: []string{r.Ref}},
				{as: "client", status: 403},
				{as: "anonymous", status: 401},
			} {
				who.method, who.path = "GET", "/api/desk/requests/"+r.ID+"/conversation"
				who.run(t, env.h, cookies)
			}
			// The visitor reads the line too, after a reload.
			_, conv := env.do(t, "GET", "/api/chat/conversations/"+token, "", owner)
			if !strings.Contains(conv, r.Ref+" enregistr") {
				t.Errorf("the conversation does not tell %s: %s", r.Ref, conv)
			}
		})
	}
}

// TestDeskConversationOfAFormRequest: a request sent from a form has no
// conversation: its conversation is not found, in French.
func TestDeskConversationOfAFormRequest(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	apiScenario{method: "POST", path: "/api/contact", body: contactMessage(nil), status: 201}.run(t, env.h, cookies)
	queue, err := env.srv.desk.Queue(t.Context(), env.staffActor(t, "admin"), deskFilter())
	if err != nil || len(queue) != 1 || queue[0].ConversationID != "" {
		t.Fatalf("queue %+v %v", queue, err)
	}
	apiScenario{as: "agent", method: "GET", path: "/api/desk/requests/" + queue[0].ID + "/conversation", status: 404,
		contains: []string{"pas été déposée depuis le chat"}}.run(t, env.h, cookies)
}

// deskFilter is the whole queue.
func deskFilter() desk.Filter { return desk.Filter{} }
