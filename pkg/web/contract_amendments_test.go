package web

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"courtier/pkg/store"
)

// amendmentCode reads the last amendment code sent, from the events.
func (e *contractEnv) amendmentCode(t *testing.T) string {
	t.Helper()
	var payload string
	err := e.app.Store.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT payload FROM events WHERE kind = 'contract.amendment_code_sent' ORDER BY id DESC LIMIT 1").Scan(&payload)
	})
	var p struct{ Code string }
	if err != nil || json.Unmarshal([]byte(payload), &p) != nil || p.Code == "" {
		t.Fatalf("no amendment code: %v %s", err, payload)
	}
	return p.Code
}

// TestAmendmentsThroughTheAPI: a change proposed before the signature is
// a conflict; once signed, the owner's proposal answers 201 with its
// price, every wrong field named; another client's contract is not
// found; an agent prepares one for the client, who alone signs it; the
// contract then lists its amendments and the avenant, the old documents
// marked replaced.
func TestAmendmentsThroughTheAPI(t *testing.T) {
	e := newContractEnv(t)
	c, base := e.people, "/api/contracts/"+e.id+"/amendments"
	move := `{"kind":"address","effectiveDate":"2026-04-01","changes":{"address":"3 quai du Port","postalCode":"13002","city":"Marseille"}}`
	apiScenario{name: "not signed", as: "client", method: "POST", path: base, body: move, status: 409}.run(t, e.h, c)
	e.sign(t)
	for _, s := range []apiScenario{
		{name: "anonymous", as: "anonymous", method: "POST", path: base, body: move, status: 401},
		{name: "another client", as: "other", method: "POST", path: base, body: move, status: 404},
		{name: "unknown contract", as: "client", method: "POST", path: "/api/contracts/nope/amendments", body: move, status: 404},
		{name: "wrong postal code", as: "client", method: "POST", path: base, status: 400, field: "changes.postalCode",
			body: `{"kind":"address","effectiveDate":"2026-04-01","changes":{"address":"3 quai du Port","postalCode":"13","city":"Marseille"}}`},
		{name: "past date", as: "client", method: "POST", path: base, body: `{"kind":"driver","effectiveDate":"2026-01-01","changes":{"namedDrivers":1}}`,
			status: 400, field: "effectiveDate"},
		{name: "refused by the rating file", as: "client", method: "POST", path: base, status: 400, field: "changes.namedDrivers",
			body: `{"kind":"driver","effectiveDate":"2026-04-01","changes":{"namedDrivers":7}}`, contains: []string{"contactez un conseiller"}},
		{name: "agent", as: "agent", method: "POST", path: base, body: `{"kind":"driver","effectiveDate":"2026-04-01","changes":{"namedDrivers":1}}`,
			status: 201, contains: []string{`"createdByStaff":true`, `"status":"draft"`}},
	} {
		s.run(t, e.h, c)
	}
	_, body := apiScenario{name: "client", as: "client", method: "POST", path: base, body: move, status: 201,
		contains: []string{`"amendment":{"id":"`, `"status":"draft"`, `"yearlyCentsBefore":`, `"yearlyCentsAfter":`, `"adjustmentCents":`, `"trace":[`,
			`"changes":[["Adresse","12 rue des Lilas, 69002 Lyon","3 quai du Port, 13002 Marseille"]`}}.run(t, e.h, c)
	var got struct{ Amendment struct{ ID string } }
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	aid := base + "/" + got.Amendment.ID
	e.clock.Advance(2 * time.Minute) // the new documents are issued after the old ones
	apiScenario{name: "agent asks the code", as: "agent", method: "POST", path: aid + "/signature-code", status: 404}.run(t, e.h, c)
	apiScenario{name: "code", as: "client", method: "POST", path: aid + "/signature-code", status: 202, contains: []string{`"sentTo":"c•••@exemple.fr"`}}.run(t, e.h, c)
	apiScenario{name: "wrong code", as: "client", method: "POST", path: aid + "/signature", body: `{"code":"000000","accept":["amendment"]}`,
		status: 400, field: "code"}.run(t, e.h, c)
	apiScenario{name: "unticked", as: "client", method: "POST", path: aid + "/signature", body: `{"code":"` + e.amendmentCode(t) + `","accept":[]}`,
		status: 400, field: "accept"}.run(t, e.h, c)
	apiScenario{name: "signed", as: "client", method: "POST", path: aid + "/signature", body: `{"code":"` + e.amendmentCode(t) + `","accept":["amendment"]}`,
		status: 200, contains: []string{`"amendments":[{"id":"` + got.Amendment.ID, `"status":"signed"`, `"kind":"amendment"`, `"replaced":true`,
			`"city":"Marseille"`, `"actions":["upload","cancel","amend",`}}.run(t, e.h, c)
	apiScenario{name: "signed twice", as: "client", method: "POST", path: aid + "/signature-code", status: 409}.run(t, e.h, c)
	apiScenario{name: "staff read it", as: "agent", method: "GET", path: "/api/contracts/" + e.id, status: 200,
		contains: []string{"Avenant n°\u00a01 signé"}}.run(t, e.h, c)
}
