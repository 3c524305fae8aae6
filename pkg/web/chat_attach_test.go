package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// attachCase is one request of the attach matrix: an apiScenario ({id}
// is the conversation's ID), about whose conversation, and who may read
// it afterwards, and who may not.
type attachCase struct {
	apiScenario
	owner              string // who starts the conversation: "anonymous" for a visitor
	readers, strangers []string
}

func TestChatAttachMatrix(t *testing.T) {
	attach := "/api/chat/conversations/{id}/attach"
	tests := []attachCase{
		{apiScenario{name: "a visitor cannot attach", method: "POST", as: "anonymous", path: attach, status: 401, contains: []string{"Vous devez être connecté."}}, "anonymous", []string{"anonymous", "client"}, nil},
		{apiScenario{name: "a visitor conversation becomes the user's", method: "POST", as: "client", path: attach, status: 204}, "anonymous", []string{"client"}, []string{"anonymous", "other", "agent", "admin"}},
		{apiScenario{name: "the user's own: nothing to do", method: "POST", as: "client", path: attach, status: 204}, "client", []string{"client"}, []string{"anonymous", "other"}},
		{apiScenario{name: "someone else's is not found", method: "POST", as: "other", path: attach, status: 404, contains: []string{"n’existe pas"}}, "client", []string{"client"}, []string{"anonymous", "other"}},
		{apiScenario{name: "an admin cannot take one either", method: "POST", as: "admin", path: attach, status: 404}, "client", []string{"client"}, []string{"admin"}},
		{apiScenario{name: "an unknown ID", method: "POST", as: "client", path: "/api/chat/conversations/" + strings.Repeat("A", 43) + "/attach", status: 404}, "anonymous", []string{"anonymous"}, nil},
		{apiScenario{name: "a malformed ID", method: "POST", as: "client", path: "/api/chat/conversations/%00%ff/attach", status: 404, contains: []string{"n’existe pas"}}, "anonymous", []string{"anonymous"}, nil},
		{apiScenario{name: "from another site", method: "POST", as: "client", path: attach, headers: map[string]string{"Sec-Fetch-Site": "cross-site"}, status: 403}, "anonymous", []string{"anonymous"}, nil},
		{apiScenario{name: "by GET", method: "GET", as: "client", path: attach, status: 404}, "anonymous", []string{"anonymous"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := newAPI(t)
			people := env.people(t)
			id := env.startChat(t, people[tt.owner])
			sc := tt.apiScenario
			sc.path = strings.ReplaceAll(sc.path, "{id}", id)
			sc.run(t, env.h, people)
			for _, who := range tt.readers {
				if res, body := env.do(t, "GET", "/api/chat/conversations/"+id, "", people[who]); res.StatusCode != 200 {
					t.Errorf("%s cannot read it any more: %d %s", who, res.StatusCode, body)
				}
			}
			for _, who := range tt.strangers {
				for _, req := range [][3]string{
					{"GET", "/api/chat/conversations/" + id, ""},
					{"POST", "/api/chat/conversations/" + id + "/messages", `{"text":"bonjour"}`},
					{"PUT", "/api/chat/conversations/" + id + "/mode", `{"mode":"agent"}`},
				} {
					if res, body := env.do(t, req[0], req[1], req[2], people[who]); res.StatusCode != 404 {
						t.Errorf("%s %s as %s: %d %s, want 404", req[0], req[1], who, res.StatusCode, body)
					}
				}
			}
		})
	}
}

// exportedTexts reads the texts of every chat message in cookie's export.
func (e *apiEnv) exportedTexts(t *testing.T, cookie string) []string {
	t.Helper()
	res, body := e.do(t, "GET", "/api/profile/export", "", cookie)
	var got struct {
		ChatConversations []struct {
			Messages []struct{ Text string } `json:"messages"`
		} `json:"chatConversations"`
	}
	if err := json.Unmarshal([]byte(body), &got); res.StatusCode != 200 || err != nil {
		t.Fatalf("export: %d %v %s", res.StatusCode, err, body)
	}
	var out []string
	for _, c := range got.ChatConversations {
		for _, m := range c.Messages {
			out = append(out, m.Text)
		}
	}
	return out
}

func TestChatFollowsTheSession(t *testing.T) {
	env := newAPI(t)
	// A visitor chats, then signs up: the site attaches the conversation.
	id := env.startChat(t, "")
	env.do(t, "POST", "/api/chat/conversations/"+id+"/messages", `{"text":"Je cherche une assurance auto"}`, "")
	marie := env.signUp(t, "marie@exemple.fr")
	if res, body := env.do(t, "POST", "/api/chat/conversations/"+id+"/attach", "", marie); res.StatusCode != 204 {
		t.Fatalf("attach: %d %s", res.StatusCode, body)
	}
	if res, body := env.do(t, "POST", "/api/chat/conversations/"+id+"/messages", `{"text":"Mon numéro de contrat est le 42"}`, marie); res.StatusCode != 200 {
		t.Fatalf("message signed in: %d %s", res.StatusCode, body)
	}
	texts := strings.Join(env.exportedTexts(t, marie), "\n")
	if !strings.Contains(texts, "Je cherche une assurance auto") || !strings.Contains(texts, "Mon numéro de contrat est le 42") {
		t.Errorf("the export lacks the conversation: %s", texts)
	}
	// Signed out, the same browser holding the ID reads nothing.
	env.do(t, "POST", "/api/auth/logout", "", marie)
	if res, _ := env.do(t, "GET", "/api/chat/conversations/"+id, "", ""); res.StatusCode != 404 {
		t.Errorf("a visitor reads the signed-in conversation: %d", res.StatusCode)
	}
	// Deleting the account deletes it.
	marie = env.signIn(t, "marie@exemple.fr", false)
	env.do(t, "POST", "/api/profile/delete", `{"password":"`+goodPassword+`"}`, marie)
	paul := env.signUp(t, "paul@exemple.fr")
	if res, _ := env.do(t, "POST", "/api/chat/conversations/"+id+"/attach", "", paul); res.StatusCode != 404 {
		t.Errorf("the deleted account's conversation is still there: %d", res.StatusCode)
	}
}

func TestChatSignedInMessageAttaches(t *testing.T) {
	env := newAPI(t)
	people := env.people(t)
	// The site failed to attach (the request was lost): the first message
	// sent signed in attaches the conversation all the same.
	id := env.startChat(t, "")
	if res, body := env.do(t, "GET", "/api/chat/conversations/"+id, "", people["client"]); res.StatusCode != 200 {
		t.Fatalf("signed-in read of a visitor conversation: %d %s", res.StatusCode, body)
	}
	if res, _ := env.do(t, "GET", "/api/chat/conversations/"+id, "", ""); res.StatusCode != 200 {
		t.Fatal("a read attached the conversation")
	}
	if res, body := env.do(t, "POST", "/api/chat/conversations/"+id+"/messages", `{"text":"Ma retraite"}`, people["client"]); res.StatusCode != 200 {
		t.Fatalf("message: %d %s", res.StatusCode, body)
	}
	if res, _ := env.do(t, "GET", "/api/chat/conversations/"+id, "", ""); res.StatusCode != 404 {
		t.Errorf("the visitor still reads a conversation with a signed-in message: %d", res.StatusCode)
	}
	if texts := env.exportedTexts(t, people["client"]); !strings.Contains(strings.Join(texts, "\n"), "Ma retraite") {
		t.Errorf("the export lacks the message: %v", texts)
	}
	if texts := env.exportedTexts(t, people["other"]); len(texts) != 0 {
		t.Errorf("another account's export holds %v", texts)
	}
}
