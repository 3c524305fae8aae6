// Command serverload is the load generator of scripts/server-load.sh
// (issue 12): it measures a running `courtier serve` on the loopback, one
// subcommand per figure, and prints Markdown tables.
//
//	serverload wrk     runs wrk against two servers (or one server with two
//	                   header sets) interleaved, medians of requests/s and p99
//	serverload login   signs in and prints the session cookie (name=value)
//	serverload chat    clients sending chat messages, each waiting for the answer
//	serverload prices  visitors pricing a car at once (POST /api/prices) against GET /healthz
//	serverload seed    sets the number of live sessions in a stopped server's database
//	serverload signin  sign-ins from distinct addresses and accounts
//	serverload idle    starts the binary again and again: time to ready, idle memory
//	serverload report  the summary table of every figure written with --results
//	serverload entry   the main script's path in the built site (Vite's manifest)
//
// Each measuring subcommand appends its figures to --results (one JSON
// object per line), which report reads back. Loopback only; every
// subcommand is bounded in count and in time and stops by itself.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	cmds := map[string]func(args []string, out io.Writer) error{
		"wrk":    runWrk,
		"login":  runLogin,
		"chat":   runChat,
		"prices": runPrices,
		"seed":   runSeed,
		"signin": runSignIn,
		"idle":   runIdle,
		"report": runReport,
		"entry":  runEntry,
	}
	if len(os.Args) < 2 || cmds[os.Args[1]] == nil {
		fmt.Fprintln(os.Stderr, "usage: serverload wrk|login|chat|prices|seed|signin|idle|report|entry [flags]")
		os.Exit(2)
	}
	if err := cmds[os.Args[1]](os.Args[2:], os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "serverload %s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
}

// result is one figure of a run, as report reads it back.
type result struct {
	Key   string  `json:"key"`
	Value float64 `json:"value"`
}

// record appends figures to the results file (nothing when path is empty).
func record(path string, rs ...result) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(f)
	for _, r := range rs {
		if err := enc.Encode(r); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}

// ms formats a duration in milliseconds with two decimals.
func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000) }

// thousands formats a rate with a thin grouping, e.g. 35 512.
func thousands(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	if x < 10 {
		s = fmt.Sprintf("%.1f", x)
	}
	var b strings.Builder
	lead := len(s) % 3
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return s
	}
	for i, c := range s {
		if i > 0 && (i-lead)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// runEntry prints the main script's path in the built site: the file of
// the key "index.html" in Vite's manifest (.vite/manifest.json).
func runEntry(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("entry", flag.ContinueOnError)
	dist := fs.String("dist", "site/dist", "the built site")
	if err := fs.Parse(args); err != nil {
		return err
	}
	b, err := os.ReadFile(filepath.Join(*dist, ".vite", "manifest.json"))
	if err != nil {
		return err
	}
	var m map[string]struct {
		File string `json:"file"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("Vite's manifest: %w", err)
	}
	f := m["index.html"].File
	if f == "" || !strings.HasSuffix(f, ".js") || strings.Contains(f, "..") {
		return fmt.Errorf("Vite's manifest names no script for index.html (%q)", f)
	}
	fmt.Fprintln(out, "/"+f)
	return nil
}
