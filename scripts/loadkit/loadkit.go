// Package loadkit holds what the load programs under scripts/ share
// (serverload, enginebench): loopback checks, figures, the chat's questions
// and a JSON POST with a client address.
package loadkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"
)

// ChatQuestions are what the load programs' clients ask the assistant, in
// turn: the same everywhere, so that the figures compare.
var ChatQuestions = []string{
	"Bonjour, quels sont vos horaires d'ouverture ?",
	"Je voudrais un devis pour mon assurance auto.",
	"Comment déclarer un sinistre habitation ?",
	"Quelle est la différence entre tiers et tous risques ?",
	"Puis-je parler à un conseiller ?",
	"Merci, bonne journée.",
}

// StringList is a repeatable string flag.
type StringList []string

// String is the flag's values, for its help.
func (l *StringList) String() string { return strings.Join(*l, ", ") }

// Set adds one value of the repeated flag.
func (l *StringList) Set(v string) error { *l = append(*l, v); return nil }

// CheckLoopback refuses a base URL that is not http on a loopback address.
func CheckLoopback(base string) (string, error) {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return "", fmt.Errorf("an URL http://127.0.0.1:PORT is required, not %q", base)
	}
	if ip := net.ParseIP(u.Hostname()); ip == nil || !ip.IsLoopback() {
		return "", fmt.Errorf("%q is not a loopback address", u.Hostname())
	}
	return strings.TrimRight(base, "/"), nil
}

// Median of xs (0 when empty); xs is not changed.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// Percentile is the p-quantile (0 < p ≤ 1) of sorted durations, nearest rank.
func Percentile(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	i := int(float64(len(d))*p+0.5) - 1
	return d[max(0, min(i, len(d)-1))]
}

func Millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// Ratio formats a/b with two decimals, or "–" when b is 0.
func Ratio(a, b float64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// FakeAddr is the n-th address of a private /8, skipping .0 and .255.
func FakeAddr(first byte, n int64) string {
	n %= 254 * 256 * 256
	return fmt.Sprintf("%d.%d.%d.%d", first, n/(254*256)%256, n/254%256, n%254+1)
}

// JSONRequest is a POST of body as JSON from client address xff (none
// when empty).
func JSONRequest(ctx context.Context, u, xff string, body any) (*http.Request, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if xff != "" {
		req.Header.Set("X-Forwarded-For", xff)
	}
	return req, nil
}

// PostJSON posts body as JSON from client address xff (none when empty)
// and reads the whole answer.
func PostJSON(ctx context.Context, cl *http.Client, u, xff string, body any) (int, []byte, error) {
	req, err := JSONRequest(ctx, u, xff, body)
	if err != nil {
		return 0, nil, err
	}
	res, err := cl.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	rb, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	return res.StatusCode, rb, err
}
