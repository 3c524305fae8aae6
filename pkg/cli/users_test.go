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

// runIn runs the whole command line as Main does, with stdin, and returns
// its output, error output and exit code.
func runIn(t *testing.T, db, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(args, env(map[string]string{"COURTIER_DB": db}), strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func TestUsersCommandLines(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		want   string // what the recorded options print as
		errHas string
	}{
		{name: "list", args: []string{"users", "list"}, want: "list role=<nil> json=false"},
		{name: "list filtered json", args: []string{"users", "list", "--role", "Agent", "--json"}, want: "list role=agent json=true"},
		{name: "list bad role", args: []string{"users", "list", "--role", "boss"}, code: 2, errHas: "use one of admin, agent, client"},
		{name: "list extra arg", args: []string{"users", "list", "x"}, code: 2, errHas: "unknown command"},
		{name: "set-role", args: []string{"users", "set-role", "a@exemple.fr", "ADMIN"}, want: "set-role a@exemple.fr admin"},
		{name: "set-role bad role", args: []string{"users", "set-role", "a@exemple.fr", "boss"}, code: 2, errHas: `invalid role "boss": use one of admin, agent, client`},
		{name: "set-role missing role", args: []string{"users", "set-role", "a@exemple.fr"}, code: 2, errHas: "accepts 2 arg(s)"},
		{name: "create", args: []string{"users", "create", "--email", "a@exemple.fr", "--name", "Léa", "--role", "agent"}, want: "create a@exemple.fr Léa agent"},
		{name: "create default role", args: []string{"users", "create", "--email", "a@exemple.fr"}, want: "create a@exemple.fr  client"},
		{name: "create without e-mail", args: []string{"users", "create"}, code: 2, errHas: `required flag(s) "email" not set`},
		{name: "create bad role", args: []string{"users", "create", "--email", "a@exemple.fr", "--role", "root"}, code: 2, errHas: "admin, agent, client"},
		{name: "disable", args: []string{"users", "disable", "a@exemple.fr"}, want: "status a@exemple.fr disabled"},
		{name: "enable", args: []string{"users", "enable", "a@exemple.fr"}, want: "status a@exemple.fr active"},
		{name: "disable needs an e-mail", args: []string{"users", "disable"}, code: 2, errHas: "accepts 1 arg(s)"},
		{name: "unknown subcommand", args: []string{"users", "delete", "a@exemple.fr"}, code: 2, errHas: "unknown command"},
		{name: "help", args: []string{"users", "--help"}, want: ""},
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
				NewUsersListCommand(opts, func(_ context.Context, o *UsersListOptions) error {
					role := "<nil>"
					if o.Role != nil {
						role = string(*o.Role)
					}
					got = "list role=" + role + " json=" + map[bool]string{true: "true", false: "false"}[o.JSON]
					return nil
				}),
				NewUsersSetRoleCommand(opts, func(_ context.Context, o *UsersSetRoleOptions) error {
					got = "set-role " + o.Email + " " + string(o.Role)
					return nil
				}),
				NewUsersCreateCommand(opts, func(_ context.Context, o *UsersCreateOptions) error {
					got = "create " + o.Email + " " + o.Name + " " + string(o.Role)
					return nil
				}),
				NewUsersStatusCommand(opts, account.StatusDisabled, func(_ context.Context, o *UsersStatusOptions) error {
					got = "status " + o.Email + " " + string(o.Status)
					return nil
				}),
				NewUsersStatusCommand(opts, account.StatusActive, func(_ context.Context, o *UsersStatusOptions) error {
					got = "status " + o.Email + " " + string(o.Status)
					return nil
				}),
			)
			root.AddCommand(users)
			var out, errOut bytes.Buffer
			root.SetOut(&out)
			root.SetErr(&errOut)
			root.SetArgs(tt.args)
			err := root.Execute()
			code := ExitCode(err)
			if err != nil && isUsage(err) {
				code = 2
			}
			if code != tt.code {
				t.Fatalf("exit %d, want %d (err %v)", code, tt.code, err)
			}
			if got != tt.want {
				t.Errorf("ran %q, want %q", got, tt.want)
			}
			if tt.errHas != "" && (err == nil || !strings.Contains(err.Error(), tt.errHas)) {
				t.Errorf("err %v, want %q", err, tt.errHas)
			}
		})
	}
}

func TestUsersAgainstADatabase(t *testing.T) {
	db := newDB(t)
	steps := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		outHas []string
		errHas string
	}{
		{"create the first admin", "une phrase de passe solide\n", []string{"users", "create", "--email", "Admin@Exemple.fr", "--role", "admin"}, 0, []string{"Compte admin créé\u00a0: admin@exemple.fr (uid "}, ""},
		{"create a client, CRLF pipe", "une autre phrase solide\r\n", []string{"users", "create", "--email", "lea@exemple.fr", "--name", "Léa Martin"}, 0, []string{"Compte client créé\u00a0: lea@exemple.fr"}, ""},
		{"create, no final newline", "encore une phrase solide", []string{"users", "create", "--email", "paul@exemple.fr"}, 0, []string{"paul@exemple.fr"}, ""},
		{"create with a short password", "court\n", []string{"users", "create", "--email", "x@exemple.fr"}, 1, nil, "courtier: Le mot de passe doit contenir au moins 12 caractères.\n"},
		{"create with no password", "", []string{"users", "create", "--email", "x@exemple.fr"}, 1, nil, "courtier: Aucun mot de passe sur l’entrée standard"},
		{"demote the last admin", "", []string{"users", "set-role", "admin@exemple.fr", "agent"}, 1, nil, "courtier: admin@exemple.fr est le dernier administrateur actif\u00a0: nommez d’abord un autre administrateur.\n"},
		{"disable the last admin", "", []string{"users", "disable", "ADMIN@exemple.fr"}, 1, nil, "courtier: admin@exemple.fr est le dernier administrateur actif\u00a0: nommez d’abord un autre administrateur.\n"},
		{"create with a bidi override in the name", "une phrase de passe solide\n", []string{"users", "create", "--email", "x@exemple.fr", "--name", "Léa\u202e"}, 1, nil, "courtier: Le nom affiché contient des caractères non autorisés.\n"},
		{"create with a full-width e-mail", "une phrase de passe solide\n", []string{"users", "create", "--email", "ａｄｍｉｎ@exemple.fr"}, 1, nil, "en caractères ordinaires"},
		{"create with a decomposed name", "une phrase de passe solide\n", []string{"users", "create", "--email", "zoe@exemple.fr", "--name", "Zoe\u0301 "}, 0, []string{"zoe@exemple.fr"}, ""},
		{"create twice", "une phrase de passe solide\n", []string{"users", "create", "--email", "LEA@exemple.fr"}, 1, nil, "courtier: Un compte existe déjà avec cette adresse e-mail.\n"},
		{"create a look-alike of an account", "une phrase de passe solide\n", []string{"users", "create", "--email", "1ea@exemple.fr"}, 1, nil, "courtier: Un compte existe déjà avec cette adresse e-mail.\n"},
		{"create with a Cyrillic letter", "une phrase de passe solide\n", []string{"users", "create", "--email", "l\u0435a.martin@exemple.fr"}, 1, nil, "courtier: L’adresse e-mail mélange plusieurs alphabets"},
		{"create with a bad e-mail", "une phrase de passe solide\n", []string{"users", "create", "--email", "lea@"}, 1, nil, "adresse e-mail valide"},
		{"set a role", "", []string{"users", "set-role", "LEA@exemple.fr", "agent"}, 0, []string{"lea@exemple.fr est désormais agent (0 session terminée)"}, ""},
		{"set a bad role", "", []string{"users", "set-role", "lea@exemple.fr", "boss"}, 2, nil, "use one of admin, agent, client"},
		{"set the role of nobody", "", []string{"users", "set-role", "nobody@exemple.fr", "agent"}, 1, nil, "courtier: Aucun compte avec l’adresse e-mail nobody@exemple.fr.\n"},
		{"disable", "", []string{"users", "disable", "paul@exemple.fr"}, 0, []string{"paul@exemple.fr désactivé (0 session terminée)"}, ""},
		{"disable nobody", "", []string{"users", "disable", "nobody@exemple.fr"}, 1, nil, "Aucun compte"},
		{"enable nobody", "", []string{"users", "enable", "nobody@exemple.fr"}, 1, nil, "Aucun compte"},
		{"list", "", []string{"users", "list"}, 0, []string{"E-MAIL", "admin@exemple.fr", "Léa Martin", "agent", "désactivé", "Zoé  "}, ""},
		{"make a second admin", "", []string{"users", "set-role", "lea@exemple.fr", "admin"}, 0, []string{"lea@exemple.fr est désormais admin"}, ""},
		{"then the first may go", "", []string{"users", "disable", "admin@exemple.fr"}, 0, []string{"admin@exemple.fr désactivé"}, ""},
		{"and the second is the last", "", []string{"users", "set-role", "lea@exemple.fr", "client"}, 1, nil, "lea@exemple.fr est le dernier administrateur actif"},
		{"list admins", "", []string{"users", "list", "--role", "admin"}, 0, []string{"lea@exemple.fr"}, ""},
		{"enable", "", []string{"users", "enable", "paul@exemple.fr"}, 0, []string{"paul@exemple.fr réactivé"}, ""},
	}
	for _, st := range steps {
		out, errOut, code := runIn(t, db, st.stdin, st.args...)
		if code != st.code {
			t.Fatalf("%s: exit %d, want %d (out %q, err %q)", st.name, code, st.code, out, errOut)
		}
		for _, want := range st.outHas {
			if !strings.Contains(out, want) {
				t.Errorf("%s: out %q lacks %q", st.name, out, want)
			}
		}
		if !strings.Contains(errOut, st.errHas) {
			t.Errorf("%s: stderr %q lacks %q", st.name, errOut, st.errHas)
		}
		if st.code == 1 && strings.Count(errOut, "\n") != 1 {
			t.Errorf("%s: stderr is not one line: %q", st.name, errOut)
		}
	}
}

func TestUsersListOutputs(t *testing.T) {
	db := newDB(t)
	for _, u := range [][]string{{"admin@exemple.fr", "admin", "Administratrice"}, {"lea@exemple.fr", "agent", "Léa"}, {"jean-baptiste@exemple.fr", "client", ""}} {
		if _, errOut, code := runIn(t, db, "une phrase de passe solide\n", "users", "create", "--email", u[0], "--role", u[1], "--name", u[2]); code != 0 {
			t.Fatal(errOut)
		}
	}
	out, _, _ := runIn(t, db, "", "users", "list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("table %q", out)
	}
	// Columns are aligned: RÔLE starts at the same rune offset on every line.
	col := func(line string) int { return len([]rune(line[:strings.Index(line, "RÔLE")])) }
	at := col(lines[0])
	for i, role := range []string{"admin", "agent", "client"} {
		line := lines[i+1]
		idx := strings.Index(line, "  "+role+" ")
		if idx < 0 || len([]rune(line[:idx+2])) != at {
			t.Errorf("line %q: role not under RÔLE (col %d)", line, at)
		}
	}
	if !strings.Contains(lines[3], "jean-baptiste  ") {
		t.Errorf("display name fallback missing: %q", lines[3])
	}
	out, _, code := runIn(t, db, "", "users", "list", "--json", "--role", "agent")
	var users []map[string]any
	if err := json.Unmarshal([]byte(out), &users); code != 0 || err != nil {
		t.Fatalf("json %q: %v", out, err)
	}
	if len(users) != 1 || users[0]["email"] != "lea@exemple.fr" || users[0]["role"] != "agent" || users[0]["uid"] == "" {
		t.Errorf("json %v", users)
	}
	if strings.Contains(out, "argon2") {
		t.Error("the JSON holds a password hash")
	}
	out, _, _ = runIn(t, db, "", "users", "list", "--json", "--role", "client")
	if !strings.Contains(out, "jean-baptiste@exemple.fr") {
		t.Errorf("client list %q", out)
	}
	empty := newDB(t)
	if out, _, _ := runIn(t, empty, "", "users", "list", "--json"); strings.TrimSpace(out) != "[]" {
		t.Errorf("empty list %q, want []", out)
	}
}

// TestUsersWhileServing changes roles and statuses through the CLI while
// another handle (the server's) holds the database and live sessions.
func TestUsersWhileServing(t *testing.T) {
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
	for _, u := range []account.NewUser{{Email: "lea@exemple.fr", Password: pw}, {Email: "admin@exemple.fr", Password: pw, Role: account.RoleAdmin}} {
		if _, err := svc.Create(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	signIn := func() string {
		_, s, err := svc.SignIn(ctx, account.Credentials{Email: "lea@exemple.fr", Password: pw})
		if err != nil {
			t.Fatal(err)
		}
		return s.Token
	}
	live := func(token string) bool { _, _, err := svc.Authenticate(ctx, token); return err == nil }
	a, b := signIn(), signIn()
	if out, errOut, code := runIn(t, path, "", "users", "set-role", "lea@exemple.fr", "admin"); code != 0 || !strings.Contains(out, "(2 sessions terminées)") {
		t.Fatalf("set-role: %d %q %q", code, out, errOut)
	}
	if live(a) || live(b) || !svc.HasRole(ctx, mustUID(t, svc, "lea@exemple.fr"), account.RoleAdmin) {
		t.Fatal("the server still sees the old role or sessions")
	}
	c := signIn()
	if out, _, code := runIn(t, path, "", "users", "disable", "lea@exemple.fr"); code != 0 || !strings.Contains(out, "(1 session terminée)") {
		t.Fatalf("disable: %d %q", code, out)
	}
	if live(c) {
		t.Fatal("a disabled user's session survived")
	}
	if _, _, err := svc.SignIn(ctx, account.Credentials{Email: "lea@exemple.fr", Password: pw}); err == nil {
		t.Fatal("a disabled user signed in")
	}
	runIn(t, path, "", "users", "enable", "lea@exemple.fr")
	signIn()
}

func mustUID(t *testing.T, svc *account.Service, email string) string {
	t.Helper()
	u, err := svc.GetByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u.UID
}
