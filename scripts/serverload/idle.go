package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"courtier/scripts/loadkit"
)

// start is one start of the server: how long until it said it was ready,
// until it answered /healthz (asked at once after), and its resident
// memory once idle.
type start struct {
	ready, health time.Duration
	rssKiB        int64
}

// runIdle starts the binary --runs times on a database of its own: the
// first start creates it (migrations), the others open it as a restart
// does. Each time it measures the time from the spawn to the « serveur
// prêt » log line, then, after --settle without a request, the process's
// VmRSS; then it stops the server with SIGTERM. With --vs, another build
// is started in turn with it, each on its database, so both meet the same
// moments of a shared machine, and the table gives the ratios.
func runIdle(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("idle", flag.ContinueOnError)
	bin := fs.String("binary", "bin/courtier", "the courtier binary")
	vs := fs.String("vs", "", "another build, started in turn with --binary (« vs » in the table)")
	dir := fs.String("dir", "", "a temporary directory for the database")
	runs := fs.Int("runs", 5, "starts on the existing database (1–20), after the first that creates it")
	settle := fs.Duration("settle", 2*time.Second, "idle time before reading the memory (0–10s)")
	results := fs.String("results", "", "append the figures to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" || *runs < 1 || *runs > 20 || *settle < 0 || *settle > 10*time.Second {
		return errors.New("--dir DIR, --runs 1–20, --settle 0–10s")
	}
	bins := []string{*bin}
	if *vs != "" {
		bins = append(bins, *vs)
	}
	figures := make([]idleFigures, len(bins))
	for i, b := range bins {
		figures[i].db = filepath.Join(*dir, fmt.Sprintf("idle-%d.db", i))
		s, err := startOnce(b, figures[i].db, *settle)
		if err != nil {
			return fmt.Errorf("first start of %s: %w", b, err)
		}
		figures[i].first = s
	}
	for range *runs {
		for i, b := range bins {
			s, err := startOnce(b, figures[i].db, *settle)
			if err != nil {
				return fmt.Errorf("%s: %w", b, err)
			}
			figures[i].ready = append(figures[i].ready, float64(s.ready))
			figures[i].health = append(figures[i].health, float64(s.health))
			figures[i].rss = append(figures[i].rss, float64(s.rssKiB))
		}
	}
	fmt.Fprintf(out, "\n| server at rest | ready (spawn → « serveur prêt ») | spawn → first /healthz 200 | resident memory (VmRSS) after %s idle |\n|---|---|---|---|\n", settle)
	names := []string{"", " (vs)"}
	for i, f := range figures {
		fmt.Fprintf(out, "| first start (creates the database)%s | %s | %s | %.1f MiB |\n", names[i], ms(f.first.ready), ms(f.first.health), float64(f.first.rssKiB)/1024)
		fmt.Fprintf(out, "| restart, median of %d%s | %s (%s–%s) | %s (%s–%s) | %.1f MiB |\n", *runs, names[i],
			ms(median(f.ready)), ms(time.Duration(slices.Min(f.ready))), ms(time.Duration(slices.Max(f.ready))),
			ms(median(f.health)), ms(time.Duration(slices.Min(f.health))), ms(time.Duration(slices.Max(f.health))), loadkit.Median(f.rss)/1024)
	}
	a := figures[0]
	rs := []result{{"idle.readyms", loadkit.Millis(median(a.ready))}, {"idle.healthms", loadkit.Millis(median(a.health))}, {"idle.rssmib", loadkit.Median(a.rss) / 1024}}
	if len(figures) == 2 {
		b := figures[1]
		fmt.Fprintf(out, "| ratio binary / vs, started in turn | %s | %s | %s |\n",
			loadkit.Ratio(loadkit.Median(a.ready), loadkit.Median(b.ready)), loadkit.Ratio(loadkit.Median(a.health), loadkit.Median(b.health)),
			loadkit.Ratio(loadkit.Median(a.rss), loadkit.Median(b.rss)))
		fmt.Fprintf(out, "\nbinary: %s\nvs: %s\n", *bin, *vs)
		rs = append(rs, result{"idle.vs.readyms", loadkit.Millis(median(b.ready))}, result{"idle.vs.healthms", loadkit.Millis(median(b.health))},
			result{"idle.vs.rssmib", loadkit.Median(b.rss) / 1024})
	}
	return record(*results, rs...)
}

// idleFigures are the starts of one build on its database.
type idleFigures struct {
	db                 string
	first              start
	ready, health, rss []float64
}

// median is the median of durations held as float64 nanoseconds.
func median(xs []float64) time.Duration { return time.Duration(loadkit.Median(xs)) }

// startOnce starts the server, waits for it to be ready, lets it rest,
// reads its memory and stops it; 15 s at most to be ready, 10 s to stop.
func startOnce(bin, db string, settle time.Duration) (start, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "serve", "--db", db, "--addr", "127.0.0.1:0")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return start{}, err
	}
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return start{}, err
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM) //nolint:errcheck // gone already: fine
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }() //nolint:errcheck // its status says nothing here
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill() //nolint:errcheck // last resort
			<-done
		}
	}()
	readyc := make(chan readyLine, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			// Read on to the end, so the server never blocks on a full pipe.
			if strings.Contains(sc.Text(), "serveur prêt") {
				readyc <- readyLine{time.Since(t0), readyURL(sc.Text())}
			}
		}
	}()
	var s start
	select {
	case l := <-readyc:
		s.ready = l.after
		if s.health, err = firstHealth(l.url, t0); err != nil {
			return s, err
		}
	case <-time.After(15 * time.Second):
		return s, errors.New("not ready after 15 s")
	}
	time.Sleep(settle)
	if s.rssKiB, err = readRSS(cmd.Process.Pid); err != nil {
		return s, err
	}
	return s, nil
}

// readyLine is when the server said « serveur prêt », and its address.
type readyLine struct {
	after time.Duration
	url   string
}

// readyURL is the url= of the ready line, "" when it has none.
func readyURL(line string) string {
	for f := range strings.FieldsSeq(line) {
		if u, ok := strings.CutPrefix(f, "url="); ok {
			return strings.Trim(u, `"`)
		}
	}
	return ""
}

// firstHealth asks url's /healthz until it answers 200 (5 s at most) and
// returns the time from t0.
func firstHealth(url string, t0 time.Time) (time.Duration, error) {
	if url == "" {
		return 0, errors.New("no url= in the ready line")
	}
	client := &http.Client{Timeout: time.Second}
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		resp, err := client.Get(url + "/healthz")
		if err == nil {
			io.Copy(io.Discard, resp.Body) //nolint:errcheck // only the status matters
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return time.Since(t0), nil
			}
		}
		time.Sleep(time.Millisecond)
	}
	return 0, fmt.Errorf("%s/healthz: no 200 in 5 s", url)
}

// readRSS is the resident memory of process pid in KiB (/proc/PID/status).
func readRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			if f := strings.Fields(rest); len(f) >= 1 {
				return strconv.ParseInt(f[0], 10, 64)
			}
		}
	}
	return 0, errors.New("no VmRSS line")
}
