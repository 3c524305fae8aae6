package contract_test

import (
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/claim"
)

// Before an account is deleted its owner reads what stays (a signed
// contract under its retention, an open claim), and the mail of the
// deletion says it too.
func TestErasureSaysWhatStays(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	if _, err := f.app.Claims.Declare(f.ctx, f.marie, claim.Draft{Insurer: "MAAF", PolicyNumber: "AB-123456", Product: "home",
		Kind: "water", OccurredAt: "2026-03-01", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
		Answers: map[string]string{"place": "Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}}); err != nil {
		t.Fatal(err)
	}
	_, sess, err := f.app.Accounts.SignIn(f.ctx, account.Credentials{Email: f.marie.Email, Password: password, IP: "203.0.113.7"})
	if err != nil {
		t.Fatal(err)
	}
	kept, err := f.app.Accounts.Kept(f.ctx, sess)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(kept, "\n")
	for _, want := range []string{"contrat n°\u00a0" + c.Number, "5\u00a0ans après la fin de sa couverture", "continue de vous couvrir", "toujours en cours"} {
		if !strings.Contains(all, want) {
			t.Errorf("what stays lacks %q:\n%s", want, all)
		}
	}
	if err := f.app.Accounts.DeleteAccount(f.ctx, sess, password); err != nil {
		t.Fatal(err)
	}
	var deleted struct{ Kept []string }
	f.lastPayload(t, "account.deleted", &deleted)
	if strings.Join(deleted.Kept, "\n") != all {
		t.Errorf("the mail's list %q, the page's %q", deleted.Kept, kept)
	}
}
