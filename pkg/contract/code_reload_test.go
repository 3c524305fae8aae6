package contract_test

import (
	"testing"
	"time"

	"courtier/pkg/contract"
)

// A page reloaded after « Recevoir mon code » finds the code sent while
// it holds, so the client types the code of the mail rather than being
// refused another within a minute.
func TestCodeSentFoundAfterReload(t *testing.T) {
	f := newFixture(t)
	c := f.draft(t)
	if c.CodeSent != nil {
		t.Fatalf("before any code: %+v", c.CodeSent)
	}
	sent, err := f.app.Contracts.SendCode(f.ctx, f.marie, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(9 * time.Minute)
	if c, err = f.app.Contracts.Get(f.ctx, f.marie, c.ID); err != nil {
		t.Fatal(err)
	}
	if c.CodeSent == nil || !c.CodeSent.SentAt.Equal(sent.SentAt) || !c.CodeSent.ExpiresAt.Equal(sent.ExpiresAt) || c.CodeSent.SentTo != sent.SentTo {
		t.Fatalf("after a reload: %+v, sent %+v", c.CodeSent, sent)
	}
	if staff, _ := f.app.Contracts.Get(f.ctx, f.agent, c.ID); staff.CodeSent != nil {
		t.Errorf("staff read the code sent: %+v", staff.CodeSent)
	}
	f.clock.Advance(time.Minute)
	if c, _ = f.app.Contracts.Get(f.ctx, f.marie, c.ID); c.CodeSent != nil {
		t.Errorf("expired code still offered: %+v", c.CodeSent)
	}
	signed := f.sign(t, c)
	if signed.CodeSent != nil || signed.Status == contract.StatusPending {
		t.Errorf("signed: %s %+v", signed.Status, signed.CodeSent)
	}
}
