package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// run executes the root command with args and returns its output and exit code.
func run(t *testing.T, getenv func(string) string, args ...string) (string, string, int) {
	t.Helper()
	root := NewRootCommand(getenv)
	var out, errOut bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.Execute()
	code := ExitCode(err)
	if err != nil && isUsage(err) {
		code = 2
	}
	return out.String(), errOut.String() + errString(err), code
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestCommandLines(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		outHas string
		errHas string
	}{
		{name: "version", args: []string{"version"}, code: 0, outHas: "courtier 1.0.0 (commit "},
		{name: "version takes no argument", args: []string{"version", "x"}, code: 2, errHas: "unknown command"},
		{name: "unknown command", args: []string{"nope"}, code: 2, errHas: "unknown command"},
		{name: "unknown flag", args: []string{"serve", "--port", "1"}, code: 2, errHas: "unknown flag"},
		{name: "serve help", args: []string{"serve", "--help"}, code: 0, outHas: "--addr"},
		{name: "help lists db", args: []string{"--help"}, code: 0, outHas: "--db"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := run(t, env(nil), tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d (out %q, err %q)", code, tt.code, out, errOut)
			}
			if !strings.Contains(out, tt.outHas) || !strings.Contains(errOut, tt.errHas) {
				t.Errorf("out %q err %q, want %q and %q", out, errOut, tt.outHas, tt.errHas)
			}
		})
	}
}

func TestServeFlags(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		addr string
		db   string
	}{
		{name: "defaults", args: []string{"serve"}, addr: "127.0.0.1:8080", db: "./data/courtier.db"},
		{name: "flags", args: []string{"serve", "--addr", ":9000", "--db", "/tmp/x.db"}, addr: ":9000", db: "/tmp/x.db"},
		{name: "env db", env: map[string]string{"COURTIER_DB": "/srv/c.db"}, args: []string{"serve"}, addr: "127.0.0.1:8080", db: "/srv/c.db"},
		{name: "flag beats env", env: map[string]string{"COURTIER_DB": "/srv/c.db"}, args: []string{"--db", "a.db", "serve"}, addr: "127.0.0.1:8080", db: "a.db"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := &Options{}
			var got *ServeOptions
			root := NewRootCommand(env(tt.env))
			// Swap serve for one whose run records its options.
			for _, c := range root.Commands() {
				if c.Name() == "serve" {
					root.RemoveCommand(c)
				}
			}
			root.AddCommand(NewServeCommand(opts, env(tt.env), func(_ context.Context, so *ServeOptions, _ io.Writer) error {
				got = so
				return nil
			}))
			root.SetArgs(tt.args)
			if err := root.Execute(); err != nil {
				t.Fatal(err)
			}
			if got == nil {
				t.Fatal("serve did not run")
			}
			if got.Addr != tt.addr {
				t.Errorf("addr %q, want %q", got.Addr, tt.addr)
			}
			db := root.PersistentFlags().Lookup("db").Value.String()
			if db != tt.db {
				t.Errorf("db %q, want %q", db, tt.db)
			}
		})
	}
}

func TestServeRunsAndStops(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "data", "courtier.db")
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	var logs bytes.Buffer
	go func() {
		done <- serveRun(ctx, &ServeOptions{Options: &Options{DB: dbPath}, Addr: "127.0.0.1:0", Ready: func(a string) { addrc <- a }}, &logs)
	}()
	var addr string
	select {
	case addr = <-addrc:
	case err := <-done:
		t.Fatalf("serve stopped: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	for path, want := range map[string]int{"/healthz": 200, "/": 200, "/nulle-part": 404} {
		res, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, res.StatusCode, want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v", err)
	}
	if !strings.Contains(logs.String(), "serveur arrêté proprement") {
		t.Errorf("no clean stop in the log:\n%s", logs.String())
	}
	if _, err := os.Stat(dbPath); err != nil {
		t.Errorf("serve did not create its database: %v", err)
	}
}

func TestServeSecureCookiesFlag(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{{[]string{"serve"}, false}, {[]string{"serve", "--secure-cookies"}, true}} {
		var got *ServeOptions
		root := NewRootCommand(env(nil))
		for _, c := range root.Commands() {
			if c.Name() == "serve" {
				root.RemoveCommand(c)
			}
		}
		root.AddCommand(NewServeCommand(&Options{}, env(nil), func(_ context.Context, so *ServeOptions, _ io.Writer) error {
			got = so
			return nil
		}))
		root.SetArgs(tt.args)
		if err := root.Execute(); err != nil || got == nil || got.SecureCookies != tt.want {
			t.Errorf("%v: secure %v, err %v", tt.args, got, err)
		}
	}
}

// startServe runs serve on a random port until the returned stop is called.
func startServe(t *testing.T, dbPath string) (string, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- serveRun(ctx, &ServeOptions{Options: &Options{DB: dbPath}, Addr: "127.0.0.1:0", Ready: func(a string) { addrc <- a }}, io.Discard)
	}()
	select {
	case addr := <-addrc:
		return addr, func() {
			cancel()
			if err := <-done; err != nil {
				t.Errorf("serve returned %v", err)
			}
		}
	case err := <-done:
		t.Fatalf("serve stopped: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not start")
	}
	return "", nil
}

func TestSessionsSurviveARestart(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "courtier.db")
	addr, stop := startServe(t, dbPath)
	res, err := http.Post("http://"+addr+"/api/auth/register", "application/json",
		strings.NewReader(`{"email":"marie@exemple.fr","password":"une phrase de passe solide"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	var cookie *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == "courtier_session" {
			cookie = c
		}
	}
	if res.StatusCode != 201 || cookie == nil {
		t.Fatalf("register: %d, cookies %v", res.StatusCode, res.Cookies())
	}
	stop()
	addr, stop = startServe(t, dbPath)
	defer stop()
	req, _ := http.NewRequest("GET", "http://"+addr+"/api/session", nil)
	req.AddCookie(cookie)
	res, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), "marie@exemple.fr") {
		t.Fatalf("signed out by a restart: %s", body)
	}
}
