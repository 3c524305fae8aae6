package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

func TestUsersSessionsCommandLines(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		want   string
		errHas string
	}{
		{name: "sessions", args: []string{"users", "sessions", "a@exemple.fr"}, want: "sessions a@exemple.fr json=false"},
		{name: "sessions json", args: []string{"users", "sessions", "--json", "a@exemple.fr"}, want: "sessions a@exemple.fr json=true"},
		{name: "sessions without e-mail", args: []string{"users", "sessions"}, code: 2, errHas: "accepts 1 arg(s), received 0"},
		{name: "sessions with two e-mails", args: []string{"users", "sessions", "a@exemple.fr", "b@exemple.fr"}, code: 2, errHas: "accepts 1 arg(s), received 2"},
		{name: "sessions bad flag", args: []string{"users", "sessions", "a@exemple.fr", "--all"}, code: 2, errHas: "unknown flag: --all"},
		{name: "sign-out", args: []string{"users", "sign-out", "a@exemple.fr"}, want: "sign-out a@exemple.fr"},
		{name: "sign-out without e-mail", args: []string{"users", "sign-out"}, code: 2, errHas: "accepts 1 arg(s), received 0"},
		{name: "sign-out has no json", args: []string{"users", "sign-out", "a@exemple.fr", "--json"}, code: 2, errHas: "unknown flag: --json"},
		{name: "sign-out help", args: []string{"users", "sign-out", "--help"}, want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			opts := &Options{}
			root := NewRootCommand(env(nil))
			for _, c := range root.Commands() {
				if c.Name() == "users" {
					root.RemoveCommand(c)
				}
			}
			users := NewUsersCommand(opts)
			for _, c := range users.Commands() {
				users.RemoveCommand(c)
			}
			users.AddCommand(
				NewUsersSessionsCommand(opts, func(_ context.Context, o *UsersSessionsOptions) error {
					got = "sessions " + o.Email + " json=" + map[bool]string{true: "true", false: "false"}[o.JSON]
					return nil
				}),
				NewUsersSignOutCommand(opts, func(_ context.Context, o *UsersSignOutOptions) error {
					got = "sign-out " + o.Email
					return nil
				}),
			)
			root.AddCommand(users)
			root.SetOut(&bytes.Buffer{})
			root.SetErr(&bytes.Buffer{})
			root.SetArgs(tt.args)
			err := root.Execute()
			code := ExitCode(err)
			if err != nil && isUsage(err) {
				code = 2
			}
			if code != tt.code || got != tt.want {
				t.Fatalf("exit %d ran %q, want %d %q (err %v)", code, got, tt.code, tt.want, err)
			}
			if tt.errHas != "" && (err == nil || !strings.Contains(err.Error(), tt.errHas)) {
				t.Errorf("err %v, want %q", err, tt.errHas)
			}
		})
	}
}

// TestUsersSessionsAgainstADatabase lists and ends the sessions a server
// opened on the same database, as an operator would while it runs.
func TestUsersSessionsAgainstADatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "courtier.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc, err := account.New(db, account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}})
	if err != nil {
		t.Fatal(err)
	}
	const pw = "une phrase de passe solide"
	for _, email := range []string{"lea@exemple.fr", "paul@exemple.fr"} {
		if _, err := svc.Create(ctx, account.NewUser{Email: email, Password: pw}); err != nil {
			t.Fatal(err)
		}
	}
	signIn := func(email, ua string) string {
		_, s, err := svc.SignIn(ctx, account.Credentials{Email: email, Password: pw, UserAgent: ua})
		if err != nil {
			t.Fatal(err)
		}
		return s.Token
	}
	live := func(token string) bool { _, _, err := svc.Authenticate(ctx, token); return err == nil }
	a := signIn("lea@exemple.fr", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
	b := signIn("lea@exemple.fr", "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")
	paul := signIn("paul@exemple.fr", "")

	steps := []struct {
		name   string
		args   []string
		code   int
		outHas []string
		errHas string
	}{
		{"list", []string{"users", "sessions", "LEA@exemple.fr"}, 0, []string{"APPAREIL", "PREMIÈRE CONNEXION (UTC)", "DERNIÈRE ACTIVITÉ (UTC)", "Safari sur iPhone", "Firefox sur Linux"}, ""},
		{"list nobody", []string{"users", "sessions", "nobody@exemple.fr"}, 1, nil, "courtier: Aucun compte avec l’adresse e-mail nobody@exemple.fr.\n"},
		{"list a bad address", []string{"users", "sessions", "pas-une-adresse"}, 1, nil, "courtier: "},
		{"sign out nobody", []string{"users", "sign-out", "nobody@exemple.fr"}, 1, nil, "courtier: Aucun compte avec l’adresse e-mail nobody@exemple.fr.\n"},
		{"sign out", []string{"users", "sign-out", "Lea@Exemple.fr"}, 0, []string{"2 sessions fermées pour lea@exemple.fr.\n"}, ""},
		{"sign out again", []string{"users", "sign-out", "lea@exemple.fr"}, 0, []string{"Aucune session n’était ouverte pour lea@exemple.fr.\n"}, ""},
		{"list none", []string{"users", "sessions", "lea@exemple.fr"}, 0, []string{"Aucune session ouverte pour lea@exemple.fr.\n"}, ""},
		{"sign out one", []string{"users", "sign-out", "paul@exemple.fr"}, 0, []string{"1 session fermée pour paul@exemple.fr.\n"}, ""},
	}
	for i, st := range steps {
		out, errOut, code := runIn(t, path, "", st.args...)
		if code != st.code {
			t.Fatalf("%s: exit %d, want %d (out %q, err %q)", st.name, code, st.code, out, errOut)
		}
		for _, want := range st.outHas {
			if !strings.Contains(out, want) {
				t.Errorf("%s: out %q lacks %q", st.name, out, want)
			}
		}
		if !strings.Contains(errOut, st.errHas) || (st.code == 1 && strings.Count(errOut, "\n") != 1) || (st.code == 0 && errOut != "") {
			t.Errorf("%s: stderr %q, want one line with %q", st.name, errOut, st.errHas)
		}
		if st.name == "list" {
			// A table: the columns line up (runes, not bytes) and times are UTC minutes.
			lines := strings.Split(strings.TrimSpace(out), "\n")
			at := len([]rune(lines[0][:strings.Index(lines[0], "PREMIÈRE")]))
			for _, l := range lines[1:] {
				if len(lines) != 3 || len([]rune(l)) < at || string([]rune(l)[at-2:at]) != "  " || []rune(l)[at] == ' ' {
					t.Errorf("table %q: line %q not aligned at %d", out, l, at)
				}
			}
		}
		if i == 3 && (!live(a) || !live(b) || !live(paul)) {
			t.Fatal("listing or a refused sign-out ended a session")
		}
	}
	if live(a) || live(b) || live(paul) {
		t.Error("sessions survived sign-out")
	}
	// The account is untouched: Léa signs in again and is listed in JSON.
	signIn("lea@exemple.fr", "")
	out, _, code := runIn(t, path, "", "users", "sessions", "--json", "lea@exemple.fr")
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); code != 0 || err != nil || len(list) != 1 {
		t.Fatalf("json %q: %v", out, err)
	}
	if list[0]["device"] != "Navigateur inconnu" || list[0]["current"] != false || len(list[0]["id"].(string)) != 32 {
		t.Errorf("json %v", list)
	}
	if out, _, _ := runIn(t, path, "", "users", "sign-out", "paul@exemple.fr"); !strings.Contains(out, "Aucune session") {
		t.Errorf("paul %q", out)
	}
}
