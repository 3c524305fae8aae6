package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"courtier/scripts/loadkit"
)

// priceProfiles are car profiles as visitors send them, varied so that
// no answer is cached anywhere: a price is computed for every request.
var priceProfiles = []map[string]any{
	{"birthDate": "1981-03-02", "licenceDate": "2001-05-10", "bonusMalus": 0.6, "postalCode": "69002",
		"vehicleId": "peugeot-208-12-puretech-100", "usage": "commute", "parking": "street", "yearlyKm": 12000, "claims36": 0},
	{"birthDate": "2004-06-15", "licenceDate": "2024-09-01", "supervisedDriving": true, "bonusMalus": 1, "postalCode": "13005",
		"vehicleId": "renault-clio-tce-90", "usage": "private", "parking": "car-park", "yearlyKm": 8000, "claims36": 0},
	{"birthDate": "1966-11-30", "licenceDate": "1985-02-20", "bonusMalus": 0.5, "postalCode": "45000",
		"vehicleId": "volkswagen-golf-20-tdi-150-dsg7", "usage": "business", "parking": "garage", "yearlyKm": 30000, "claims36": 1},
}

// runPrices measures POST /api/prices (a full car pricing saved, every
// insurer and formula) at --clients concurrent visitors, interleaved with
// a reference measured the same way in the same run (GET /healthz: a
// request that reads the database once). Each visitor comes from its own
// address (X-Forwarded-For, the server trusting the loopback) and takes a
// new one every 25 prices, under the per-address limit's burst of 30.
func runPrices(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("prices", flag.ContinueOnError)
	base := fs.String("url", "", "the server, http://127.0.0.1:PORT (started with --trusted-proxies 127.0.0.1/32)")
	clients := fs.Int("clients", 50, "concurrent visitors (1–200)")
	duration := fs.Duration("duration", 5*time.Second, "length of each run (1s–30s)")
	rounds := fs.Int("rounds", 5, "runs of each kind, interleaved (1–9)")
	pause := fs.Duration("pause", 0, "each visitor's pause between two requests (0–10s): 0 keeps the server saturated")
	results := fs.String("results", "", "append the figures to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if *base, err = loadkit.CheckLoopback(*base); err != nil {
		return err
	}
	if *clients < 1 || *clients > 200 || *duration < time.Second || *duration > 30*time.Second || *rounds < 1 || *rounds > 9 ||
		*pause < 0 || *pause > 10*time.Second {
		return errors.New("--clients 1–200, --duration 1s–30s, --rounds 1–9, --pause 0–10s")
	}
	cl := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *clients, MaxConnsPerHost: *clients}}
	tally := &httpTally{statuses: map[string]int{}}
	var addrs atomic.Int64
	price := func(ctx context.Context, n int, xff string) (int, error) {
		body := map[string]any{"product": "car", "answers": priceProfiles[n%len(priceProfiles)]}
		code, _, err := loadkit.PostJSON(ctx, cl, *base+"/api/prices", xff, body)
		return code, err
	}
	health := func(ctx context.Context, _ int, xff string) (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, *base+"/healthz", nil)
		if err != nil {
			return 0, err
		}
		req.Header.Set("X-Forwarded-For", xff)
		res, err := cl.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, nil
	}
	kinds := []struct {
		name string
		do   func(context.Context, int, string) (int, error)
	}{{"GET /healthz", health}, {"POST /api/prices", price}}
	figures := map[string]*priceFigures{}
	for range *rounds {
		for _, k := range kinds {
			rate, p50, p99 := loadRound(*clients, *duration, *pause, &addrs, tally, k.name, k.do)
			f := figures[k.name]
			if f == nil {
				f = &priceFigures{}
				figures[k.name] = f
			}
			f.rate, f.p50, f.p99 = append(f.rate, rate), append(f.p50, p50), append(f.p99, p99)
		}
	}
	fmt.Fprintf(out, "\n%d concurrent visitors, each from its own address, pausing %s between two requests; %d interleaved runs of %s each; medians of the runs\n\n",
		*clients, *pause, *rounds, *duration)
	fmt.Fprintf(out, "| request | requests/s | p50 | p99 | p99 against /healthz |\n|---|---|---|---|---|\n")
	ref := figures[kinds[0].name]
	for _, k := range kinds {
		f := figures[k.name]
		fmt.Fprintf(out, "| %s | %s | %.2f ms | %.2f ms | %s |\n", k.name, thousands(loadkit.Median(f.rate)),
			loadkit.Median(f.p50), loadkit.Median(f.p99), loadkit.Ratio(loadkit.Median(f.p99), loadkit.Median(ref.p99)))
	}
	p := figures["POST /api/prices"]
	if err := record(*results, result{"prices.rate", loadkit.Median(p.rate)}, result{"prices.p99ms", loadkit.Median(p.p99)},
		result{"prices.health.p99ms", loadkit.Median(ref.p99)}); err != nil {
		return err
	}
	return reportFailures(out, tally)
}

// priceFigures are one kind's figures over the rounds.
type priceFigures struct{ rate, p50, p99 []float64 }

// loadRound runs `clients` loops of do for d and returns the rate and the
// p50 and p99 in milliseconds.
func loadRound(clients int, d, pause time.Duration, addrs *atomic.Int64, tally *httpTally, what string,
	do func(context.Context, int, string) (int, error)) (rate, p50, p99 float64) {
	ctx, cancel := context.WithTimeout(context.Background(), d+15*time.Second)
	defer cancel()
	var mu sync.Mutex
	var lat []time.Duration
	start := time.Now()
	end := start.Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			var mine []time.Duration
			xff := loadkit.FakeAddr(11, addrs.Add(1))
			// Visitors come and read on their own: each starts within the
			// first pause and pauses between half and one and a half of it,
			// so that they do not all arrive in the same millisecond, once
			// a pause (a herd no real audience makes).
			rng := rand.New(rand.NewPCG(uint64(c), 42))
			jitter := func() time.Duration {
				if pause <= 0 {
					return 0
				}
				return pause/2 + time.Duration(rng.Int64N(int64(pause)))
			}
			if pause > 0 {
				time.Sleep(time.Duration(rng.Int64N(int64(pause))))
			}
			for n := c; time.Now().Before(end) && ctx.Err() == nil; n++ {
				if len(mine) > 0 && len(mine)%25 == 0 {
					xff = loadkit.FakeAddr(11, addrs.Add(1))
				}
				t := time.Now()
				code, err := do(ctx, n, xff)
				tally.status(what, code, err)
				if err != nil || code/100 != 2 {
					break
				}
				mine = append(mine, time.Since(t))
				time.Sleep(jitter())
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return float64(len(lat)) / time.Since(start).Seconds(), loadkit.Millis(loadkit.Percentile(lat, .5)), loadkit.Millis(loadkit.Percentile(lat, .99))
}
