package contact

import (
	"context"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
)

func TestSendMessageByRole(t *testing.T) {
	tests := []struct {
		who                string
		code               apperr.Code
		wantName, wantMail string
	}{
		{who: "visitor", wantName: "Léa Martin", wantMail: "lea.martin@exemple.fr"},
		{who: "client", wantName: "Client", wantMail: "client@exemple.fr"},
		{who: "agent", code: apperr.EFORBIDDEN},
		{who: "admin", code: apperr.EFORBIDDEN},
	}
	for _, tt := range tests {
		t.Run(tt.who, func(t *testing.T) {
			f := newFixture(t, monday)
			rc, err := f.svc.SendMessage(context.Background(), f.people[tt.who], visitorMessage())
			checkCode(t, err, tt.code, "", "")
			if tt.code != "" {
				return
			}
			if !strings.HasPrefix(rc.Ref, "MS-2026-") || rc.Kind != desk.KindContact {
				t.Errorf("receipt %+v", rc)
			}
			r := f.request(t, rc.ID).Request
			if r.Name != tt.wantName || r.Email != tt.wantMail || r.Phone != "0639981234" || r.Status != StatusReceived ||
				r.Summary != "Question sur un contrat" || r.Client != (tt.who == "client") {
				t.Errorf("stored %+v", r)
			}
			m, err := f.svc.StaffMessage(context.Background(), f.people["agent"], rc.ID)
			if err != nil || m.Message != visitorMessage().Message || m.Subject != "contract" || m.ConsentAt == "" {
				t.Errorf("detail %+v, %v", m, err)
			}
		})
	}
}

func TestSendMessageValidation(t *testing.T) {
	with := func(change func(d *MessageDraft)) MessageDraft {
		d := visitorMessage()
		change(&d)
		return d
	}
	tests := []struct {
		name    string
		who     string
		draft   MessageDraft
		field   string
		message string
	}{
		{"no name", "visitor", with(func(d *MessageDraft) { d.Name = "  " }), "name", "Indiquez votre nom"},
		{"one-letter name", "visitor", with(func(d *MessageDraft) { d.Name = "L" }), "name", "au moins 2"},
		{"name too long", "visitor", with(func(d *MessageDraft) { d.Name = strings.Repeat("a", 101) }), "name", "100 caractères"},
		{"name with a bidi control", "visitor", with(func(d *MessageDraft) { d.Name = "Léa\u202eMartin" }), "name", "non autorisés"},
		{"no e-mail", "visitor", with(func(d *MessageDraft) { d.Email = "" }), "email", "adresse e-mail"},
		{"bad e-mail", "visitor", with(func(d *MessageDraft) { d.Email = "lea@" }), "email", "adresse e-mail valide"},
		{"e-mail with a zero-width space", "visitor", with(func(d *MessageDraft) { d.Email = "lea\u200b@exemple.fr" }), "email", "invisibles"},
		{"bad phone", "visitor", with(func(d *MessageDraft) { d.Phone = "06 39" }), "phone", "numéro de téléphone valide"},
		{"no subject", "visitor", with(func(d *MessageDraft) { d.Subject = "" }), "subject", "l’objet"},
		{"unknown subject", "client", with(func(d *MessageDraft) { d.Subject = "Sinistre" }), "subject", "l’objet"},
		{"no message", "client", with(func(d *MessageDraft) { d.Message = "\n \t" }), "message", "Écrivez votre message"},
		{"message of 9 characters", "client", with(func(d *MessageDraft) { d.Message = "Bonjour !" }), "message", "au moins 10"},
		{"message of 5001 characters", "client", with(func(d *MessageDraft) { d.Message = strings.Repeat("é", 5001) }), "message", "5\u202f000 caractères au plus"},
		{"message with a control character", "client", with(func(d *MessageDraft) { d.Message = "Bonjour\x00 madame, merci" }), "message", "non autorisés"},
		{"invalid UTF-8", "visitor", with(func(d *MessageDraft) { d.Message = "Bonjour \xff madame, merci" }), "message", "non autorisés"},
		{"no consent", "client", with(func(d *MessageDraft) { d.Consent = false }), "consent", "Cochez la case"},
		{"first error wins", "visitor", with(func(d *MessageDraft) { d.Email = "x"; d.Message = "" }), "email", "adresse e-mail"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, monday)
			_, err := f.svc.SendMessage(context.Background(), f.people[tt.who], tt.draft)
			checkCode(t, err, apperr.EINVALID, tt.field, tt.message)
		})
	}
}

func TestClientNameAndEmailComeFromTheAccount(t *testing.T) {
	f := newFixture(t, monday)
	d := visitorMessage()
	d.Name, d.Email = "", "pas une adresse"
	rc, err := f.svc.SendMessage(context.Background(), f.people["client"], d)
	if err != nil {
		t.Fatal(err)
	}
	if r := f.request(t, rc.ID).Request; r.Name != "Client" || r.Email != "client@exemple.fr" {
		t.Errorf("stored %s <%s>", r.Name, r.Email)
	}
	// An account without a display name keeps the name typed, if any.
	nameless := account.Actor{UID: f.people["other"].UID, Role: account.RoleClient, Email: "other@exemple.fr"}
	d.Name = "Paul Durand"
	if rc, err = f.svc.SendMessage(context.Background(), nameless, d); err != nil {
		t.Fatal(err)
	}
	if r := f.request(t, rc.ID).Request; r.Name != "Paul Durand" {
		t.Errorf("stored name %q", r.Name)
	}
}

// TestMessageDeadlines: a message is due at closing time of the second
// working day after the day it arrives (company.json: 2), Saturday
// counting, Sundays and public holidays not.
func TestMessageDeadlines(t *testing.T) {
	tests := []struct {
		name      string
		sent, due time.Time
	}{
		{"Monday morning", monday, at(2026, time.March, 4, 18, 0)},
		{"Friday evening, over the weekend", at(2026, time.March, 6, 17, 0), at(2026, time.March, 9, 18, 0)},
		{"Saturday morning", at(2026, time.March, 7, 10, 0), at(2026, time.March, 10, 18, 0)},
		{"Sunday", at(2026, time.March, 8, 15, 0), at(2026, time.March, 10, 18, 0)},
		{"before 1 May", at(2026, time.April, 30, 10, 0), at(2026, time.May, 4, 18, 0)},
		{"before 14 July", at(2026, time.July, 13, 10, 0), at(2026, time.July, 16, 18, 0)},
		{"before Christmas, due a Saturday", at(2026, time.December, 23, 10, 0), at(2026, time.December, 26, 12, 0)},
		{"across the change to summer time", at(2026, time.March, 27, 10, 0), at(2026, time.March, 30, 18, 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, tt.sent)
			rc := f.message(t, account.Visitor)
			due, _ := time.Parse(time.RFC3339, rc.DueAt)
			if !due.Equal(tt.due) {
				t.Errorf("due %s, want %s", due.In(paris), tt.due)
			}
			if got := f.request(t, rc.ID).Request.DueAt; got != rc.DueAt {
				t.Errorf("stored due %s, receipt %s", got, rc.DueAt)
			}
		})
	}
}

func TestReplyByRole(t *testing.T) {
	tests := []struct {
		who  string
		code apperr.Code
	}{
		{"visitor", apperr.EUNAUTHORIZED},
		{"client", apperr.EFORBIDDEN},
		{"other", apperr.EFORBIDDEN},
		{"agent", ""},
		{"agent2", apperr.EFORBIDDEN},
		{"admin", ""},
	}
	for _, tt := range tests {
		t.Run(tt.who, func(t *testing.T) {
			f := newFixture(t, monday)
			rc := f.message(t, f.people["client"])
			f.take(t, rc.ID, "agent")
			reply, err := f.svc.Reply(context.Background(), f.people[tt.who], rc.ID, "Bonjour, c'est fait.")
			checkCode(t, err, tt.code, "", "")
			r := f.request(t, rc.ID)
			if tt.code != "" {
				if r.Request.Status != StatusInProgress || len(r.Replies) != 0 { // where taking it put it
					t.Errorf("refused reply changed the request: %+v", r)
				}
				return
			}
			if reply.Label != "Réponse" || r.Request.Status != StatusAnswered || r.Request.DueAt != "" || len(r.Replies) != 1 {
				t.Errorf("after the reply: %+v %+v", reply, r.Request)
			}
		})
	}
}

// TestReplyTransitions: a message may be answered while received, in
// progress or already answered, never once closed; it ends answered.
func TestReplyTransitions(t *testing.T) {
	tests := []struct {
		from desk.Status
		code apperr.Code
	}{
		{StatusReceived, ""}, {StatusInProgress, ""}, {StatusAnswered, ""}, {StatusClosed, apperr.ECONFLICT},
	}
	for _, tt := range tests {
		t.Run(string(tt.from), func(t *testing.T) {
			f := newFixture(t, monday)
			rc := f.message(t, account.Visitor)
			f.take(t, rc.ID, "agent")
			f.setStatus(t, rc.ID, tt.from)
			_, err := f.svc.Reply(context.Background(), f.people["agent"], rc.ID, "Réponse")
			checkCode(t, err, tt.code, "", "rouvrez-le")
			want := StatusAnswered
			if tt.code != "" {
				want = tt.from
			}
			if got := f.request(t, rc.ID).Request.Status; got != want {
				t.Errorf("status %s, want %s", got, want)
			}
		})
	}
}

func TestReplyRefusals(t *testing.T) {
	f := newFixture(t, monday)
	rc := f.message(t, account.Visitor)
	cb := f.callback(t, account.Visitor)
	f.take(t, rc.ID, "agent")
	f.take(t, cb.ID, "agent")
	agent := f.people["agent"]
	tests := []struct {
		name, id, body string
		code           apperr.Code
		field          string
	}{
		{"empty body", rc.ID, " \n ", apperr.EINVALID, "body"},
		{"body too long", rc.ID, strings.Repeat("a", 5001), apperr.EINVALID, "body"},
		{"unknown id", "inconnu", "Bonjour", apperr.ENOTFOUND, ""},
		{"a callback is not a message", cb.ID, "Bonjour", apperr.ENOTFOUND, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := f.svc.Reply(context.Background(), agent, tt.id, tt.body)
			checkCode(t, err, tt.code, tt.field, "")
		})
	}
}

// TestTheClientReadsTheReply: the answer shows in desk.Mine with the
// client's label of the status, and never to another client.
func TestTheClientReadsTheReply(t *testing.T) {
	f := newFixture(t, monday)
	ctx := context.Background()
	rc := f.message(t, f.people["client"])
	f.take(t, rc.ID, "admin")
	if _, err := f.svc.Reply(ctx, f.people["admin"], rc.ID, "Votre conducteur est ajouté."); err != nil {
		t.Fatal(err)
	}
	mine, err := f.desk.Mine(ctx, f.people["client"])
	if err != nil || len(mine) != 1 {
		t.Fatalf("mine %+v, %v", mine, err)
	}
	if m := mine[0]; m.Ref != rc.Ref || m.StatusLabel != "Répondu" || len(m.Replies) != 1 || m.Replies[0].Body != "Votre conducteur est ajouté." || m.Replies[0].AuthorName != "Admin" {
		t.Errorf("client view %+v", m)
	}
	if others, _ := f.desk.Mine(ctx, f.people["other"]); len(others) != 0 {
		t.Errorf("another client sees %+v", others)
	}
}

func TestStaffMessageByRole(t *testing.T) {
	f := newFixture(t, monday)
	rc := f.message(t, f.people["client"])
	cb := f.callback(t, f.people["client"])
	for who, code := range map[string]apperr.Code{"visitor": apperr.EUNAUTHORIZED, "client": apperr.EFORBIDDEN, "other": apperr.EFORBIDDEN,
		"agent": "", "agent2": "", "admin": ""} {
		_, err := f.svc.StaffMessage(context.Background(), f.people[who], rc.ID)
		checkCode(t, err, code, "", "")
		_, err = f.svc.StaffCallback(context.Background(), f.people[who], cb.ID)
		checkCode(t, err, code, "", "")
	}
	_, err := f.svc.StaffMessage(context.Background(), f.people["agent"], cb.ID)
	checkCode(t, err, apperr.ENOTFOUND, "", "")
	_, err = f.svc.StaffCallback(context.Background(), f.people["agent"], rc.ID)
	checkCode(t, err, apperr.ENOTFOUND, "", "")
}
