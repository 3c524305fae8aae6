package app_test

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The house drawn in docs/architecture.md is read from its fenced block
// « ```house »: the test and the drawing cannot drift apart, and a move of
// a room is one line of the drawing. The rules it holds every Go import of
// the module to:
//   - a room (a Go package, named by its folder) imports only rooms of
//     lower floors;
//   - a helper (a package that arranges tests: storetest, accounttest…)
//     may import any room, and only test files and other helpers import it;
//   - a test file stands outside the house and may import any room or
//     helper (Go itself refuses a circle through a package's own tests);
//   - every package of the module is in the drawing, once, and every name
//     in the drawing is a package of the module.

// modulePath is go.mod's module line.
const modulePath = "courtier"

// house is the drawing: the floor of each room, and the helpers.
type house struct {
	floor   map[string]int
	helpers map[string]bool
}

// place says where a package stands: its floor, or that it is a helper.
func (h house) place(pkg string) (floor int, helper, ok bool) {
	if h.helpers[pkg] {
		return 0, true, true
	}
	floor, ok = h.floor[pkg]
	return floor, false, ok
}

// readHouse parses the « ```house » block of the markdown file at name.
// A line is « floor N: room room … », « helpers: pkg pkg … », blank, or
// a comment; « # » starts a comment anywhere in a line.
func readHouse(name string) (house, error) {
	f, err := os.Open(name)
	if err != nil {
		return house{}, err
	}
	defer f.Close()
	h := house{floor: map[string]int{}, helpers: map[string]bool{}}
	in, found := false, false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !in && strings.TrimSpace(line) == "```house":
			in, found = true, true
			continue
		case !in:
			continue
		case strings.TrimSpace(line) == "```":
			in = false
			continue
		}
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		head, rooms, ok := strings.Cut(line, ":")
		head = strings.TrimSpace(head)
		if !ok {
			if head != "" {
				return house{}, fmt.Errorf("%s:%d: « %s »: a line is « floor N: rooms » or « helpers: packages »", name, n, head)
			}
			continue
		}
		floor, helper := 0, head == "helpers"
		if !helper {
			num, isFloor := strings.CutPrefix(head, "floor ")
			if floor, err = strconv.Atoi(strings.TrimSpace(num)); !isFloor || err != nil {
				return house{}, fmt.Errorf("%s:%d: « %s »: « floor N » or « helpers » before the colon", name, n, head)
			}
		}
		for _, room := range strings.Fields(rooms) {
			if _, _, twice := h.place(room); twice {
				return house{}, fmt.Errorf("%s:%d: %s is drawn twice", name, n, room)
			}
			if helper {
				h.helpers[room] = true
			} else {
				h.floor[room] = floor
			}
		}
	}
	if err := sc.Err(); err != nil {
		return house{}, err
	}
	if !found || in {
		return house{}, fmt.Errorf("%s: no closed « ```house » block", name)
	}
	return h, nil
}

// goImport is one import of one file of the module.
type goImport struct {
	file string // from the module's root
	from string // the importing package's folder
	to   string // the imported package's folder
	test bool   // the file is a _test.go
}

// moduleImports parses every Go file of the module under root (npm's
// packages, testdata and hidden folders aside) and returns the imports
// of the module's own packages, and every folder that holds Go files.
func moduleImports(root string) (imports []goImport, pkgs map[string]bool, err error) {
	pkgs = map[string]bool{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		dir := path.Dir(rel)
		pkgs[dir] = true
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, spec := range f.Imports {
			ip, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return err
			}
			to, ours := strings.CutPrefix(ip, modulePath+"/")
			if !ours {
				continue
			}
			imports = append(imports, goImport{file: rel, from: dir, to: to, test: strings.HasSuffix(name, "_test.go")})
		}
		return nil
	})
	return imports, pkgs, err
}

// wrongImports are the imports that break the house's rules, one
// sentence each.
func wrongImports(h house, imports []goImport) []string {
	var wrong []string
	for _, im := range imports {
		toFloor, toHelper, toOK := h.place(im.to)
		if !toOK {
			wrong = append(wrong, fmt.Sprintf("%s imports %s, which the drawing does not place", im.file, im.to))
			continue
		}
		fromFloor, fromHelper, fromOK := h.place(im.from)
		switch {
		case !fromOK || im.from == im.to:
			// an unplaced importer is reported once by the package check; a
			// package's external test imports its own package
		case im.test || fromHelper:
			// tests and their helpers stand outside the house
		case toHelper:
			wrong = append(wrong, fmt.Sprintf("%s imports the test helper %s: only tests and helpers may", im.file, im.to))
		case toFloor >= fromFloor:
			wrong = append(wrong, fmt.Sprintf("%s imports %s: %s is on floor %d, %s on floor %d; a room imports only rooms of lower floors",
				im.file, im.to, im.from, fromFloor, im.to, toFloor))
		}
	}
	return wrong
}

// TestHouseMatchesImports holds every Go import of the module to the
// house drawn in docs/architecture.md.
func TestHouseMatchesImports(t *testing.T) {
	root := filepath.Join("..", "..")
	h, err := readHouse(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	imports, pkgs, err := moduleImports(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(imports) < 100 {
		t.Fatalf("only %d imports of the module's packages read: the walk missed the code", len(imports))
	}
	for _, w := range wrongImports(h, imports) {
		t.Error(w)
	}
	for _, p := range slices.Sorted(maps.Keys(pkgs)) {
		if _, _, ok := h.place(p); !ok {
			t.Errorf("the package %s is not in docs/architecture.md's drawing: give it a floor (or list it with the helpers)", p)
		}
	}
	for _, room := range slices.Sorted(maps.Keys(h.floor)) {
		if !pkgs[room] {
			t.Errorf("docs/architecture.md draws %s, which holds no Go file", room)
		}
	}
	for _, helper := range slices.Sorted(maps.Keys(h.helpers)) {
		if !pkgs[helper] {
			t.Errorf("docs/architecture.md lists the helper %s, which holds no Go file", helper)
		}
	}
}

// TestHouseRefusesWrongImports checks that the check itself bites: an
// import up, one across a floor, a production import of a helper and an
// import of an unplaced package are each reported, and the allowed ones
// are not.
func TestHouseRefusesWrongImports(t *testing.T) {
	h := house{floor: map[string]int{"pkg/web": 2, "pkg/tui": 2, "pkg/app": 1, "pkg/store": 0},
		helpers: map[string]bool{"pkg/store/storetest": true}}
	imports := []goImport{
		{file: "pkg/store/store.go", from: "pkg/store", to: "pkg/app"},              // up
		{file: "pkg/web/web.go", from: "pkg/web", to: "pkg/tui"},                    // across
		{file: "pkg/app/app.go", from: "pkg/app", to: "pkg/store/storetest"},        // a helper
		{file: "pkg/app/app.go", from: "pkg/app", to: "pkg/nowhere"},                // unplaced
		{file: "pkg/web/web.go", from: "pkg/web", to: "pkg/store"},                  // down: fine
		{file: "pkg/store/x_test.go", from: "pkg/store", to: "pkg/web", test: true}, // a test: fine
		{file: "pkg/store/storetest/s.go", from: "pkg/store/storetest", to: "pkg/app"},
	}
	wrong := wrongImports(h, imports)
	if len(wrong) != 4 {
		t.Fatalf("%d imports refused, want 4: %q", len(wrong), wrong)
	}
	for i, want := range []string{"pkg/store/store.go imports pkg/app", "pkg/web/web.go imports pkg/tui",
		"the test helper pkg/store/storetest", "pkg/nowhere, which the drawing does not place"} {
		if !strings.Contains(wrong[i], want) {
			t.Errorf("refusal %d is %q, want it to say %q", i, wrong[i], want)
		}
	}
}

// TestReadHouseRefusesBadLines checks that a drawing the test cannot read
// fails it instead of allowing everything.
func TestReadHouseRefusesBadLines(t *testing.T) {
	for name, block := range map[string]string{
		"no block":    "# house\n",
		"not closed":  "```house\nfloor 1: pkg/a\n",
		"no colon":    "```house\nfloor 1 pkg/a\n```\n",
		"bad floor":   "```house\nfloor one: pkg/a\n```\n",
		"drawn twice": "```house\nfloor 1: pkg/a\nfloor 0: pkg/a\n```\n",
	} {
		file := filepath.Join(t.TempDir(), "architecture.md")
		if err := os.WriteFile(file, []byte(block), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := readHouse(file); err == nil {
			t.Errorf("%s: the drawing was read", name)
		}
	}
}
