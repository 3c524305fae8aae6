package web

import (
	"context"
	"encoding/json"
	"testing"

	"courtier/pkg/store"
)

// suspend writes by hand what the day's work leaves 40 days after a
// rejected debit (the return files and the clock are pkg/contract's, and
// tested there): the first debit rejected, its incident past the mise en
// demeure, the contract « Suspendu ». Its dates are those of the test's
// clock, which stays on the day the contract is signed: the sessions of
// the test would not outlive 40 days.
func (e *contractEnv) suspend(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	at := store.FormatTime(e.clock.Now())
	err := e.app.Store.WriteTx(ctx, func(tx *store.Tx) error {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{"UPDATE debits SET status = 'rejected', reason_code = 'AM04', reason_label = 'Provision insuffisante' WHERE contract_id = ? AND seq = 1", []any{e.id}},
			{`INSERT INTO payment_incidents (contract_id, seq, opened_at, due_date, amount_cents, reason_label, reference, notice_at, suspended_at)
				SELECT contract_id, seq, ?, '2026-03-02', amount_cents, 'Provision insuffisante', 'IMP-TEST-01', ?, ? FROM debits WHERE contract_id = ? AND seq = 1`,
				[]any{at, at, at, e.id}},
			{"UPDATE contracts SET status = 'suspended' WHERE id = ?", []any{e.id}},
		} {
			if _, err := tx.ExecContext(ctx, q.sql, q.args...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPaymentIncidentThroughTheAPI: a suspended contract says why and
// gives no Mémo (409, in French), to its owner nor to staff; staff record
// the payment (every wrong field named, in French), which brings the Mémo
// back; nobody else may record one, nor read another's contract.
func TestPaymentIncidentThroughTheAPI(t *testing.T) {
	e := newContractEnv(t)
	e.sign(t)
	e.suspend(t)
	c, id := e.people, e.id
	_, body := apiScenario{name: "suspended", as: "client", method: "GET", path: "/api/contracts/" + id, status: 200,
		contains: []string{`"status":"suspended"`, `"statusLabel":"Suspendu"`, `"incident":{"dueDate":"2026-03-02"`, `"reasonLabel":"Provision insuffisante"`,
			`"reference":"IMP-TEST-01"`, `"iban":"FR76 3000 6000 0112 3456 7890 189"`, `"stage":"suspended"`, `"stageLabel":"Garanties suspendues"`},
		notContains: []string{`"request"`}}.run(t, e.h, c)
	var got struct {
		Contract struct {
			Incident  struct{ AmountCents int64 }
			Documents []struct{ Kind, URL string }
		}
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	var memo, conditions string
	for _, d := range got.Contract.Documents {
		switch d.Kind {
		case "memo":
			memo = d.URL
		case "conditions":
			conditions = d.URL
		}
	}
	if memo == "" || conditions == "" || got.Contract.Incident.AmountCents <= 0 {
		t.Fatalf("documents %+v, incident %+v", got.Contract.Documents, got.Contract.Incident)
	}
	pay := func(amount int64) string {
		b, _ := json.Marshal(map[string]any{"amountCents": amount, "date": "2026-03-02", "way": "transfer"})
		return string(b)
	}
	due := got.Contract.Incident.AmountCents
	path := "/api/desk/contracts/" + id + "/payments"
	for _, x := range []apiScenario{
		{name: "no Mémo while suspended", as: "client", method: "GET", path: memo, status: 409, contains: []string{"suspendues pour non-paiement", "Mémo"}},
		{name: "nor for staff", as: "agent", method: "GET", path: memo, status: 409},
		{name: "the conditions still read", as: "client", method: "GET", path: conditions, status: 200},
		{name: "another client's Mémo", as: "other", method: "GET", path: memo, status: 404},
		{name: "another client's contract", as: "other", method: "GET", path: "/api/contracts/" + id, status: 404, contains: []string{"introuvable"}},
		{name: "a client records no payment", as: "client", method: "POST", path: path, body: pay(due), status: 403},
		{name: "nor a visitor", as: "anonymous", method: "POST", path: path, body: pay(due), status: 401},
		{name: "every wrong field", as: "agent", method: "POST", path: path, body: `{"amountCents":0,"date":"02/03/2026","way":"bitcoin"}`, status: 400,
			field: "amountCents", contains: []string{`{"field":"amountCents","message":"Indiquez le montant reçu`, `{"field":"date","message":"Indiquez la date du paiement au format AAAA-MM-JJ."}`,
				`{"field":"way","message":"Choisissez le moyen de paiement`}},
		{name: "a payment tomorrow", as: "agent", method: "POST", path: path, body: `{"amountCents":100,"date":"2026-03-03","way":"cash"}`, status: 400, field: "date"},
		{name: "an amount in words", as: "agent", method: "POST", path: path, body: `{"amountCents":"dix","date":"2026-03-02","way":"cash"}`, status: 400},
		{name: "an unknown key", as: "agent", method: "POST", path: path, body: `{"amount":100}`, status: 400, contains: []string{"champ inconnu"}},
		{name: "less than due", as: "agent", method: "POST", path: path, body: pay(due - 1), status: 400, field: "amountCents", contains: []string{"Il reste"}},
		{name: "an unknown contract", as: "agent", method: "POST", path: "/api/desk/contracts/nope/payments", body: pay(due), status: 404, contains: []string{"introuvable"}},
		{name: "the payment", as: "agent", method: "POST", path: path, body: pay(due), status: 200,
			contains: []string{`"status":"awaiting_documents"`, `"stage":"closed"`, `"coverBackAt":"2026-03-03T11:00:00Z"`, "réglé le 2"}},
		{name: "the Mémo is back", as: "client", method: "GET", path: memo, status: 200},
		{name: "paid twice", as: "admin", method: "POST", path: path, body: pay(due), status: 409, contains: []string{"pas d’impayé en cours"}},
	} {
		x.run(t, e.h, c)
	}
}
