package account

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/event"
)

// lastToken returns the token of the newest event of kind, and its payload.
func (f *fixture) lastToken(t *testing.T, kind event.Kind) event.AccountPayload {
	t.Helper()
	kinds, payloads := f.events(t)
	for i := len(kinds) - 1; i >= 0; i-- {
		if kinds[i] == kind {
			return payloads[i]
		}
	}
	t.Fatalf("no %s among %v", kind, kinds)
	return event.AccountPayload{}
}

func TestConfirmEmailAtSignUp(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	u, sess, err := f.svc.Register(ctx, NewUser{Email: "marie@exemple.fr", Password: goodPassword}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if u.EmailConfirmed {
		t.Fatal("a sign-up is confirmed before its link")
	}
	// Signed in, unconfirmed: the session works and says what waits.
	me, _, err := f.svc.Authenticate(ctx, sess.Token)
	if err != nil || me.EmailConfirmed {
		t.Fatalf("authenticate: %v, confirmed %v", err, me != nil && me.EmailConfirmed)
	}
	first := f.lastToken(t, event.EmailConfirmAsked)
	if first.Email != "marie@exemple.fr" || first.Token == "" {
		t.Fatalf("payload %+v", first)
	}
	// Resent, up to 3 links an hour.
	for i := range 3 {
		err := f.svc.ResendConfirmation(ctx, sess)
		if want := i < 2; (err == nil) != want {
			t.Errorf("resend %d: %v", i+1, err)
		}
	}
	if _, err := f.svc.ConfirmEmail(ctx, "inconnu"); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("unknown link: %v", err)
	}
	got, err := f.svc.ConfirmEmail(ctx, first.Token)
	if err != nil || !got.EmailConfirmed {
		t.Fatalf("confirm: %v", err)
	}
	if me, _, _ := f.svc.Authenticate(ctx, sess.Token); me == nil || !me.EmailConfirmed {
		t.Error("the session still reads the address unconfirmed")
	}
	if _, err := f.svc.ConfirmEmail(ctx, first.Token); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("link used twice: %v", err)
	}
	if err := f.svc.ResendConfirmation(ctx, sess); apperr.CodeOf(err) != apperr.ECONFLICT {
		t.Errorf("resend once confirmed: %v", err)
	}
	// An account an admin makes counts as confirmed and is sent nothing.
	staff := f.mustCreate(t, "agent@exemple.fr", RoleAgent)
	if !staff.EmailConfirmed {
		t.Error("an account made by an admin waits for a confirmation")
	}
}

func TestEmailChangeAndUndo(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	u, sess, err := f.svc.Register(ctx, NewUser{Email: "marie@exemple.fr", Password: goodPassword, DisplayName: "Marie"}, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.ConfirmEmail(ctx, f.lastToken(t, event.EmailConfirmAsked).Token); err != nil {
		t.Fatal(err)
	}
	newEmail := "pirate@exemple.fr"
	changed, fresh, err := f.svc.UpdateProfile(ctx, sess, ProfileUpdate{Email: &newEmail, CurrentPassword: goodPassword})
	if err != nil {
		t.Fatal(err)
	}
	if changed.EmailConfirmed {
		t.Error("the new address counts as confirmed before its link")
	}
	told := f.lastToken(t, event.EmailChanged)
	if told.Email != "marie@exemple.fr" || told.NewEmail != newEmail || told.Token == "" || !told.Expires.Equal(f.clock.Now().Add(UndoValid)) {
		t.Fatalf("the old address is told %+v", told)
	}
	if ask := f.lastToken(t, event.EmailConfirmAsked); ask.Email != newEmail {
		t.Errorf("confirmation sent to %s", ask.Email)
	}
	// A confirmation link sent to the old address no longer confirms anything.
	f.clock.Advance(6 * 24 * time.Hour)
	back, err := f.svc.UndoEmailChange(ctx, told.Token)
	if err != nil {
		t.Fatal(err)
	}
	if back.Email != "marie@exemple.fr" || !back.EmailConfirmed {
		t.Errorf("after the undo: %+v", back)
	}
	if _, _, err := f.svc.Authenticate(ctx, fresh.Token); err == nil {
		t.Error("the session of whoever changed the address survived the undo")
	}
	if _, err := f.svc.UndoEmailChange(ctx, told.Token); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("undo twice: %v", err)
	}
	if _, _, err := f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword, IP: "192.0.2.1"}); err != nil {
		t.Errorf("the owner cannot sign in at the old address: %v", err)
	}
	_ = u

	// Past 7 days the undo link is dead.
	_, sess2, err := f.svc.SignIn(ctx, Credentials{Email: "marie@exemple.fr", Password: goodPassword, IP: "192.0.2.1"})
	if err != nil {
		t.Fatal(err)
	}
	other := "marie.d@exemple.fr"
	if _, _, err := f.svc.UpdateProfile(ctx, sess2, ProfileUpdate{Email: &other, CurrentPassword: goodPassword}); err != nil {
		t.Fatal(err)
	}
	late := f.lastToken(t, event.EmailChanged)
	f.clock.Advance(UndoValid + time.Minute)
	if _, err := f.svc.UndoEmailChange(ctx, late.Token); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("undo after 7 days: %v", err)
	}
}
