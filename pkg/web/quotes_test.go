package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// goodQuoteDetails are valid answers for each product, as the site sends them.
var goodQuoteDetails = map[string]string{
	"car":    `{"brand":"peugeot","model":"208","year":2019,"energy":"essence","usage":"prive","licenceYear":2010,"cover":"tiers-etendu"}`,
	"home":   `{"occupancy":"proprietaire-occupant","housingType":"maison","surface":120,"rooms":5,"postalCode":"69002"}`,
	"health": `{"adults":1,"children":0,"birthYear":1990,"priority":"optique"}`,
	"life":   `{"goal":"epargne"}`,
	"pro":    `{"activity":"Graphiste indépendante","legalStatus":"micro-entreprise","turnover":"lt-50k","employees":0}`,
	"vtc":    `{"brand":"autre","brandOther":"Lynk & Co","model":"01","vtcCard":false,"yearsActivity":0}`,
	"fleet":  `{"vehicles":3,"vehicleTypes":["utilitaires"]}`,
	"temp":   `{"vehicleKind":"camping-car","days":90,"startDate":"2026-06-01"}`,
}

// quoteBody is a request for product with details, contacted by e-mail.
func quoteBody(product, details string) string {
	return `{"product":"` + product + `","details":` + details + `,"contact":{"method":"email","phone":""},"message":""}`
}

func TestQuoteScenarios(t *testing.T) {
	post := func(name, body string, status int, field string, has ...string) apiScenario {
		return apiScenario{name: name, as: "client", method: "POST", path: "/api/quotes", body: body, status: status, field: field, contains: has}
	}
	cases := []apiScenario{}
	for product, details := range goodQuoteDetails {
		cases = append(cases, post(product, quoteBody(product, details), 201, "",
			`"quote":{`, `"product":"`+product+`"`, `"status":"received"`, `"statusLabel":"Reçue"`, `"createdAt":"2026-03-02T09:00:00.000Z"`))
	}
	car := goodQuoteDetails["car"]
	cases = append(cases,
		post("phone contact", `{"product":"home","details":`+goodQuoteDetails["home"]+`,"contact":{"method":"phone","phone":"06 39 98 12 34"},"message":" Plutôt le matin. "}`,
			201, "", `"contact":{"method":"phone","phone":"0639981234"}`, `"message":"Plutôt le matin."`),
		post("anonymous", quoteBody("car", car), 401, "", "Vous devez être connecté."),
		post("no product", `{"details":`+car+`,"contact":{"method":"email"}}`, 400, "product", "Choisissez l’assurance pour laquelle vous souhaitez un devis."),
		post("unknown product", quoteBody("bateau", car), 400, "product"),
		post("product of wrong type", `{"product":3}`, 400, "product", "pas le bon type"),
		post("details of another product", quoteBody("home", car), 400, "details", "«\u00a0brand\u00a0» ne concerne pas ce produit"),
		post("details not an object", quoteBody("car", `"voiture"`), 400, "details", "objet JSON"),
		post("missing year", quoteBody("car", strings.Replace(car, `"year":2019,`, "", 1)), 400, "details.year", "Indiquez l’année de première mise en circulation."),
		post("year in the future", quoteBody("car", strings.Replace(car, "2019", "2031", 1)), 400, "details.year", "entre 1950 et 2026"),
		post("year as text", quoteBody("car", strings.Replace(car, "2019", `"2019"`, 1)), 400, "details.year", "pas le bon type"),
		post("brand as number", quoteBody("car", strings.Replace(car, `"peugeot"`, "7", 1)), 400, "details.brand", "pas le bon type"),
		post("surface too big", quoteBody("home", strings.Replace(goodQuoteDetails["home"], "120", "5000", 1)), 400, "details.surface"),
		post("fleet of two", quoteBody("fleet", `{"vehicles":2,"vehicleTypes":["utilitaires"]}`), 400, "details.vehicles", "au moins 3 véhicules"),
		post("temp in the past", quoteBody("temp", `{"vehicleKind":"voiture","days":3,"startDate":"2025-12-24"}`), 400, "details.startDate", "passée"),
		post("phone missing", `{"product":"life","details":{"goal":"retraite"},"contact":{"method":"phone"}}`, 400, "contact.phone", "Indiquez le numéro auquel vous rappeler."),
		post("contact of wrong type", `{"product":"life","details":{"goal":"retraite"},"contact":{"method":1}}`, 400, "contact.method", "pas le bon type"),
		post("message too long", `{"product":"life","details":{"goal":"retraite"},"contact":{"method":"email"},"message":"`+strings.Repeat("a", 2001)+`"}`, 400, "message"),
		post("unknown top-level field", `{"product":"life","details":{"goal":"retraite"},"contact":{"method":"email"},"price":1}`, 400, "", "champ inconnu"),
		post("unknown contact field", `{"product":"life","details":{"goal":"retraite"},"contact":{"method":"email","fax":"1"}}`, 400, "", "champ inconnu"),
		post("malformed", `{"product":`, 400, "", "JSON valide"),
		post("oversized", `{"product":"life","details":{"goal":"retraite"},"contact":{"method":"email"},"message":"`+strings.Repeat("é", 9000)+`"}`, 400, "", "trop volumineuse"),
		post("two objects", quoteBody("life", `{"goal":"retraite"}`)+`{}`, 400, "", "un seul objet"),
		apiScenario{name: "not JSON", as: "client", method: "POST", path: "/api/quotes", body: "product=car", ctype: "application/x-www-form-urlencoded", status: 400, contains: []string{"Content-Type: application/json"}},
		apiScenario{name: "list empty", as: "client", method: "GET", path: "/api/quotes", status: 200, contains: []string{`{"quotes":[]}`}},
		apiScenario{name: "list anonymous", method: "GET", path: "/api/quotes", status: 401, contains: []string{"Vous devez être connecté."}},
		apiScenario{name: "unknown id", as: "client", method: "GET", path: "/api/quotes/inconnu", status: 404, contains: []string{"Cette demande de devis n’existe pas."}},
		apiScenario{name: "delete is no endpoint", as: "client", method: "DELETE", path: "/api/quotes", status: 404},
	)
	// The anonymous case's cookie is the empty one of env.people.
	for i := range cases {
		if cases[i].name == "anonymous" {
			cases[i].as = "anonymous"
		}
	}
	runScenarios(t, cases)
}

// createQuote posts a quote of product as cookie's user and returns its id.
func (e *apiEnv) createQuote(t *testing.T, cookie, product string) string {
	t.Helper()
	res, body := e.do(t, "POST", "/api/quotes", quoteBody(product, goodQuoteDetails[product]), cookie)
	if res.StatusCode != 201 {
		t.Fatalf("create %s: %d %s", product, res.StatusCode, body)
	}
	var raw struct {
		Quote struct{ ID string } `json:"quote"`
	}
	if err := json.Unmarshal([]byte(body), &raw); err != nil || raw.Quote.ID == "" {
		t.Fatalf("create %s: %v %s", product, err, body)
	}
	return raw.Quote.ID
}

func TestQuoteRoleMatrix(t *testing.T) {
	env := newAPI(t)
	cookies := env.people(t)
	id := env.createQuote(t, cookies["client"], "home")
	// Agents and admins get no special access yet: a client's request is the client's.
	wantGet := map[string]int{"anonymous": 401, "client": 200, "other": 404, "agent": 404, "admin": 404}
	for who, status := range wantGet {
		t.Run("GET one as "+who, func(t *testing.T) {
			c := apiScenario{as: who, method: "GET", path: "/api/quotes/" + id, status: status}
			if status == 200 {
				c.contains = []string{`"id":"` + id + `"`, `"product":"home"`}
			} else {
				c.notContains = []string{id, "maison"}
			}
			c.run(t, env.h, cookies)
		})
		t.Run("GET list as "+who, func(t *testing.T) {
			c := apiScenario{as: who, method: "GET", path: "/api/quotes", status: 200, contains: []string{`"quotes":[`}}
			switch who {
			case "anonymous":
				c.status, c.contains = 401, []string{"Vous devez être connecté."}
			case "client":
				c.contains = append(c.contains, id)
			default:
				c.contains, c.notContains = []string{`{"quotes":[]}`}, []string{id}
			}
			c.run(t, env.h, cookies)
		})
	}
	for _, who := range []string{"client", "other", "agent", "admin"} {
		t.Run("POST as "+who, func(t *testing.T) {
			apiScenario{as: who, method: "POST", path: "/api/quotes", body: quoteBody("life", goodQuoteDetails["life"]), status: 201}.run(t, env.h, cookies)
		})
	}
}

func TestQuoteListIsNewestFirst(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	first := env.createQuote(t, cookie, "car")
	env.clock.Advance(time.Minute)
	second := env.createQuote(t, cookie, "temp")
	_, body := env.do(t, "GET", "/api/quotes", "", cookie)
	if i, j := strings.Index(body, second), strings.Index(body, first); i < 0 || j < 0 || i > j {
		t.Fatalf("order: %s", body)
	}
}

func TestQuoteCreationIsRateLimited(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	other := env.signUp(t, "paul@exemple.fr")
	for range 10 {
		env.createQuote(t, cookie, "life")
		env.clock.Advance(time.Minute)
	}
	res, body := env.do(t, "POST", "/api/quotes", quoteBody("life", goodQuoteDetails["life"]), cookie)
	// The first of the ten was sent 10 minutes ago: it leaves the hour in 50 minutes.
	if res.StatusCode != 429 || res.Header.Get("Retry-After") != "3000" ||
		!strings.Contains(body, "Vous avez déjà envoyé 10 demandes de devis récemment. Vous pourrez en envoyer une nouvelle dans 50 minutes.") {
		t.Fatalf("11th request: %d Retry-After %q %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	env.createQuote(t, other, "life")
	env.clock.Advance(50 * time.Minute)
	// A fresh sign-in: the idle session has expired meanwhile.
	env.createQuote(t, env.signIn(t, "marie@exemple.fr", false), "life")
}

func TestQuotesNeverServerErrors(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	bodies := []string{
		"", "{", "[]", "null", `""`, `{"details":null}`, `{"product":null,"details":[],"contact":null}`,
		`{"product":"car","details":{"year":1e999}}`, `{"product":"car","details":{"bonusMalus":"NaN"}}`,
		`{"product":"car","details":{"year":-9223372036854775809}}`, `{"product":"fleet","details":{"vehicleTypes":[null,1]}}`,
		`{"product":"temp","details":{"startDate":"0000-00-00"}}`, `{"product":"home","details":{"postalCode":"\u0000\u0000\u0000\u0000\u0000"}}`,
		`{"product":"car","details":{"brand":"autre","brandOther":"` + strings.Repeat("\u202e", 30) + `"}}`,
		`{"product":"life","details":{"goal":"epargne"},"contact":{"method":"phone","phone":"+"}}`,
		`{"product":"pro","details":{"activity":"` + strings.Repeat("🚕", 3000) + `"}}`,
		strings.Repeat(`{"details":`, 5000),
	}
	for _, body := range bodies {
		for _, url := range []string{"/api/quotes", "/api/quotes/x"} {
			// Any status but a 5xx: the runner's exact status does not fit.
			res, out := apiScenario{method: "POST", path: url, body: body, ctype: "application/json", cookie: cookie}.send(env.h)
			if res.StatusCode >= 500 || (res.StatusCode >= 400 && !strings.Contains(out, `"error":"`)) {
				t.Errorf("POST %s with %.50q: %d %s", url, body, res.StatusCode, out)
			}
		}
	}
}

func TestExportHoldsQuoteRequests(t *testing.T) {
	env := newAPI(t)
	cookie := env.signUp(t, "marie@exemple.fr")
	other := env.signUp(t, "paul@exemple.fr")
	_, body := env.do(t, "GET", "/api/profile/export", "", cookie)
	if !strings.Contains(body, `"quoteRequests": []`) {
		t.Fatalf("export without requests: %s", body)
	}
	id := env.createQuote(t, cookie, "vtc")
	hidden := env.createQuote(t, other, "vtc")
	_, body = env.do(t, "GET", "/api/profile/export", "", cookie)
	var got struct {
		User          map[string]any   `json:"user"`
		QuoteRequests []map[string]any `json:"quoteRequests"`
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	if got.User["email"] != "marie@exemple.fr" || len(got.QuoteRequests) != 1 || got.QuoteRequests[0]["id"] != id || strings.Contains(body, hidden) {
		t.Fatalf("export %s", body)
	}
	details, _ := got.QuoteRequests[0]["details"].(map[string]any)
	if details["brandOther"] != "Lynk & Co" || got.QuoteRequests[0]["statusLabel"] != "Reçue" {
		t.Fatalf("exported request %v", got.QuoteRequests[0])
	}
}
