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
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// contractsEnv is an App with Marie's signed contract (a supporting
// document refused by an agent), Marie's draft, and Chloé's contract.
type contractsEnv struct {
	a             *app.App
	marie, chloe  account.Actor
	signed, draft *contract.Contract
	other         *contract.Contract
}

func newContractsEnv(t *testing.T) *contractsEnv {
	t.Helper()
	ctx := context.Background()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a, err := app.Open(ctx, app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	e := &contractsEnv{a: a}
	e.marie = contracttest.Client(t, a, "marie@exemple.fr", "Marie Durand")
	e.chloe = contracttest.Client(t, a, "chloe@exemple.fr", "Chloé Lefèvre")
	agent := account.ActorOf(accounttest.Staff(t, a.Accounts, account.NewUser{Email: "agent@exemple.fr",
		Password: contracttest.Password, DisplayName: "Alain Agent", Role: account.RoleAgent}, clock.Now()))
	e.signed = contracttest.Signed(t, a, e.marie, "2026-03-10", "AB-123-CD")
	contracttest.SendProof(t, a, e.marie, e.signed.ID, "licence")
	if _, err := a.Contracts.ReviewProof(ctx, agent, e.signed.ID, "licence", contract.Review{Reason: "Photo illisible"}); err != nil {
		t.Fatal(err)
	}
	e.other = contracttest.Signed(t, a, e.chloe, "2026-03-12", "EF-456-GH")
	e.draft = contracttest.Draft(t, a, e.marie, "2026-04-01", "GH-789-JK")
	return e
}

func (e *contractsEnv) session(t *testing.T, email string) *account.Session {
	t.Helper()
	_, sess, err := e.a.Accounts.SignIn(context.Background(), account.Credentials{Email: email, Password: contracttest.Password})
	if err != nil {
		t.Fatal(err)
	}
	return sess
}

// TestExportHasTheContracts: the export holds the account's contracts,
// their documents listed with their SHA-256 and API path, and no one
// else's data: not Chloé's contract, not the agent's name.
func TestExportHasTheContracts(t *testing.T) {
	e := newContractsEnv(t)
	s := New(Config{Accounts: e.a.Accounts, Kinds: e.a.Desk.Exports(), Contracts: e.a.Contracts})
	d, err := s.Export(context.Background(), e.session(t, "marie@exemple.fr"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.Write(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Contracts    []contract.Contract  `json:"contracts"`
		Policyholder account.Policyholder `json:"policyholder"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Contracts) != 2 || doc.Contracts[0].Number != e.draft.Number || doc.Contracts[1].Number != e.signed.Number {
		t.Fatalf("contracts %+v", doc.Contracts)
	}
	if doc.Policyholder.LastName != "Durand" || doc.Policyholder.Phone == "" {
		t.Errorf("the policyholder kept for next time: %+v", doc.Policyholder)
	}
	c := doc.Contracts[1]
	if len(c.Documents) == 0 || c.Mandate == nil || strings.Contains(c.Mandate.IBAN, "3456") {
		t.Errorf("documents %d, mandate %+v", len(c.Documents), c.Mandate)
	}
	for _, dc := range c.Documents {
		if len(dc.SHA256) != 64 || !strings.HasPrefix(dc.URL, "/api/contracts/"+c.ID+"/documents/") || dc.Title == "" || dc.IssuedAt.IsZero() {
			t.Errorf("document %+v", dc)
		}
	}
	if c.Proofs[0].Status != contract.ProofRefused || c.Proofs[0].Reason != "Photo illisible" {
		t.Errorf("proof %+v", c.Proofs[0])
	}
	text := buf.String()
	for _, other := range []string{e.other.Number, "Chloé", "Alain Agent", "agent@exemple.fr"} {
		if strings.Contains(text, other) {
			t.Errorf("the export holds %q", other)
		}
	}
	if !strings.Contains(text, `"actorName": "`+staffName+`"`) || !strings.Contains(text, `"actorName": "Marie Durand"`) {
		t.Error("the history lost its authors")
	}
}

// TestErasureKeepsTheSignedContracts: after the account's erasure its
// signed contract stays, without an owner, with its documents, evidence,
// mandate and schedule; the contract never signed goes, and its files.
func TestErasureKeepsTheSignedContracts(t *testing.T) {
	e := newContractsEnv(t)
	ctx := context.Background()
	count := func(q string, args ...any) int {
		var n int
		err := e.a.Store.ReadTx(ctx, func(tx *store.Tx) error { return tx.QueryRowContext(ctx, q, args...).Scan(&n) })
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	docs := count("SELECT COUNT(*) FROM contract_documents WHERE contract_id = ?", e.signed.ID)
	draftOnly := count(`SELECT COUNT(*) FROM contract_documents d WHERE contract_id = ? AND NOT EXISTS
		(SELECT 1 FROM contract_documents o WHERE o.sha256 = d.sha256 AND o.contract_id <> d.contract_id)`, e.draft.ID)
	files := count("SELECT COUNT(*) FROM files")
	if err := e.a.Accounts.DeleteAccount(ctx, e.session(t, "marie@exemple.fr"), contracttest.Password); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what string
		q    string
		args []any
		want int
	}{
		{"the signed contract, without owner", "SELECT COUNT(*) FROM contracts WHERE id = ? AND uid IS NULL", []any{e.signed.ID}, 1},
		{"its documents", "SELECT COUNT(*) FROM contract_documents WHERE contract_id = ?", []any{e.signed.ID}, docs},
		{"its signature's evidence", "SELECT COUNT(*) FROM signatures WHERE contract_id = ?", []any{e.signed.ID}, 1},
		{"its mandate", "SELECT COUNT(*) FROM mandates WHERE contract_id = ?", []any{e.signed.ID}, 1},
		{"its schedule", "SELECT COUNT(*) FROM debits WHERE contract_id = ?", []any{e.signed.ID}, 12},
		{"its supporting documents", "SELECT COUNT(*) FROM proofs WHERE contract_id = ? AND sha256 IS NOT NULL", []any{e.signed.ID}, 1},
		{"the draft", "SELECT COUNT(*) FROM contracts WHERE id = ?", []any{e.draft.ID}, 0},
		{"the draft's documents", "SELECT COUNT(*) FROM contract_documents WHERE contract_id = ?", []any{e.draft.ID}, 0},
		{"the draft's own files", "SELECT COUNT(*) FROM files", nil, files - draftOnly},
		{"Chloé's contract", "SELECT COUNT(*) FROM contracts WHERE id = ? AND uid IS NOT NULL", []any{e.other.ID}, 1},
	}
	for _, c := range checks {
		if got := count(c.q, c.args...); got != c.want {
			t.Errorf("%s: %d, want %d", c.what, got, c.want)
		}
	}
	if draftOnly == 0 {
		t.Error("the draft had no file of its own: the test proves nothing about the files")
	}
}
