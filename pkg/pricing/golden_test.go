package pricing

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// goldenCase is one pricing of the golden file: a product, answers and
// needs; its Result's JSON, or its error, is what is pinned.
type goldenCase struct {
	Name    string  `json:"name"`
	Product string  `json:"product"`
	Answers Answers `json:"answers"`
	Needs   Needs   `json:"needs"`
}

// goldenCases are hand-picked profiles of every product, then random
// drivers priced as a car, a VTC and a temporary car, with needs that
// vary (covers, budgets, tolerances, a switch of insurer).
func goldenCases(t testing.TB, tr *Tariff) []goldenCase {
	home := Answers{PostalCode: "69002", Dwelling: "apartment", Surface: 65, Rooms: 3, Floor: "ground", Occupant: "tenant", ContentsCents: 2000000, Options: []string{"valuables"}}
	house := Answers{PostalCode: "45000", Dwelling: "house", Surface: 100, Rooms: 4, Occupant: "owner", ContentsCents: 3000000, Options: []string{"glass", "pool"}}
	moto := Answers{BirthDate: "1990-03-04", LicenceDate: "2012-06-01", MotoLicence: "A", BonusMalus: 0.7, PostalCode: "33000", VehicleID: "yamaha-mt-07", Usage: "private", Parking: "garage", YearlyKm: 6000}
	vtc := Answers{BirthDate: "1985-01-01", LicenceDate: "2005-01-01", BonusMalus: 0.8, PostalCode: "93200", VehicleID: "peugeot-208-12-puretech-100", Parking: "street", YearlyKm: 60000, Options: []string{"lossOfIncome"}}
	temp := Answers{BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", VehicleID: "peugeot-208-12-puretech-100", Days: 10}
	young := medianCar()
	young.BirthDate, young.LicenceDate, young.BonusMalus, young.Claims36 = "2007-02-01", "2025-03-01", 1, 1
	cases := []goldenCase{
		{"median car", "car", medianCar(), Needs{}},
		{"median car, the benchmark's needs", "car", medianCar(), Needs{Covers: []string{"theft", "glass"}, BudgetMonthlyCents: 6000, Deductible: "medium"}},
		{"young driver", "car", young, Needs{Covers: []string{"ownDamage"}, ExistingCover: "elsewhere"}},
		{"moto", "moto", moto, Needs{Covers: []string{"equipment"}, Deductible: "low"}},
		{"vtc", "vtc", vtc, Needs{Covers: []string{"theft"}, BudgetMonthlyCents: 30000}},
		{"temporary", "temp", temp, Needs{BudgetCents: 9000, Deductible: "high"}},
		{"home, tenant", "home", home, Needs{Covers: []string{"valuables"}}},
		{"home, owner with options", "home", house, Needs{Covers: []string{"pool", "glass"}, BudgetMonthlyCents: 2500, ExistingCover: "elsewhere"}},
		{"refused answers", "car", Answers{}, Needs{}},
		{"unknown product", "boat", medianCar(), Needs{}},
	}
	// The random cases draw from a fixed list of cars, in the order of the
	// catalogue of 2026-11: a car added to the catalogue leaves them as they are.
	ids, err := os.ReadFile("testdata/golden-cars.txt")
	if err != nil {
		t.Fatal(err)
	}
	var cars []*Vehicle
	for _, id := range strings.Fields(string(ids)) {
		v, ok := tr.Catalogue().Vehicle(id)
		if !ok {
			t.Fatalf("golden-cars.txt: %s is no longer in the catalogue (a published id never changes)", id)
		}
		cars = append(cars, v)
	}
	var codes []string
	for code := range tr.depts {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	needs := []Needs{
		{},
		{Covers: []string{"theft", "glass"}, BudgetMonthlyCents: 6000, Deductible: "medium"},
		{Covers: []string{"ownDamage"}, Deductible: "low", ExistingCover: "elsewhere"},
		{BudgetMonthlyCents: 3000, Deductible: "high", ExistingCover: "none"},
	}
	r := rand.New(rand.NewPCG(20, 26))
	for i := range 32 {
		a := randomCar(r, tr, cars, codes)
		product := []string{"car", "car", "vtc", "temp"}[i%4]
		n := needs[i%len(needs)]
		if product == "temp" {
			a.Days = 1 + r.IntN(90)
			n.BudgetMonthlyCents, n.BudgetCents = 0, n.BudgetMonthlyCents
		}
		cases = append(cases, goldenCase{fmt.Sprintf("random %d", i), product, a, n})
	}
	return cases
}

// TestGoldenResults pins the engine's output byte for byte: the JSON of
// every Result (prices, traces, advice) or the text of its error. Made
// before the engine was tuned for speed, so that no tuning changes a
// single character (go test ./pkg/pricing -run Golden -update rewrites it).
func TestGoldenResults(t *testing.T) {
	tr := testTariff(t)
	var out bytes.Buffer
	for _, c := range goldenCases(t, tr) {
		res, err := tr.Price(c.Product, c.Answers, c.Needs, today)
		entry := struct {
			goldenCase
			Result *Result `json:"result,omitempty"`
			Error  string  `json:"error,omitempty"`
		}{goldenCase: c, Result: res}
		if err != nil {
			entry.Error = err.Error()
		}
		b, err := json.MarshalIndent(entry, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		out.Write(b)
		out.WriteByte('\n')
	}
	const path = "testdata/golden-results.json"
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		got, wantLines := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(got), len(wantLines)) {
			if !bytes.Equal(got[i], wantLines[i]) {
				t.Fatalf("%s: line %d differs:\n got %s\nwant %s", path, i+1, got[i], wantLines[i])
			}
		}
		t.Fatalf("%s: %d lines, want %d", path, len(got), len(wantLines))
	}
}
