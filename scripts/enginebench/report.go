package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"courtier/scripts/loadkit"
)

// benchRows are the figures of issue 18, in the table's order: the
// benchmark and what it measures.
var benchRows = []struct{ name, what, unit string }{
	{"BenchmarkSessionRequestParallel", "session check, `GET /api/session` signed in, one client per core", "requests/s"},
	{"BenchmarkSessionRequest50", "session check, 50 signed-in clients at once", "requests/s"},
	{"BenchmarkSignIn", "sign-in at production cost (Argon2id), parallel clients", "sign-ins/s"},
	{"BenchmarkChatMessage50", "chat round trip, 50 visitors at once", "messages/s"},
	{"BenchmarkDeskQueue/default", "staff queue at 100,000 requests, first page", "pages/s"},
	{"BenchmarkDeskQueue/search", "staff queue at 100,000 requests, a name searched", "pages/s"},
}

// goal is the least PostgreSQL / SQLite rate issue 18 asks for.
const goal = 0.5

var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(-\d+)?\s+\d+\s+([0-9.]+) ns/op`)

// readBench reads the ns/op of every benchmark line of a go test output.
func readBench(path string) (map[string][]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := benchLine.FindStringSubmatch(sc.Text()); m != nil {
			v, _ := strconv.ParseFloat(m[3], 64)
			out[m[1]] = append(out[m[1]], v)
		}
	}
	return out, sc.Err()
}

// runBench prints the Markdown table of the Go benchmarks on both
// engines: medians of ns/op, rates, and the ratio of the rates;
// --slowest writes the name of the benchmark of the lowest ratio.
func runBench(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	sqlitePath := fs.String("sqlite", "", "go test's output on SQLite")
	pgPath := fs.String("pg", "", "go test's output on PostgreSQL")
	slowest := fs.String("slowest", "", "write the name of the benchmark of the lowest ratio here")
	if err := fs.Parse(args); err != nil {
		return err
	}
	lite, err := readBench(*sqlitePath)
	if err != nil {
		return err
	}
	pg, err := readBench(*pgPath)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, "| figure (benchmark) | SQLite | PostgreSQL | PostgreSQL / SQLite, rate | runs |")
	fmt.Fprintln(out, "|---|---|---|---|---|")
	worst, worstName := 0.0, ""
	for _, row := range benchRows {
		l, p := lite[row.name], pg[row.name]
		if len(l) == 0 && len(p) == 0 {
			continue
		}
		ml, mp := loadkit.Median(l), loadkit.Median(p)
		cell := func(ns float64) string {
			if ns == 0 {
				return "–"
			}
			return duration(ns) + ", " + grouped(1e9/ns) + " " + row.unit
		}
		r := loadkit.Ratio(ml, mp)
		if ml > 0 && mp > 0 {
			if ml/mp < goal {
				r = "**" + r + "** (< 0.5×)"
			}
			if worstName == "" || ml/mp < worst {
				worst, worstName = ml/mp, row.name
			}
		}
		fmt.Fprintf(out, "| %s (`%s`) | %s | %s | %s | %d + %d |\n", row.what, row.name, cell(ml), cell(mp), r, len(l), len(p))
	}
	if worstName == "" {
		return errors.New("no benchmark measured on both engines")
	}
	if *slowest != "" {
		return os.WriteFile(*slowest, []byte(worstName+"\n"), 0o600)
	}
	return nil
}

// runLoad prints the chat runs' medians per setup, in the order the
// setups first appear in --results: the rate and round trips, then the
// CPU each party used and what it bounds the rate to.
func runLoad(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("load", flag.ContinueOnError)
	path := fs.String("results", "", "the JSON lines of enginebench chat")
	if err := fs.Parse(args); err != nil {
		return err
	}
	b, err := os.ReadFile(*path)
	if err != nil {
		return err
	}
	var order []string
	runs := map[string][]chatResult{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r chatResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return fmt.Errorf("%s: %w", *path, err)
		}
		if runs[r.Label] == nil {
			order = append(order, r.Label)
		}
		runs[r.Label] = append(runs[r.Label], r)
	}
	if len(order) == 0 {
		return errors.New("no run")
	}
	med := func(rs []chatResult, f func(chatResult) float64) float64 {
		xs := make([]float64, len(rs))
		for i, r := range rs {
			xs[i] = f(r)
		}
		return loadkit.Median(xs)
	}
	first := med(runs[order[0]], func(r chatResult) float64 { return r.Rate })
	fmt.Fprintf(out, "| chat, %d clients, each waiting for its answer | messages/s | p50 | p99 | / %s | runs | failed requests |\n", runs[order[0]][0].Clients, order[0])
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|")
	for _, l := range order {
		rs := runs[l]
		rate := med(rs, func(r chatResult) float64 { return r.Rate })
		fmt.Fprintf(out, "| %s | %s | %.1f ms | %.1f ms | %s | %d | %d |\n", l, grouped(rate),
			med(rs, func(r chatResult) float64 { return r.P50 }), med(rs, func(r chatResult) float64 { return r.P99 }),
			loadkit.Ratio(rate, first), len(rs), sumFailed(rs))
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| CPU during the run (cores used, medians) | client | courtier | postgres | other work | machine busy / cores | CPU per message: courtier + postgres + client | what the cores allow |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|")
	for _, l := range order {
		rs := runs[l]
		cores := func(f func(chatResult) float64) float64 {
			return med(rs, func(r chatResult) float64 { return f(r) / max(r.Wall, 1e-9) })
		}
		perMsg := func(f func(chatResult) float64) float64 {
			return med(rs, func(r chatResult) float64 { return 1e6 * f(r) / float64(max(r.Messages, 1)) })
		}
		c, s, p := perMsg(func(r chatResult) float64 { return r.Client }), perMsg(func(r chatResult) float64 { return r.Servers }),
			perMsg(func(r chatResult) float64 { return r.PG })
		n := med(rs, func(r chatResult) float64 { return r.Cores })
		fmt.Fprintf(out, "| %s | %.2f | %.2f | %.2f | %.2f | %.2f / %.0f | %.0f + %.0f + %.0f = %.0f µs | %s messages/s |\n", l,
			cores(func(r chatResult) float64 { return r.Client }), cores(func(r chatResult) float64 { return r.Servers }),
			cores(func(r chatResult) float64 { return r.PG }), cores(func(r chatResult) float64 { return r.other() }),
			cores(func(r chatResult) float64 { return r.Busy }), n, s, p, c, s+p+c, grouped(n*1e6/max(s+p+c, 1e-9)))
	}
	var pgRows []string
	for _, l := range order {
		rs := runs[l]
		if rs[0].Waits == nil {
			continue
		}
		w := func(f func(*waitClasses) float64) float64 {
			return med(rs, func(r chatResult) float64 {
				if r.Waits == nil {
					return 0
				}
				return f(r.Waits)
			})
		}
		pgRows = append(pgRows, fmt.Sprintf("| %s | %.1f | %.1f | %.1f | %.1f |", l,
			w(func(c *waitClasses) float64 { return c.Running }), w(func(c *waitClasses) float64 { return c.Lock }),
			w(func(c *waitClasses) float64 { return c.InTx }), w(func(c *waitClasses) float64 { return c.Other })))
	}
	if len(pgRows) > 0 {
		fmt.Fprintln(out)
		fmt.Fprintln(out, "| PostgreSQL's busy backends (mean, sampled every 20 ms) | running | waiting on a lock | in a transaction, waiting for courtier | other waits |")
		fmt.Fprintln(out, "|---|---|---|---|---|")
		for _, r := range pgRows {
			fmt.Fprintln(out, r)
		}
	}
	return nil
}

func sumFailed(rs []chatResult) int {
	n := 0
	for _, r := range rs {
		n += r.Failed
	}
	return n
}
