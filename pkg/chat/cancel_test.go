package chat

import (
	"context"
	"testing"

	"courtier/pkg/chatbot"
)

// TestCancellationFollowsTheSession: the assistant gives a signed-in
// client « Résilier votre contrat », a visitor the way to sign in first.
func TestCancellationFollowsTheSession(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne := e.addUser(t, "anne")
	for _, tt := range []struct {
		name string
		v    Viewer
		want string
	}{
		{"visitor", Viewer{}, chatbot.LoginPath},
		{"client", anne, chatbot.CancelPath},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := e.svc.Start(ctx, tt.v)
			if err != nil {
				t.Fatal(err)
			}
			ex, err := e.svc.Send(ctx, tt.v, c.ID, "je veux résilier mon contrat")
			if err != nil {
				t.Fatal(err)
			}
			r := ex.Messages[1]
			if r.Intent != chatbot.Cancellation || len(r.Links) == 0 || r.Links[0].Href != tt.want {
				t.Errorf("reply %+v, want first link %s", r, tt.want)
			}
		})
	}
}
