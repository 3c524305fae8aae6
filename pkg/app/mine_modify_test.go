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
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store/storetest"
)

// TestChatLinksTheContractToModify: through the real services, a client
// with one contract in force asking about their documents or their
// payment is linked straight to its « Modifier mon contrat »; with a
// second one, to « Mes contrats » alone, where they choose; the stored
// replies hold no contract's page.
func TestChatLinksTheContractToModify(t *testing.T) {
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
	client := chat.Viewer{UID: marie.UID, Name: "Marie Durand"}
	ask := func(text string) (*chat.Exchange, string) {
		t.Helper()
		conv, err := a.Chats.Start(ctx, client)
		if err != nil {
			t.Fatal(err)
		}
		ex, err := a.Chats.Send(ctx, client, conv.ID, text)
		if err != nil {
			t.Fatal(err)
		}
		if ex.Mine == nil {
			t.Fatalf("%q: no personal answer", text)
		}
		got, err := a.Chats.Get(ctx, client, conv.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range got.Messages {
			for _, l := range m.Links {
				if strings.Contains(l.Href, k.ID) {
					t.Errorf("%q: a stored reply links %s", text, l.Href)
				}
			}
		}
		var links []string
		for _, l := range ex.Mine.Links {
			links = append(links, l.Label+" "+l.Href)
		}
		return ex, strings.Join(links, "\n")
	}
	modify := "Modifier le contrat n°\u00a0" + k.Number + " " + chatbot.ModifyPath(k.ID)
	for _, text := range []string{"Je cherche mon attestation d'assurance", "Je veux changer mon RIB"} {
		if _, links := ask(text); !strings.Contains(links, modify) {
			t.Errorf("%q, one contract: links\n%s\nlack %q", text, links, modify)
		}
	}
	contracttest.Signed(t, a, marie, "2026-03-12", "EF-456-GH")
	for _, text := range []string{"Je cherche mon attestation d'assurance", "Je veux changer mon RIB"} {
		if _, links := ask(text); strings.Contains(links, "/modifier") {
			t.Errorf("%q, two contracts: links\n%s\nname one to modify", text, links)
		}
	}
}
