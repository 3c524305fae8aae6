package web

import (
	"strings"
	"testing"
)

// withOffer is a sending of one offer whose JSON field old is replaced by new.
func withOffer(old, new string) string {
	if !strings.Contains(offerJSON, old) {
		panic("no " + old + " in the offer")
	}
	return `{"offers":[` + strings.Replace(offerJSON, old, new, 1) + `]}`
}

func TestOffersRefuseHostileInput(t *testing.T) {
	six := `{"offers":[` + strings.Repeat(offerJSON+",", 5) + offerJSON + `]}`
	tests := []struct {
		name  string
		as    string
		path  string // "offers", "accept" or "decline"
		body  string
		ctype string
		field string
		has   string
	}{
		{name: "malformed", path: "offers", body: `{"offers":[`, has: "JSON valide"},
		{name: "an array", path: "offers", body: `[` + offerJSON + `]`, has: "objet JSON"},
		{name: "null", path: "offers", body: `null`, field: "offers", has: "Ajoutez au moins une offre."},
		{name: "no offers", path: "offers", body: `{"offers":null}`, field: "offers"},
		{name: "empty list", path: "offers", body: `{"offers":[]}`, field: "offers"},
		{name: "a null offer", path: "offers", body: `{"offers":[null]}`, field: "offers.0.insurer"},
		{name: "offers as an object", path: "offers", body: `{"offers":{}}`, field: "offers", has: "pas le bon type"},
		{name: "six offers", path: "offers", body: six, field: "offers", has: "5 offres au plus"},
		{name: "huge number", path: "offers", body: withOffer(`"monthlyCents":4590`, `"monthlyCents":1e30`), field: "offers.monthlyCents"},
		{name: "beyond int64", path: "offers", body: withOffer(`"monthlyCents":4590`, `"monthlyCents":99999999999999999999`), field: "offers.monthlyCents"},
		{name: "a fraction of a cent", path: "offers", body: withOffer(`"monthlyCents":4590`, `"monthlyCents":45.9`), field: "offers.monthlyCents"},
		{name: "NaN", path: "offers", body: withOffer(`"monthlyCents":4590`, `"monthlyCents":"NaN"`), field: "offers.monthlyCents"},
		{name: "amount as text", path: "offers", body: withOffer(`"yearlyCents":52000`, `"yearlyCents":"520,00"`), field: "offers.yearlyCents"},
		{name: "negative premium", path: "offers", body: withOffer(`"monthlyCents":4590`, `"monthlyCents":-4590`), field: "offers.0.monthlyCents"},
		{name: "negative deductible", path: "offers", body: withOffer(`"deductibleCents":30000`, `"deductibleCents":-1`), field: "offers.0.deductibleCents"},
		{name: "premiums that disagree", path: "offers", body: withOffer(`"yearlyCents":52000`, `"yearlyCents":4590`), field: "offers.0.yearlyCents", has: "12,5"},
		{name: "NUL in the insurer", path: "offers", body: withOffer(`"insurer":"Assurances`, `"insurer":"\u0000Assurances`), field: "offers.0.insurer", has: "non autorisés"},
		{name: "bidi in a guarantee", path: "offers", body: withOffer(`"Bris de glace"`, `"Bris de \u202eglace"`), field: "offers.0.guarantees.1", has: "non autorisés"},
		{name: "guarantees null", path: "offers", body: withOffer(`["Responsabilité civile","Bris de glace"]`, `null`), field: "offers.0.guarantees"},
		{name: "guarantees of numbers", path: "offers", body: withOffer(`["Responsabilité civile","Bris de glace"]`, `[1,2]`), field: "offers.guarantees"},
		{name: "a date as a number", path: "offers", body: withOffer(`"2026-04-01"`, `20260401`), field: "offers.validUntil"},
		{name: "no such month", path: "offers", body: withOffer(`"2026-04-01"`, `"2026-13-01"`), field: "offers.0.validUntil"},
		{name: "an unknown field", path: "offers", body: withOffer(`"note":""`, `"note":"","price":1`), has: "champ inconnu"},
		{name: "two objects", path: "offers", body: twoOffersJSON + `{}`, has: "un seul objet"},
		{name: "oversized", path: "offers", body: withOffer(`"note":""`, `"note":"`+strings.Repeat("é", 70000)+`"`), has: "trop volumineuse"},
		{name: "a form", path: "offers", body: "offers=1", ctype: "application/x-www-form-urlencoded", has: "Content-Type"},
		{name: "accept: empty object", as: "client", path: "accept", body: `{}`, field: "offerId", has: "Choisissez une offre."},
		{name: "accept: null id", as: "client", path: "accept", body: `{"offerId":null}`, field: "offerId"},
		{name: "accept: id as number", as: "client", path: "accept", body: `{"offerId":12}`, field: "offerId", has: "pas le bon type"},
		{name: "accept: an array", as: "client", path: "accept", body: `["x"]`, has: "objet JSON"},
		{name: "accept: malformed", as: "client", path: "accept", body: `{"offerId":`, has: "JSON valide"},
		{name: "accept: oversized", as: "client", path: "accept", body: `{"offerId":"` + strings.Repeat("x", 9000) + `"}`, has: "trop volumineuse"},
		{name: "decline: no reason", as: "client", path: "decline", body: `{}`, field: "reason", has: "Dites-nous pourquoi"},
		{name: "decline: blank reason", as: "client", path: "decline", body: `{"reason":" \u00a0\u200b"}`, field: "reason"},
		{name: "decline: reason as a list", as: "client", path: "decline", body: `{"reason":["trop cher"]}`, field: "reason"},
		{name: "decline: bidi", as: "client", path: "decline", body: `{"reason":"trop \u202echer"}`, field: "reason", has: "non autorisés"},
		{name: "decline: NUL", as: "client", path: "decline", body: `{"reason":"trop cher\u0000"}`, field: "reason"},
		{name: "decline: too long", as: "client", path: "decline", body: `{"reason":"` + strings.Repeat("a", 1001) + `"}`, field: "reason", has: "1\u00a0000"},
		{name: "decline: oversized", as: "client", path: "decline", body: `{"reason":"` + strings.Repeat("a", 9000) + `"}`, has: "trop volumineuse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newOffersEnv(t)
			url := "/api/desk/requests/" + e.id + "/offers"
			if tt.path != "offers" {
				e.send(t)
				url = "/api/quotes/" + e.id + "/" + tt.path
			}
			before := e.status(t)
			as := tt.as
			if as == "" {
				as = "admin"
			}
			c := apiScenario{as: as, method: "POST", path: url, body: tt.body, ctype: tt.ctype, status: 400, field: tt.field}
			if tt.has != "" {
				c.contains = []string{tt.has}
			}
			c.run(t, e.apiEnv.h, e.cookies)
			if after := e.status(t); after != before {
				t.Fatalf("refused, yet %s → %s", before, after)
			}
		})
	}
}

func TestOfferDecisionsOnWrongIDs(t *testing.T) {
	e := newOffersEnv(t)
	ids := e.send(t)
	tests := []apiScenario{
		{name: "unknown request", path: "/api/quotes/inconnue/accept", body: `{"offerId":"` + ids[0] + `"}`, status: 404, contains: []string{"Cette demande de devis n’existe pas."}},
		{name: "unknown offer", path: "/api/quotes/" + e.id + "/accept", body: `{"offerId":"inconnue"}`, status: 404, contains: []string{"Cette offre n’existe pas."}},
		{name: "a NUL offer id", path: "/api/quotes/" + e.id + "/accept", body: `{"offerId":"\u0000"}`, status: 404, contains: []string{"Cette offre n’existe pas."}},
		{name: "staff detail of an unknown request", path: "/api/desk/requests/inconnue/quote", status: 404, contains: []string{"Cette demande n’existe pas."}},
		{name: "offers on an unknown request", path: "/api/desk/requests/inconnue/offers", body: twoOffersJSON, status: 404, contains: []string{"Cette demande n’existe pas."}},
		{name: "accepted", path: "/api/quotes/" + e.id + "/accept", body: `{"offerId":"` + ids[1] + `"}`, status: 200, contains: []string{`"status":"accepted"`}},
		{name: "accepted twice", path: "/api/quotes/" + e.id + "/accept", body: `{"offerId":"` + ids[0] + `"}`, status: 409, contains: []string{"déjà choisi"}},
		{name: "declined after acceptance", path: "/api/quotes/" + e.id + "/decline", body: `{"reason":"Finalement non."}`, status: 409, contains: []string{"déjà choisi"}},
		{name: "offers after acceptance", path: "/api/desk/requests/" + e.id + "/offers", body: twoOffersJSON, status: 409, contains: []string{"Le client a déjà choisi une offre."}},
	}
	for _, tt := range tests {
		as := "client"
		if strings.Contains(tt.path, "/desk/") {
			as = "admin"
		}
		method := "POST"
		if tt.body == "" {
			method = "GET"
		}
		tt.as, tt.method = as, method
		t.Run(tt.name, func(t *testing.T) { tt.run(t, e.apiEnv.h, e.cookies) })
	}
}
