package cli

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestUsersSpeakFrench: what `courtier users` prints as a result (the
// list's table, its failures) is French, as PRODUCT.md asks of what staff
// read; usage errors stay English like --help, and the exit codes and the
// keys of --json stay as scripts know them.
func TestUsersSpeakFrench(t *testing.T) {
	db := newDB(t)
	const pw = "une phrase de passe solide\n"
	for _, u := range [][]string{{"admin@exemple.fr", "admin", "Adèle"}, {"paul@exemple.fr", "client", "Paul"}} {
		if _, errOut, code := runIn(t, db, pw, "users", "create", "--email", u[0], "--role", u[1], "--name", u[2]); code != 0 {
			t.Fatal(errOut)
		}
	}
	if _, errOut, code := runIn(t, db, "", "users", "disable", "paul@exemple.fr"); code != 0 {
		t.Fatal(errOut)
	}
	steps := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		out    []string // starts of lines the output holds, spaces squeezed
		outNot []string
		err    string // what standard error holds
	}{
		{name: "the table's header", args: []string{"users", "list"},
			out:    []string{"E-MAIL NOM RÔLE ÉTAT CRÉÉ LE (UTC) "},
			outNot: []string{"EMAIL", "NAME", "STATUS", "CREATED"}},
		{name: "the statuses in words", args: []string{"users", "list"},
			out: []string{"admin@exemple.fr Adèle admin actif ", "paul@exemple.fr Paul client désactivé "}, outNot: []string{"active", "disabled"}},
		{name: "the role as --role takes it", args: []string{"users", "list", "--role", "client"},
			out: []string{"paul@exemple.fr Paul client désactivé "}, outNot: []string{"admin@"}},
		{name: "create without a password", args: []string{"users", "create", "--email", "x@exemple.fr"}, code: 1,
			err: "courtier: Aucun mot de passe sur l’entrée standard\u00a0: envoyez-le sur une ligne, ou lancez la commande dans un terminal.\n"},
		{name: "set-password without a password", args: []string{"users", "set-password", "paul@exemple.fr"}, code: 1,
			err: "courtier: Aucun mot de passe sur l’entrée standard"},
		{name: "a bad role is bad usage, in English", args: []string{"users", "list", "--role", "boss"}, code: 2,
			err: "courtier: invalid role \"boss\": use one of admin, agent, client\nRun 'courtier users list --help' for usage.\n"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			out, errOut, code := runIn(t, db, st.stdin, st.args...)
			if code != st.code {
				t.Fatalf("exit %d, want %d (out %q, err %q)", code, st.code, out, errOut)
			}
			var lines []string
			for _, l := range strings.Split(out, "\n") {
				lines = append(lines, strings.Join(strings.Fields(l), " ")+" ")
			}
			for _, want := range st.out {
				if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, want) }) {
					t.Errorf("out lacks a line starting %q:\n%s", want, out)
				}
			}
			for _, not := range st.outNot {
				if strings.Contains(out, not) {
					t.Errorf("out holds %q:\n%s", not, out)
				}
			}
			if !strings.HasPrefix(errOut, st.err) {
				t.Errorf("stderr %q, want %q", errOut, st.err)
			}
		})
	}

	// --json is for scripts: the same keys and values as before.
	out, _, code := runIn(t, db, "", "users", "list", "--json")
	var users []map[string]any
	if err := json.Unmarshal([]byte(out), &users); code != 0 || err != nil || len(users) != 2 {
		t.Fatalf("json %q: %v", out, err)
	}
	var keys []string
	for k := range users[1] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if got := strings.Join(keys, " "); got != "createdAt displayName email emailConfirmed role status twoFactor uid updatedAt" {
		t.Errorf("json keys %q", got)
	}
	if users[1]["status"] != "disabled" || users[1]["role"] != "client" {
		t.Errorf("json values %v", users[1])
	}
}
