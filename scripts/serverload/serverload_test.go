package main

import (
	"strings"
	"testing"
	"time"
)

// A wrk 4.2 --latency output, cut to the lines parseWrk reads and some it skips.
const wrkOutput = `Running 10s test @ http://127.0.0.1:8080/
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.52ms    2.01ms  40.12ms   91.00%
    Req/Sec    17.80k     1.20k   20.10k    70.00%
  Latency Distribution
     50%    1.02ms
     75%    1.60ms
     90%    2.90ms
     99%   {p99}
  354321 requests in 10.00s, 3.01GB read
{extra}Requests/sec:  35432.10
Transfer/sec:    308.12MB
`

func TestParseWrk(t *testing.T) {
	for _, tc := range []struct {
		name   string
		p99    string
		extra  string
		want   wrkRun
		failed bool
	}{
		{name: "milliseconds", p99: "12.34ms", want: wrkRun{rps: 35432.10, p99: 12340 * time.Microsecond, requests: 354321}},
		{name: "microseconds", p99: "870.00us", want: wrkRun{rps: 35432.10, p99: 870 * time.Microsecond, requests: 354321}},
		{name: "seconds", p99: "1.50s", want: wrkRun{rps: 35432.10, p99: 1500 * time.Millisecond, requests: 354321}},
		{name: "non-2xx counted", p99: "2.00ms", extra: "  Non-2xx or 3xx responses: 354321\n",
			want: wrkRun{rps: 35432.10, p99: 2 * time.Millisecond, requests: 354321, non2xx3xx: 354321}},
		{name: "socket errors kept", p99: "2.00ms", extra: "  Socket errors: connect 0, read 3, write 0, timeout 0\n",
			want: wrkRun{rps: 35432.10, p99: 2 * time.Millisecond, requests: 354321, socketErr: "  (Socket errors: connect 0, read 3, write 0, timeout 0)"}},
		{name: "no latency distribution", p99: "", failed: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := strings.NewReplacer("{p99}", tc.p99, "{extra}", tc.extra).Replace(wrkOutput)
			got, err := parseWrk(out)
			if tc.failed {
				if err == nil {
					t.Fatalf("parseWrk accepted an output without a p99: %+v", got)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("parseWrk = %+v, %v; want %+v", got, err, tc.want)
			}
		})
	}
}

func TestThousands(t *testing.T) {
	for x, want := range map[float64]string{35512.4: "35,512", 999: "999", 1000: "1,000", 2460.6: "2,461", 1234567: "1,234,567", 7.24: "7.2"} {
		if got := thousands(x); got != want {
			t.Errorf("thousands(%v) = %q, want %q", x, got, want)
		}
	}
}
