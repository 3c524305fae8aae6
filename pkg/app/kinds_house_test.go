package app_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/store/storetest"
)

// sources calls fn with every Go file of the module's pkg/ and cmd/
// (tests aside: they may arrange a database by hand), parsed, and its
// path from the module's root.
func sources(t *testing.T, fn func(path string, f *ast.File, fset *token.FileSet)) {
	t.Helper()
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	for _, dir := range []string{"pkg", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			fn(filepath.ToSlash(rel), f, fset)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// requestsSQL is SQL that names the desk's tables.
var requestsSQL = regexp.MustCompile(`(?i)\b(FROM|JOIN|INTO|UPDATE|TABLE)\s+(requests|request_events|request_notes|request_replies|request_refs)\b`)

// TestOnlyDeskNamesRequests: pkg/desk alone reads and writes the requests
// table, its history, notes, replies and references; a kind's package
// calls desk's API (desk.Select, desk.Delete…), and the migrations build
// the tables.
func TestOnlyDeskNamesRequests(t *testing.T) {
	sources(t, func(path string, f *ast.File, fset *token.FileSet) {
		if strings.HasPrefix(path, "pkg/desk/") {
			return
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if m := requestsSQL.FindString(lit.Value); m != "" {
					t.Errorf("%s: SQL « %s » outside pkg/desk: call desk's API", fset.Position(lit.Pos()), m)
				}
			}
			return true
		})
	})
}

// kindSwitchAllowed are the cases on a kind left, each with its reason.
var kindSwitchAllowed = map[string]string{
	// The callback's summary is its slot, which its lines show: the TUI's
	// « Objet » cell leaves it out. Left to the TUI's list/detail frame
	// (issue 41, point 4), which owns this file.
	"pkg/tui/requests_rows.go": "desk.KindCallback",
}

// TestNoSwitchOnAKind: no switch outside the registry picks its way by a
// kind of request, whether a desk.Kind constant or a kind's name as a
// string: what differs by kind is in its KindSpec.
func TestNoSwitchOnAKind(t *testing.T) {
	a, err := app.Open(context.Background(), app.Config{DB: storetest.DSN(t), Account: account.Config{Argon: account.Params{Memory: 64, Time: 1, Threads: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, s := range a.Desk.Specs() {
		names[string(s.Kind())] = true
	}
	a.Close()
	sources(t, func(path string, f *ast.File, fset *token.FileSet) {
		ast.Inspect(f, func(n ast.Node) bool {
			var body *ast.BlockStmt
			switch s := n.(type) {
			case *ast.SwitchStmt:
				body = s.Body
			case *ast.TypeSwitchStmt:
				body = s.Body
			default:
				return true
			}
			for _, stmt := range body.List {
				for _, e := range stmt.(*ast.CaseClause).List {
					if kind := kindIn(e, names); kind != "" && kindSwitchAllowed[path] != kind {
						t.Errorf("%s: a case on the kind %s: read it from the kind's desk.KindSpec", fset.Position(e.Pos()), kind)
					}
				}
			}
			return true
		})
	})
}

// kindIn names the kind e refers to (a desk.Kind… constant, or the name
// of a registered kind as a string), "" when none.
func kindIn(e ast.Expr, names map[string]bool) string {
	found := ""
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Name == "desk" && strings.HasPrefix(x.Sel.Name, "Kind") && x.Sel.Name != "Kind" {
				found = "desk." + x.Sel.Name
			}
		case *ast.BasicLit:
			if s, err := strconv.Unquote(x.Value); err == nil && x.Kind == token.STRING && names[s] {
				found = strconv.Quote(s)
			}
		}
		return found == ""
	})
	return found
}
