package chat

import (
	"testing"

	"courtier/pkg/chatbot"
	"courtier/pkg/company"
)

// TestBotCompanyTakesTheProfile checks that the engine gets every product
// page and the complaint procedure from the profile, never a copy of them.
func TestBotCompanyTakesTheProfile(t *testing.T) {
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	p.Complaints.AcknowledgeDays, p.Complaints.AnswerMonths, p.Mediator.Name = 6, 1, "Médiateur témoin"
	co := BotCompany(p)
	if want := (chatbot.Complaints{AcknowledgeDays: 6, AnswerMonths: 1, Mediator: "Médiateur témoin"}); co.Complaints != want {
		t.Errorf("complaints %+v, want %+v", co.Complaints, want)
	}
	for _, s := range p.Services {
		prod, ok := productServices[s.ID]
		if !ok {
			t.Errorf("service %q has no product intent", s.ID)
			continue
		}
		if got := co.Products[prod]; got != (chatbot.Page{Title: s.Title, Path: s.Path}) {
			t.Errorf("%s: page %+v, want %s %s", prod, got, s.Title, s.Path)
		}
	}
	if len(co.Products) != 8 {
		t.Errorf("%d product pages, want the 8 of the profile", len(co.Products))
	}
}
