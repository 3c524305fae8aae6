package chat

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// ownerOf reads the uid of the conversation of token, "" for a visitor's.
func (e *env) ownerOf(t testing.TB, token string) string {
	t.Helper()
	var uid sql.NullString
	err := e.db.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT uid FROM chat_conversations WHERE id = ?", store.HashToken(token)).Scan(&uid)
	})
	if err != nil {
		t.Fatal(err)
	}
	return uid.String
}

func TestAttach(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne, bruno := e.addUser(t, "anne"), e.addUser(t, "bruno")
	anneConv := e.start(t, anne)
	tests := []struct {
		name  string
		v     Viewer
		token func() string
		code  apperr.Code
		owner string
	}{
		{"a visitor cannot attach", Viewer{}, func() string { return e.start(t, Viewer{}) }, apperr.EUNAUTHORIZED, ""},
		{"a visitor conversation becomes the user's", anne, func() string { return e.start(t, Viewer{}) }, "", "anne"},
		{"the user's own is left as it is", anne, func() string { return anneConv }, "", "anne"},
		{"someone else's is not found", bruno, func() string { return anneConv }, apperr.ENOTFOUND, "anne"},
		{"a made-up ID", anne, func() string { return strings.Repeat("A", IDLength) }, apperr.ENOTFOUND, ""},
		{"a malformed ID", anne, func() string { return "../../etc/passwd" }, apperr.ENOTFOUND, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token := tt.token()
			err := e.svc.Attach(ctx, tt.v, token)
			if tt.code == "" && err != nil {
				t.Fatalf("Attach: %v", err)
			}
			if tt.code != "" {
				wantCode(t, err, tt.code)
			}
			if wellFormed(token) && !strings.HasPrefix(token, "AAAA") {
				if got := e.ownerOf(t, token); got != tt.owner {
					t.Errorf("owner %q, want %q", got, tt.owner)
				}
			}
		})
	}
}

func TestAttachedConversationIsTheUsersAlone(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne, bruno := e.addUser(t, "anne"), e.addUser(t, "bruno")
	token := e.start(t, Viewer{})
	e.send(t, Viewer{}, token, "bonjour")
	// Reading while signed in changes nothing: GET stays free of writes.
	if _, err := e.svc.Get(ctx, anne, token); err != nil || e.ownerOf(t, token) != "" {
		t.Fatalf("a read attached the conversation: %v, owner %q", err, e.ownerOf(t, token))
	}
	if err := e.svc.Attach(ctx, anne, token); err != nil {
		t.Fatal(err)
	}
	for _, v := range []Viewer{{}, bruno} {
		_, err := e.svc.Get(ctx, v, token)
		wantCode(t, err, apperr.ENOTFOUND)
		_, err = e.svc.Send(ctx, v, token, "encore là ?")
		wantCode(t, err, apperr.ENOTFOUND)
		_, err = e.svc.SetMode(ctx, v, token, ModeAgent)
		wantCode(t, err, apperr.ENOTFOUND)
	}
	c, err := e.svc.Get(ctx, anne, token)
	if err != nil || len(c.Messages) != 3 || c.Messages[1].Text != "bonjour" {
		t.Errorf("the owner reads %+v, %v", c, err)
	}
	var got recorder
	if err := e.svc.ExportUser(ctx, "anne", &got); err != nil || len(got.convs) != 1 || len(got.convs[0].Messages) != 3 {
		t.Errorf("the attached conversation is not in the export: %+v, %v", got.convs, err)
	}
}

func TestSignedInWritesAttach(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	anne := e.addUser(t, "anne")
	writes := map[string]func(token string) error{
		"a message": func(token string) error { _, err := e.svc.Send(ctx, anne, token, "bonjour"); return err },
		"a mode switch": func(token string) error {
			_, err := e.svc.SetMode(ctx, anne, token, ModeAgent)
			return err
		},
	}
	for name, write := range writes {
		t.Run(name, func(t *testing.T) {
			token := e.start(t, Viewer{})
			if err := write(token); err != nil {
				t.Fatal(err)
			}
			if got := e.ownerOf(t, token); got != "anne" {
				t.Errorf("owner after %s signed in: %q", name, got)
			}
			_, err := e.svc.Get(ctx, Viewer{}, token)
			wantCode(t, err, apperr.ENOTFOUND)
		})
	}
	// A visitor's own messages leave the conversation a visitor's.
	token := e.start(t, Viewer{})
	e.send(t, Viewer{}, token, "bonjour")
	if got := e.ownerOf(t, token); got != "" {
		t.Errorf("a visitor's message gave the conversation to %q", got)
	}
}
