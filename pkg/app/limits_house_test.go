package app_test

import (
	"encoding/json"
	"errors"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// limitDeciders are the packages that decide rate limits: the services,
// each in the method that acts, the App for the browser's error reports
// (and as the one that builds the registry), and pkg/ratelimit itself.
var limitDeciders = map[string]bool{
	"courtier/pkg/ratelimit": true,
	"courtier/pkg/app":       true,
	"courtier/pkg/account":   true,
	"courtier/pkg/chat":      true,
	"courtier/pkg/complaint": true,
	"courtier/pkg/contact":   true,
	"courtier/pkg/contract":  true,
	"courtier/pkg/instant":   true,
	"courtier/pkg/privacy":   true,
}

// limitsReadable is what another package may use of pkg/ratelimit: its
// types (to hand a table or the registry on), the table's fields, the
// default table, the client address passed to the services (WithClient)
// and its key (AddrKey, for the bounds of open streams). Never a limiter,
// a limit's name or a check.
var limitsReadable = map[string]bool{
	"Default": true, "WithClient": true, "AddrKey": true,
	"Limits.OrDefault": true, "Registry.Limits": true,
}

// TestOnlyServicesDecideRateLimits: no package but the services, the App
// and pkg/ratelimit builds, names or calls a limit: a limit decided in a
// handler is one that another handler, the terminal or a task doing the
// same action skips. Every package of the module is type
// checked, so a limiter reached through a field (app.App.Limits) counts
// as much as one named.
func TestOnlyServicesDecideRateLimits(t *testing.T) {
	pkgs := listPackages(t)
	exports := map[string]string{}
	for _, p := range pkgs {
		exports[p.ImportPath] = p.Export
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if f := exports[path]; f != "" {
			return os.Open(f)
		}
		return nil, errors.New("no export data for " + path)
	})
	checked := 0
	for _, p := range pkgs {
		if p.Standard || !strings.HasPrefix(p.ImportPath, "courtier/") || limitDeciders[p.ImportPath] || !p.dependsOnRatelimit() {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp}
		if _, err := conf.Check(p.ImportPath, fset, files, info); err != nil {
			t.Fatalf("%s: %v", p.ImportPath, err)
		}
		checked++
		for id, obj := range info.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() != "courtier/pkg/ratelimit" || readableLimit(obj) {
				continue
			}
			t.Errorf("%s: %s uses ratelimit's %s: a limit is decided in the service that acts (the handler passes the client with ratelimit.WithClient and translates the ETOOMANY error)",
				fset.Position(id.Pos()), p.ImportPath, obj.Name())
		}
	}
	if checked == 0 {
		t.Fatal("no package checked: the test reads nothing")
	}
}

// readableLimit tells whether obj of pkg/ratelimit is one limitsReadable allows.
func readableLimit(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.TypeName:
		return true
	case *types.Var:
		return o.IsField()
	case *types.Func:
		name := o.Name()
		if recv := o.Signature().Recv(); recv != nil {
			t := recv.Type()
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
			}
			if n, ok := t.(*types.Named); ok {
				name = n.Obj().Name() + "." + name
			}
		}
		return limitsReadable[name]
	}
	return false
}

// listedPackage is what `go list` says of a package.
type listedPackage struct {
	ImportPath string
	Dir        string
	Export     string
	GoFiles    []string
	Deps       []string
	Standard   bool
}

func (p listedPackage) dependsOnRatelimit() bool {
	for _, d := range p.Deps {
		if d == "courtier/pkg/ratelimit" {
			return true
		}
	}
	return false
}

// listPackages is every package of the module and its dependencies, with
// the export data the compiler wrote for each (built if need be).
func listPackages(t *testing.T) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Deps,Standard", "courtier/...")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []listedPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}
