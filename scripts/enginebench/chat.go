package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"courtier/scripts/loadkit"
)

// perConversation is the conversation limit's burst: a conversation
// takes that many messages, then the client opens another.
const perConversation = 20

// chatResult is one run's figures, one JSON line of --results.
type chatResult struct {
	Label     string  `json:"label"`
	Clients   int     `json:"clients"`
	Instances int     `json:"servers"`
	Messages  int     `json:"messages"`
	Rate      float64 `json:"rate"`
	P50       float64 `json:"p50ms"`
	P99       float64 `json:"p99ms"`
	Failed    int     `json:"failed"`
	cpuUse
	// Waits is what PostgreSQL's backends were doing, with --pg.
	Waits *waitClasses `json:"pg,omitempty"`
}

// runChat has each client open conversations and send messages in them,
// one at a time, each waiting for the server's answer (the assistant's
// reply), as `serverload chat` does; the clients are spread over the
// servers named by --url in turn. Every conversation comes from an
// X-Forwarded-For address of its own (the servers trust the loopback) and
// takes 20 messages, so no rate limit answers. The CPU time of this
// process, of the servers (--pid) and of PostgreSQL's cluster (--pg) is
// read from /proc at the start and at the end, and what PostgreSQL's
// backends do is sampled every 20 ms (pg_stat_activity).
func runChat(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("chat", flag.ContinueOnError)
	var urls loadkit.StringList
	var pids intList
	fs.Var(&urls, "url", "a server, http://127.0.0.1:PORT (repeatable: the clients are split between them)")
	fs.Var(&pids, "pid", "a server's process ID, for its CPU time (repeatable)")
	clients := fs.Int("clients", 50, "concurrent clients (1–500)")
	duration := fs.Duration("duration", 15*time.Second, "how long they send (1s–60s)")
	pg := fs.String("pg", "", "the PostgreSQL database the servers use, for its cluster's CPU time (optional)")
	label := fs.String("label", "", "the setup's name in the output and in --results")
	results := fs.String("results", "", "append this run's figures to this file (one JSON line)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if len(urls) == 0 || len(urls) > 8 {
		return errors.New("--url once to 8 times")
	}
	for i := range urls {
		var err error
		if urls[i], err = loadkit.CheckLoopback(urls[i]); err != nil {
			return err
		}
	}
	if *clients < 1 || *clients > 500 || *duration < time.Second || *duration > time.Minute {
		return errors.New("--clients 1–500, --duration 1s–60s")
	}
	postmaster, err := postmasterOf(*pg)
	if err != nil {
		return fmt.Errorf("PostgreSQL's CPU time: %w", err)
	}
	var stopWaits func() *waitSampler
	if *pg != "" {
		if stopWaits, err = sampleWaits(*pg, 20*time.Millisecond); err != nil {
			return err
		}
	}
	lat, failures, use := chatLoad(urls, pids, postmaster, *clients, *duration)
	var waits *waitSampler
	if stopWaits != nil {
		waits = stopWaits()
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	r := chatResult{Label: *label, Clients: *clients, Instances: len(urls), Messages: len(lat),
		Rate: float64(len(lat)) / use.Wall, P50: loadkit.Millis(loadkit.Percentile(lat, .5)), P99: loadkit.Millis(loadkit.Percentile(lat, .99)), cpuUse: use}
	for _, n := range failures {
		r.Failed += n
	}
	if waits != nil {
		c := waits.classes()
		r.Waits = &c
	}
	fmt.Fprintf(out, "%s: %d clients on %d server(s), %.1f s: %d messages, %s/s, p50 %.2f ms, p99 %.2f ms; "+
		"CPU s: client %.1f, courtier %.1f, postgres %.1f, other %.1f (machine busy %.1f of %.1f)\n",
		r.Label, r.Clients, r.Instances, use.Wall, r.Messages, grouped(r.Rate), r.P50, r.P99,
		use.Client, use.Servers, use.PG, use.other(), use.Busy, use.Cores*use.Wall)
	if waits != nil {
		waits.print(out)
	}
	if err := appendJSON(*results, r); err != nil {
		return err
	}
	if r.Failed > 0 {
		keys := make([]string, 0, len(failures))
		for k := range failures {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(out, "  %-40s %d\n", k, failures[k])
		}
		return fmt.Errorf("%d requests failed", r.Failed)
	}
	return nil
}

// chatLoad runs the clients for d and returns the round trips of the
// messages answered, the failures by request and status, and the CPU use.
func chatLoad(urls []string, pids []int, postmaster, clients int, d time.Duration) ([]time.Duration, map[string]int, cpuUse) {
	ctx, cancel := context.WithTimeout(context.Background(), d+30*time.Second)
	defer cancel()
	cl := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients}}
	var mu sync.Mutex
	var lat []time.Duration
	failures := map[string]int{}
	fail := func(what string, code int, err error) {
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			failures[what+" transport error"]++
		} else {
			failures[what+" "+strconv.Itoa(code)]++
		}
	}
	var addrs atomic.Int64
	before := sample(pids, postmaster)
	end := before.at.Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		base := urls[c%len(urls)]
		wg.Go(func() {
			var mine []time.Duration
			defer func() { mu.Lock(); lat = append(lat, mine...); mu.Unlock() }()
			for n := c; time.Now().Before(end) && ctx.Err() == nil; {
				xff := loadkit.FakeAddr(10, addrs.Add(1))
				code, b, err := loadkit.PostJSON(ctx, cl, base+"/api/chat/conversations", xff, map[string]any{})
				var conv struct {
					Conversation struct{ ID string } `json:"conversation"`
				}
				if err != nil || code/100 != 2 || json.Unmarshal(b, &conv) != nil || conv.Conversation.ID == "" {
					fail("POST conversations", code, err)
					return
				}
				for i := 0; i < perConversation && time.Now().Before(end); i++ {
					t := time.Now()
					body := map[string]string{"text": loadkit.ChatQuestions[n%len(loadkit.ChatQuestions)]}
					code, _, err := loadkit.PostJSON(ctx, cl, base+"/api/chat/conversations/"+conv.Conversation.ID+"/messages", xff, body)
					if err != nil || code/100 != 2 {
						fail("POST message", code, err)
						return
					}
					mine = append(mine, time.Since(t))
					n++
				}
			}
		})
	}
	wg.Wait()
	return lat, failures, between(before, sample(pids, postmaster))
}

// appendJSON appends v as one JSON line to path (nothing when path is empty).
func appendJSON(path string, v any) error {
	if path == "" {
		return nil
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if err := json.NewEncoder(f).Encode(v); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
