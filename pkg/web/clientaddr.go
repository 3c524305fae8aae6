package web

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"

	"courtier/pkg/ratelimit"
)

// ParseTrustedProxies reads the value of --trusted-proxies: CIDR ranges
// (a bare address is its own /32 or /128) separated by commas. Empty
// trusts nothing. The error is in English: it is a usage error.
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil || a.Zone() != "" {
				return nil, fmt.Errorf("invalid trusted proxy %q: want a CIDR range such as 10.0.0.0/8 or 2001:db8::/32", part)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, netip.PrefixFrom(p.Addr().Unmap(), unmappedBits(p)).Masked())
	}
	return out, nil
}

// unmappedBits is p's length once an IPv4-mapped IPv6 range is written in IPv4.
func unmappedBits(p netip.Prefix) int {
	if p.Addr().Is4In6() {
		return max(0, p.Bits()-96)
	}
	return p.Bits()
}

// trustedProxies are the ranges whose X-Forwarded-For is believed.
type trustedProxies []netip.Prefix

func (t trustedProxies) contains(a netip.Addr) bool {
	for _, p := range t {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// parseHostAddr reads an address as peers and proxies write it: bare,
// with a port, IPv6 in brackets with or without a port; zones dropped and
// IPv4-mapped IPv6 written in IPv4.
func parseHostAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	} else if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = s[1 : len(s)-1]
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Addr{}, false
	}
	return a.WithZone("").Unmap(), true
}

// clientAddress is the address of the client of r. When the TCP peer is a
// trusted proxy, it is the right-most X-Forwarded-For entry (across every
// such header) that is not itself trusted: entries left of it were written
// by the client and may be made up. A chain of trusted addresses only
// gives its left-most one; an entry that is not an address stops the walk
// at the last trusted hop, which forwarded it. Otherwise it is the peer.
func clientAddress(r *http.Request, trusted trustedProxies) string {
	peer, ok := parseHostAddr(r.RemoteAddr)
	if !ok {
		return r.RemoteAddr
	}
	if !trusted.contains(peer) {
		return peer.String()
	}
	client := peer
	headers := r.Header.Values("X-Forwarded-For")
	for i := len(headers) - 1; i >= 0; i-- {
		list := headers[i]
		for list != "" {
			entry := list
			if j := strings.LastIndexByte(list, ','); j >= 0 {
				entry, list = list[j+1:], list[:j]
			} else {
				list = ""
			}
			if strings.TrimSpace(entry) == "" {
				continue
			}
			a, ok := parseHostAddr(entry)
			if !ok {
				return client.String()
			}
			if client = a; !trusted.contains(a) {
				return a.String()
			}
		}
	}
	return client.String()
}

type clientAddrKey struct{}

// withClientAddr computes the client address once per request and keeps
// it in the context: every limit and log line then uses the same one. The
// services read it there too (ratelimit.WithClient): they decide the
// limits of what they do, counted per client address.
func withClientAddr(trusted trustedProxies, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		addr := clientAddress(r, trusted)
		ctx := ratelimit.WithClient(context.WithValue(r.Context(), clientAddrKey{}, addr), addr)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// clientAddr is the client address withClientAddr found for r (the peer
// when r did not go through it).
func clientAddr(r *http.Request) string { return clientAddrOf(r, nil) }

// clientAddrOf is the client address withClientAddr found for r, or the
// one trusted gives when r did not go through it.
func clientAddrOf(r *http.Request, trusted trustedProxies) string {
	if a, ok := r.Context().Value(clientAddrKey{}).(string); ok {
		return a
	}
	return clientAddress(r, trusted)
}
