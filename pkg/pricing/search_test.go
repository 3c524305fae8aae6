package pricing

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"
)

// searchYear is the current year of the search's tests.
const searchYear = 2026

// searchCatalogue is the search's own catalogue (testdata/search-catalogue),
// fixed so that the ranking tests do not follow the real one.
func searchCatalogue(t testing.TB) *Catalogue {
	t.Helper()
	c, err := LoadCatalogueFiles(searchFiles(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// searchFiles reads the search's test catalogue n times: each copy
// after the first renames its models and ids (« Clio » → « QabClio »),
// so that copies match the same words but for the models' names.
func searchFiles(t testing.TB, n int) []CatalogueFile {
	t.Helper()
	dir := os.DirFS("testdata/search-catalogue")
	names, err := fs.Glob(dir, "*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("testdata/search-catalogue: %v", err)
	}
	var files []CatalogueFile
	for r := range n {
		for _, name := range names {
			data, err := fs.ReadFile(dir, name)
			if err != nil {
				t.Fatal(err)
			}
			if r > 0 {
				tag := fmt.Sprintf("Q%c%c", 'a'+r/26, 'a'+r%26)
				var f fileMake
				if err := json.Unmarshal(data, &f); err != nil {
					t.Fatal(err)
				}
				for _, m := range f.Models {
					m.Model = tag + strings.ReplaceAll(m.Model, " ", "")
					for _, g := range m.Generations {
						for _, v := range g.Versions {
							v.ID = tag + "-" + v.ID
						}
					}
				}
				if data, err = json.Marshal(f); err != nil {
					t.Fatal(err)
				}
			}
			files = append(files, CatalogueFile{Name: fmt.Sprint(r, "-", name), Data: data})
		}
	}
	return files
}

// groups writes the results as the runs of their model and generation:
// « Clio III », « 206 ».
func groups(list []*Vehicle) []string {
	var out []string
	for _, v := range list {
		g := strings.TrimSpace(v.Model + " " + v.Generation)
		if len(out) == 0 || out[len(out)-1] != g {
			out = append(out, g)
		}
	}
	return out
}

func ids(list []*Vehicle) []string {
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = v.ID
	}
	return out
}

// TestSearchQueries types what people type, against the test catalogue:
// the generations found in their order, or the versions themselves.
func TestSearchQueries(t *testing.T) {
	c := searchCatalogue(t)
	everyClio := []string{"Clio V", "Clio IV", "Clio III", "Clio II"}
	everyC3 := []string{"C3 IV", "C3 III", "C3 II", "C3 I", "C3 Aircross"}
	tmax := []string{"TMAX 560", "TMAX 530", "TMAX 500"}
	tests := []struct {
		kind, q string
		year    int
		groups  []string // the runs of model and generation, nil for none
		ids     []string // if not nil, the versions themselves
		every   string   // if not "", a word of every version found
	}{
		// A model: every generation, newest first.
		{kind: "car", q: "clio", groups: everyClio},
		{kind: "car", q: "CLIO", groups: everyClio},
		{kind: "car", q: "renault clio", groups: everyClio},
		{kind: "car", q: "volkswagen", groups: []string{"Golf VIII", "Golf VII", "Golf VI", "Golf V", "Golf IV"}},
		// A generation in roman or arabic numerals, any case, any spaces.
		{kind: "car", q: "clio 3", groups: []string{"Clio III"}},
		{kind: "car", q: "clio III", groups: []string{"Clio III"}},
		{kind: "car", q: "Clio iii", groups: []string{"Clio III"}},
		{kind: "car", q: "  CLIO   iii ", groups: []string{"Clio III"}},
		{kind: "car", q: "clio3", groups: []string{"Clio III"}},
		{kind: "car", q: "golf 6", groups: []string{"Golf VI"}},
		{kind: "car", q: "golf VI", groups: []string{"Golf VI", "Golf VIII", "Golf VII"}}, // the whole numeral first
		{kind: "car", q: "Golf-VII", groups: []string{"Golf VII", "Golf VIII"}},
		{kind: "car", q: "308 2", groups: []string{"308 II"}},
		{kind: "car", q: "Citroën C3 II", groups: []string{"C3 II", "C3 III"}},
		{kind: "car", q: "308 II", groups: []string{"308 II", "308 III"}},
		{kind: "car", q: "golf v", groups: []string{"Golf V", "Golf VIII", "Golf VII", "Golf VI", "Golf IV"}}, // v: Volkswagen
		{kind: "car", q: "scénic ii", groups: []string{"Scénic II", "Scénic III"}},
		{kind: "car", q: "golf 9", groups: nil},
		{kind: "car", q: "clio 5", ids: []string{"t-clio-5-sce-65", "t-clio-5-tce-90", "t-clio-5-e-tech-145"}}, // by power
		// Accents, with or without.
		{kind: "car", q: "citroen c3", groups: everyC3},
		{kind: "car", q: "CITROËN c3", groups: everyC3},
		{kind: "car", q: "c 3", groups: append(everyC3[:len(everyC3):len(everyC3)], "Clio III")}, // c3 whole first
		{kind: "car", q: "scenic", groups: []string{"Scénic IV", "Scénic III", "Scénic II", "Scénic I"}},
		// The engine: every version found has it.
		{kind: "car", q: "206 hdi", groups: []string{"206"}, every: "HDi"},
		{kind: "car", q: "golf tdi", groups: []string{"Golf VIII", "Golf VII", "Golf VI", "Golf V", "Golf IV"}, every: "TDI"},
		{kind: "car", q: "scenic 1.5 dci", groups: []string{"Scénic IV", "Scénic III", "Scénic II"}, every: "1.5 dCi"},
		{kind: "car", q: "Scénic 1,5 DCI", groups: []string{"Scénic IV", "Scénic III", "Scénic II"}, every: "1.5 dCi"},
		{kind: "car", q: "renault clio 3 1.5 dci", ids: []string{"t-clio-3-15-dci-85"}},
		{kind: "car", q: "e-208", ids: []string{"t-208-2-e-208-136"}},
		{kind: "car", q: "208", groups: []string{"208 II", "208 I"}},
		// A year: the generations sold that year.
		{kind: "car", q: "clio 2008", groups: []string{"Clio III"}},
		{kind: "car", q: "clio 2013", groups: []string{"Clio IV", "Clio III"}}, // a Clio III registered the year after its last
		{kind: "car", q: "c3 2011", groups: []string{"C3 II"}},
		{kind: "car", q: "clio iv 2016", groups: []string{"Clio IV"}},
		{kind: "car", q: "clio 3 2015", groups: nil},
		{kind: "car", q: "2011 c3", groups: []string{"C3 II"}},
		// « 2008 »: the model first, then the cars of 2008.
		{kind: "car", q: "peugeot 2008", groups: []string{"2008 II", "2008 I", "206", "207", "308 I"}},
		{kind: "car", q: "2008", groups: []string{"2008 II", "2008 I", "C3 I", "206", "207", "308 I", "Clio III", "Scénic II", "Golf V"}},
		// A year being typed keeps what it may become.
		{kind: "car", q: "clio 20", groups: append([]string{"Clio III"}, everyClio...)}, // RS 200 first: a word before a year
		{kind: "car", q: "clio 200", groups: []string{"Clio III", "Clio II"}},
		{kind: "car", q: "golf 19", groups: []string{"Golf IV"}},
		// The year filter, and the versions registered the year after their last after those sold that year.
		{kind: "car", q: "clio", year: 2010, ids: []string{"t-clio-3-15-dci-85", "t-clio-3-20-rs-200", "t-clio-3-12-16v-75"}},
		{kind: "car", q: "golf", year: 2009, groups: []string{"Golf VI", "Golf V"}},
		{kind: "car", q: "golf 6", year: 2015, groups: nil},
		{kind: "moto", q: "tmax", year: searchYear + 1, groups: nil},
		// Words joined or apart.
		{kind: "moto", q: "tmax", groups: tmax},
		{kind: "moto", q: "T-Max", groups: tmax},
		{kind: "moto", q: "t max", groups: tmax},
		{kind: "moto", q: "TMAX 530", groups: []string{"TMAX 530"}},
		{kind: "moto", q: "tmax 530 dx", ids: []string{"t-tmax-530-dx"}},
		{kind: "moto", q: "tmax 2015", groups: []string{"TMAX 530"}},
		{kind: "moto", q: "mt07", groups: []string{"MT-07"}},
		{kind: "moto", q: "MT 07", groups: []string{"MT-07"}},
		{kind: "moto", q: "mt-07", groups: []string{"MT-07"}},
		{kind: "moto", q: "mt", groups: []string{"MT-07", "MT-09"}},
		{kind: "moto", q: "mt 07 2021", ids: []string{"t-mt-07-689-a2", "t-mt-07-689"}},
		// Nothing.
		{kind: "car", q: "zzz", groups: nil},
		{kind: "moto", q: "clio", groups: nil},
		{kind: "car", q: "tmax", groups: nil},
		{kind: "bateau", q: "clio", groups: nil},
		{kind: "car", q: " - ", groups: nil},
	}
	for _, tt := range tests {
		got := c.Search(SearchQuery{Kind: tt.kind, Text: tt.q, Year: tt.year, ThisYear: searchYear})
		name := fmt.Sprintf("%s %q (year %d)", tt.kind, tt.q, tt.year)
		if tt.ids != nil {
			if g := ids(got); !slices.Equal(g, tt.ids) {
				t.Errorf("%s: %v, want %v", name, g, tt.ids)
			}
		} else if g := groups(got); !slices.Equal(g, tt.groups) {
			t.Errorf("%s: %v, want %v", name, g, tt.groups)
		}
		for _, v := range got {
			if tt.every != "" && !strings.Contains(v.Version, tt.every) {
				t.Errorf("%s: found %s", name, v.Name())
			}
			if y := tt.year; y != 0 && (y < v.FromYear || y > v.LastYear(searchYear)) {
				t.Errorf("%s: %s is sold from %d to %d", name, v.Name(), v.FromYear, v.ToYear)
			}
		}
	}
}

// TestSearchLimit: at most the limit asked, MaxSearch if out of bounds.
func TestSearchLimit(t *testing.T) {
	c, err := LoadCatalogueFiles(searchFiles(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ limit, want int }{{1, 1}, {5, 5}, {MaxSearch, MaxSearch}, {0, MaxSearch}, {-1, MaxSearch}, {MaxSearch + 1, MaxSearch}} {
		if n := len(c.Search(SearchQuery{Kind: "car", Text: "1", Limit: tt.limit})); n != tt.want {
			t.Errorf("limit %d gave %d, want %d", tt.limit, n, tt.want)
		}
	}
	// More words than any vehicle has: nothing, not a slow search.
	if got := c.Search(SearchQuery{Kind: "car", Text: strings.Repeat("clio ", maxQueryWords+1)}); got != nil {
		t.Errorf("%d words found %d", maxQueryWords+1, len(got))
	}
	if got := c.Search(SearchQuery{Kind: "car", Text: strings.Repeat("clio ", maxQueryWords)}); len(got) == 0 {
		t.Errorf("%d words found nothing", maxQueryWords)
	}
}

// TestSearchAllocations: a search allocates for its query and results,
// never per vehicle: the same search over thirty copies of the catalogue
// (their models renamed, so the same results) allocates as much.
func TestSearchAllocations(t *testing.T) {
	small := searchCatalogue(t)
	large, err := LoadCatalogueFiles(searchFiles(t, 30))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"clio 3 1.5 dci", "tmax", "scenic 2008"} {
		q := SearchQuery{Kind: "car", Text: text, ThisYear: searchYear}
		if text == "tmax" {
			q.Kind = "moto"
		}
		if a, b := ids(small.Search(q)), ids(large.Search(q)); !slices.Equal(a, b) || len(a) == 0 {
			t.Fatalf("%q: %v and %v", text, a, b)
		}
		a := testing.AllocsPerRun(20, func() { small.Search(q) })
		b := testing.AllocsPerRun(20, func() { large.Search(q) })
		if a != b {
			t.Errorf("%q: %.0f allocations over %d versions, %.0f over %d", text, a, small.Len(""), b, large.Len(""))
		}
	}
}

// TestSearch types the way visitors do, on the real catalogue, with what
// holds whatever it grows into.
func TestSearch(t *testing.T) {
	c := testTariff(t).Catalogue()
	tests := []struct {
		kind, q    string
		firstMake  string
		firstModel string
		every      func(*Vehicle) bool
	}{
		{"car", "clio", "Renault", "Clio", func(v *Vehicle) bool { return strings.HasPrefix(v.Model, "Clio") }},
		{"car", "CLIO", "Renault", "Clio", nil},
		{"car", "208", "Peugeot", "208", func(v *Vehicle) bool { return strings.Contains(v.Model+" "+v.Version, "208") }},
		{"car", "golf tdi", "Volkswagen", "Golf", func(v *Vehicle) bool { return strings.Contains(v.Version, "TDI") }},
		{"car", "peugeot 2008", "Peugeot", "2008", func(v *Vehicle) bool { return v.Make == "Peugeot" }},
		{"car", "citroen", "Citroën", "", func(v *Vehicle) bool { return v.Make == "Citroën" }},
		{"car", "Citroën c3", "Citroën", "C3", nil},
		{"moto", "mt-07", "Yamaha", "MT-07", nil},
		{"moto", "mt 07", "Yamaha", "MT-07", nil},
		{"moto", "mt07", "Yamaha", "MT-07", nil},
		{"moto", "tmax", "Yamaha", "TMAX", func(v *Vehicle) bool { return v.Model == "TMAX" }},
		{"moto", "t-max", "Yamaha", "TMAX", nil},
	}
	for _, tt := range tests {
		got := c.Search(SearchQuery{Kind: tt.kind, Text: tt.q, Limit: 10, ThisYear: searchYear})
		if len(got) == 0 {
			t.Errorf("Search(%q) found nothing", tt.q)
			continue
		}
		if got[0].Make != tt.firstMake || tt.firstModel != "" && got[0].Model != tt.firstModel {
			t.Errorf("Search(%q) starts with %s %s, want %s %s", tt.q, got[0].Make, got[0].Model, tt.firstMake, tt.firstModel)
		}
		for _, v := range got {
			if v.Kind != tt.kind || tt.every != nil && !tt.every(v) {
				t.Errorf("Search(%q) gave %s", tt.q, v.Name())
			}
		}
	}
	// « 208 » lists the 208 before any model whose version only matches,
	// « peugeot 2008 » the 2008 before the Peugeots sold in 2008.
	for _, tt := range []struct{ q, model string }{{"208", "208"}, {"peugeot 2008", "2008"}} {
		got := c.Search(SearchQuery{Kind: "car", Text: tt.q, ThisYear: searchYear})
		for i := 1; i < len(got); i++ {
			if got[i-1].Model != tt.model && got[i].Model == tt.model {
				t.Errorf("Search(%s): %s before %s", tt.q, got[i-1].Name(), got[i].Name())
			}
		}
	}
	if n := len(c.Search(SearchQuery{Kind: "car", Text: "e", Limit: 5})); n != 5 {
		t.Errorf("limit 5 gave %d", n)
	}
	if got := c.Search(SearchQuery{Kind: "car", Text: "  ", Limit: 10}); got != nil {
		t.Errorf("blank query gave %d results", len(got))
	}
	if got := c.Search(SearchQuery{Kind: "moto", Text: "clio", Limit: 10}); len(got) != 0 {
		t.Errorf("a car among motorbikes: %v", got[0].Name())
	}
	if v, ok := c.Vehicle("peugeot-208-12-puretech-100"); !ok || v.Model != "208" {
		t.Errorf("Vehicle: %v %v", v, ok)
	}
	if _, ok := c.Vehicle("nope"); ok {
		t.Error("Vehicle(nope) found")
	}
}

func TestWords(t *testing.T) {
	for _, tt := range []struct{ s, want string }{
		{"Citroën ë-C4 1.2 PureTech, Œuvre", "citroen|e|c4|1.2|puretech|oeuvre"},
		{"Scénic 1,5 dCi", "scenic|1.5|dci"},
		{"1. 5, version.", "1|5|version"},
		{"T-MAX 530", "t|max|530"},
		{"125 cm³", "125|cm"},
	} {
		if got := strings.Join(words(tt.s), "|"); got != tt.want {
			t.Errorf("words(%q) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestNumeralsAndKeys(t *testing.T) {
	for _, tt := range []struct{ w, want string }{
		{"iii", "iii|3"}, {"x", "x|10"}, {"2", "2|ii"}, {"10", "10|x"}, {"11", "11"}, {"02", "02"}, {"530", "530"}, {"xi", "xi"},
	} {
		if got := strings.Join(numeralForms(tt.w), "|"); got != tt.want {
			t.Errorf("numeralForms(%q) = %q, want %q", tt.w, got, tt.want)
		}
	}
	got := strings.Join(keysOf([][]string{{"t"}, {"max"}, {"iii", "3"}, {"dx"}}), " ")
	if want := "t tmax tmaxiii tmax3 max maxiii max3 maxiiidx max3dx iii 3 iiidx 3dx dx"; got != want {
		t.Errorf("keysOf = %q, want %q", got, want)
	}
}

// BenchmarkSearch searches as people type over the real catalogue and
// over a catalogue of realistic size (the real one and copies of the
// test one, renamed). The goal is under 1 ms a search at the median
// (go test -run '^$' -bench Search -count 5 ./pkg/pricing/).
func BenchmarkSearch(b *testing.B) {
	real := testTariff(b).Catalogue()
	files := searchFiles(b, 32)
	names, err := fs.Glob(catalogueFS, "catalogue/*.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range names {
		data, err := fs.ReadFile(catalogueFS, n)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, CatalogueFile{Name: n, Data: data})
	}
	large, err := LoadCatalogueFiles(files)
	if err != nil {
		b.Fatal(err)
	}
	queries := []struct{ kind, q string }{
		{"car", "clio"}, {"car", "clio 3"}, {"car", "golf 6 tdi"}, {"car", "peugeot 2008"}, {"car", "clio 2008"},
		{"car", "scenic 1.5 dci"}, {"car", "citroen c3"}, {"car", "e"}, {"moto", "tmax"}, {"moto", "t max"},
	}
	for _, cat := range []struct {
		name string
		c    *Catalogue
	}{{fmt.Sprintf("real-%d", real.Len("")), real}, {fmt.Sprintf("large-%d", large.Len("")), large}} {
		for _, q := range queries {
			b.Run(cat.name+"/"+strings.ReplaceAll(q.q, " ", "_"), func(b *testing.B) {
				sq := SearchQuery{Kind: q.kind, Text: q.q, Limit: 20, ThisYear: searchYear}
				b.ReportAllocs()
				for b.Loop() {
					cat.c.Search(sq)
				}
			})
		}
	}
}
