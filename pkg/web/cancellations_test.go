package web

import (
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/store"
)

// TestCancellationWithoutAccount: the same status and body whether the
// contract exists and matches or not, a link only for the right holder,
// French field messages for bad input, and the link confirming once.
func TestCancellationWithoutAccount(t *testing.T) {
	e := newContractEnv(t)
	e.sign(t)
	_, body := e.do(t, "GET", "/api/contracts/"+e.id, "", e.people["client"])
	var got struct {
		Contract struct {
			Number string
			Holder struct{ Name, Email string }
		}
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	c := got.Contract
	names := strings.Fields(c.Holder.Name)
	last := names[len(names)-1]
	ask := func(number, name, email string) string {
		return `{"contractNumber":"` + number + `","lastName":"` + name + `","email":"` + email + `","reason":"term","text":""}`
	}
	links := func() int {
		var n int
		e.app.Store.ReadTx(t.Context(), func(tx *store.Tx) error {
			return tx.QueryRowContext(t.Context(), "SELECT COUNT(*) FROM cancellation_links").Scan(&n)
		})
		return n
	}
	var first string
	for i, x := range []struct{ name, body string }{
		{"an unknown contract", ask("CT-2026-999999", last, c.Holder.Email)},
		{"a wrong name", ask(c.Number, "Personne", c.Holder.Email)},
		{"a wrong address", ask(c.Number, last, "other@exemple.fr")},
		{"the holder", ask(c.Number, last, c.Holder.Email)},
	} {
		res, body := e.do(t, "POST", "/api/cancellations", x.body, "")
		if first == "" {
			first = body
		}
		if res.StatusCode != 202 || body != first || !strings.Contains(body, "lien de confirmation") {
			t.Errorf("%s: %d %s, want 202 %s", x.name, res.StatusCode, body, first)
		}
		if want := map[bool]int{true: 1, false: 0}[i == 3]; links() != want {
			t.Errorf("%s: %d links, want %d", x.name, links(), want)
		}
	}
	res, body := e.do(t, "POST", "/api/cancellations", `{"contractNumber":"","lastName":"","email":"x","reason":""}`, "")
	for _, f := range []string{"contractNumber", "lastName", "email", "reason"} {
		if res.StatusCode != 400 || !strings.Contains(body, `"field":"`+f+`"`) {
			t.Errorf("bad input: %d %s, want 400 naming %s", res.StatusCode, body, f)
		}
	}
	if !strings.Contains(body, "Indiquez le numéro de votre contrat") {
		t.Errorf("bad input in French: %s", body)
	}

	var payload string
	e.app.Store.ReadTx(t.Context(), func(tx *store.Tx) error {
		return tx.QueryRowContext(t.Context(), "SELECT payload FROM events WHERE kind = 'contract.cancel_link_sent'").Scan(&payload)
	})
	var p struct{ Token string }
	json.Unmarshal([]byte(payload), &p)
	res, body = e.do(t, "POST", "/api/cancellations/confirm", `{"token":"`+p.Token+`"}`, "")
	if res.StatusCode != 200 || !strings.Contains(body, `"effectiveDate":"2027-03-10"`) || !strings.Contains(body, c.Number) {
		t.Errorf("confirm: %d %s", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "/api/cancellations/confirm", `{"token":"`+p.Token+`"}`, "")
	if res.StatusCode != 400 || !strings.Contains(body, `"field":"token"`) {
		t.Errorf("confirm again: %d %s", res.StatusCode, body)
	}
}
