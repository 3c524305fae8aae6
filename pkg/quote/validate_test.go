package quote

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

// testNow is the clock of the validation tests: the current year is 2026.
var testNow = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// goodDetails are valid answers for each product.
func goodDetails() map[Product]map[string]any {
	return map[Product]map[string]any{
		ProductCar: {"brand": "peugeot", "model": "208", "year": 2019, "energy": "essence", "usage": "trajet-travail",
			"licenceYear": 2008, "bonusMalus": 0.68, "cover": "tous-risques"},
		ProductHome:   {"occupancy": "locataire", "housingType": "appartement", "surface": 54, "rooms": 3, "postalCode": "69002"},
		ProductHealth: {"adults": 2, "children": 1, "birthYear": 1985, "priority": "dentaire"},
		ProductLife:   {"goal": "retraite", "amount": 5000},
		ProductPro:    {"activity": "Plombier chauffagiste", "legalStatus": "eurl", "turnover": "50k-250k", "employees": 2},
		ProductVTC:    {"brand": "toyota", "model": "Corolla hybride", "vtcCard": true, "yearsActivity": 3},
		ProductFleet:  {"vehicles": 12, "vehicleTypes": []string{"utilitaires", "particuliers"}},
		ProductTemp:   {"vehicleKind": "voiture", "days": 15, "startDate": "2026-03-10"},
	}
}

// draftOf builds a draft of product p from its good answers changed by
// change (a nil value removes the answer), contacted by e-mail.
func draftOf(t *testing.T, p Product, change map[string]any) Draft {
	t.Helper()
	details := goodDetails()[p]
	for k, v := range change {
		if v == nil {
			delete(details, k)
		} else {
			details[k] = v
		}
	}
	raw, err := json.Marshal(details)
	if err != nil {
		t.Fatal(err)
	}
	return Draft{Product: string(p), Details: raw, Contact: Contact{Method: "email"}}
}

func testForm(t *testing.T) *form {
	t.Helper()
	f, err := loadForm(formJSON)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestValidateAcceptsEveryProduct(t *testing.T) {
	f := testForm(t)
	for p := range goodDetails() {
		t.Run(string(p), func(t *testing.T) {
			r, err := f.validate(draftOf(t, p, nil), testNow)
			if err != nil {
				t.Fatalf("validate: %v", err)
			}
			if r.Product != p || r.Details == nil {
				t.Fatalf("request %+v", r)
			}
		})
	}
}

func TestValidateNormalises(t *testing.T) {
	f := testForm(t)
	d := draftOf(t, ProductCar, map[string]any{"brand": " autre ", "brandOther": "\u200b Alpine\u00a0", "model": " Me\u0301gane "})
	d.Contact = Contact{Method: "phone", Phone: "06.39.98 12-34"}
	d.Message = "  Bonjour,\r\nmerci.  "
	r, err := f.validate(d, testNow)
	if err != nil {
		t.Fatal(err)
	}
	car := r.Details.(*Car)
	if car.Brand != "autre" || car.BrandOther != "Alpine" || car.Model != "Mégane" || r.Contact.Phone != "0639981234" || r.Message != "Bonjour,\nmerci." {
		t.Fatalf("not normalised: %+v %+v %q", car, r.Contact, r.Message)
	}
	// A brand name typed before picking a listed brand is dropped.
	r, err = f.validate(draftOf(t, ProductVTC, map[string]any{"brandOther": "Alpine"}), testNow)
	if err != nil || r.Details.(*VTC).BrandOther != "" {
		t.Fatalf("brandOther kept: %v %+v", err, r)
	}
	// Fleet types come back once each, in the list's order.
	r, err = f.validate(draftOf(t, ProductFleet, map[string]any{"vehicleTypes": []string{"deux-roues", "particuliers", "deux-roues"}}), testNow)
	if err != nil || strings.Join(r.Details.(*Fleet).VehicleTypes, ",") != "particuliers,deux-roues" {
		t.Fatalf("fleet types: %v %+v", err, r)
	}
}

func TestValidateRefuses(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	cases := []struct {
		name    string
		product Product
		change  map[string]any
		field   string
		message string
	}{
		{"car without brand", ProductCar, map[string]any{"brand": nil}, "details.brand", "Choisissez la marque du véhicule."},
		{"car unknown brand", ProductCar, map[string]any{"brand": "trabant"}, "details.brand", "Choisissez la marque du véhicule."},
		{"car other brand unnamed", ProductCar, map[string]any{"brand": "autre", "brandOther": "  "}, "details.brandOther", "Indiquez la marque du véhicule."},
		{"car other brand too long", ProductCar, map[string]any{"brand": "autre", "brandOther": long(41)}, "details.brandOther", "40 caractères au plus"},
		{"car without model", ProductCar, map[string]any{"model": " "}, "details.model", "Indiquez le modèle du véhicule."},
		{"car model too long", ProductCar, map[string]any{"model": long(61)}, "details.model", "60 caractères au plus"},
		{"car model with control", ProductCar, map[string]any{"model": "208\u0007"}, "details.model", "caractères non autorisés"},
		{"car model with bidi override", ProductCar, map[string]any{"model": "\u202e802"}, "details.model", "caractères non autorisés"},
		{"car model with a bidi isolate", ProductCar, map[string]any{"model": "20\u20668"}, "details.model", "caractères non autorisés"},
		{"car model with a zero width space", ProductCar, map[string]any{"model": "20\u200b8"}, "details.model", "caractères non autorisés"},
		{"car model of invisible blanks", ProductCar, map[string]any{"model": "\u200b\u00a0\u3164"}, "details.model", "Indiquez le modèle du véhicule."},
		{"pro activity of NBSP", ProductPro, map[string]any{"activity": "\u00a0\u00a0\u00a0"}, "details.activity", "Indiquez votre activité."},
		{"pro activity with a soft hyphen", ProductPro, map[string]any{"activity": "Plom\u00adbier"}, "details.activity", "caractères non autorisés"},
		{"car without year", ProductCar, map[string]any{"year": nil}, "details.year", "Indiquez l’année de première mise en circulation."},
		{"car year too old", ProductCar, map[string]any{"year": 1949}, "details.year", "Saisissez une année entre 1950 et 2026."},
		{"car year in the future", ProductCar, map[string]any{"year": 2027}, "details.year", "entre 1950 et 2026"},
		{"car year as text", ProductCar, map[string]any{"year": "2019"}, "details.year", "pas le bon type"},
		{"car brand as number", ProductCar, map[string]any{"brand": 5}, "details.brand", "pas le bon type"},
		{"car year with decimals", ProductCar, map[string]any{"year": 2019.5}, "details.year", "pas le bon type"},
		{"car energy unknown", ProductCar, map[string]any{"energy": "vapeur"}, "details.energy", "Choisissez l’énergie du véhicule."},
		{"car usage missing", ProductCar, map[string]any{"usage": nil}, "details.usage", "Choisissez l’usage du véhicule."},
		{"car licence year missing", ProductCar, map[string]any{"licenceYear": nil}, "details.licenceYear", "Indiquez l’année d’obtention du permis"},
		{"car licence year future", ProductCar, map[string]any{"licenceYear": 2030}, "details.licenceYear", "entre 1950 et 2026"},
		{"car bonus too low", ProductCar, map[string]any{"bonusMalus": 0.49}, "details.bonusMalus", "entre 0,50 et 3,50"},
		{"car bonus too high", ProductCar, map[string]any{"bonusMalus": 3.6}, "details.bonusMalus", "entre 0,50 et 3,50"},
		{"car bonus three decimals", ProductCar, map[string]any{"bonusMalus": 0.855}, "details.bonusMalus", "deux décimales"},
		{"car cover unknown", ProductCar, map[string]any{"cover": "premium"}, "details.cover", "Choisissez la formule souhaitée."},
		{"car unknown field", ProductCar, map[string]any{"colour": "rouge"}, "details", "«\u00a0colour\u00a0» ne concerne pas ce produit"},
		{"home field on a car", ProductCar, map[string]any{"surface": 40}, "details", "«\u00a0surface\u00a0»"},
		{"home occupancy", ProductHome, map[string]any{"occupancy": "squatteur"}, "details.occupancy", "Choisissez votre situation."},
		{"home type", ProductHome, map[string]any{"housingType": nil}, "details.housingType", "Choisissez le type de logement."},
		{"home surface missing", ProductHome, map[string]any{"surface": nil}, "details.surface", "Indiquez la surface habitable."},
		{"home surface too small", ProductHome, map[string]any{"surface": 8}, "details.surface", "Saisissez un nombre entre 9 et 1\u202f000."},
		{"home surface negative", ProductHome, map[string]any{"surface": -40}, "details.surface", "entre 9 et 1\u202f000"},
		{"home rooms", ProductHome, map[string]any{"rooms": 0}, "details.rooms", "entre 1 et 20"},
		{"home postal code missing", ProductHome, map[string]any{"postalCode": ""}, "details.postalCode", "Indiquez le code postal du logement."},
		{"home postal code short", ProductHome, map[string]any{"postalCode": "6900"}, "details.postalCode", "5 chiffres"},
		{"home postal code letters", ProductHome, map[string]any{"postalCode": "2A004"}, "details.postalCode", "5 chiffres"},
		{"home postal code 00", ProductHome, map[string]any{"postalCode": "00123"}, "details.postalCode", "5 chiffres"},
		{"health adults", ProductHealth, map[string]any{"adults": 3}, "details.adults", "entre 1 et 2"},
		{"health children missing", ProductHealth, map[string]any{"children": nil}, "details.children", "Indiquez le nombre d’enfants à couvrir."},
		{"health children", ProductHealth, map[string]any{"children": 11}, "details.children", "entre 0 et 10"},
		{"health minor insured", ProductHealth, map[string]any{"birthYear": 2010}, "details.birthYear", "Saisissez une année entre 1926 et 2008."},
		{"health birth year too old", ProductHealth, map[string]any{"birthYear": 1900}, "details.birthYear", "entre 1926 et 2008"},
		{"health priority", ProductHealth, map[string]any{"priority": "tout"}, "details.priority", "Choisissez votre priorité."},
		{"life goal", ProductLife, map[string]any{"goal": nil}, "details.goal", "Choisissez votre objectif."},
		{"life amount too small", ProductLife, map[string]any{"amount": 50}, "details.amount", "Saisissez un nombre entre 100 et 10\u202f000\u202f000."},
		{"life amount too big", ProductLife, map[string]any{"amount": 20000000}, "details.amount", "10\u202f000\u202f000"},
		{"pro activity missing", ProductPro, map[string]any{"activity": ""}, "details.activity", "Indiquez votre activité."},
		{"pro activity too short", ProductPro, map[string]any{"activity": "x"}, "details.activity", "au moins 2 caractères"},
		{"pro activity too long", ProductPro, map[string]any{"activity": long(101)}, "details.activity", "100 caractères au plus"},
		{"pro legal status", ProductPro, map[string]any{"legalStatus": "sa"}, "details.legalStatus", "Choisissez la forme juridique."},
		{"pro turnover", ProductPro, map[string]any{"turnover": "100000"}, "details.turnover", "Choisissez la tranche de chiffre d’affaires annuel."},
		{"pro employees", ProductPro, map[string]any{"employees": -1}, "details.employees", "entre 0 et 5\u202f000"},
		{"vtc card missing", ProductVTC, map[string]any{"vtcCard": nil}, "details.vtcCard", "Indiquez si vous êtes titulaire de la carte professionnelle VTC."},
		{"vtc card as text", ProductVTC, map[string]any{"vtcCard": "oui"}, "details.vtcCard", "pas le bon type"},
		{"vtc years", ProductVTC, map[string]any{"yearsActivity": 51}, "details.yearsActivity", "entre 0 et 50"},
		{"vtc model", ProductVTC, map[string]any{"model": nil}, "details.model", "Indiquez le modèle du véhicule."},
		{"fleet two vehicles", ProductFleet, map[string]any{"vehicles": 2}, "details.vehicles", "au moins 3 véhicules\u00a0: pour un ou deux, demandez un devis d’assurance auto."},
		{"fleet too many", ProductFleet, map[string]any{"vehicles": 1001}, "details.vehicles", "entre 3 et 1\u202f000"},
		{"fleet no type", ProductFleet, map[string]any{"vehicleTypes": []string{}}, "details.vehicleTypes", "Choisissez au moins un type de véhicule dans la liste."},
		{"fleet unknown type", ProductFleet, map[string]any{"vehicleTypes": []string{"particuliers", "tracteurs"}}, "details.vehicleTypes", "dans la liste"},
		{"fleet types not a list", ProductFleet, map[string]any{"vehicleTypes": "particuliers"}, "details.vehicleTypes", "pas le bon type"},
		{"temp kind", ProductTemp, map[string]any{"vehicleKind": "avion"}, "details.vehicleKind", "Choisissez le type de véhicule."},
		{"temp no days", ProductTemp, map[string]any{"days": 0}, "details.days", "entre 1 et 90"},
		{"temp too many days", ProductTemp, map[string]any{"days": 91}, "details.days", "entre 1 et 90"},
		{"temp start missing", ProductTemp, map[string]any{"startDate": nil}, "details.startDate", "Indiquez la date de début de la couverture."},
		{"temp start not ISO", ProductTemp, map[string]any{"startDate": "10/03/2026"}, "details.startDate", "Saisissez une date valide."},
		{"temp start impossible", ProductTemp, map[string]any{"startDate": "2026-02-30"}, "details.startDate", "Saisissez une date valide."},
		{"temp start past", ProductTemp, map[string]any{"startDate": "2026-02-28"}, "details.startDate", "ne peut pas être passée"},
		{"temp start too far", ProductTemp, map[string]any{"startDate": "2027-03-03"}, "details.startDate", "dans les 365 prochains jours"},
	}
	f := testForm(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.validate(draftOf(t, c.product, c.change), testNow)
			checkFieldError(t, err, c.field, c.message)
		})
	}
}

// checkFieldError requires err to be EINVALID on field with a message holding message.
func checkFieldError(t *testing.T, err error, field, message string) {
	t.Helper()
	e, ok := err.(*apperr.Error)
	if !ok || e.Code != apperr.EINVALID || e.Field != field || !strings.Contains(e.Message, message) {
		t.Fatalf("error %v, want %s: %q", err, field, message)
	}
}

func TestValidateDraft(t *testing.T) {
	car := func(edit func(*Draft)) Draft {
		d := Draft{Product: "car", Contact: Contact{Method: "email"}}
		d.Details, _ = json.Marshal(goodDetails()[ProductCar])
		edit(&d)
		return d
	}
	cases := []struct {
		name    string
		draft   Draft
		field   string
		message string
	}{
		{"no product", car(func(d *Draft) { d.Product = "" }), "product", "Choisissez l’assurance pour laquelle vous souhaitez un devis."},
		{"unknown product", car(func(d *Draft) { d.Product = "moto" }), "product", "Choisissez l’assurance"},
		{"no details", car(func(d *Draft) { d.Details = nil }), "details.brand", "Choisissez la marque du véhicule."},
		{"null details", car(func(d *Draft) { d.Details = json.RawMessage("null") }), "details.brand", "Choisissez la marque"},
		{"details not an object", car(func(d *Draft) { d.Details = json.RawMessage(`"voiture"`) }), "details", "doivent être un objet JSON"},
		{"details a list", car(func(d *Draft) { d.Details = json.RawMessage(`[1]`) }), "details", "doivent être un objet JSON"},
		{"no contact method", car(func(d *Draft) { d.Contact.Method = "" }), "contact.method", "Choisissez comment vous souhaitez être recontacté."},
		{"unknown contact method", car(func(d *Draft) { d.Contact.Method = "pigeon" }), "contact.method", "Choisissez comment"},
		{"phone without number", car(func(d *Draft) { d.Contact = Contact{Method: "phone", Phone: "  "} }), "contact.phone", "Indiquez le numéro auquel vous rappeler."},
		{"phone too short", car(func(d *Draft) { d.Contact = Contact{Method: "phone", Phone: "06 39 98"} }), "contact.phone", "numéro de téléphone valide"},
		{"phone with letters", car(func(d *Draft) { d.Contact = Contact{Method: "phone", Phone: "06 39 98 AB CD"} }), "contact.phone", "numéro de téléphone valide"},
		{"phone only separators", car(func(d *Draft) { d.Contact = Contact{Method: "phone", Phone: "+ . -"} }), "contact.phone", "numéro de téléphone valide"},
		{"bad phone with e-mail", car(func(d *Draft) { d.Contact = Contact{Method: "email", Phone: "123"} }), "contact.phone", "numéro de téléphone valide"},
		{"message too long", car(func(d *Draft) { d.Message = strings.Repeat("a", 2001) }), "message", "2\u202f000 caractères au plus"},
		{"message with control", car(func(d *Draft) { d.Message = "bonjour\u0000" }), "message", "caractères non autorisés"},
		{"message with an Arabic letter mark", car(func(d *Draft) { d.Message = "bonjour\u061c merci" }), "message", "caractères non autorisés"},
		{"first error wins", car(func(d *Draft) { d.Contact.Method = ""; d.Message = strings.Repeat("a", 2001) }), "contact.method", "Choisissez comment"},
	}
	f := testForm(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := f.validate(c.draft, testNow)
			checkFieldError(t, err, c.field, c.message)
		})
	}
}

func TestTempStartDateAllowsTheDayBeforeUTC(t *testing.T) {
	f := testForm(t)
	for _, day := range []string{"2026-03-01", "2026-03-02", "2027-03-02"} {
		if _, err := f.validate(draftOf(t, ProductTemp, map[string]any{"startDate": day}), testNow); err != nil {
			t.Errorf("start %s refused: %v", day, err)
		}
	}
}

func TestLoadFormRefusesBrokenFiles(t *testing.T) {
	edits := map[string]func(m map[string]any){
		"list missing": func(m map[string]any) { delete(m["choices"].(map[string]any), "energy") },
		"no other brand": func(m map[string]any) {
			m["choices"].(map[string]any)["brand"] = []any{map[string]any{"value": "bmw", "label": "BMW"}}
		},
		"limit missing":  func(m map[string]any) { delete(m["limits"].(map[string]any), "surface") },
		"year missing":   func(m map[string]any) { delete(m["limits"].(map[string]any), "vehicleYear") },
		"limit inverted": func(m map[string]any) { m["limits"].(map[string]any)["rooms"] = map[string]any{"min": 5, "max": 1} },
	}
	for name, edit := range edits {
		t.Run(name, func(t *testing.T) {
			var m map[string]any
			_ = json.Unmarshal(formJSON, &m)
			edit(m)
			data, _ := json.Marshal(m)
			if _, err := loadForm(data); err == nil {
				t.Fatal("broken form accepted")
			}
		})
	}
	if _, err := loadForm([]byte("{")); err == nil {
		t.Fatal("unreadable form accepted")
	}
}
