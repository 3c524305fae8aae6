package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"courtier/pkg/chat"
	"courtier/pkg/chatbot"
)

// startChat opens a conversation as cookie (empty for a visitor) and returns its ID.
func (e *apiEnv) startChat(t testing.TB, cookie string) string {
	t.Helper()
	res, body := e.do(t, "POST", "/api/chat/conversations", "", cookie)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("start: %d %s", res.StatusCode, body)
	}
	var got conversationBody
	if err := json.Unmarshal([]byte(body), &got); err != nil || got.Conversation.ID == "" {
		t.Fatalf("start: %v %s", err, body)
	}
	return got.Conversation.ID
}

func TestChatAPIScenarios(t *testing.T) {
	msg := func(text string) string { b, _ := json.Marshal(chatMessageRequest{Text: text}); return string(b) }
	long := strings.Repeat("é", chat.MaxMessageLen)
	messages := "/api/chat/conversations/{id}/messages"
	// {id} in a path is the conversation's ID.
	tests := []apiScenario{
		{name: "read back", method: "GET", path: "/api/chat/conversations/{id}", status: 200, contains: []string{`"mode":"bot"`, `"sender":"bot"`, "Je peux"}},
		{name: "unknown id", method: "GET", path: "/api/chat/conversations/" + strings.Repeat("x", 43), status: 404, contains: []string{"n’existe pas"}},
		{name: "junk id", method: "GET", path: "/api/chat/conversations/%00%ff", status: 404, contains: []string{"n’existe pas"}},
		{name: "a question and its follow-up", method: "POST", path: messages, body: msg("Une assurance pour ma voiture ?"), status: 200,
			contains: []string{`"intent":"auto"`, `"href":"/insurance/car"`, "Parler à un agent", `"offer":false`}},
		{name: "1000 characters", method: "POST", path: messages, body: msg(long), status: 200, contains: []string{`"intent":"unknown"`}},
		{name: "empty", method: "POST", path: messages, body: msg(""), status: 400, contains: []string{"Écrivez un message", `"field":"text"`}},
		{name: "whitespace only", method: "POST", path: messages, body: msg(" \n\t "), status: 400, contains: []string{"Écrivez un message"}},
		{name: "null text", method: "POST", path: messages, body: `{"text":null}`, status: 400, contains: []string{"Écrivez un message"}},
		{name: "1001 characters", method: "POST", path: messages, body: msg(long + "é"), status: 400, contains: []string{"caractères", "raccourcissez"}},
		{name: "oversized body", method: "POST", path: messages, body: msg(strings.Repeat("a", 17<<10)), status: 400, contains: []string{"trop volumineuse"}},
		{name: "malformed json", method: "POST", path: messages, body: `{"text":`, status: 400, contains: []string{"JSON valide"}},
		{name: "wrong type", method: "POST", path: messages, body: `{"text":12}`, status: 400, contains: []string{"bon type"}},
		{name: "array body", method: "POST", path: messages, body: `["bonjour"]`, status: 400, contains: []string{"objet JSON"}},
		{name: "unknown field", method: "POST", path: messages, body: `{"text":"bonjour","uid":"x"}`, status: 400, contains: []string{"champ inconnu"}},
		{name: "two objects", method: "POST", path: messages, body: msg("a") + msg("b"), status: 400, contains: []string{"un seul objet"}},
		{name: "not json", method: "POST", path: messages, body: "bonjour", headers: map[string]string{"Content-Type": "text/plain"}, status: 400, contains: []string{"JSON"}},
		{name: "to an unknown conversation", method: "POST", path: "/api/chat/conversations/" + strings.Repeat("A", 43) + "/messages", body: msg("bonjour"), status: 404},
		{name: "cross-origin", method: "POST", path: messages, body: msg("bonjour"), headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: 403},
		// Nobody is online: said plainly, with the offer, and no persona (PRODUCT.md 8).
		{name: "to the agent, nobody online", method: "PUT", path: "/api/chat/conversations/{id}/mode", body: `{"mode":"agent"}`, status: 200,
			contains:    []string{`"mode":"bot"`, `"offer":true`, `"sender":"system"`, "Aucun conseiller n’est en ligne pour le moment."},
			notContains: []string{"Connexion", `"sender":"agent"`, "avatar"}},
		{name: "bad mode", method: "PUT", path: "/api/chat/conversations/{id}/mode", body: `{"mode":"robot"}`, status: 400, contains: []string{`"field":"mode"`}},
		{name: "mode by GET", method: "GET", path: "/api/chat/conversations/{id}/mode", status: 404},
	}
	for _, sc := range tests {
		t.Run(sc.name, func(t *testing.T) {
			env := newAPI(t)
			id := env.startChat(t, "")
			sc.path = strings.ReplaceAll(sc.path, "{id}", id)
			sc.run(t, env.h, nil)
		})
	}
}

// TestChatBackToTheAssistant: from an agent's waiting line back to the
// assistant, the visitor reads a system line and the mode is bot again.
func TestChatBackToTheAssistant(t *testing.T) {
	env := newAPI(t)
	env.people(t)
	if err := env.srv.chat.svc.Present(context.Background(), env.staffActor(t, "agent")); err != nil {
		t.Fatal(err)
	}
	id := env.startChat(t, "")
	if res, body := env.do(t, "PUT", "/api/chat/conversations/"+id+"/mode", `{"mode":"agent"}`, ""); res.StatusCode != 200 ||
		!strings.Contains(body, `"mode":"agent"`) || !strings.Contains(body, "Un conseiller va vous répondre") || !strings.Contains(body, `"offer":false`) {
		t.Fatalf("to the agent, one online: %d %s", res.StatusCode, body)
	}
	res, body := env.do(t, "PUT", "/api/chat/conversations/"+id+"/mode", `{"mode":"bot"}`, "")
	if res.StatusCode != 200 || !strings.Contains(body, `"sender":"system"`) || !strings.Contains(body, `"mode":"bot"`) {
		t.Errorf("back to the assistant: %d %s", res.StatusCode, body)
	}
}

func TestChatConversationsAreFoundOnlyByTheirOwners(t *testing.T) {
	env := newAPI(t)
	people := env.people(t)
	visitorConv := env.startChat(t, "")
	clientConv := env.startChat(t, people["client"])
	if _, body := env.do(t, "GET", "/api/chat/conversations/"+clientConv, "", people["client"]); !strings.Contains(body, "Bonjour client\u00a0!") {
		t.Errorf("the signed-in greeting lacks the display name: %s", body)
	}
	tests := []struct {
		who, conv string
		status    int
	}{
		{"anonymous", visitorConv, 200},
		{"client", clientConv, 200}, {"anonymous", clientConv, 404}, {"other", clientConv, 404},
		{"agent", clientConv, 404}, {"admin", clientConv, 404},
	}
	for _, tt := range tests {
		for _, req := range [][3]string{
			{"GET", "/api/chat/conversations/" + tt.conv, ""},
			{"POST", "/api/chat/conversations/" + tt.conv + "/messages", `{"text":"bonjour"}`},
			{"PUT", "/api/chat/conversations/" + tt.conv + "/mode", `{"mode":"bot"}`},
		} {
			if res, body := env.do(t, req[0], req[1], req[2], people[tt.who]); res.StatusCode != tt.status {
				t.Errorf("%s %s as %s: %d %s, want %d", req[0], req[1], tt.who, res.StatusCode, body, tt.status)
			}
		}
	}
	// The user's data export holds their conversations, and only theirs.
	env.do(t, "POST", "/api/chat/conversations/"+clientConv+"/messages", `{"text":"Ma retraite"}`, people["client"])
	_, body := env.do(t, "GET", "/api/profile/export", "", people["client"])
	if !strings.Contains(body, `"chatConversations"`) || !strings.Contains(body, "Ma retraite") || strings.Count(body, `"mode"`) != 1 {
		t.Errorf("export lacks the conversation, or has another's: %s", body)
	}
	// Deleting the account deletes its conversations.
	if res, body := env.do(t, "POST", "/api/profile/delete", `{"password":"`+goodPassword+`"}`, people["client"]); res.StatusCode != 204 {
		t.Fatalf("delete: %d %s", res.StatusCode, body)
	}
	if _, err := env.srv.chat.svc.Records(context.Background(), chat.Viewer{UID: "any"}, clientConv); err == nil {
		t.Error("the deleted account's conversation is still there")
	}
}

func TestChatRecordsAreStored(t *testing.T) {
	env := newAPI(t)
	id := env.startChat(t, "")
	for _, text := range []string{"Bonjour", "Je cherche une assurance habitation", "combien ça coûte ?"} {
		if res, body := env.do(t, "POST", "/api/chat/conversations/"+id+"/messages", `{"text":"`+text+`"}`, ""); res.StatusCode != 200 {
			t.Fatalf("%q: %d %s", text, res.StatusCode, body)
		}
	}
	records, err := env.srv.chat.svc.Records(context.Background(), chat.Viewer{}, id)
	if err != nil {
		t.Fatal(err)
	}
	want := []chatbot.Intent{chatbot.Greeting, chatbot.Home, chatbot.Pricing}
	if len(records) != len(want) {
		t.Fatalf("records %+v", records)
	}
	for i, r := range records {
		if r.Intent != want[i] || r.Response == "" || r.Timestamp.IsZero() {
			t.Errorf("record %d %+v, want %s", i, r, want[i])
		}
	}
	if !strings.Contains(records[2].Response, "assurance habitation") {
		t.Errorf("the price question lost the context: %s", records[2].Response)
	}
	// The conversation survives a reload: everything comes back in order.
	_, body := env.do(t, "GET", "/api/chat/conversations/"+id, "", "")
	var got conversationBody
	json.Unmarshal([]byte(body), &got)
	if n := len(got.Conversation.Messages); n != 1+2+3+3 {
		t.Errorf("%d messages read back: %s", n, body)
	}
}

func TestChatRateLimits(t *testing.T) {
	env := newAPI(t)
	id := env.startChat(t, "")
	url := "/api/chat/conversations/" + id + "/messages"
	for i := range 20 {
		if res, body := env.do(t, "POST", url, `{"text":"merci"}`, ""); res.StatusCode != 200 {
			t.Fatalf("message %d: %d %s", i+1, res.StatusCode, body)
		}
	}
	res, body := env.do(t, "POST", url, `{"text":"merci"}`, "")
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "3" || !strings.Contains(body, "trop rapidement. Réessayez dans 3 secondes.") {
		t.Fatalf("21st message: %d %q %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	env.clock.Advance(3 * time.Second)
	if res, _ := env.do(t, "POST", url, `{"text":"merci"}`, ""); res.StatusCode != 200 {
		t.Errorf("after waiting: %d", res.StatusCode)
	}
}

// doFrom sends a request from the address ip.
func (e *apiEnv) doFrom(t testing.TB, ip, method, url, body string) *http.Response {
	t.Helper()
	res, _ := apiScenario{method: method, path: url, body: body, ctype: "application/json", from: ip}.send(e.h)
	return res
}

func TestChatRateLimitPerAddress(t *testing.T) {
	env := newAPI(t)
	// One address spreading its messages over four conversations, each
	// under its own limit, meets the address's limit after 60.
	var convs []string
	for range 4 {
		convs = append(convs, env.startChat(t, ""))
	}
	for i := range 60 {
		if res := env.doFrom(t, "203.0.113.7", "POST", "/api/chat/conversations/"+convs[i%4]+"/messages", `{"text":"merci"}`); res.StatusCode != 200 {
			t.Fatalf("message %d: %d", i+1, res.StatusCode)
		}
	}
	res := env.doFrom(t, "203.0.113.7", "POST", "/api/chat/conversations/"+convs[0]+"/messages", `{"text":"merci"}`)
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "1" {
		t.Errorf("61st message from one address: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := env.doFrom(t, "203.0.113.8", "POST", "/api/chat/conversations/"+convs[1]+"/messages", `{"text":"merci"}`); res.StatusCode != 200 {
		t.Errorf("another address: %d", res.StatusCode)
	}
}

func TestChatStartLimit(t *testing.T) {
	env := newAPI(t)
	for range 20 {
		env.startChat(t, "")
	}
	res, body := env.do(t, "POST", "/api/chat/conversations", "", "")
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "30" || !strings.Contains(body, "Trop de conversations") {
		t.Errorf("21st conversation: %d %s", res.StatusCode, body)
	}
}
