package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"courtier/scripts/loadkit"
)

// httpTally counts the answers by request and status, and the latencies.
type httpTally struct {
	mu       sync.Mutex
	statuses map[string]int
	lat      []time.Duration
}

func (t *httpTally) status(what string, code int, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err != nil {
		t.statuses[what+" transport error"]++
		return
	}
	t.statuses[what+" "+strconv.Itoa(code)]++
}

// failures are the non-2xx answers and transport errors; fatal tells
// whether one of them is a 5xx or a transport error.
func (t *httpTally) failures() (n int, fatal bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k, c := range t.statuses {
		if strings.HasSuffix(k, " transport error") {
			n += c
			fatal = true
			continue
		}
		code := k[len(k)-3:]
		if code[0] != '2' {
			n += c
			fatal = fatal || code[0] == '5'
		}
	}
	return n, fatal
}

// runChat has each client open conversations and send messages in them,
// one at a time, each waiting for the server's answer (the assistant's
// reply). A conversation takes 20 messages (its limit's burst) and comes
// from an address of its own (X-Forwarded-For, the server trusting the
// loopback), so that neither the per-conversation nor the per-address
// limit stops the run.
func runChat(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("chat", flag.ContinueOnError)
	base := fs.String("url", "", "the server, http://127.0.0.1:PORT")
	clients := fs.Int("clients", 50, "concurrent clients (1–500)")
	duration := fs.Duration("duration", 20*time.Second, "how long they send (1s–60s)")
	perConv := fs.Int("per-conversation", 20, "messages per conversation (the conversation limit's burst is 20)")
	results := fs.String("results", "", "append the figures to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if *base, err = loadkit.CheckLoopback(*base); err != nil {
		return err
	}
	if *clients < 1 || *clients > 500 || *duration < time.Second || *duration > time.Minute || *perConv < 1 || *perConv > 20 {
		return errors.New("--clients 1–500, --duration 1s–60s, --per-conversation 1–20")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *duration+30*time.Second)
	defer cancel()
	cl := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *clients, MaxConnsPerHost: *clients}}
	tally := &httpTally{statuses: map[string]int{}}
	var addrs, convs atomic.Int64
	start := time.Now()
	end := start.Add(*duration)
	var wg sync.WaitGroup
	for c := range *clients {
		wg.Go(func() {
			var mine []time.Duration
			defer func() {
				tally.mu.Lock()
				tally.lat = append(tally.lat, mine...)
				tally.mu.Unlock()
			}()
			for n := c; time.Now().Before(end) && ctx.Err() == nil; {
				xff := loadkit.FakeAddr(10, addrs.Add(1))
				id, ok := startConversation(ctx, cl, *base, xff, tally)
				if !ok {
					return
				}
				convs.Add(1)
				for i := 0; i < *perConv && time.Now().Before(end); i++ {
					t := time.Now()
					body := map[string]string{"text": loadkit.ChatQuestions[n%len(loadkit.ChatQuestions)]}
					code, _, err := loadkit.PostJSON(ctx, cl, *base+"/api/chat/conversations/"+id+"/messages", xff, body)
					tally.status("POST message", code, err)
					if err != nil || code/100 != 2 {
						return
					}
					mine = append(mine, time.Since(t))
					n++
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	lat := tally.lat
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	rate := float64(len(lat)) / elapsed.Seconds()
	fmt.Fprintf(out, "\n%d clients, each sending a message and waiting for the answer, then the next; %d messages per conversation, each conversation from an address of its own; %.1f s\n\n",
		*clients, *perConv, elapsed.Seconds())
	fmt.Fprintf(out, "| chat messages | messages/s | p50 | p90 | p99 | max | conversations opened |\n|---|---|---|---|---|---|---|\n")
	fmt.Fprintf(out, "| %d | %s | %s | %s | %s | %s | %d |\n", len(lat), thousands(rate), ms(loadkit.Percentile(lat, .5)), ms(loadkit.Percentile(lat, .9)), ms(loadkit.Percentile(lat, .99)), ms(loadkit.Percentile(lat, 1)), convs.Load())
	if err := record(*results, result{"chat.rate", rate}, result{"chat.p50ms", loadkit.Millis(loadkit.Percentile(lat, .5))}, result{"chat.p99ms", loadkit.Millis(loadkit.Percentile(lat, .99))}); err != nil {
		return err
	}
	return reportFailures(out, tally)
}

// reportFailures prints the answers that were not 2xx; a 5xx or a
// transport error fails the run, and so does a run with no success.
func reportFailures(out io.Writer, t *httpTally) error {
	n, fatal := t.failures()
	if n == 0 {
		fmt.Fprintln(out, "\nHTTP errors: none")
		return nil
	}
	fmt.Fprintln(out, "\nHTTP answers by request and status:")
	var keys []string
	for k := range t.statuses {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(out, "  %-40s %d\n", k, t.statuses[k])
	}
	if fatal {
		return fmt.Errorf("%d failed requests, a 5xx or a transport error among them", n)
	}
	return nil
}

// startConversation opens a conversation from address xff.
func startConversation(ctx context.Context, cl *http.Client, base, xff string, t *httpTally) (string, bool) {
	code, b, err := loadkit.PostJSON(ctx, cl, base+"/api/chat/conversations", xff, map[string]any{})
	t.status("POST conversations", code, err)
	if err != nil || code/100 != 2 {
		return "", false
	}
	var c struct {
		Conversation struct {
			ID string `json:"id"`
		} `json:"conversation"`
	}
	if json.Unmarshal(b, &c) != nil || c.Conversation.ID == "" {
		t.status("POST conversations (no ID in the answer)", 0, errors.New("no ID"))
		return "", false
	}
	return c.Conversation.ID, true
}
