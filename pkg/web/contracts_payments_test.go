package web

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/sepa"
)

// TestContractPayments: GET /api/contracts/{id} lists the payments with
// their status: none before the signature, all « prévu » after it, the
// first « envoyé » once exported, « rejeté » with its reason once the bank
// returned it; for the owner and staff, and the schedule stays as it was.
func TestContractPayments(t *testing.T) {
	e := newContractEnv(t)
	c, id := e.people, e.id
	get := func(name, as string, status int, contains ...string) apiScenario {
		return apiScenario{name: name, as: as, method: "GET", path: "/api/contracts/" + id, status: status, contains: contains}
	}
	get("none before the signature", "client", 200, `"payments":[]`, `"schedule":[{"seq":1,"date":"2026-03-10"`).run(t, e.h, c)
	e.sign(t)
	get("all scheduled once signed", "client", 200, `"payments":[{"seq":1,"dueDate":"2026-03-10","amountCents":`,
		`,"status":"scheduled","statusLabel":"Prévu"},{"seq":2,"dueDate":"2026-04-10",`).run(t, e.h, c)

	ctx := context.Background()
	r, err := e.app.Contracts.Export(ctx, account.Operator, "2026-03-10", false)
	if err != nil {
		t.Fatal(err)
	}
	_, body := e.do(t, "GET", "/api/contracts/"+id, "", c["client"])
	var got struct {
		Contract struct {
			Number   string
			Payments []struct {
				Seq                                                   int
				DueDate, Status, StatusLabel, ReasonCode, ReasonLabel string
				AmountCents                                           int64
			}
		}
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil || len(got.Contract.Payments) < 2 {
		t.Fatalf("%v: %s", err, body)
	}
	if p := got.Contract.Payments[0]; p.Status != "sent" || p.StatusLabel != "Envoyé" || p.ReasonCode != "" || p.AmountCents != r.TotalCents {
		t.Errorf("first payment once exported: %+v", p)
	}
	list, err := sepa.ParseReturns(strings.NewReader(contracttest.Pain002(r.MsgID,
		contracttest.Status{EndToEndID: got.Contract.Number + "-01", Status: sepa.StatusRejected, Reason: "AM04"})))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.app.Contracts.RecordReturns(ctx, account.Operator, list); err != nil {
		t.Fatal(err)
	}
	rejected := `"dueDate":"2026-03-10","amountCents":` + strconv.FormatInt(r.TotalCents, 10) +
		`,"status":"rejected","statusLabel":"Rejeté","reasonCode":"AM04","reasonLabel":"provision insuffisante"}`
	get("rejected, for the owner", "client", 200, rejected, `"status":"scheduled","statusLabel":"Prévu"}`,
		`"schedule":[{"seq":1,"date":"2026-03-10"`, "rejeté par la banque").run(t, e.h, c)
	get("rejected, for staff", "agent", 200, rejected).run(t, e.h, c)
	get("nothing for another client", "other", 404).run(t, e.h, c)
}
