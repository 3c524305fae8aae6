package web

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// carAnswers is a car profile as the site sends it.
const carAnswers = `{"birthDate":"1981-03-02","licenceDate":"2001-05-10","bonusMalus":0.6,"postalCode":"69002",` +
	`"vehicleId":"peugeot-208-12-puretech-100","usage":"commute","parking":"street","yearlyKm":12000,"claims36":0}`

// describedCar is a car not in the catalogue, as the site sends it.
const describedCar = `{"birthDate":"1981-03-02","licenceDate":"2001-05-10","bonusMalus":0.6,"postalCode":"69002",` +
	`"vehicleYear":2004,"vehicleMake":"Peugeot","vehicleModel":"206","vehicleEnergy":"diesel","vehicleFiscalPower":5,` +
	`"vehicleValueKind":"new","vehicleValueCents":1450000,"usage":"commute","parking":"street","yearlyKm":12000,"claims36":0}`

func TestPricesScenarios(t *testing.T) {
	long := strings.Repeat("a", 81)
	runScenarios(t, []apiScenario{
		{name: "vehicles as one types", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=golf%20tdi", status: 200,
			contains: []string{`"make":"Volkswagen"`, `"model":"Golf"`, `"fiscalPower":`}},
		{name: "vehicles: accents and case", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=CITROEN%20c3", status: 200,
			contains: []string{`"make":"Citroën"`}},
		{name: "vehicles: motorbikes", as: "anonymous", method: "GET", path: "/api/vehicles?kind=moto&q=mt-07", status: 200,
			contains: []string{`"kind":"moto"`}, notContains: []string{`"kind":"car"`}},
		{name: "vehicles: nothing found is an empty list", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=zzzz", status: 200,
			contains: []string{"[]"}},
		{name: "vehicles: unknown kind", as: "anonymous", method: "GET", path: "/api/vehicles?kind=bateau&q=golf", status: 400, field: "kind"},
		{name: "vehicles: a query too long", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=" + long, status: 400, field: "q"},
		{name: "vehicles: twice the kind", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&kind=moto&q=golf", status: 400, field: "kind"},
		{name: "vehicles: the generation and the years", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=clio", status: 200,
			contains: []string{`"model":"Clio"`, `"generation":`, `"fromYear":`, `"toYear":`}},
		{name: "vehicles: sold in a year", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=clio&year=2024", status: 200,
			contains: []string{`"model":"Clio"`}},
		{name: "vehicles: none sold that year", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=zoe&year=2005", status: 200,
			contains: []string{"[]"}},
		{name: "vehicles: a year typed", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=peugeot%202008", status: 200,
			contains: []string{`"model":"2008"`}},
		{name: "vehicles: a year not a number", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=clio&year=20x6", status: 400, field: "year",
			contains: []string{"L’année doit être comprise entre 1996 et 2026."}},
		{name: "vehicles: a year to come", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=clio&year=2027", status: 400, field: "year"},
		{name: "vehicles: a year too old", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=clio&year=1995", status: 400, field: "year"},
		{name: "vehicles: twice the year", as: "anonymous", method: "GET", path: "/api/vehicles?kind=car&q=clio&year=2010&year=2011", status: 400, field: "year"},
		{name: "a price without an account", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"car","answers":` + carAnswers + `,"needs":{"covers":["glass"],"deductible":"medium"}}`, status: 200,
			contains: []string{`"prices":[`, `"recommended":{`, `"validUntil":"2026-04-01"`, `"key":"`, `"trace":["Prime de base`, `"taxesCents":`}},
		{name: "a car not in the catalogue", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"car","answers":` + describedCar + `}`, status: 200,
			contains: []string{`"vehicleDescribed":true`, "\"trace\":[\"Véhicule décrit par vos soins\u00a0: Peugeot 206 2004, 5\u00a0CV, diesel (", `"vehicleMake":"Peugeot"`}},
		{name: "a motorbike not in the catalogue", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"moto","answers":{"birthDate":"1990-03-04","licenceDate":"2012-06-01","motoLicence":"A2","bonusMalus":0.7,"postalCode":"33000",` +
				`"vehicleYear":2011,"vehicleMake":"Suzuki","vehicleModel":"Gladius","vehicleEnergy":"essence","vehicleCc":645,"vehicleLicence":"A2",` +
				`"vehicleValueKind":"paid","vehicleValueCents":350000,"usage":"private","parking":"garage","yearlyKm":6000}}`, status: 200,
			contains: []string{`"vehicleDescribed":true`, "645\u00a0cm³, permis A2, essence (35\u00a0kW estimés)"}},
		{name: "implausible characteristics", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"car","answers":` + strings.Replace(strings.Replace(describedCar, `"vehicleFiscalPower":5`, `"vehicleFiscalPower":2`, 1),
				`"vehicleValueCents":1450000`, `"vehicleValueCents":100`, 1) + `}`, status: 400, field: "vehicleFiscalPower",
			contains: []string{`"field":"vehicleValueCents"`, "Une voiture diesel a de 3 à 60\u00a0CV"}},
		{name: "a fiscal power in words", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"car","answers":{"vehicleFiscalPower":"5 CV"}}`, status: 400},
		{name: "both a catalogue vehicle and a described one", as: "anonymous", method: "POST", path: "/api/prices",
			body:   `{"product":"temp","answers":` + strings.Replace(describedCar, `"vehicleYear"`, `"days":5,"vehicleId":"peugeot-208-12-puretech-100","vehicleYear"`, 1) + `}`,
			status: 400, field: "vehicleId", contains: []string{"pas les deux"}},
		{name: "every wrong field at once", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"car","answers":{"birthDate":"2019-01-01","postalCode":"99999"}}`, status: 400, field: "birthDate",
			contains: []string{`"errors":[`, `"field":"postalCode"`, `"field":"vehicleId"`, "Votre date de naissance"}},
		{name: "a product on study", as: "anonymous", method: "POST", path: "/api/prices", body: `{"product":"life","answers":{}}`,
			status: 400, field: "product", contains: []string{"étudié par un conseiller"}},
		{name: "an unknown product", as: "anonymous", method: "POST", path: "/api/prices", body: `{"product":"bateau","answers":{}}`,
			status: 400, field: "product"},
		{name: "an unknown key", as: "anonymous", method: "POST", path: "/api/prices", body: `{"product":"car","answers":{"speed":3}}`, status: 400},
		{name: "not JSON", as: "anonymous", method: "POST", path: "/api/prices", body: `product=car`, ctype: "application/x-www-form-urlencoded", status: 400},
		{name: "a body too large", as: "anonymous", method: "POST", path: "/api/prices",
			body: `{"product":"car","answers":{"postalCode":"` + strings.Repeat("6", 20000) + `"}}`, status: 400, contains: []string{"trop volumineuse"}},
		{name: "my prices need an account", as: "anonymous", method: "GET", path: "/api/prices", status: 401},
		{name: "my prices, none yet", as: "client", method: "GET", path: "/api/prices", status: 200, contains: []string{`{"quotes":[]}`}},
		{name: "a link of nothing", as: "anonymous", method: "GET", path: "/api/prices/link?token=nope", status: 404},
		{name: "prices of nobody", as: "client", method: "GET", path: "/api/prices/NOPE", status: 404},
		{name: "a lead's prices are the staff's", as: "client", method: "GET", path: "/api/desk/requests/NOPE/online", status: 403},
	})
}

// TestVehiclesKeys: every vehicle the search answers has the same keys,
// its generation and last year included (toYear 0 while still sold); a
// motorbike has its displacement and licence besides.
func TestVehiclesKeys(t *testing.T) {
	env := newAPI(t)
	car := []string{"body", "energy", "fiscalPower", "fromYear", "generation", "id", "kind", "make", "model", "powerKw", "toYear", "valueNewCents", "version"}
	moto := append([]string{"cc", "licence"}, car...)
	slices.Sort(moto)
	for _, tt := range []struct {
		path string
		keys []string
	}{{"/api/vehicles?kind=car&q=clio", car}, {"/api/vehicles?kind=car&q=renault", car}, {"/api/vehicles?kind=moto&q=yamaha", moto}} {
		res, body := env.do(t, "GET", tt.path, "", "")
		var list []map[string]any
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &list) != nil || len(list) == 0 {
			t.Fatalf("%s: %d %s", tt.path, res.StatusCode, body)
		}
		for _, v := range list {
			if keys := slices.Sorted(maps.Keys(v)); !slices.Equal(keys, tt.keys) {
				t.Errorf("%s: %v has the keys %v, want %v", tt.path, v["id"], keys, tt.keys)
			}
		}
	}
}

// price prices the car profile and returns the quote's id, key and first price's id.
func (e *apiEnv) price(t *testing.T) (id, key, priceID string) {
	t.Helper()
	res, body := e.do(t, "POST", "/api/prices", `{"product":"car","answers":`+carAnswers+`}`, "")
	var got struct {
		ID, Key string
		Prices  []struct{ ID string }
	}
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil || len(got.Prices) == 0 {
		t.Fatalf("POST /api/prices: %d %s", res.StatusCode, body)
	}
	return got.ID, got.Key, got.Prices[0].ID
}

func TestKeepPricesThroughTheAPI(t *testing.T) {
	env := newAPI(t)
	people := env.people(t)
	id, key, first := env.price(t)

	// A visitor: an e-mail and a key.
	for _, c := range []struct {
		body   string
		status int
		has    string
	}{
		{`{"key":"` + key + `"}`, 400, `"field":"email"`},
		{`{"key":"autre","email":"paul@exemple.fr"}`, 404, "introuvables"},
		{`{"key":"` + key + `","email":"paul@exemple.fr","chosen":"rien"}`, 400, `"field":"chosen"`},
		{`{"key":"` + key + `","email":"paul@exemple.fr","consent":true,"chosen":"` + first + `"}`, 202, "un e-mail est en cours d’envoi à paul@exemple.fr"},
	} {
		res, body := env.do(t, "POST", "/api/prices/"+id+"/keep", c.body, "")
		if res.StatusCode != c.status || !strings.Contains(body, c.has) {
			t.Errorf("keep %s: %d %s, want %d with %q", c.body, res.StatusCode, body, c.status, c.has)
		}
	}
	// The staff read the lead; the admin's queue has it as « Devis en ligne ».
	res, body := env.do(t, "GET", "/api/desk/requests?kind=online", "", people["admin"])
	if res.StatusCode != 200 || !strings.Contains(body, `"kindLabel":"Devis en ligne"`) || !strings.Contains(body, "rappel accepté") {
		t.Fatalf("the queue of leads: %d %s", res.StatusCode, body)
	}
	var queue struct{ Requests []struct{ ID string } }
	json.Unmarshal([]byte(body), &queue)
	res, body = env.do(t, "GET", "/api/desk/requests/"+queue.Requests[0].ID+"/online", "", people["agent"])
	if res.StatusCode != 200 || !strings.Contains(body, `"email":"paul@exemple.fr"`) || !strings.Contains(body, `"chosen":"`+first+`"`) {
		t.Errorf("the lead's prices for an agent: %d %s", res.StatusCode, body)
	}

	// A client keeps new prices with the account: « Mes devis » lists them, nobody else reads them.
	id2, key2, _ := env.price(t)
	res, body = env.do(t, "POST", "/api/prices/"+id2+"/keep", `{"key":"`+key2+`"}`, people["client"])
	if res.StatusCode != 200 || !strings.Contains(body, `"keptAt":`) || !strings.Contains(body, `"ref":"DL-`) {
		t.Fatalf("keep as a client: %d %s", res.StatusCode, body)
	}
	if res, body = env.do(t, "GET", "/api/prices", "", people["client"]); res.StatusCode != 200 || !strings.Contains(body, id2) || strings.Contains(body, id+`"`) {
		t.Errorf("Mes devis: %d %s", res.StatusCode, body)
	}
	if res, _ = env.do(t, "GET", "/api/prices/"+id2, "", people["client"]); res.StatusCode != 200 {
		t.Errorf("the owner reads them: %d", res.StatusCode)
	}
	if res, _ = env.do(t, "GET", "/api/prices/"+id2, "", people["other"]); res.StatusCode != http.StatusNotFound {
		t.Errorf("another client reads them: %d", res.StatusCode)
	}
	if res, _ = env.do(t, "POST", "/api/prices/"+id2+"/keep", `{"key":"`+key2+`","email":"x@exemple.fr"}`, ""); res.StatusCode != http.StatusNotFound {
		t.Errorf("the key after an account kept them: %d", res.StatusCode)
	}
}

func TestPricesAreLimitedPerAddress(t *testing.T) {
	env := newAPI(t)
	body := `{"product":"car","answers":` + carAnswers + `}`
	statuses := map[int]int{}
	for range 40 {
		res, _ := env.do(t, "POST", "/api/prices", body, "")
		statuses[res.StatusCode]++
		if res.StatusCode == http.StatusTooManyRequests && res.Header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	}
	if statuses[200] != 30 || statuses[429] != 10 {
		t.Errorf("statuses %v, want 30 prices then 10 refusals", statuses)
	}
}

// BenchmarkPriceRequest measures POST /api/prices end to end for a
// visitor: decoding, a full car pricing (every insurer and formula, with
// the trace), the quote saved, the answer written. Each request comes from
// a new address, under the per-address limit.
func BenchmarkPriceRequest(b *testing.B) {
	env := chatBenchEnv(b)
	body := `{"product":"car","answers":` + carAnswers + `}`
	n := 0
	for b.Loop() {
		n++
		req := apiScenario{method: "POST", path: "/api/prices", body: body, from: fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)}.request()
		rec := httptest.NewRecorder()
		env.h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("price: %d %s", rec.Code, rec.Body)
		}
	}
}

// TestDescribedVehicleThroughTheAPI: the prices of a vehicle not in the
// catalogue, kept, are a lead staff see flagged; subscribed, a contract
// that says so.
func TestDescribedVehicleThroughTheAPI(t *testing.T) {
	env := newAPI(t)
	people := env.people(t)
	price := func() (id, key string) {
		res, body := env.do(t, "POST", "/api/prices", `{"product":"car","answers":`+describedCar+`}`, "")
		var got struct{ ID, Key string }
		if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil {
			t.Fatalf("POST /api/prices: %d %s", res.StatusCode, body)
		}
		return got.ID, got.Key
	}
	id, key := price()
	if res, body := env.do(t, "POST", "/api/prices/"+id+"/keep", `{"key":"`+key+`","email":"paul@exemple.fr"}`, ""); res.StatusCode != 202 {
		t.Fatalf("keep: %d %s", res.StatusCode, body)
	}
	res, body := env.do(t, "GET", "/api/desk/requests?kind=online", "", people["admin"])
	if res.StatusCode != 200 || !strings.Contains(body, "véhicule hors catalogue") {
		t.Fatalf("the queue of leads: %d %s", res.StatusCode, body)
	}
	var queue struct{ Requests []struct{ ID string } }
	json.Unmarshal([]byte(body), &queue)
	res, body = env.do(t, "GET", "/api/desk/requests/"+queue.Requests[0].ID+"/online", "", people["agent"])
	if res.StatusCode != 200 || !strings.Contains(body, `"vehicleDescribed":true`) || !strings.Contains(body, `"vehicleModel":"206"`) ||
		!strings.Contains(body, "\"describedVehicle\":\"Peugeot 206 2004, 5\u00a0CV, diesel, valeur à neuf 14\u202f500\u00a0€\"") {
		t.Errorf("the lead's prices for an agent: %d %s", res.StatusCode, body)
	}

	id, key = price()
	res, body = env.do(t, "POST", "/api/prices/"+id+"/keep", `{"key":"`+key+`"}`, people["client"])
	var kept struct {
		Quote struct{ Recommended struct{ ID string } }
	}
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &kept) != nil {
		t.Fatalf("keep as a client: %d %s", res.StatusCode, body)
	}
	res, body = env.do(t, "POST", "/api/contracts", `{"priceId":"`+kept.Quote.Recommended.ID+`","startDate":"2026-03-10",`+
		`"policyholder":{"firstName":"Marie","lastName":"Durand","birthDate":"1981-03-02","phone":"06 12 34 56 78"}}`, people["client"])
	if res.StatusCode != 201 || !strings.Contains(body, `"vehicleDescribed":true`) || !strings.Contains(body, `"vehicle":{"id":"","make":"Peugeot","model":"206"`) {
		t.Errorf("POST /api/contracts: %d %s", res.StatusCode, body)
	}
}
