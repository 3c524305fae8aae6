package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"courtier/scripts/loadkit"
)

// runReport prints one table of every figure in the results file, with
// the goal of issue 12 beside it.
func runReport(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	path := fs.String("results", "", "the results file the other subcommands wrote")
	low := fs.String("signin-low", "20", "the label of the sign-in run with few sessions")
	high := fs.String("signin-high", "50000", "the label of the sign-in run with many sessions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *path == "" {
		return errors.New("--results FILE")
	}
	f, err := os.Open(*path)
	if err != nil {
		return err
	}
	defer f.Close()
	v := map[string]float64{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var r result
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("%s: %w", *path, err)
		}
		v[r.Key] = r.Value
	}
	if err := sc.Err(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n| figure | measured | goal (issue 12) |\n|---|---|---|\n")
	row := func(keys []string, what, goal string, format func(...float64) string) {
		xs := make([]float64, len(keys))
		for i, k := range keys {
			x, ok := v[k]
			if !ok {
				return
			}
			xs[i] = x
		}
		fmt.Fprintf(out, "| %s | %s | %s |\n", what, format(xs...), goal)
	}
	ratioOf := func(xs ...float64) string { return loadkit.Ratio(xs[0], xs[1]) }
	for _, t := range []struct{ key, what string }{{"home", "home page"}, {"script", "main script"}, {"404", "404"}} {
		k := "static." + t.key
		row([]string{k + ".a.rps", k + ".b.rps"}, t.what+": courtier / nginx, requests/s", "≥ 0.8× (aim 0.9×)", func(xs ...float64) string {
			return fmt.Sprintf("%s (%s / %s)", loadkit.Ratio(xs[0], xs[1]), thousands(xs[0]), thousands(xs[1]))
		})
		row([]string{k + ".a.p99ms", k + ".b.p99ms"}, t.what+": courtier / nginx, p99", "≤ 2×", func(xs ...float64) string {
			return fmt.Sprintf("%s (%.2f ms / %.2f ms)", loadkit.Ratio(xs[0], xs[1]), xs[0], xs[1])
		})
	}
	row([]string{"session.session.a.rps", "session.session.b.rps"}, "`GET /api/session`: with / without a session cookie, requests/s", "≥ 0.6×", func(xs ...float64) string {
		return fmt.Sprintf("%s (%s / %s)", ratioOf(xs...), thousands(xs[0]), thousands(xs[1]))
	})
	row([]string{"chat.rate"}, "chat messages at 50 clients, messages/s", "≥ 5,000", func(xs ...float64) string { return thousands(xs[0]) })
	row([]string{"chat.p50ms", "chat.p99ms"}, "chat message round trip, p50 / p99", "p99 ≤ 20 ms", func(xs ...float64) string {
		return fmt.Sprintf("%.2f ms / %.2f ms", xs[0], xs[1])
	})
	row([]string{"signin." + *high + ".rate", "signin." + *low + ".rate"}, "sign-ins/s, "+*high+" live sessions / "+*low, "≥ 0.95×", func(xs ...float64) string {
		return fmt.Sprintf("%s (%.1f / %.1f)", ratioOf(xs...), xs[0], xs[1])
	})
	row([]string{"idle.rssmib"}, "idle memory (VmRSS)", "≤ 40 MiB", func(xs ...float64) string { return fmt.Sprintf("%.1f MiB", xs[0]) })
	row([]string{"idle.readyms"}, "time to ready (spawn → « serveur prêt »)", "≤ 50 ms", func(xs ...float64) string { return fmt.Sprintf("%.1f ms", xs[0]) })
	row([]string{"idle.readyms", "idle.vs.readyms"}, "time to ready: binary / vs, started in turn", "≤ 1.1×", func(xs ...float64) string {
		return fmt.Sprintf("%s (%.1f / %.1f ms)", ratioOf(xs...), xs[0], xs[1])
	})
	row([]string{"idle.healthms", "idle.vs.healthms"}, "spawn → first /healthz 200: binary / vs", "≤ 1.1×", func(xs ...float64) string {
		return fmt.Sprintf("%s (%.1f / %.1f ms)", ratioOf(xs...), xs[0], xs[1])
	})
	row([]string{"idle.rssmib", "idle.vs.rssmib"}, "idle memory: binary / vs", "", func(xs ...float64) string {
		return fmt.Sprintf("%s (%.1f / %.1f MiB)", ratioOf(xs...), xs[0], xs[1])
	})
	return nil
}
