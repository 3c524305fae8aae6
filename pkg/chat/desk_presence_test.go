package chat

import (
	"context"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/store"
)

// signedIn gives staff a session that served a request now, as a page of
// the desk does.
func (e *liveEnv) signedIn(t *testing.T, staff account.Actor) {
	t.Helper()
	now := e.clock.Now()
	err := e.db.WriteTx(context.Background(), func(tx *store.Tx) error {
		_, err := tx.ExecContext(context.Background(), `INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?)`, "s-"+staff.UID, "0123456789abcdef0123456789abcdef", staff.UID,
			store.FormatTime(now), store.FormatTime(now), store.FormatTime(now.Add(12*time.Hour)))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// An agent working in the desk, with no conversations page open, counts
// as present for the chat while their session was used recently, unless
// they switched « Absent » (a Monday afternoon said « Aucun conseiller en
// ligne » while one worked in the desk).
func TestAgentInTheDeskAnswersTheChat(t *testing.T) {
	ctx := context.Background()
	e := newLiveEnv(t)
	e.signedIn(t, e.arthur)
	e.svc.refreshAvailability(ctx)
	if !e.svc.Available() {
		t.Fatal("an agent working in the desk does not count")
	}
	mustDo(t, e.svc.SetAway(ctx, e.arthur, true))
	if e.svc.Available() {
		t.Error("an agent away in the desk counts")
	}
	mustDo(t, e.svc.SetAway(ctx, e.arthur, false))
	e.clock.Advance(DeskPresence + time.Second)
	e.svc.refreshAvailability(ctx)
	if e.svc.Available() {
		t.Error("an agent idle for longer than DeskPresence still counts")
	}
}
