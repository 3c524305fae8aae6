package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"

	"courtier/scripts/loadkit"
)

// side is one of the two things compared: a server (courtier, nginx) or
// one server with its own headers (with a cookie, without).
type side struct {
	name, base string
	headers    []string
}

// wrkTarget is a path measured on both sides.
type wrkTarget struct{ name, path string }

// wrkRun is what one wrk run measured.
type wrkRun struct {
	rps       float64
	p99       time.Duration
	requests  int64
	non2xx3xx int64
	socketErr string
}

// runWrk measures each target on both sides, interleaved (a, b, a, b…
// per round), and prints the medians and their ratios a/b.
func runWrk(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("wrk", flag.ContinueOnError)
	var a, b side
	var targets, both, aHeaders, bHeaders loadkit.StringList
	fs.StringVar(&a.name, "a-name", "courtier", "the first side's name")
	fs.StringVar(&a.base, "a-url", "", "the first side's server, http://127.0.0.1:PORT")
	fs.StringVar(&b.name, "b-name", "nginx", "the second side's name")
	fs.StringVar(&b.base, "b-url", "", "the second side's server (the first's by default)")
	fs.Var(&targets, "target", "NAME=PATH to measure (repeatable)")
	fs.Var(&both, "header", "a header sent by both sides (repeatable)")
	fs.Var(&aHeaders, "a-header", "a header of the first side alone (repeatable)")
	fs.Var(&bHeaders, "b-header", "a header of the second side alone (repeatable)")
	rounds := fs.Int("rounds", 3, "rounds (1–9)")
	duration := fs.Duration("duration", 10*time.Second, "each wrk run (1s–30s)")
	threads := fs.Int("threads", 2, "wrk threads")
	conns := fs.Int("connections", 50, "wrk connections")
	key := fs.String("key", "wrk", "the prefix of the figures in --results")
	results := fs.String("results", "", "append the figures to this file")
	wrkBin := fs.String("wrk", "wrk", "the wrk binary")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if b.base == "" {
		b.base = a.base
	}
	var err error
	if a.base, err = loadkit.CheckLoopback(a.base); err != nil {
		return err
	}
	if b.base, err = loadkit.CheckLoopback(b.base); err != nil {
		return err
	}
	switch {
	case *rounds < 1 || *rounds > 9:
		return errors.New("--rounds between 1 and 9")
	case *duration < time.Second || *duration > 30*time.Second:
		return errors.New("--duration between 1s and 30s")
	case *threads < 1 || *threads > 8 || *conns < *threads || *conns > 1000:
		return errors.New("--threads 1–8, --connections from --threads to 1000")
	case len(targets) == 0:
		return errors.New("at least one --target NAME=PATH")
	}
	a.headers = append(append([]string{}, both...), aHeaders...)
	b.headers = append(append([]string{}, both...), bHeaders...)
	var ts []wrkTarget
	for _, t := range targets {
		name, p, ok := strings.Cut(t, "=")
		if !ok || !strings.HasPrefix(p, "/") {
			return fmt.Errorf("--target %q: NAME=/path", t)
		}
		ts = append(ts, wrkTarget{name, p})
	}

	fmt.Fprintf(out, "\nwhat each side answers (one request, headers: %s | %s):\n\n", showHeaders(a), showHeaders(b))
	fmt.Fprintf(out, "| target | side | status | Content-Encoding | header bytes | body bytes |\n|---|---|---|---|---|---|\n")
	want := map[string]int{}
	for _, t := range ts {
		var statuses [2]int
		for i, s := range []side{a, b} {
			st, enc, hb, bb, err := probe(s, t.path)
			if err != nil {
				return fmt.Errorf("%s %s: %w", s.name, t.path, err)
			}
			statuses[i] = st
			fmt.Fprintf(out, "| %s `%s` | %s | %d | %s | %d | %d |\n", t.name, t.path, s.name, st, cmpOr(enc, "none"), hb, bb)
		}
		if statuses[0] != statuses[1] {
			return fmt.Errorf("%s: %s answers %d, %s %d: not the same request", t.name, a.name, statuses[0], b.name, statuses[1])
		}
		want[t.name] = statuses[0]
	}

	runs := map[string][2][]wrkRun{}
	for round := 1; round <= *rounds; round++ {
		for _, t := range ts {
			pair := runs[t.name]
			for i, s := range []side{a, b} {
				r, err := wrk(*wrkBin, s, t.path, *threads, *conns, *duration)
				if err != nil {
					return fmt.Errorf("round %d, %s, %s: %w", round, t.name, s.name, err)
				}
				if want[t.name] < 300 && r.non2xx3xx > 0 {
					return fmt.Errorf("round %d, %s, %s: %d answers not 2xx or 3xx", round, t.name, s.name, r.non2xx3xx)
				}
				pair[i] = append(pair[i], r)
				fmt.Fprintf(os.Stderr, "serverload: round %d %-12s %-14s %9.0f req/s  p99 %s%s\n", round, t.name, s.name, r.rps, ms(r.p99), r.socketErr)
			}
			runs[t.name] = pair
		}
	}

	fmt.Fprintf(out, "\nwrk -t%d -c%d -d%s --latency, %d rounds interleaved, medians:\n\n", *threads, *conns, duration, *rounds)
	fmt.Fprintf(out, "| target | %s req/s | %s req/s | ratio | %s p99 | %s p99 | p99 ratio |\n|---|---|---|---|---|---|---|\n", a.name, b.name, a.name, b.name)
	var recs []result
	for _, t := range ts {
		pair := runs[t.name]
		var rpsA, rpsB, p99A, p99B []float64
		for _, r := range pair[0] {
			rpsA, p99A = append(rpsA, r.rps), append(p99A, float64(r.p99))
		}
		for _, r := range pair[1] {
			rpsB, p99B = append(rpsB, r.rps), append(p99B, float64(r.p99))
		}
		ra, rb, pa, pb := loadkit.Median(rpsA), loadkit.Median(rpsB), loadkit.Median(p99A), loadkit.Median(p99B)
		fmt.Fprintf(out, "| %s | %s | %s | %s | %s | %s | %s |\n", t.name, thousands(ra), thousands(rb), loadkit.Ratio(ra, rb),
			ms(time.Duration(pa)), ms(time.Duration(pb)), loadkit.Ratio(pa, pb))
		k := *key + "." + t.name
		recs = append(recs, result{k + ".a.rps", ra}, result{k + ".b.rps", rb}, result{k + ".a.p99ms", pa / 1e6}, result{k + ".b.p99ms", pb / 1e6})
	}
	fmt.Fprintf(out, "\nper round (req/s): ")
	for _, t := range ts {
		pair := runs[t.name]
		fmt.Fprintf(out, "%s: %s %s / %s %s; ", t.name, a.name, rounds2(pair[0]), b.name, rounds2(pair[1]))
	}
	fmt.Fprintln(out)
	return record(*results, recs...)
}

func rounds2(rs []wrkRun) string {
	var s []string
	for _, r := range rs {
		s = append(s, fmt.Sprintf("%.0f", r.rps))
	}
	return strings.Join(s, ", ")
}

func cmpOr(s, dflt string) string {
	if s == "" {
		return dflt
	}
	return s
}

func showHeaders(s side) string {
	if len(s.headers) == 0 {
		return s.name + ": none"
	}
	var hs []string
	for _, h := range s.headers {
		name, v, _ := strings.Cut(h, ":")
		if strings.EqualFold(name, "Cookie") {
			v = " (session cookie)"
		}
		hs = append(hs, name+":"+v)
	}
	return s.name + ": " + strings.Join(hs, ", ")
}

// probe sends one request as wrk will and tells what came back. The
// header bytes are counted as on the wire (name, ": ", value, CRLF).
func probe(s side, path string) (status int, encoding string, headerBytes, bodyBytes int, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+path, nil)
	if err != nil {
		return 0, "", 0, 0, err
	}
	for _, h := range s.headers {
		name, v, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(name), strings.TrimSpace(v))
	}
	// A transport of its own: no transparent gzip, the body as sent.
	cl := &http.Client{Transport: &http.Transport{DisableCompression: true}, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	res, err := cl.Do(req)
	if err != nil {
		return 0, "", 0, 0, err
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return 0, "", 0, 0, err
	}
	headerBytes = len(res.Proto) + len(res.Status) + 3
	for k, vs := range res.Header {
		for _, v := range vs {
			headerBytes += len(k) + len(v) + 4
		}
	}
	return res.StatusCode, res.Header.Get("Content-Encoding"), headerBytes, len(body), nil
}

// wrk runs wrk once, bounded by a hard timeout, and reads its output.
func wrk(bin string, s side, path string, threads, conns int, d time.Duration) (wrkRun, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d+20*time.Second)
	defer cancel()
	args := []string{"-t" + strconv.Itoa(threads), "-c" + strconv.Itoa(conns), "-d" + strconv.Itoa(int(d.Seconds())) + "s", "--latency"}
	for _, h := range s.headers {
		args = append(args, "-H", h)
	}
	args = append(args, s.base+path)
	cmd := exec.CommandContext(ctx, bin, args...)
	b, err := cmd.CombinedOutput()
	if err != nil {
		return wrkRun{}, fmt.Errorf("%s: %w\n%s", bin, err, b)
	}
	r, err := parseWrk(string(b))
	if err != nil {
		return wrkRun{}, fmt.Errorf("%w in wrk's output:\n%s", err, b)
	}
	return r, nil
}

var (
	wrkRPS     = regexp.MustCompile(`(?m)^Requests/sec:\s+([0-9.]+)`)
	wrk99      = regexp.MustCompile(`(?m)^\s+99%\s+([0-9.]+)(us|ms|s|m)\s*$`)
	wrkReqs    = regexp.MustCompile(`(?m)^\s+([0-9]+) requests in`)
	wrkNon2xx  = regexp.MustCompile(`(?m)^\s+Non-2xx or 3xx responses:\s+([0-9]+)`)
	wrkSockErr = regexp.MustCompile(`(?m)^\s+Socket errors:.*$`)
)

// parseWrk reads requests/s, the p99 latency, the request count and the
// failures from wrk's --latency output.
func parseWrk(s string) (wrkRun, error) {
	var r wrkRun
	m := wrkRPS.FindStringSubmatch(s)
	if m == nil {
		return r, errors.New("no Requests/sec")
	}
	r.rps, _ = strconv.ParseFloat(m[1], 64)
	m = wrk99.FindStringSubmatch(s)
	if m == nil {
		return r, errors.New("no 99% latency (--latency)")
	}
	v, _ := strconv.ParseFloat(m[1], 64)
	unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second, "m": time.Minute}[m[2]]
	r.p99 = time.Duration(v * float64(unit))
	if m = wrkReqs.FindStringSubmatch(s); m != nil {
		r.requests, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if m = wrkNon2xx.FindStringSubmatch(s); m != nil {
		r.non2xx3xx, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if e := wrkSockErr.FindString(s); e != "" {
		r.socketErr = "  (" + strings.TrimSpace(e) + ")"
	}
	return r, nil
}
