package chat

import (
	"context"
	"errors"
	"strings"
	"testing"

	"courtier/pkg/chatbot"
)

// TestEmergencyGivesTheAssistanceLine: in an emergency, a signed-in
// client reads the assistance line of their contract, looked up for them
// alone and only then; a visitor, a failed lookup or a client without a
// contract read where to find it; any other message looks nothing up.
func TestEmergencyGivesTheAssistanceLine(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne, bruno := e.addUser(t, "anne"), e.addUser(t, "bruno")
	var asked []string
	e.svc.assistance = func(_ context.Context, uid string) ([]chatbot.Assistance, error) {
		asked = append(asked, uid)
		switch uid {
		case anne.UID:
			return []chatbot.Assistance{{Insurer: "Assurances Témoin", Product: "Assurance habitation", Phone: "01 99 00 77 77"}}, nil
		case "broken":
			return nil, errors.New("base indisponible")
		}
		return nil, nil
	}
	broken := e.addUser(t, "broken")
	const line, memo = "Assurances Témoin (assurance habitation) au 01\u00a099\u00a000\u00a077\u00a077", "Mémo Véhicule Assuré"
	tests := []struct {
		name  string
		v     Viewer
		text  string
		has   string
		asked []string
	}{
		{"client", anne, "Au feu, ma cuisine brûle !", line, []string{"anne"}},
		{"client without a contract", bruno, "L'eau coule encore", memo, []string{"bruno"}},
		{"failed lookup", broken, "Il y a des blessés", memo, []string{"broken"}},
		{"visitor", Viewer{}, "Au feu !", memo, nil},
		{"no emergency", anne, "Je veux déclarer un sinistre", "/sinistres/declarer", nil},
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
			r := ex.Messages[1]
			text := r.Text
			for _, l := range r.Links {
				text += "\n" + l.Href
			}
			if !strings.Contains(text, tt.has) {
				t.Errorf("reply lacks %q:\n%s", tt.has, text)
			}
			if strings.Join(asked, ",") != strings.Join(tt.asked, ",") {
				t.Errorf("lines looked up for %v, want %v", asked, tt.asked)
			}
			if tt.has == line && (r.Intent != chatbot.Emergency || len(ex.Messages) != 2 || r.Links[len(r.Links)-1].Href != "tel:0199007777") {
				t.Errorf("emergency reply %+v, %d messages", r, len(ex.Messages))
			}
		})
	}
}
