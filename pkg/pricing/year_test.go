package pricing

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Base profiles of the vehicle products, accepted whatever the vehicle
// of their kind and its year: an experienced driver with a full licence.
var (
	carDriver  = Answers{BirthDate: "1975-04-02", LicenceDate: "1995-06-01", BonusMalus: 0.7, PostalCode: "45000", Usage: "commute", Parking: "car-park", YearlyKm: 12000}
	vtcDriver  = Answers{BirthDate: "1985-01-01", LicenceDate: "2005-01-01", BonusMalus: 0.8, PostalCode: "93200", Parking: "street", YearlyKm: 60000}
	tempDriver = Answers{BirthDate: "1980-01-01", LicenceDate: "2000-01-01", PostalCode: "69002", Days: 10}
	motoRider  = Answers{BirthDate: "1980-03-04", LicenceDate: "2002-06-01", MotoLicence: "A", BonusMalus: 0.6, PostalCode: "45000", Usage: "private", Parking: "garage", YearlyKm: 6000}
)

// vehicleProducts are the products that price a vehicle of a kind, with
// their base profile.
func vehicleProducts(kind string) map[string]Answers {
	if kind == "moto" {
		return map[string]Answers{"moto": motoRider}
	}
	return map[string]Answers{"car": carDriver, "vtc": vtcDriver, "temp": tempDriver}
}

// expectedYears is the rule of the issue, written apart from the
// engine's: from the first model year to the year after the last (this
// year while still sold), 30 years back at most; a VTC that is neither
// hybrid nor electric, 7 (the arrêté of 26 March 2015 as amended).
func expectedYears(product string, v *Vehicle, thisYear int) (first, last int) {
	back := 30
	if product == "vtc" && v.Energy != "hybride" && v.Energy != "hybride-rechargeable" && v.Energy != "electrique" {
		back = 7
	}
	first, last = max(v.FromYear, thisYear-back), thisYear
	if v.ToYear != 0 && v.ToYear+1 < thisYear {
		last = v.ToYear + 1
	}
	return first, last
}

// TestEveryVersionPricesForEachYear prices every version of the
// catalogue on each of its products for each year it takes, and is
// refused the year before the first and the year after the last, with a
// message that says those years.
func TestEveryVersionPricesForEachYear(t *testing.T) {
	tr := testTariff(t)
	priced := 0
	for _, v := range tr.Catalogue().vehicles {
		for product, base := range vehicleProducts(v.Kind) {
			first, last := expectedYears(product, v, today.Year)
			a := base
			a.VehicleID = v.ID
			for year := first; year <= last; year++ {
				a.VehicleYear = year
				res, err := tr.Price(product, a, Needs{}, today)
				if err != nil {
					t.Fatalf("%s %s in %d: %v", product, v.ID, year, err)
				}
				age := today.Year - year
				if line := factorLine(t, res.Prices[0], factorOf(tr, product, fVehicleAge).label); !strings.Contains(line, "("+ageText(age)+")") {
					t.Fatalf("%s %s in %d: %q", product, v.ID, year, line)
				}
				priced++
			}
			want := "indiquez une année entre " + strconv.Itoa(first) + " et " + strconv.Itoa(last) + "."
			if first == last {
				want = "indiquez l’année " + strconv.Itoa(first) + "."
			}
			if first > last {
				want = "choisissez un véhicule plus récent."
			}
			for _, year := range []int{first - 1, last + 1} {
				a.VehicleYear = year
				if msg := refused(t, tr, product, a, Needs{}, "vehicleYear"); !strings.HasSuffix(msg, nbsp+": "+want) || !strings.HasPrefix(msg, "Cette version ") {
					t.Fatalf("%s %s in %d: %q, want it to end with %q", product, v.ID, year, msg, want)
				}
			}
		}
	}
	t.Logf("%d pricings of %d versions", priced, len(tr.Catalogue().vehicles))
}

// factorOf is a product's own table of a factor.
func factorOf(tr *Tariff, product string, id factorID) *factor {
	p := tr.products[product]
	return p.factors[slices.Index(p.factorIDs, id)]
}

// ageText is how the trace writes a vehicle's age.
func ageText(age int) string {
	switch age {
	case 0:
		return "moins d’un an"
	case 1:
		return "1" + nbsp + "an"
	}
	return strconv.Itoa(age) + nbsp + "ans"
}

// yearCatalogue holds versions of every shape of years: older than 30
// years in part or in all, of one year, still sold, not yet out, and a
// diesel and a hybrid of the same years for the VTC's age limit.
const yearCatalogue = `{"make": "Essai", "models": [
  {"kind": "car", "model": "Ancienne", "generations": [{"name": "", "fromYear": 1990, "toYear": 2000, "versions": [
    {"id": "essai-ancienne", "version": "1.4", "energy": "essence", "fiscalPower": 6, "powerKw": 55, "valueNewCents": 1200000, "body": "citadine"}]}]},
  {"kind": "car", "model": "Vieille", "generations": [{"name": "", "fromYear": 1985, "toYear": 1994, "versions": [
    {"id": "essai-vieille", "version": "1.1", "energy": "essence", "fiscalPower": 5, "powerKw": 40, "valueNewCents": 900000, "body": "citadine"}]}]},
  {"kind": "car", "model": "Classique", "generations": [{"name": "", "fromYear": 1992, "toYear": 0, "versions": [
    {"id": "essai-classique", "version": "2.5", "energy": "diesel", "fiscalPower": 9, "powerKw": 90, "valueNewCents": 4500000, "body": "suv"}]}]},
  {"kind": "car", "model": "Berline", "generations": [{"name": "", "fromYear": 2010, "toYear": 2020, "versions": [
    {"id": "essai-berline-diesel", "version": "2.0 diesel", "energy": "diesel", "fiscalPower": 7, "powerKw": 110, "valueNewCents": 3200000, "body": "berline"},
    {"id": "essai-berline-hybride", "version": "hybride", "energy": "hybride", "fiscalPower": 5, "powerKw": 100, "valueNewCents": 3400000, "body": "berline"}]}]},
  {"kind": "car", "model": "Unique", "generations": [{"name": "", "fromYear": 2012, "toYear": 2012, "versions": [
    {"id": "essai-unique", "version": "1.2", "energy": "essence", "fiscalPower": 5, "powerKw": 55, "valueNewCents": 1500000, "body": "citadine"}]}]},
  {"kind": "car", "model": "Neuve", "generations": [{"name": "", "fromYear": 2026, "toYear": 0, "versions": [
    {"id": "essai-neuve", "version": "électrique", "energy": "electrique", "fiscalPower": 3, "powerKw": 100, "valueNewCents": 3000000, "body": "compacte"}]}]},
  {"kind": "car", "model": "Future", "generations": [{"name": "", "fromYear": 2027, "toYear": 0, "versions": [
    {"id": "essai-future", "version": "1.0", "energy": "essence", "fiscalPower": 4, "powerKw": 50, "valueNewCents": 1600000, "body": "citadine"}]}]},
  {"kind": "moto", "model": "Routière", "generations": [{"name": "", "fromYear": 2005, "toYear": 2015, "versions": [
    {"id": "essai-routiere", "version": "900", "energy": "essence", "fiscalPower": 8, "powerKw": 70, "valueNewCents": 1000000, "body": "routiere", "cc": 900, "licence": "A"}]}]}
]}`

// yearTariff is the default rating file with yearCatalogue.
func yearTariff(t *testing.T) *Tariff {
	t.Helper()
	c, err := LoadCatalogue([]byte(yearCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	return testTariff(t).WithCatalogue(c)
}

// TestVehicleYearMessages: a refused year says the years the vehicle
// takes, and why when the age limit rather than the model bounds them.
func TestVehicleYearMessages(t *testing.T) {
	tr := yearTariff(t)
	vtcRule := " et une voiture de VTC doit avoir moins de 7" + nbsp + "ans, sauf si elle est hybride ou électrique" + nbsp + ": "
	thirty := " et nous assurons en ligne les véhicules de 30" + nbsp + "ans au plus" + nbsp + ": "
	tests := []struct {
		product, id string
		year        int
		want        string
	}{
		{"car", "essai-berline-diesel", 2009, "Cette version est sortie de 2010 à 2020" + nbsp + ": indiquez une année entre 2010 et 2021."},
		{"car", "essai-berline-diesel", 2022, "Cette version est sortie de 2010 à 2020" + nbsp + ": indiquez une année entre 2010 et 2021."},
		{"temp", "essai-berline-diesel", 2022, "Cette version est sortie de 2010 à 2020" + nbsp + ": indiquez une année entre 2010 et 2021."},
		{"vtc", "essai-berline-diesel", 2018, "Cette version est sortie de 2010 à 2020" + vtcRule + "indiquez une année entre 2019 et 2021."},
		{"vtc", "essai-berline-hybride", 2022, "Cette version est sortie de 2010 à 2020" + nbsp + ": indiquez une année entre 2010 et 2021."},
		{"car", "essai-unique", 2014, "Cette version est sortie en 2012" + nbsp + ": indiquez une année entre 2012 et 2013."},
		{"vtc", "essai-unique", 2012, "Cette version est sortie en 2012" + vtcRule + "choisissez un véhicule plus récent."},
		{"vtc", "essai-unique", 0, "Cette version est sortie en 2012" + vtcRule + "choisissez un véhicule plus récent."},
		{"car", "essai-neuve", 2025, "Cette version est vendue depuis 2026" + nbsp + ": indiquez l’année 2026."},
		{"car", "essai-classique", 1995, "Cette version est vendue depuis 1992" + thirty + "indiquez une année entre 1996 et 2026."},
		{"car", "essai-ancienne", 1995, "Cette version est sortie de 1990 à 2000" + thirty + "indiquez une année entre 1996 et 2001."},
		{"car", "essai-ancienne", 2002, "Cette version est sortie de 1990 à 2000" + thirty + "indiquez une année entre 1996 et 2001."},
		{"car", "essai-vieille", 1990, "Cette version est sortie de 1985 à 1994" + thirty + "choisissez un véhicule plus récent."},
		{"car", "essai-vieille", 0, "Cette version est sortie de 1985 à 1994" + thirty + "choisissez un véhicule plus récent."},
		{"car", "essai-future", 0, "Cette version sort en 2027" + nbsp + ": indiquez son année de première mise en circulation quand elle sera sortie."},
		{"car", "essai-future", 2026, "Cette version sort en 2027" + nbsp + ": indiquez son année de première mise en circulation quand elle sera sortie."},
		{"moto", "essai-routiere", 2017, "Cette version est sortie de 2005 à 2015" + nbsp + ": indiquez une année entre 2005 et 2016."},
	}
	for _, tt := range tests {
		a := vehicleProducts(map[bool]string{true: "moto", false: "car"}[tt.product == "moto"])[tt.product]
		a.VehicleID, a.VehicleYear = tt.id, tt.year
		if msg := refused(t, tr, tt.product, a, Needs{}, "vehicleYear"); msg != tt.want {
			t.Errorf("%s %s in %d:\n got %q\nwant %q", tt.product, tt.id, tt.year, msg, tt.want)
		}
	}
}

// TestYearOfAVehicleWithoutYears: a vehicle whose years of sale are not
// known (described by its characteristics) is bounded by the age limit
// alone, and the message says only that.
func TestYearOfAVehicleWithoutYears(t *testing.T) {
	tr := testTariff(t)
	vtc := tr.products["vtc"].field["vehicleYear"]
	tests := []struct {
		f           *FormField
		v           Vehicle
		first, last int
		want        string
	}{
		{nil, Vehicle{Energy: "diesel"}, 1996, 2026, "Nous assurons en ligne les véhicules de 30" + nbsp + "ans au plus" + nbsp + ": indiquez une année entre 1996 et 2026."},
		{vtc, Vehicle{Energy: "diesel"}, 2019, 2026, "Une voiture de VTC doit avoir moins de 7" + nbsp + "ans, sauf si elle est hybride ou électrique" + nbsp + ": indiquez une année entre 2019 et 2026."},
		{vtc, Vehicle{Energy: "electrique"}, 1996, 2026, "Nous assurons en ligne les véhicules de 30" + nbsp + "ans au plus" + nbsp + ": indiquez une année entre 1996 et 2026."},
	}
	for _, tt := range tests {
		first, last, maxAge := vehicleYears(tt.f, &tt.v, 2026)
		if first != tt.first || last != tt.last {
			t.Errorf("%s: years %d to %d, want %d to %d", tt.v.Energy, first, last, tt.first, tt.last)
		}
		if got := vehicleYearMessage(tt.f, &tt.v, first, last, maxAge, 2026); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.v.Energy, got, tt.want)
		}
	}
}

// TestVehicleYearsTaken: the years the message gives are priced, the
// default year is the first, and VehicleYears says the same span.
func TestVehicleYearsTaken(t *testing.T) {
	tr := yearTariff(t)
	tests := []struct {
		product, id string
		first, last int
	}{
		{"car", "essai-ancienne", 1996, 2001},
		{"car", "essai-classique", 1996, 2026},
		{"temp", "essai-ancienne", 1996, 2001},
		{"vtc", "essai-berline-diesel", 2019, 2021},
		{"vtc", "essai-berline-hybride", 2010, 2021},
		{"car", "essai-unique", 2012, 2013},
		{"car", "essai-neuve", 2026, 2026},
		{"moto", "essai-routiere", 2005, 2016},
	}
	for _, tt := range tests {
		v, _ := tr.Catalogue().Vehicle(tt.id)
		if first, last := tr.VehicleYears(tt.product, v, today.Year); first != tt.first || last != tt.last {
			t.Errorf("VehicleYears(%s, %s) = %d, %d, want %d, %d", tt.product, tt.id, first, last, tt.first, tt.last)
		}
		a := vehicleProducts(v.Kind)[tt.product]
		a.VehicleID = tt.id
		for _, year := range []int{tt.first, tt.last, 0} {
			a.VehicleYear = year
			p := mustPrice(t, tr, tt.product, a, Needs{}).Prices[0]
			if year == 0 {
				year = tt.first // without a year, the oldest the product takes
			}
			if line := factorLine(t, p, factorOf(tr, tt.product, fVehicleAge).label); !strings.Contains(line, "("+ageText(today.Year-year)+")") {
				t.Errorf("%s %s in %d: %q", tt.product, tt.id, year, line)
			}
		}
	}
	if first, last := tr.VehicleYears("home", &Vehicle{FromYear: 1980}, 2026); first != 1996 || last != 2026 {
		t.Errorf("a product without a vehicle: %d, %d", first, last)
	}
}

// TestDepreciation checks the barème de vétusté of rates.json year by
// year against the rates it states (cars: −20 % the first year, −15 %
// a year to 4 years, −12 % to 8, −10 % after, never below 10 % of the
// value new; motorbikes: −15 %, −12 % to 4 years, −10 % to 10, −8 %
// after, 15 % at the least) and the estimated value to the nearest 100 €.
func TestDepreciation(t *testing.T) {
	tr := testTariff(t)
	car, moto := tr.depreciation["car"], tr.depreciation["moto"]
	tests := []struct {
		s         *schedule
		age       int
		kept      float64
		valueNew  int64
		estimated int64
	}{
		{car, 0, 1, 2150000, 2150000},
		{car, 1, 0.80, 2150000, 1720000},
		{car, 2, 0.68, 2150000, 1460000}, // 14 620 €
		{car, 4, 0.4913, 2150000, 1060000},
		{car, 5, 0.4323, 2150000, 930000},  // × 0,88
		{car, 7, 0.3348, 2150000, 720000},  // 7 198 €
		{car, 9, 0.2652, 1840000, 490000},  // × 0,90 from the 9th year
		{car, 18, 0.1027, 1840000, 190000}, // 1 890 €
		{car, 19, 0.10, 1840000, 180000},   // the floor: 0,0925 is below it
		{car, 30, 0.10, 10000000, 1000000}, // still the floor
		{moto, 1, 0.85, 800000, 680000},    // the MT-07
		{moto, 4, 0.5793, 800000, 460000},  // 4 634 €
		{moto, 11, 0.2832, 800000, 230000}, // × 0,92 from the 11th year
		{moto, 30, 0.15, 800000, 120000},   // the floor
	}
	for _, tt := range tests {
		if got := tt.s.kept[tt.age]; got != tt.kept {
			t.Errorf("kept at %d years: %v, want %v", tt.age, got, tt.kept)
		}
		kind := "car"
		if tt.s == moto {
			kind = "moto"
		}
		if got := tr.estimatedValue(&Vehicle{Kind: kind, ValueNewCents: tt.valueNew}, tt.age); got != tt.estimated {
			t.Errorf("%s of %d € at %d years: %d, want %d", kind, tt.valueNew/100, tt.age, got, tt.estimated)
		}
	}
	if car.floorFrom != 19 || moto.floorFrom != 19 {
		t.Errorf("floors from %d and %d years", car.floorFrom, moto.floorFrom)
	}
	for _, s := range []*schedule{car, moto} {
		for age := 1; age <= maxVehicleAge; age++ {
			if s.kept[age] > s.kept[age-1] || s.kept[age] <= 0 {
				t.Fatalf("a value that grows or vanishes at %d years: %v", age, s.kept)
			}
		}
	}
}

// TestValueLine: the estimated value precedes the damage class it
// decides, on every price, as new, depreciated and at the floor.
func TestValueLine(t *testing.T) {
	tr := yearTariff(t)
	tests := []struct {
		product, id string
		year        int
		value, cls  string
	}{
		{"car", "essai-neuve", 2026, "Valeur estimée du véhicule" + nbsp + ": 30\u202f000" + nbsp + "€ (sa valeur à neuf, moins d’un an)",
			"(classe F" + nbsp + ": valeur à neuf 30\u202f000" + nbsp + "€, 100" + nbsp + "kW)"},
		{"vtc", "essai-berline-hybride", 2012, "Valeur estimée du véhicule" + nbsp + ": 5\u202f300" + nbsp + "€ (34\u202f000" + nbsp + "€ à neuf × 0,1566, barème de vétusté à 14" + nbsp + "ans)",
			"(classe B" + nbsp + ": valeur estimée 5\u202f300" + nbsp + "€, 100" + nbsp + "kW)"},
		{"temp", "essai-ancienne", 1996, "Valeur estimée du véhicule" + nbsp + ": 1\u202f200" + nbsp + "€ (12\u202f000" + nbsp + "€ à neuf × 0,10, barème de vétusté à 30" + nbsp + "ans" + nbsp + ": son plancher)",
			"(classe A" + nbsp + ": valeur estimée 1\u202f200" + nbsp + "€, 55" + nbsp + "kW)"},
		{"moto", "essai-routiere", 2016, "Valeur estimée du véhicule" + nbsp + ": 3\u202f100" + nbsp + "€ (10\u202f000" + nbsp + "€ à neuf × 0,3078, barème de vétusté à 10" + nbsp + "ans)",
			"(classe C" + nbsp + ": valeur estimée 3\u202f100" + nbsp + "€, 70" + nbsp + "kW)"},
	}
	for _, tt := range tests {
		v, _ := tr.Catalogue().Vehicle(tt.id)
		a := vehicleProducts(v.Kind)[tt.product]
		a.VehicleID, a.VehicleYear = tt.id, tt.year
		for _, p := range mustPrice(t, tr, tt.product, a, Needs{}).Prices {
			i := slices.Index(p.Trace, tt.value)
			if i < 0 || !strings.HasPrefix(p.Trace[i+1], "× "+factorOf(tr, tt.product, fDamageClass).label+" "+tt.cls) {
				t.Fatalf("%s %s in %d: no %q before the class %q:\n%s", tt.product, tt.id, tt.year, tt.value, tt.cls, strings.Join(p.Trace, "\n"))
			}
		}
	}
	// A product without a vehicle has no such line.
	for _, line := range mustPrice(t, tr, "home", Answers{PostalCode: "45000", Dwelling: "house", Surface: 100, Rooms: 4, Occupant: "owner", ContentsCents: 3000000}, Needs{}).Prices[0].Trace {
		if strings.HasPrefix(line, "Valeur estimée") {
			t.Errorf("home: %q", line)
		}
	}
}
