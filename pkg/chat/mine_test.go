package chat

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/chatbot"
)

// TestMineIsShownNotStored: a signed-in client asking about their claim,
// documents, payment or a cancellation reads their own business in the
// Exchange's Mine, looked up for them alone and only for those intents;
// the stored conversation and its records keep the general reply and the
// intent, never the personal answer. A visitor looks nothing up.
func TestMineIsShownNotStored(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne := e.addUser(t, "anne")
	var asked []string
	e.svc.mine = func(_ context.Context, uid string) (*chatbot.Mine, error) {
		asked = append(asked, uid)
		return &chatbot.Mine{
			Claims:    []chatbot.MyClaim{{Ref: "SIN-SECRET-1", Status: "Déclaré", Href: chatbot.MyClaimsPath + "/c1"}},
			Contracts: []chatbot.MyContract{{Number: "CT-SECRET-2", Product: "Assurance auto", Attestation: "/mes-contrats/k1"}},
			Next:      &chatbot.MyDebit{Date: "5 avril 2026", Amount: "42,10\u00a0€", Contract: "CT-SECRET-2"},
		}, nil
	}
	tests := []struct {
		name   string
		v      Viewer
		text   string
		intent chatbot.Intent
		has    string
		asked  []string
	}{
		{"claim", anne, "Où en est mon sinistre ?", chatbot.Claim, "SIN-SECRET-1", []string{"anne"}},
		{"documents", anne, "mon attestation d'assurance", chatbot.Documents, "CT-SECRET-2", []string{"anne"}},
		{"payment", anne, "mon prochain prélèvement ?", chatbot.Payment, "42,10", []string{"anne"}},
		{"cancellation", anne, "Je veux résilier mon contrat", chatbot.Cancellation, "CT-SECRET-2", []string{"anne"}},
		{"visitor", Viewer{}, "Où en est mon sinistre ?", chatbot.Claim, "", nil},
		{"another intent", anne, "Bonjour", chatbot.Greeting, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			asked = nil
			c, err := e.svc.Start(ctx, tt.v)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := e.svc.Send(ctx, tt.v, c.ID, tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(asked, ",") != strings.Join(tt.asked, ",") {
				t.Errorf("looked up for %v, want %v", asked, tt.asked)
			}
			switch {
			case tt.has == "" && ex.Mine != nil:
				t.Errorf("mine %+v", ex.Mine)
			case tt.has != "" && (ex.Mine == nil || !strings.Contains(ex.Mine.Text, tt.has) || ex.Mine.ID != 0 || ex.Mine.Sender != SenderBot):
				t.Errorf("mine %+v lacks %q", ex.Mine, tt.has)
			}
			if ex.Messages[1].Intent != tt.intent {
				t.Errorf("intent %s, want %s", ex.Messages[1].Intent, tt.intent)
			}
			got, err := e.svc.Get(ctx, tt.v, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			records, err := e.svc.Records(ctx, tt.v, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			var stored strings.Builder
			for _, m := range append(got.Messages, ex.Messages...) {
				stored.WriteString(m.Text)
				for _, l := range m.Links {
					stored.WriteString(l.Label + l.Href)
				}
			}
			for _, r := range records {
				stored.WriteString(r.Response)
			}
			if s := stored.String(); strings.Contains(s, "SECRET") || strings.Contains(s, "42,10") {
				t.Errorf("personal data stored or in the replies:\n%s", s)
			}
			if len(records) == 0 || records[len(records)-1].Intent != tt.intent {
				t.Errorf("records %+v keep no intent %s", records, tt.intent)
			}
		})
	}
}
