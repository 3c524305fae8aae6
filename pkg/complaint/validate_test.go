package complaint

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
)

// TestFileValidation: every field's rule, for visitors and clients, with
// the hostile inputs of the earlier issues; a refused draft stores nothing.
func TestFileValidation(t *testing.T) {
	tests := []struct {
		name   string
		client bool
		change func(d *Draft)
		field  string
		msg    string
	}{
		{name: "a valid visitor's draft"},
		{name: "a valid client's draft", client: true},
		{name: "subject missing", change: func(d *Draft) { d.Subject = "" }, field: "subject", msg: "Indiquez l’objet"},
		{name: "subject of blanks", change: func(d *Draft) { d.Subject = " \u00a0\u200b\t" }, field: "subject", msg: "Indiquez l’objet"},
		{name: "subject too short", change: func(d *Draft) { d.Subject = "Nul" }, field: "subject", msg: "au moins 5\u00a0caractères"},
		{name: "subject of 200 characters", change: func(d *Draft) { d.Subject = strings.Repeat("é", 200) }},
		{name: "subject of 201 characters", change: func(d *Draft) { d.Subject = strings.Repeat("é", 201) }, field: "subject", msg: "200\u00a0caractères"},
		{name: "subject with a line break", change: func(d *Draft) { d.Subject = "Objet\nsur deux lignes" }, field: "subject", msg: "caractères non autorisés"},
		{name: "subject with a bidi override", change: func(d *Draft) { d.Subject = "Objet \u202eelbisivni" }, field: "subject", msg: "caractères non autorisés"},
		{name: "subject not UTF-8", change: func(d *Draft) { d.Subject = "Objet \xff\xfe" }, field: "subject", msg: "caractères non autorisés"},
		{name: "concerns left empty", change: func(d *Draft) { d.Concerns = "" }},
		{name: "concerns of 101 characters", change: func(d *Draft) { d.Concerns = strings.Repeat("1", 101) }, field: "concerns", msg: "100\u00a0caractères"},
		{name: "concerns with a NUL", change: func(d *Draft) { d.Concerns = "DV\x00-2026" }, field: "concerns", msg: "caractères non autorisés"},
		{name: "facts missing", change: func(d *Draft) { d.Facts = "" }, field: "facts", msg: "Décrivez les faits"},
		{name: "facts too short", change: func(d *Draft) { d.Facts = "Pas content." }, field: "facts", msg: "au moins 20\u00a0caractères"},
		{name: "facts of 10 000 characters", change: func(d *Draft) { d.Facts = strings.Repeat("a", 10000) }},
		{name: "facts of 10 001 characters", change: func(d *Draft) { d.Facts = strings.Repeat("a", 10001) }, field: "facts", msg: "10\u00a0000\u00a0caractères"},
		{name: "facts on several lines", change: func(d *Draft) { d.Facts = "Premier fait.\r\nSecond fait, le lendemain." }},
		{name: "facts with an escape sequence", change: func(d *Draft) { d.Facts = "Le texte \x1b[31m en rouge dans un terminal" }, field: "facts", msg: "caractères non autorisés"},
		{name: "demand missing", change: func(d *Draft) { d.Demand = "\n\n" }, field: "demand", msg: "Indiquez ce que vous demandez"},
		{name: "demand of 5 001 characters", change: func(d *Draft) { d.Demand = strings.Repeat("b", 5001) }, field: "demand", msg: "5\u00a0000\u00a0caractères"},
		{name: "visitor without a name", change: func(d *Draft) { d.Name = "" }, field: "name", msg: "Indiquez votre nom"},
		{name: "visitor name of one letter", change: func(d *Draft) { d.Name = "J" }, field: "name", msg: "au moins 2\u00a0caractères"},
		{name: "visitor without an e-mail", change: func(d *Draft) { d.Email = "" }, field: "email", msg: "Saisissez votre adresse e-mail"},
		{name: "visitor e-mail not one", change: func(d *Draft) { d.Email = "jeanne@exemple" }, field: "email", msg: "adresse e-mail valide"},
		{name: "visitor e-mail in look-alikes", change: func(d *Draft) { d.Email = "ｊｅａｎｎｅ@exemple.fr" }, field: "email", msg: "imitent"},
		{name: "visitor e-mail with a display name", change: func(d *Draft) { d.Email = "Jeanne <jeanne@exemple.fr>" }, field: "email", msg: "adresse e-mail valide"},
		{name: "a French phone", change: func(d *Draft) { d.Phone = "06 39 98 12 34" }},
		{name: "a phone that is not one", change: func(d *Draft) { d.Phone = "06 39 98" }, field: "phone", msg: "numéro de téléphone valide"},
		{name: "a client's phone that is not one", client: true, change: func(d *Draft) { d.Phone = "appelez-moi" }, field: "phone", msg: "numéro de téléphone valide"},
		{name: "client: name and e-mail of the draft ignored", client: true, change: func(d *Draft) { d.Name, d.Email = "", "pas une adresse" }},
		{name: "consent not given", change: func(d *Draft) { d.Consent = false }, field: "consent", msg: "Cochez la case"},
		{name: "the first field wrong is named", change: func(d *Draft) { d.Facts, d.Consent, d.Email = "", false, "" }, field: "facts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			d := draft()
			if tt.change != nil {
				tt.change(&d)
			}
			actor := account.Visitor
			if tt.client {
				actor = e.client
			}
			f, err := e.svc.File(context.Background(), actor, d)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !strings.HasPrefix(f.Ref, "RC-2026-") {
					t.Errorf("ref %q", f.Ref)
				}
				return
			}
			if codeOf(err) != apperr.EINVALID || fieldOf(err) != tt.field || !strings.Contains(apperr.MessageOf(err), tt.msg) {
				t.Fatalf("got %v (field %q), want %s: …%s…", err, fieldOf(err), tt.field, tt.msg)
			}
			if q, _ := e.desk.Queue(context.Background(), e.admin, desk.Filter{State: "all"}); len(q) != 0 {
				t.Errorf("a refused complaint was stored: %+v", q)
			}
		})
	}
}

// TestFileStoresWhatWasWritten: the identity is the account's for a
// client, the draft's for a visitor, and the texts are kept cleaned.
func TestFileStoresWhatWasWritten(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	d := draft()
	d.Subject, d.Phone, d.Facts = "  Remboursement non reçu  ", "06.39.98.12.34", "Premier fait.\r\nSecond fait, le lendemain."
	d.Name, d.Email = "Usurpateur", "usurpateur@exemple.fr"
	f, err := e.svc.File(ctx, e.client, d)
	if err != nil {
		t.Fatal(err)
	}
	r := e.request(t, f.ID).Request
	if r.Name != "Claire Martin" || r.Email != "claire@exemple.fr" || r.Phone != "0639981234" || !r.Client {
		t.Errorf("identity %+v", r)
	}
	if r.Summary != "Remboursement non reçu" || r.Kind != "complaint" || r.KindLabel != "Réclamation" || r.StatusLabel != "Nouvelle" {
		t.Errorf("request %+v", r)
	}
	c, err := e.svc.StaffDetail(ctx, e.agent, f.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Facts != "Premier fait.\nSecond fait, le lendemain." || c.Concerns != "DV-2026-000001" || c.ConsentAt == "" {
		t.Errorf("complaint %+v", c)
	}
	v := draft()
	v.Email = "  Jeanne@Exemple.FR "
	f, err = e.svc.File(ctx, account.Visitor, v)
	if err != nil {
		t.Fatal(err)
	}
	if r := e.request(t, f.ID).Request; r.Name != "Jeanne Visiteuse" || r.Email != "jeanne@exemple.fr" || r.Client {
		t.Errorf("visitor %+v", r)
	}
}
