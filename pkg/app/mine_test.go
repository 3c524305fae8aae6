package app_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/chat"
	"courtier/pkg/chatbot"
	"courtier/pkg/claim"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store/storetest"
)

// TestChatGivesTheClientTheirOwnBusiness goes through the real services:
// a signed-in client with a signed contract and a claim reads, in the
// chat, their claim's reference and status, their contract's attestation,
// their next debit and their contract's dates; the stored conversation
// keeps none of it, and a visitor asking the same reads none of it.
func TestChatGivesTheClientTheirOwnBusiness(t *testing.T) {
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	marie := contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	k := contracttest.Signed(t, a, marie, "2026-03-10", "AB-123-CD")
	c, err := a.Claims.Declare(ctx, marie, claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: "AB-123456", Product: "home", Kind: "water",
		OccurredAt: "2026-02-27", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
		Answers: map[string]string{"place": "12 rue des Lilas, Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}})
	if err != nil {
		t.Fatal(err)
	}
	client := chat.Viewer{UID: marie.UID, Name: "Marie Durand"}
	tests := []struct {
		text   string
		intent chatbot.Intent
		has    []string
	}{
		{"Où en est mon sinistre ?", chatbot.Claim, []string{c.Ref, lowerFirst(c.StatusLabel), "dernière étape", chatbot.MyClaimsPath + "/" + c.ID}},
		{"Je cherche mon attestation d'assurance", chatbot.Documents, []string{k.Number, "Attestation du contrat", chatbot.MyContractsPath + "/" + k.ID}},
		{"mon prochain prélèvement ?", chatbot.Payment, []string{"Votre prochain prélèvement", "€", k.Number}},
		{"Je veux résilier mon contrat", chatbot.Cancellation, []string{k.Number, "prise d’effet le 10\u00a0mars\u00a02026", "prochaine échéance le 10\u00a0mars\u00a02027"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.intent), func(t *testing.T) {
			for _, v := range []chat.Viewer{client, {}} {
				conv, err := a.Chats.Start(ctx, v)
				if err != nil {
					t.Fatal(err)
				}
				ex, err := a.Chats.Send(ctx, v, conv.ID, tt.text)
				if err != nil {
					t.Fatal(err)
				}
				if ex.Messages[1].Intent != tt.intent {
					t.Fatalf("intent %s, want %s", ex.Messages[1].Intent, tt.intent)
				}
				if v.UID == "" {
					if ex.Mine != nil {
						t.Errorf("a visitor reads %+v", ex.Mine)
					}
					continue
				}
				if ex.Mine == nil {
					t.Fatal("no personal answer")
				}
				shown := ex.Mine.Text
				for _, l := range ex.Mine.Links {
					shown += "\n" + l.Label + " " + l.Href
				}
				for _, want := range tt.has {
					if !strings.Contains(shown, want) {
						t.Errorf("personal answer lacks %q:\n%s", want, shown)
					}
				}
				got, err := a.Chats.Get(ctx, v, conv.ID)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range got.Messages {
					if strings.Contains(m.Text, k.Number) || strings.Contains(m.Text, c.Ref) || strings.Contains(m.Text, "Votre prochain prélèvement") {
						t.Errorf("stored message holds personal data: %q", m.Text)
					}
				}
			}
		})
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToLower(string(r[0])) + string(r[1:])
}
