package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"courtier/pkg/account"
)

// offerJSON is a valid offer as the staff form sends it; the env's clock
// is 2 March 2026.
const offerJSON = `{"insurer":"Assurances Mutuelles de l'Ouest","productName":"Auto Confort","monthlyCents":4590,"yearlyCents":52000,` +
	`"guarantees":["Responsabilité civile","Bris de glace"],"deductibleCents":30000,"validUntil":"2026-04-01","note":""}`

// twoOffersJSON is the body of a sending of two offers.
var twoOffersJSON = `{"offers":[` + offerJSON + `,` + strings.Replace(strings.Replace(offerJSON, "Auto Confort", "Auto Essentiel", 1), "4590,\"yearlyCents\":52000", "3100,\"yearlyCents\":34000", 1) + `]}`

// offersEnv is a server with the role matrix, a second agent, and a car
// quote request of "client" taken by "agent".
type offersEnv struct {
	*apiEnv
	cookies map[string]string
	id      string
}

func newOffersEnv(t *testing.T) *offersEnv {
	t.Helper()
	env := newAPI(t)
	cookies := env.people(t)
	env.signUp(t, "agent2@exemple.fr")
	if _, _, err := env.svc.SetRole(context.Background(), "agent2@exemple.fr", account.RoleAgent); err != nil {
		t.Fatal(err)
	}
	cookies["agent2"] = env.signIn(t, "agent2@exemple.fr", false)
	e := &offersEnv{apiEnv: env, cookies: cookies, id: env.createQuote(t, cookies["client"], "car")}
	agent, err := env.svc.GetByEmail(context.Background(), "agent@exemple.fr")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := env.srv.desk.Take(context.Background(), account.ActorOf(agent), e.id); err != nil {
		t.Fatal(err)
	}
	return e
}

// send posts twoOffersJSON as the agent and returns the offers' ids.
func (e *offersEnv) send(t *testing.T) []string {
	t.Helper()
	res, body := e.do(t, "POST", "/api/desk/requests/"+e.id+"/offers", twoOffersJSON, e.cookies["agent"])
	if res.StatusCode != 200 {
		t.Fatalf("sending offers: %d %s", res.StatusCode, body)
	}
	var out struct {
		Quote struct{ Offers []struct{ ID string } } `json:"quote"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil || len(out.Quote.Offers) != 2 {
		t.Fatalf("offers %v %s", err, body)
	}
	return []string{out.Quote.Offers[0].ID, out.Quote.Offers[1].ID}
}

// status is the request's status as staff read it.
func (e *offersEnv) status(t *testing.T) string {
	t.Helper()
	_, body := e.do(t, "GET", "/api/desk/requests/"+e.id+"/quote", "", e.cookies["admin"])
	_, rest, _ := strings.Cut(body, `"status":"`)
	st, _, _ := strings.Cut(rest, `"`)
	return st
}

var everyone = []string{"anonymous", "client", "other", "agent", "agent2", "admin"}

func TestOfferEndpointsByActor(t *testing.T) {
	signedOut := []string{"Vous devez être connecté."}
	notFound := []string{"Cette demande de devis n’existe pas."}
	staffOnly := []string{"réservée aux conseillers"}
	tests := []struct {
		endpoint string
		offered  bool // offers were sent before the call
		method   string
		path     string
		body     string
		status   map[string]int
		has      map[int][]string
	}{
		{endpoint: "send offers", method: "POST", path: "/api/desk/requests/%s/offers", body: twoOffersJSON,
			status: map[string]int{"anonymous": 401, "client": 403, "other": 403, "agent": 200, "agent2": 403, "admin": 200},
			has:    map[int][]string{200: {`"status":"offered"`, `"statusLabel":"Proposée"`, `"createdByName":"`, `"label":"Offres envoyées"`}, 401: signedOut}},
		{endpoint: "staff detail", offered: true, method: "GET", path: "/api/desk/requests/%s/quote",
			status: map[string]int{"anonymous": 401, "client": 403, "other": 403, "agent": 200, "agent2": 200, "admin": 200},
			has:    map[int][]string{200: {`"details":{"brand":"peugeot"`, `"monthlyCents":4590`, `"declineReason":""`}, 401: signedOut, 403: staffOnly}},
		{endpoint: "accept", offered: true, method: "POST", path: "/api/quotes/%s/accept", body: `{"offerId":"%o"}`,
			status: map[string]int{"anonymous": 401, "client": 200, "other": 404, "agent": 404, "agent2": 404, "admin": 404},
			has:    map[int][]string{200: {`"status":"accepted"`, `"statusLabel":"Choisie"`, `"statusLabel":"Non retenue"`}, 401: signedOut, 404: notFound}},
		{endpoint: "decline", offered: true, method: "POST", path: "/api/quotes/%s/decline", body: `{"reason":"Trop cher."}`,
			status: map[string]int{"anonymous": 401, "client": 200, "other": 404, "agent": 404, "agent2": 404, "admin": 404},
			has:    map[int][]string{200: {`"status":"declined"`, `"declineReason":"Trop cher."`}, 401: signedOut, 404: notFound}},
		{endpoint: "get one", offered: true, method: "GET", path: "/api/quotes/%s",
			status: map[string]int{"anonymous": 401, "client": 200, "other": 404, "agent": 404, "agent2": 404, "admin": 404},
			has:    map[int][]string{200: {`"ref":"DV-2026-000001"`, `"offers":[{`, `"acceptable":true`, `"decidable":true`, `"validUntil":"2026-04-01"`}, 401: signedOut, 404: notFound}},
		{endpoint: "list", offered: true, method: "GET", path: "/api/quotes",
			status: map[string]int{"anonymous": 401, "client": 200, "other": 200, "agent": 200, "agent2": 200, "admin": 200},
			has:    map[int][]string{200: {`"quotes":[`}, 401: signedOut}},
	}
	for _, tt := range tests {
		for _, who := range everyone {
			t.Run(tt.endpoint+" as "+who, func(t *testing.T) {
				e := newOffersEnv(t)
				offer := "none"
				if tt.offered {
					offer = e.send(t)[0]
				}
				before := e.status(t)
				path := strings.Replace(tt.path, "%s", e.id, 1)
				want := tt.status[who]
				c := apiScenario{as: who, method: tt.method, path: path, body: strings.Replace(tt.body, "%o", offer, 1), status: want, contains: tt.has[want]}
				if want >= 400 {
					c.notContains = []string{"monthlyCents", "peugeot"}
				}
				if tt.endpoint == "list" && who == "client" {
					c.contains = append(c.contains, e.id, `"productName":"Auto Essentiel"`)
				} else if tt.endpoint == "list" {
					c.notContains = []string{e.id, "Auto Essentiel"}
				}
				c.run(t, e.apiEnv.h, e.cookies)
				if after := e.status(t); want >= 400 && after != before {
					t.Fatalf("refused, yet %s → %s", before, after)
				}
			})
		}
	}
}
