package web

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"courtier/pkg/app"
)

func mustTrust(t testing.TB, s string) trustedProxies {
	t.Helper()
	p, err := ParseTrustedProxies(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestClientAddress(t *testing.T) {
	const proxies = "10.0.0.0/8, 2001:db8:ffff::/48, 127.0.0.1"
	cases := []struct {
		name    string
		peer    string
		xff     []string
		trusted string
		want    string
	}{
		{"no proxy trusted: the header is ignored", "203.0.113.5:4000", []string{"198.51.100.1"}, "", "203.0.113.5"},
		{"peer not a trusted proxy: the header is ignored", "203.0.113.5:4000", []string{"198.51.100.1"}, proxies, "203.0.113.5"},
		{"trusted proxy without header: the proxy", "10.0.0.2:4000", nil, proxies, "10.0.0.2"},
		{"trusted proxy: the entry it added", "10.0.0.2:4000", []string{"198.51.100.1"}, proxies, "198.51.100.1"},
		{"spoofed left-most entries are skipped", "10.0.0.2:4000", []string{"1.2.3.4, 5.6.7.8, 198.51.100.1"}, proxies, "198.51.100.1"},
		{"a chain of trusted proxies is walked", "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.1, 10.9.9.9, 10.0.0.3"}, proxies, "198.51.100.1"},
		{"several headers are one list, last header last", "10.0.0.2:4000", []string{"1.2.3.4, 198.51.100.1", "10.0.0.3"}, proxies, "198.51.100.1"},
		{"spoofed entries in an earlier header", "10.0.0.2:4000", []string{"1.2.3.4", "198.51.100.1"}, proxies, "198.51.100.1"},
		{"all trusted: the left-most", "10.0.0.2:4000", []string{"10.1.1.1, 10.2.2.2"}, proxies, "10.1.1.1"},
		{"garbage right of the client stops at the last trusted hop", "10.0.0.2:4000", []string{"198.51.100.1, n'importe quoi, 10.0.0.3"}, proxies, "10.0.0.3"},
		{"garbage as the only entry: the peer", "10.0.0.2:4000", []string{"unknown"}, proxies, "10.0.0.2"},
		{"garbage left of the client is never read", "10.0.0.2:4000", []string{"<script>, 198.51.100.1"}, proxies, "198.51.100.1"},
		{"empty entries are skipped", "10.0.0.2:4000", []string{"198.51.100.1, , ", ""}, proxies, "198.51.100.1"},
		{"entries with ports", "10.0.0.2:4000", []string{"198.51.100.1:5555, 10.0.0.3:80"}, proxies, "198.51.100.1"},
		{"IPv6 in brackets with a port", "10.0.0.2:4000", []string{"[2001:db8::7]:443"}, proxies, "2001:db8::7"},
		{"IPv6 in brackets without a port", "10.0.0.2:4000", []string{"[2001:db8::7]"}, proxies, "2001:db8::7"},
		{"IPv6 bare", "10.0.0.2:4000", []string{"2001:db8::7"}, proxies, "2001:db8::7"},
		{"IPv6 peer trusted", "[2001:db8:ffff::1]:4000", []string{"2001:db8:1::9, 2001:db8:ffff:1::2"}, proxies, "2001:db8:1::9"},
		{"IPv6 peer not trusted", "[2001:db8:1::1]:4000", []string{"198.51.100.1"}, proxies, "2001:db8:1::1"},
		{"IPv4-mapped IPv6 peer matches an IPv4 range", "[::ffff:10.0.0.2]:4000", []string{"198.51.100.1"}, proxies, "198.51.100.1"},
		{"IPv4-mapped entry written as IPv4", "10.0.0.2:4000", []string{"::ffff:198.51.100.1"}, proxies, "198.51.100.1"},
		{"zone dropped", "[fe80::1%eth0]:4000", nil, "", "fe80::1"},
		{"loopback proxy of the load script", "127.0.0.1:50000", []string{"198.18.0.7"}, "127.0.0.1/32", "198.18.0.7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := apiScenario{method: "GET", path: "/"}.request()
			r.RemoteAddr = c.peer
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientAddress(r, mustTrust(t, c.trusted)); got != c.want {
				t.Errorf("client %q, want %q", got, c.want)
			}
		})
	}
}

func TestParseTrustedProxies(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		bad  bool
	}{
		{in: "", want: nil},
		{in: " , ", want: nil},
		{in: "10.0.0.0/8", want: []string{"10.0.0.0/8"}},
		{in: "10.1.2.3/8, 192.0.2.1", want: []string{"10.0.0.0/8", "192.0.2.1/32"}},
		{in: "2001:db8::/32,::1", want: []string{"2001:db8::/32", "::1/128"}},
		{in: "::ffff:10.0.0.0/104", want: []string{"10.0.0.0/8"}},
		{in: "10.0.0.0/33", bad: true},
		{in: "proxy.example", bad: true},
		{in: "10.0.0.0/8;192.0.2.0/24", bad: true},
		{in: "fe80::1%eth0", bad: true},
	}
	for _, c := range cases {
		got, err := ParseTrustedProxies(c.in)
		if c.bad {
			if err == nil || !strings.Contains(err.Error(), "invalid trusted proxy") {
				t.Errorf("%q: err %v, want a usage error", c.in, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var s []string
		for _, p := range got {
			s = append(s, p.String())
		}
		if strings.Join(s, " ") != strings.Join(c.want, " ") {
			t.Errorf("%q: %v, want %v", c.in, s, c.want)
		}
	}
}

// withTrusted makes the test server believe X-Forwarded-For from 192.0.2.1,
// the RemoteAddr of httptest requests.
func withTrusted(c *Config, _ *app.Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("192.0.2.1/32")}
}

// The request log line names the client address, the same one limits use.
func TestRequestLogNamesTheClient(t *testing.T) {
	cases := []struct {
		name    string
		trusted bool
		want    string
	}{
		{"behind a trusted proxy", true, "ip=198.51.100.23"},
		{"no proxy trusted", false, "ip=192.0.2.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var env *apiEnv
			if c.trusted {
				env = newAPI(t, withTrusted)
			} else {
				env = newAPI(t)
			}
			// An API request: the site's are only sampled in the log.
			apiScenario{method: "GET", path: "/api/session", headers: map[string]string{"X-Forwarded-For": "6.6.6.6, 198.51.100.23"}, status: 200}.run(t, env.h, nil)
			if out := env.logs.String(); !strings.Contains(out, c.want) {
				t.Errorf("log lacks %q:\n%s", c.want, out)
			}
		})
	}
}

func TestStrictTransportSecurity(t *testing.T) {
	cases := []struct {
		name string
		opts []envOption
		want string
	}{
		{"plain HTTP: none", nil, ""},
		{"secure cookies: one year, this host only", []envOption{withSecureCookies}, "max-age=31536000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := newAPI(t, c.opts...)
			for _, url := range []string{"/", "/api/session", "/api/nulle-part", "/healthz"} {
				res, _ := env.do(t, "GET", url, "", "")
				if got := res.Header.Get("Strict-Transport-Security"); got != c.want {
					t.Errorf("%s: HSTS %q, want %q", url, got, c.want)
				}
				if res.StatusCode == http.StatusInternalServerError {
					t.Errorf("%s: 500", url)
				}
			}
		})
	}
}
