package app_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store/storetest"
)

// boxSpec is the spec of the throwaway product of testdata/product-box.json:
// a garage or a box, a dwelling of sorts, subscribed online when subscribe,
// whose claims are a theft, a fire, vandalism or another loss.
func boxSpec(subscribe bool) pricing.ProductSpec {
	return pricing.ProductSpec{
		ID: "box", Noun: "garage", Risk: pricing.RiskDwelling, Parts: []string{"incendie", "autres"}, Factors: []string{"zone", "surface"},
		Subscribe: subscribe, Hamon: true, Attestations: []string{contract.DocAttestation},
		Claims: &pricing.Claims{Label: "Garage et box", Kinds: []string{"theft", "fire", "vandalism", "other"},
			Questions: []string{"place", "breakIn", "policeReport", "firefighters"}},
	}
}

// withProduct is the embedded rating file with the section of
// testdata/product-box.json added: its product, its insurers' tables.
func withProduct(t *testing.T) []byte {
	t.Helper()
	rates, err := os.ReadFile("../pricing/rates.json")
	if err != nil {
		t.Fatal(err)
	}
	section, err := os.ReadFile("testdata/product-box.json")
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]any
	var add struct {
		Product  any
		Insurers map[string]any
	}
	if err := json.Unmarshal(rates, &file); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(section, &add); err != nil {
		t.Fatal(err)
	}
	file["products"].(map[string]any)["box"] = add.Product
	for _, in := range file["insurers"].([]any) {
		in := in.(map[string]any)
		if table, ok := add.Insurers[in["id"].(string)]; ok {
			in["products"].(map[string]any)["box"] = table
		}
	}
	out, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// openWithProduct opens an App whose registry holds the house's products
// and spec, on the rating file with its section.
func openWithProduct(t *testing.T, spec pricing.ProductSpec, now func() time.Time) *app.App {
	t.Helper()
	rates := withProduct(t)
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Now: now,
		Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}},
		Tariff: func() (*pricing.Tariff, error) {
			return pricing.DefaultWith(rates, append(pricing.HouseProducts(), spec))
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

func ptr(s string) *string { return &s }

// TestAddAProduct adds a product through the registry alone, its section
// of the rating file and its spec, nothing else: it is priced at once,
// subscribed online with its documents, and its attestation is issued at
// the signature, and its client declares a claim on it with the
// questions its spec names; the same product whose spec says no
// subscription is priced but not subscribed.
func TestAddAProduct(t *testing.T) {
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	a := openWithProduct(t, boxSpec(true), clock.Now)
	if err := a.Warm(); err != nil {
		t.Fatalf("the App refuses the product: %v", err)
	}
	ctx := context.Background()
	tariff, err := a.Prices.Tariff()
	if err != nil {
		t.Fatal(err)
	}
	if ids := tariff.Products(); ids[len(ids)-1] != "box" || tariff.ProductLabel("box") != "Assurance garage et box" {
		t.Fatalf("products %v, label %q", ids, tariff.ProductLabel("box"))
	}

	ask := instant.Ask{Product: "box", Answers: pricing.Answers{PostalCode: "69002", Surface: 20}}
	q, key, err := a.Prices.Price(ctx, ask)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Prices) != 2 || q.Recommended == nil || q.Prices[0].YearlyCents <= 0 {
		t.Fatalf("prices %+v", q.Prices)
	}
	if trace := strings.Join(q.Prices[0].Trace, "\n"); !strings.Contains(trace, "surface") || !strings.Contains(trace, "zone géographique") {
		t.Errorf("the trace does not show the product's factors:\n%s", trace)
	}

	who := contracttest.Client(t, a, "lea@exemple.fr", "Léa Martin")
	if _, err := a.Prices.Keep(ctx, who, q.ID, instant.Keeping{Key: key}); err != nil {
		t.Fatal(err)
	}
	c, err := a.Contracts.Create(ctx, who, contract.Draft{PriceID: q.Recommended.ID, StartDate: "2026-03-10", Details: contract.Details{
		Policyholder: contracttest.Holder(), Address: ptr("3 impasse des Tilleuls"), PostalCode: ptr("69002"), City: ptr("Lyon")}})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Missing) != 0 || c.ProductLabel != "Assurance garage et box" {
		t.Fatalf("missing %v, product %q", c.Missing, c.ProductLabel)
	}
	want := []string{contract.DocAdvice, contract.DocConditions, contract.DocIPID, contract.DocLetter}
	if got := docKinds(c.Documents); !slices.Equal(got, want) {
		t.Errorf("documents to read %v, want %v", got, want)
	}
	c = contracttest.Sign(t, a, who, c)
	if !slices.Contains(docKinds(c.Documents), contract.DocAttestation) || slices.Contains(docKinds(c.Documents), contract.DocMemo) {
		t.Errorf("signed documents %v: the attestation, no Mémo", docKinds(c.Documents))
	}
	if len(c.Proofs) != 0 || c.Status != contract.StatusActive {
		t.Errorf("proofs %v, status %s: none to ask, active at once", c.Proofs, c.Status)
	}

	// A theft in the garage, declared on the contract: the spec's
	// questions are asked, none other.
	clock.Advance(10 * 24 * time.Hour) // Thursday 12 March
	theft := claim.Draft{ContractID: c.ID, Kind: "theft", OccurredAt: "2026-03-11",
		Description: "Porte du box forcée dans la nuit, les vélos ont disparu.",
		Answers:     map[string]string{"place": "3 impasse des Tilleuls, Lyon", "breakIn": "yes", "policeReport": "yes"}}
	if _, err := a.Claims.Declare(ctx, who, claim.Draft{ContractID: c.ID, Kind: "collision", OccurredAt: "2026-03-11",
		Description: theft.Description, Answers: map[string]string{"place": "Lyon"}}); err == nil {
		t.Error("a collision on a garage: accepted")
	}
	bad := theft
	bad.Answers = map[string]string{"place": "Lyon", "breakIn": "yes", "policeReport": "yes", "rooms": "Box"}
	if _, err := a.Claims.Declare(ctx, who, bad); err == nil {
		t.Error("a question the garage's claims do not ask: accepted")
	}
	k, err := a.Claims.Declare(ctx, who, theft)
	if err != nil {
		t.Fatal(err)
	}
	if k.Product != "box" || k.ProductLabel != "Garage et box" || k.KindLabel != "Vol ou tentative de vol" || len(k.Answers) != 3 {
		t.Errorf("claim on %q (%q), %q, answers %v", k.Product, k.ProductLabel, k.KindLabel, k.Answers)
	}

	// Priced, not subscribed: the spec says so.
	b := openWithProduct(t, boxSpec(false), clock.Now)
	q, key, err = b.Prices.Price(ctx, ask)
	if err != nil {
		t.Fatal(err)
	}
	who = contracttest.Client(t, b, "lea@exemple.fr", "Léa Martin")
	if _, err := b.Prices.Keep(ctx, who, q.ID, instant.Keeping{Key: key}); err != nil {
		t.Fatal(err)
	}
	_, err = b.Contracts.Create(ctx, who, contract.Draft{PriceID: q.Recommended.ID, StartDate: "2026-03-10"})
	if e, ok := err.(*apperr.Error); !ok || e.Code != apperr.EINVALID || e.Field != "priceId" {
		t.Errorf("a product not subscribed online: %v", err)
	}
}

// docKinds are the kinds of docs, each once, in their order.
func docKinds(docs []contract.Document) []string {
	out := []string{}
	for _, d := range docs {
		if !slices.Contains(out, d.Kind) {
			out = append(out, d.Kind)
		}
	}
	return out
}

// TestHouseProductsCheck: the house's products are ones the contracts
// can subscribe (their proofs and attestations known), and a spec that
// names an unknown one stops the App at its warm-up.
func TestHouseProductsCheck(t *testing.T) {
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	spec := boxSpec(true)
	spec.Attestations = []string{contract.DocMemo}
	a := openWithProduct(t, spec, clock.Now)
	if err := a.Warm(); err == nil || !strings.Contains(err.Error(), "produit box") {
		t.Errorf("a garage with a Mémo Véhicule Assuré: %v", err)
	}
	spec.Attestations = []string{contract.DocAttestation}
	spec.Proofs = []string{"passport"}
	if err := openWithProduct(t, spec, clock.Now).Warm(); err == nil || !strings.Contains(err.Error(), "passport") {
		t.Errorf("an unknown supporting document: %v", err)
	}
}

// TestProductClaimsCheck: a product subscribed online has its claims'
// questions, known to the claims' form, and the same as its entry in
// form.json when it has one, or the App stops at its warm-up.
func TestProductClaimsCheck(t *testing.T) {
	clock := storetest.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	spec := boxSpec(true)
	spec.Claims = nil
	if err := openWithProduct(t, spec, clock.Now).Warm(); err == nil || !strings.Contains(err.Error(), "produit box") {
		t.Errorf("a garage subscribed online without its claims' questions: %v", err)
	}
	spec = boxSpec(false)
	spec.Claims = nil
	if err := openWithProduct(t, spec, clock.Now).Warm(); err != nil {
		t.Errorf("a garage not subscribed online, without claims' questions: %v", err)
	}
	spec = boxSpec(true)
	spec.Claims.Questions = append(spec.Claims.Questions, "keyCode")
	if err := openWithProduct(t, spec, clock.Now).Warm(); err == nil || !strings.Contains(err.Error(), "keyCode") {
		t.Errorf("an unknown question: %v", err)
	}
	spec = boxSpec(true)
	spec.Claims.Kinds = append(spec.Claims.Kinds, "flood")
	if err := openWithProduct(t, spec, clock.Now).Warm(); err == nil || !strings.Contains(err.Error(), "flood") {
		t.Errorf("an unknown nature of loss: %v", err)
	}
	// The site reads form.json's entry of the product: it must ask what
	// the spec does.
	house := pricing.HouseProducts()
	house[0].Claims.Kinds = house[0].Claims.Kinds[1:]
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Now: clock.Now,
		Tariff: func() (*pricing.Tariff, error) {
			return pricing.DefaultWith(withProduct(t), append(house, boxSpec(true)))
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if err := a.Warm(); err == nil || !strings.Contains(err.Error(), "produit car") || !strings.Contains(err.Error(), "form.json") {
		t.Errorf("a car whose claims differ from its entry in form.json: %v", err)
	}
}
