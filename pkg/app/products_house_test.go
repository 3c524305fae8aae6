package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"courtier/pkg/pricing"
)

// productCaseAllowed are the files where a product's id may pick a way,
// each with its reason. The kinds of vehicle of the catalogue share the
// names « car » and « moto » with two products: pricing.VehicleCar and
// pricing.VehicleMoto name them.
var productCaseAllowed = map[string]string{
	"pkg/pricing/products.go": "the registry: the house's specs",
	// The chat's intents by the company profile's services (company.json),
	// which name the products on study too: a service is not a product
	// of the registry, but an entry of the profile.
	"pkg/chat/texts.go": "the company profile's services",
}

// TestNoSwitchOnAProduct: no code outside the registry picks its way by
// a product priced at once: no case, no map keyed by its id, no
// comparison with it. What differs by product is in its
// pricing.ProductSpec, which the Tariff gives (Tariff.Spec).
func TestNoSwitchOnAProduct(t *testing.T) {
	names := productNames()
	sources(t, func(path string, f *ast.File, fset *token.FileSet) {
		if _, ok := productCaseAllowed[path]; ok {
			return
		}
		for _, found := range productChoices(f, fset, names) {
			t.Errorf("%s: read it from the product's pricing.ProductSpec", found)
		}
	})
}

// TestNoSwitchOnAProductFinds: the check finds a product picked by a
// case, a map's key or a comparison, and leaves other strings alone.
func TestNoSwitchOnAProductFinds(t *testing.T) {
	const src = `package x

var proofs = map[string][]string{"vtc": {"pro-card"}, "elsewhere": nil}

func f(product string, kind string) bool {
	switch product {
	case "temp":
		return true
	case "other":
	}
	if kind == "unrelated" {
		return false
	}
	return product == "home"
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "injected.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	got := productChoices(f, fset, productNames())
	want := []string{`injected.go:3:34: a map keyed by the product "vtc"`, `injected.go:7:7: a case on the product "temp"`,
		`injected.go:14:20: a comparison with the product "home"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// productNames are the ids of the house's products.
func productNames() map[string]bool {
	names := map[string]bool{}
	for _, s := range pricing.HouseProducts() {
		names[s.ID] = true
	}
	return names
}

// productChoices lists, with their position, the cases, map keys and
// comparisons of f that name a product of names.
func productChoices(f *ast.File, fset *token.FileSet, names map[string]bool) []string {
	var out []string
	product := func(e ast.Expr) string {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return ""
		}
		if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
			return strconv.Quote(s)
		}
		return ""
	}
	report := func(e ast.Expr, what, name string) {
		out = append(out, fset.Position(e.Pos()).String()+": "+what+" "+name)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CaseClause:
			for _, e := range x.List {
				if name := product(e); name != "" {
					report(e, "a case on the product", name)
				}
			}
		case *ast.KeyValueExpr:
			if name := product(x.Key); name != "" {
				report(x.Key, "a map keyed by the product", name)
			}
		case *ast.BinaryExpr:
			if x.Op != token.EQL && x.Op != token.NEQ {
				break
			}
			for _, e := range []ast.Expr{x.X, x.Y} {
				if name := product(e); name != "" {
					report(e, "a comparison with the product", name)
				}
			}
		}
		return true
	})
	return out
}
