package privacy

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/claim"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// claimsEnv is an App where Marie declared a water damage with a photo
// and an agent wrote to her, and Chloé declared hers.
type claimsEnv struct {
	a            *app.App
	clock        *storetest.Clock
	agent        account.Actor
	mine, chloes *claim.Claim
	marie, chloe account.Actor
}

func newClaimsEnv(t *testing.T) *claimsEnv {
	t.Helper()
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	e := &claimsEnv{a: a, clock: clock}
	e.marie = contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	e.chloe = contracttest.Client(t, a, "chloe@exemple.fr", "Chloé Lefèvre")
	e.agent = account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr",
		Password: contracttest.Password, DisplayName: "Alain Agent", Role: account.RoleAgent}, clock.Now()))
	declare := func(who account.Actor, policy string) *claim.Claim {
		c, err := a.Claims.Declare(ctx, who, claim.Draft{Insurer: "Assurances Exemple SA", PolicyNumber: policy, Product: "home",
			Kind: "water", OccurredAt: "2026-03-01", Description: "Fuite sous l'évier de la cuisine, parquet gonflé.",
			Answers: map[string]string{"place": "Lyon", "rooms": "Cuisine", "waterStopped": "yes", "waterSource": "mine"}})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	e.mine, e.chloes = declare(e.marie, "AB-123456"), declare(e.chloe, "CD-987654")
	if _, err := a.Claims.AddFile(ctx, e.marie, e.mine.ID, claim.Upload{Name: "parquet.jpg", MIME: "image/jpeg", Data: []byte("\xff\xd8\xff parquet"), SHA256: "s"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Desk.Take(ctx, e.agent, e.mine.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Claims.Write(ctx, e.agent, e.mine.ID, "Bonjour, nous transmettons votre dossier aujourd'hui."); err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *claimsEnv) count(t *testing.T, q string, args ...any) int {
	t.Helper()
	ctx := context.Background()
	var n int
	if err := e.a.Store.ReadTx(ctx, func(tx *store.Tx) error { return tx.QueryRowContext(ctx, q, args...).Scan(&n) }); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestExportHasTheClaims: the export holds the client's claims with
// their files listed and messages signed by the firm; not Chloé's claim,
// not the agent's name.
func TestExportHasTheClaims(t *testing.T) {
	e := newClaimsEnv(t)
	ctx := context.Background()
	_, sess, err := e.a.Accounts.SignIn(ctx, account.Credentials{Email: "marie@exemple.fr", Password: contracttest.Password})
	if err != nil {
		t.Fatal(err)
	}
	d, err := New(Config{Accounts: e.a.Accounts, Kinds: e.a.Desk.Exports()}).Export(ctx, sess)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Write(ctx, &buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Claims []claim.Claim `json:"claims"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Claims) != 1 || doc.Claims[0].Ref != e.mine.Ref || len(doc.Claims[0].Files) != 1 || len(doc.Claims[0].Messages) != 1 {
		t.Fatalf("claims %+v", doc.Claims)
	}
	c := doc.Claims[0]
	if c.Files[0].URL != "/api/claims/"+c.ID+"/files/"+c.Files[0].ID || c.Messages[0].AuthorName != staffName || len(c.History) == 0 {
		t.Errorf("files %+v, messages %+v", c.Files, c.Messages)
	}
	for _, other := range []string{e.chloes.Ref, "CD-987654", "Alain Agent", "agent@exemple.fr"} {
		if strings.Contains(buf.String(), other) {
			t.Errorf("the export holds %q", other)
		}
	}
}

// TestErasureKeepsTheClaims: an erased client's claims stay, without an
// account, with their files, until Retention after they end; then they
// go, with the files nothing else names.
func TestErasureKeepsTheClaims(t *testing.T) {
	e := newClaimsEnv(t)
	ctx := context.Background()
	_, sess, err := e.a.Accounts.SignIn(ctx, account.Credentials{Email: "marie@exemple.fr", Password: contracttest.Password})
	if err != nil {
		t.Fatal(err)
	}
	files := e.count(t, "SELECT COUNT(*) FROM files")
	if err := e.a.Accounts.DeleteAccount(ctx, sess, contracttest.Password); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		what string
		q    string
		want int
	}{
		{"the claim, without its account", "SELECT COUNT(*) FROM requests WHERE id = '" + e.mine.ID + "' AND uid IS NULL", 1},
		{"its file", "SELECT COUNT(*) FROM claim_files WHERE claim_id = '" + e.mine.ID + "'", 1},
		{"the stored files", "SELECT COUNT(*) FROM files", files},
		{"Chloé's claim", "SELECT COUNT(*) FROM requests WHERE id = '" + e.chloes.ID + "' AND uid IS NOT NULL", 1},
	} {
		if got := e.count(t, c.q); got != c.want {
			t.Errorf("%s: %d, want %d", c.what, got, c.want)
		}
	}
	if _, err := e.a.Claims.Move(ctx, e.agent, e.mine.ID, claim.MoveInput{Status: "closed"}); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(claim.Retention - time.Hour)
	if n, err := e.a.Claims.PurgeExpired(ctx); err != nil || n != 0 {
		t.Fatalf("purged %d before its time: %v", n, err)
	}
	e.clock.Advance(2 * time.Hour)
	if n, err := e.a.Claims.PurgeExpired(ctx); err != nil || n != 1 {
		t.Fatalf("purged %d after its time: %v", n, err)
	}
	if got := e.count(t, "SELECT COUNT(*) FROM claims"); got != 1 {
		t.Errorf("%d claims left, want Chloé's", got)
	}
	if got := e.count(t, "SELECT COUNT(*) FROM files"); got != files-1 {
		t.Errorf("%d files left, want %d", got, files-1)
	}
}
