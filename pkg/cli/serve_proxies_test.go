package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"testing"
)

func TestServeTrustedProxies(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"nothing trusted by default", nil, []string{"serve"}, ""},
		{"flag", nil, []string{"serve", "--trusted-proxies", "10.0.0.0/8,2001:db8::/32"}, "10.0.0.0/8,2001:db8::/32"},
		{"env", map[string]string{"COURTIER_TRUSTED_PROXIES": "127.0.0.1/32"}, []string{"serve"}, "127.0.0.1/32"},
		{"flag beats env", map[string]string{"COURTIER_TRUSTED_PROXIES": "127.0.0.1/32"}, []string{"serve", "--trusted-proxies", "192.0.2.0/24"}, "192.0.2.0/24"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got *ServeOptions
			root := NewRootCommand(env(tt.env))
			for _, c := range root.Commands() {
				if c.Name() == "serve" {
					root.RemoveCommand(c)
				}
			}
			root.AddCommand(NewServeCommand(&Options{}, env(tt.env), func(_ context.Context, so *ServeOptions, _ io.Writer) error {
				got = so
				return nil
			}))
			root.SetArgs(tt.args)
			if err := root.Execute(); err != nil || got == nil {
				t.Fatalf("serve did not run: %v", err)
			}
			if got.TrustedProxies != tt.want {
				t.Errorf("trusted proxies %q, want %q", got.TrustedProxies, tt.want)
			}
		})
	}
}

// A range that does not parse is a usage error, in English, before any
// database is opened.
func TestServeBadTrustedProxies(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"flag", nil, []string{"serve", "--trusted-proxies", "10.0.0.0/33"}},
		{"one bad among good", nil, []string{"serve", "--trusted-proxies", "10.0.0.0/8,proxy.example"}},
		{"env", map[string]string{"COURTIER_TRUSTED_PROXIES": "10.0.0.1/8/2"}, []string{"serve"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			var out, errOut bytes.Buffer
			args := append([]string{"--db", dir + "/jamais.db"}, tt.args...)
			code := Run(args, env(tt.env), strings.NewReader(""), &out, &errOut)
			if code != 2 {
				t.Fatalf("exit %d, want 2; stderr %s", code, errOut.String())
			}
			if msg := errOut.String(); !strings.Contains(msg, "invalid trusted proxy") || !strings.Contains(msg, "--help") {
				t.Errorf("stderr %q", msg)
			}
			if _, err := os.Stat(dir + "/jamais.db"); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("the database was created: %v", err)
			}
		})
	}
}
