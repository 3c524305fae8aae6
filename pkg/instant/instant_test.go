package instant_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/account/accounttest"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/desk"
	"courtier/pkg/event"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

const password = "cheval-agrafe-correct-42"

type fixture struct {
	app   *app.App
	clock *storetest.Clock
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)) // Monday 10:00 in Paris
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return &fixture{app: a, clock: clock}
}

// car is the median profile of docs/pricing.md.
func car() instant.Ask {
	return instant.Ask{Product: "car", Answers: pricing.Answers{
		BirthDate: "1981-03-02", LicenceDate: "2001-05-10", BonusMalus: 0.6, PostalCode: "45000",
		VehicleID: "peugeot-208-12-puretech-100", Usage: "commute", Parking: "car-park", YearlyKm: 11000,
	}, Needs: pricing.Needs{Covers: []string{"glass"}, Deductible: "medium"}}
}

func (f *fixture) price(t *testing.T) (*instant.Quote, string) {
	t.Helper()
	q, key, err := f.app.Prices.Price(context.Background(), car())
	if err != nil {
		t.Fatal(err)
	}
	return q, key
}

// kinds are the kinds of the events recorded, oldest first, with their payloads.
func (f *fixture) events(t *testing.T) (kinds []string, payloads []string) {
	t.Helper()
	err := f.app.Store.ReadTx(context.Background(), func(tx *store.Tx) error {
		rows, err := tx.QueryContext(context.Background(), "SELECT kind, payload FROM events ORDER BY id")
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k, p string
			if err := rows.Scan(&k, &p); err != nil {
				return err
			}
			kinds, payloads = append(kinds, k), append(payloads, p)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return kinds, payloads
}

func TestPriceIsSavedWithItsIDs(t *testing.T) {
	f := newFixture(t)
	q, key := f.price(t)
	if len(q.Prices) != 9 || key == "" || q.ID == "" {
		t.Fatalf("%d prices, key %q, id %q", len(q.Prices), key, q.ID)
	}
	seen := map[string]bool{}
	recommended := false
	for _, p := range q.Prices {
		if !strings.HasPrefix(p.ID, q.ID+"-") || seen[p.ID] || strings.Contains(p.ID, ":") {
			t.Errorf("price id %q is not a saved one", p.ID)
		}
		seen[p.ID] = true
		recommended = recommended || p.ID == q.Recommended.ID
	}
	if !recommended {
		t.Errorf("the recommended id %q names no price", q.Recommended.ID)
	}
	if q.ValidUntil != "2026-04-01" || q.KeptAt != nil {
		t.Errorf("valid until %s, kept %v", q.ValidUntil, q.KeptAt)
	}
	// Nobody reads an unkept quote: not another account, not staff through the desk.
	client := accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password}, f.clock.Now())
	if _, err := f.app.Prices.Get(context.Background(), account.ActorOf(client), q.ID); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("another's quote: %v", err)
	}
}

func TestPriceRefusals(t *testing.T) {
	f := newFixture(t)
	bad := car()
	bad.Answers.PostalCode, bad.Answers.YearlyKm = "99999", 500
	_, _, err := f.app.Prices.Price(context.Background(), bad)
	var e *apperr.Error
	if !asError(err, &e) || e.Code != apperr.EINVALID || e.Field != "postalCode" || len(e.Fields) != 2 || e.Fields[1].Field != "yearlyKm" {
		t.Fatalf("two wrong fields: %#v", err)
	}
	_, _, err = f.app.Prices.Price(context.Background(), instant.Ask{Product: "health"})
	if !asError(err, &e) || e.Field != "product" || !strings.Contains(e.Message, "étudié par un conseiller") || !strings.Contains(e.Message, "24\u00a0heures ouvrées") {
		t.Errorf("a product on study: %v", err)
	}
}

// TestVehicles searches the catalogue as the API does: what is typed, a
// year of the last 30 (the clock says 2026), refusals by field.
func TestVehicles(t *testing.T) {
	f := newFixture(t)
	for _, tt := range []struct {
		name  string
		in    instant.VehicleQuery
		model string // the first vehicle's, "" for none found
		field string // the field refused, "" if none
		inMsg string
	}{
		{"as one types", instant.VehicleQuery{Kind: "car", Q: "golf tdi"}, "Golf", "", ""},
		{"a year", instant.VehicleQuery{Kind: "car", Q: "clio", Year: "2024"}, "Clio", "", ""},
		{"this year", instant.VehicleQuery{Kind: "moto", Q: "tmax", Year: "2026"}, "TMAX", "", ""},
		{"a year before the model", instant.VehicleQuery{Kind: "car", Q: "zoe", Year: "2005"}, "", "", ""},
		{"30 years back", instant.VehicleQuery{Kind: "car", Q: "zoe", Year: "1996"}, "", "", ""},
		{"nothing typed", instant.VehicleQuery{Kind: "car", Year: "2020"}, "", "", ""},
		{"an unknown kind", instant.VehicleQuery{Kind: "bateau", Q: "golf"}, "", "kind", "voiture"},
		{"too long", instant.VehicleQuery{Kind: "car", Q: strings.Repeat("é", 81)}, "", "q", "80 caractères"},
		{"next year", instant.VehicleQuery{Kind: "car", Q: "clio", Year: "2027"}, "", "year", "L’année doit être comprise entre 1996 et 2026."},
		{"31 years back", instant.VehicleQuery{Kind: "car", Q: "clio", Year: "1995"}, "", "year", "entre 1996 et 2026"},
		{"not a number", instant.VehicleQuery{Kind: "car", Q: "clio", Year: "deux mille"}, "", "year", "entre 1996 et 2026"},
		{"two digits", instant.VehicleQuery{Kind: "car", Q: "clio", Year: "08"}, "", "year", "entre 1996 et 2026"},
		{"a sign", instant.VehicleQuery{Kind: "car", Q: "clio", Year: "+201"}, "", "year", "entre 1996 et 2026"},
	} {
		list, err := f.app.Prices.Vehicles(tt.in)
		var e *apperr.Error
		switch {
		case tt.field != "":
			if !asError(err, &e) || e.Code != apperr.EINVALID || e.Field != tt.field || !strings.Contains(e.Message, tt.inMsg) {
				t.Errorf("%s: %v, want a refusal of %s", tt.name, err, tt.field)
			}
		case err != nil || list == nil:
			t.Errorf("%s: %v %v", tt.name, list, err)
		case tt.model == "" && len(list) != 0:
			t.Errorf("%s: found %s", tt.name, list[0].Name())
		case tt.model != "" && (len(list) == 0 || list[0].Model != tt.model):
			t.Errorf("%s: %d found, want a %s first", tt.name, len(list), tt.model)
		}
		if y, _ := strconv.Atoi(tt.in.Year); tt.field == "" && y != 0 {
			for _, v := range list {
				if v.FromYear > y || v.LastYear(2026) < y {
					t.Errorf("%s: %s sold from %d to %d", tt.name, v.Name(), v.FromYear, v.ToYear)
				}
			}
		}
	}
}

func asError(err error, e **apperr.Error) bool {
	x, ok := err.(*apperr.Error)
	*e = x
	return ok
}

func TestVisitorKeepsByEmail(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	q, key := f.price(t)
	for _, c := range []struct {
		name string
		k    instant.Keeping
		code apperr.Code
	}{
		{"no e-mail", instant.Keeping{Key: key}, apperr.EINVALID},
		{"a wrong key", instant.Keeping{Key: "pas-la-cle", Email: "paul@exemple.fr"}, apperr.ENOTFOUND},
		{"a price of nothing", instant.Keeping{Key: key, Email: "paul@exemple.fr", Chosen: "XYZ"}, apperr.EINVALID},
	} {
		if _, err := f.app.Prices.Keep(ctx, account.Visitor, q.ID, c.k); apperr.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	chosen := q.Prices[8].ID // Tous risques, the priciest
	kept, err := f.app.Prices.Keep(ctx, account.Visitor, q.ID, instant.Keeping{Key: key, Email: " Paul@Exemple.fr ", Consent: true, Chosen: chosen})
	if err != nil {
		t.Fatal(err)
	}
	if kept.Email != "paul@exemple.fr" || !kept.Consent || kept.Chosen != chosen || !strings.HasPrefix(kept.Ref, "DL-2026-") || kept.KeptAt == nil {
		t.Errorf("kept %+v", kept)
	}
	kinds, payloads := f.events(t)
	last := payloads[len(payloads)-1]
	var p event.PricesPayload
	json.Unmarshal([]byte(last), &p)
	if kinds[len(kinds)-1] != string(event.PricesKept) || p.Token == "" || p.Email != "paul@exemple.fr" || !strings.Contains(p.Chosen, "Tous risques") {
		t.Fatalf("events %v, last %s", kinds, last)
	}
	// The link opens the prices; the lead is in the desk, owed a call.
	byLink, err := f.app.Prices.ByLink(ctx, p.Token)
	if err != nil || byLink.ID != q.ID || len(byLink.Prices) != 9 {
		t.Fatalf("by link: %v %v", byLink, err)
	}
	if _, err := f.app.Prices.ByLink(ctx, p.Token+"x"); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("a wrong link: %v", err)
	}
	admin := accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "ada@exemple.fr", Password: password, Role: account.RoleAdmin}, f.clock.Now())
	lead, err := f.app.Prices.ForRequest(ctx, account.ActorOf(admin), requestOf(t, f, kept.Ref))
	if err != nil || lead.ID != q.ID || lead.Email != "paul@exemple.fr" {
		t.Fatalf("the lead's prices: %v %v", lead, err)
	}
	detail, err := f.app.Desk.Get(ctx, account.ActorOf(admin), requestOf(t, f, kept.Ref))
	if err != nil {
		t.Fatal(err)
	}
	view := detail.Request
	if view.Kind != desk.KindOnline || view.KindLabel != "Devis en ligne" || view.DueAt == "" || !strings.Contains(view.Summary, "rappel accepté") {
		t.Errorf("the lead %+v %v", view, err)
	}
	// After the prices' last day: no keeping, no link.
	f.clock.Advance(31 * 24 * time.Hour)
	if _, err := f.app.Prices.ByLink(ctx, p.Token); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("an expired link: %v", err)
	}
	if _, err := f.app.Prices.Keep(ctx, account.Visitor, q.ID, instant.Keeping{Key: key, Email: "paul@exemple.fr"}); apperr.CodeOf(err) != apperr.EINVALID {
		t.Errorf("keeping expired prices: %v", err)
	}
}

func TestClientKeepsWithTheAccount(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	q, key := f.price(t)
	marie := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password, DisplayName: "Marie Durand"}, f.clock.Now()))
	paul := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "paul@exemple.fr", Password: password}, f.clock.Now()))
	kept, err := f.app.Prices.Keep(ctx, marie, q.ID, instant.Keeping{Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if kept.Chosen != q.Recommended.ID || kept.Consent || kept.Email != "marie@exemple.fr" {
		t.Errorf("kept %+v", kept)
	}
	// Once an account's, the key alone keeps nothing more.
	if _, err := f.app.Prices.Keep(ctx, paul, q.ID, instant.Keeping{Key: key}); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("another account with the key: %v", err)
	}
	if _, err := f.app.Prices.Get(ctx, paul, q.ID); apperr.CodeOf(err) != apperr.ENOTFOUND {
		t.Errorf("another account reads it: %v", err)
	}
	// Keeping again with a call: the same lead, now owed a call.
	again, err := f.app.Prices.Keep(ctx, marie, q.ID, instant.Keeping{Consent: true})
	if err != nil || again.Ref != kept.Ref || !again.Consent {
		t.Fatalf("kept again: %+v %v", again, err)
	}
	// A consent once given stays: another choice does not take it back.
	if third, err := f.app.Prices.Keep(ctx, marie, q.ID, instant.Keeping{Chosen: q.Prices[0].ID}); err != nil || !third.Consent || third.Chosen != q.Prices[0].ID {
		t.Errorf("kept a third time: %+v %v", third, err)
	}
	mine, err := f.app.Prices.Mine(ctx, marie)
	if err != nil || len(mine) != 1 || mine[0].ID != q.ID {
		t.Fatalf("Mine: %v %v", mine, err)
	}
	if other, _ := f.app.Prices.Mine(ctx, paul); len(other) != 0 {
		t.Errorf("Paul's prices: %v", other)
	}
	if _, err := f.app.Prices.ForRequest(ctx, marie, requestOf(t, f, kept.Ref)); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("a client reads a lead: %v", err)
	}
	kinds, _ := f.events(t)
	n := 0
	for _, k := range kinds {
		if k == string(event.PricesKept) {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d prices-kept events, want 3", n)
	}
}

func TestPurgeExpired(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	unkept, _ := f.price(t)
	kept, key := f.price(t)
	if _, err := f.app.Prices.Keep(ctx, account.Visitor, kept.ID, instant.Keeping{Key: key, Email: "paul@exemple.fr"}); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(30 * 24 * time.Hour) // the last day of the prices
	if n, err := f.app.Prices.PurgeExpired(ctx); err != nil || n != 0 {
		t.Fatalf("on the last day: %d %v", n, err)
	}
	f.clock.Advance(24 * time.Hour)
	if n, err := f.app.Prices.PurgeExpired(ctx); err != nil || n != 1 {
		t.Fatalf("the day after: %d purged (%v), want the unkept one", n, err)
	}
	exists := func(id string) bool {
		var n int
		f.app.Store.ReadTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRowContext(ctx, "SELECT count(*) FROM price_quotes WHERE id = ?", id).Scan(&n)
		})
		return n == 1
	}
	if exists(unkept.ID) || !exists(kept.ID) {
		t.Errorf("unkept there %v, kept there %v", exists(unkept.ID), exists(kept.ID))
	}
	f.clock.Advance(instant.KeptRetention)
	if n, _ := f.app.Prices.PurgeExpired(ctx); n != 1 || exists(kept.ID) {
		t.Errorf("kept prices past their retention: %d purged", n)
	}
	var leads int
	f.app.Store.ReadTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT count(*) FROM requests WHERE kind = 'online'").Scan(&leads)
	})
	if leads != 0 {
		t.Errorf("%d leads left without their prices", leads)
	}
}

// requestOf is the id of the desk request of reference ref.
func requestOf(t *testing.T, f *fixture, ref string) string {
	t.Helper()
	var id string
	err := f.app.Store.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT id FROM requests WHERE ref = ?", ref).Scan(&id)
	})
	if err != nil {
		t.Fatalf("request %s: %v", ref, err)
	}
	return id
}

func TestLeadBecomesAQuoteRequest(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "ada@exemple.fr", Password: password, Role: account.RoleAdmin}, f.clock.Now()))
	marie := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password, DisplayName: "Marie Durand"}, f.clock.Now()))
	q, key := f.price(t)
	kept, err := f.app.Prices.Keep(ctx, marie, q.ID, instant.Keeping{Key: key, Chosen: q.Prices[4].ID})
	if err != nil {
		t.Fatal(err)
	}
	lead := requestOf(t, f, kept.Ref)
	if _, err := f.app.Prices.ToQuote(ctx, marie, lead); apperr.CodeOf(err) != apperr.EFORBIDDEN {
		t.Errorf("a client turns a lead: %v", err)
	}
	dv, err := f.app.Prices.ToQuote(ctx, admin, lead)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(dv.Ref, "DV-") || dv.UID != marie.UID || dv.Product != "car" || !strings.Contains(dv.Message, kept.Ref) {
		t.Fatalf("the quote request %+v", dv)
	}
	lines := strings.Join(flatten(f.app.Quotes.AnswerLines(dv)), " | ")
	// The prices had no year: the request has the one they were priced
	// with, the 208's first (pricing.Tariff.VehicleYears).
	for _, want := range []string{"Peugeot", "208", "Essence", "Tiers étendu", "2001", "0,6", "2019"} {
		if !strings.Contains(lines, want) {
			t.Errorf("the request's answers %q lack %q", lines, want)
		}
	}
	// The client sees it in « Mes devis »; staff answer it with the offers flow.
	mine, err := f.app.Quotes.List(ctx, marie)
	if err != nil || len(mine) != 1 || mine[0].Ref != dv.Ref {
		t.Fatalf("the client's requests: %v %v", mine, err)
	}
	if _, err := f.app.Desk.Take(ctx, admin, dv.ID); err != nil {
		t.Fatal(err)
	}
	// The lead is closed, naming the request; once is enough.
	detail, err := f.app.Desk.Get(ctx, admin, lead)
	if err != nil || detail.Request.Status != desk.StatusClosed || !strings.Contains(detail.History[len(detail.History)-1].Detail, dv.Ref) {
		t.Errorf("the lead after: %+v %v", detail, err)
	}
	if _, err := f.app.Prices.ToQuote(ctx, admin, lead); err == nil {
		t.Error("a closed lead turned twice")
	}

	// A visitor's lead has no account to file for.
	v, vkey := f.price(t)
	kv, err := f.app.Prices.Keep(ctx, account.Visitor, v.ID, instant.Keeping{Key: vkey, Email: "paul@exemple.fr"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.app.Prices.ToQuote(ctx, admin, requestOf(t, f, kv.Ref)); apperr.CodeOf(err) != apperr.EINVALID ||
		!strings.Contains(apperr.MessageOf(err), "paul@exemple.fr") {
		t.Errorf("a visitor's lead: %v", err)
	}
}

func flatten(lines [][2]string) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l[0]+": "+l[1])
	}
	return out
}

// described asks the prices of a vehicle not in the catalogue: a car
// (the products car, vtc, temp) or a motorbike, described by its owner.
func described(product string) instant.Ask {
	ask := car()
	ask.Product = product
	a := &ask.Answers
	a.VehicleID, a.VehicleYear = "", 2006
	a.VehicleMake, a.VehicleModel, a.VehicleEnergy, a.VehicleFiscalPower = "Citroën", "Xsara Picasso", "diesel", 6
	a.VehicleValueKind, a.VehicleValueCents = "paid", 250000
	switch product {
	case "moto":
		a.MotoLicence, a.VehicleFiscalPower = "A", 0
		a.VehicleMake, a.VehicleModel, a.VehicleEnergy, a.VehicleCc, a.VehicleLicence = "Moto Guzzi", "V7", "essence", 744, "A2"
		ask.Needs = pricing.Needs{}
	case "vtc":
		// A VTC is under 7 years (arrêté of 26 March 2015).
		a.Usage, a.YearlyKm, a.VehicleYear = "", 40000, 2022
		ask.Needs = pricing.Needs{}
	case "temp":
		a.BonusMalus, a.Usage, a.Parking, a.YearlyKm, a.Days = 0, "", "", 0, 7
		ask.Needs = pricing.Needs{}
	}
	return ask
}

// TestDescribedVehicleLead: a vehicle not in the catalogue is priced,
// kept with its description, flagged on the lead and in its saved
// prices, and its lead becomes a quote request that carries it.
func TestDescribedVehicleLead(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	admin := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "ada@exemple.fr", Password: password, Role: account.RoleAdmin}, f.clock.Now()))
	marie := account.ActorOf(accounttest.Staff(t, f.app.Accounts, account.NewUser{Email: "marie@exemple.fr", Password: password, DisplayName: "Marie Durand"}, f.clock.Now()))
	for _, product := range []string{"car", "moto", "vtc", "temp"} {
		q, key, err := f.app.Prices.Price(ctx, described(product))
		if err != nil {
			t.Fatalf("%s: %v", product, err)
		}
		if !q.VehicleDescribed || !strings.HasPrefix(q.Prices[0].Trace[0], "Véhicule décrit par vos soins") {
			t.Errorf("%s: described %v, trace %q", product, q.VehicleDescribed, q.Prices[0].Trace[0])
		}
		kept, err := f.app.Prices.Keep(ctx, marie, q.ID, instant.Keeping{Key: key})
		if err != nil {
			t.Fatalf("%s: %v", product, err)
		}
		lead := requestOf(t, f, kept.Ref)
		staff, err := f.app.Prices.ForRequest(ctx, admin, lead)
		asked := described(product).Answers
		if err != nil || !staff.VehicleDescribed || staff.Answers.VehicleModel != asked.VehicleModel ||
			!strings.HasPrefix(staff.DescribedVehicle, asked.DescribedName()+", ") {
			t.Errorf("%s: the lead's prices %+v %v", product, staff, err)
		}
		detail, err := f.app.Desk.Get(ctx, admin, lead)
		if err != nil || !strings.Contains(detail.Request.Summary, "véhicule hors catalogue") {
			t.Errorf("%s: the lead's summary %q %v", product, detail.Request.Summary, err)
		}
		if product != "car" && product != "moto" {
			continue
		}
		dv, err := f.app.Prices.ToQuote(ctx, admin, lead)
		if err != nil {
			t.Fatalf("%s: %v", product, err)
		}
		lines := strings.Join(flatten(f.app.Quotes.AnswerLines(dv)), " | ")
		a := described(product).Answers
		brand := map[string]string{"car": "Marque: Citroën", "moto": "Autre marque: Moto Guzzi"}[product]
		for _, want := range []string{brand, "Modèle: " + a.VehicleModel, "2006", map[string]string{"car": "Diesel", "moto": "Essence"}[product]} {
			if !strings.Contains(lines, want) {
				t.Errorf("%s: the request's answers %q lack %q", product, lines, want)
			}
		}
		if !strings.Contains(dv.Message, "Véhicule hors catalogue, décrit par le client") || !strings.Contains(dv.Message, a.VehicleModel+" 2006") {
			t.Errorf("%s: the request's message %q", product, dv.Message)
		}
	}
}
