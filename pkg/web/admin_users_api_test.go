package web

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/event"
	"courtier/pkg/store"
)

// TestAdminCreateUser: POST /api/admin/users makes an account under the
// rules of `courtier users create`, for admins only; every refusal is a
// 4xx with a French message naming its field, and writes nothing.
func TestAdminCreateUser(t *testing.T) {
	e := newDeskEnv(t)
	post := func(name, as, body string, status int, field string, has ...string) deskCase {
		return deskCase{apiScenario: apiScenario{name: name, as: as, method: "POST", path: "/api/admin/users", body: body, status: status, field: field, contains: has}}
	}
	cases := []deskCase{
		post("an agent", "admin", `{"email":"Lea.Martin@exemple.fr","displayName":"Léa Martin","role":"agent"}`, 201, "",
			`"email":"lea.martin@exemple.fr"`, `"displayName":"Léa Martin"`, `"role":"agent"`, `"emailConfirmed":true`),
		post("an admin without a name", "admin", `{"email":"nadia@exemple.fr","role":"admin"}`, 201, "", `"role":"admin"`),
		post("a client", "admin", `{"email":"chloe@exemple.fr","displayName":"Chloé","role":"client"}`, 201, "", `"role":"client"`),
		post("bad e-mail", "admin", `{"email":"pas-une-adresse","role":"agent"}`, 400, "email", "Saisissez une adresse e-mail valide"),
		post("no e-mail", "admin", `{"role":"agent"}`, 400, "email", "Saisissez votre adresse e-mail."),
		post("existing e-mail", "admin", `{"email":"AGENT2@exemple.fr","role":"agent"}`, 409, "email", "Un compte existe déjà avec cette adresse e-mail."),
		post("bad role", "admin", `{"email":"z1@exemple.fr","role":"chef"}`, 400, "role", "Rôle inconnu «\u00a0chef\u00a0»"),
		post("hostile role", "admin", jsonOf(map[string]string{"email": "z2@exemple.fr", "role": "agent\u202e"}), 400, "role", "Rôle inconnu\u00a0: choisissez parmi admin, agent, client."),
		post("name too long", "admin", jsonOf(map[string]string{"email": "z3@exemple.fr", "displayName": strings.Repeat("é", 101)}), 400, "displayName", "100"),
		post("a password is not taken", "admin", `{"email":"z4@exemple.fr","password":"cheval-agrafe-correct-42"}`, 400, "", "champ inconnu"),
		post("malformed", "admin", `{"email":`, 400, "", "JSON valide"),
		post("huge", "admin", `{"email":"`+strings.Repeat("a", 2000)+`"}`, 400, "", "trop volumineuse"),
		post("an agent may not", "agent", `{"email":"z5@exemple.fr","role":"agent"}`, 403, ""),
		post("a client may not", "client", `{"email":"z6@exemple.fr","role":"admin"}`, 403, ""),
		post("a visitor may not", "anonymous", `{"email":"z7@exemple.fr"}`, 401, "", "Vous devez être connecté."),
	}
	e.run(t, cases)
	ctx := context.Background()
	for _, email := range []string{"z1", "z2", "z3", "z4", "z5", "z6", "z7"} {
		if _, err := e.svc.GetByEmail(ctx, email+"@exemple.fr"); err == nil {
			t.Errorf("a refused creation made %s@exemple.fr", email)
		}
	}
	// The new agent is sent the link to choose a password: the event of
	// the mail is recorded with the account.
	lea, err := e.svc.GetByEmail(ctx, "lea.martin@exemple.fr")
	if err != nil {
		t.Fatal(err)
	}
	var kind string
	err = e.app.Store.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT kind FROM events WHERE aggregate = ? ORDER BY id DESC LIMIT 1", event.AccountAggregate(lea.UID)).Scan(&kind)
	})
	if err != nil || kind != string(event.AccountInvited) {
		t.Errorf("last event of the new account: %q %v", kind, err)
	}
}

// TestAdminSearchUsers: GET /api/admin/users?q= narrows the list to a
// name or an e-mail, with the list's own JSON keys; admins only.
func TestAdminSearchUsers(t *testing.T) {
	e := newDeskEnv(t)
	get := func(name, as, query string, status int, field string, has []string, not ...string) deskCase {
		return deskCase{apiScenario: apiScenario{name: name, as: as, method: "GET", path: "/api/admin/users" + query, status: status, field: field, contains: has, notContains: not}}
	}
	cases := []deskCase{
		get("by e-mail", "admin", "?q=AGENT2", 200, "", []string{`{"users":[{"uid":"`, `"email":"agent2@exemple.fr"`, `"displayName":`, `"role":"agent"`, `"status":"active"`, `"createdAt":`, `"lastSeenAt":`}, "client@exemple.fr", `"admin@exemple.fr"`),
		get("every account", "admin", "?q=", 200, "", []string{"client@exemple.fr", "agent2@exemple.fr", "admin@exemple.fr"}),
		get("a wildcard is a character", "admin", "?q=%25", 200, "", []string{`{"users":[]}`}),
		get("nobody", "admin", "?q=personne", 200, "", []string{`{"users":[]}`}),
		get("too long", "admin", "?q="+strings.Repeat("a", 101), 400, "q", []string{"100\u00a0caractères"}),
		get("bidi", "admin", "?q=a%E2%80%AEb", 400, "q", []string{"caractères non autorisés"}),
		get("not UTF-8", "admin", "?q=%FF", 400, "q", nil),
		get("twice", "admin", "?q=a&q=b", 400, "q", []string{"ne peut être donné qu’une fois"}),
		get("an agent may not", "agent", "?q=client", 403, "", nil, "client@exemple.fr"),
		get("a client may not", "client", "?q=agent", 403, "", nil, "agent2@exemple.fr"),
	}
	e.run(t, cases)
}
