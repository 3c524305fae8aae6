package ratelimit

import "net/netip"

// AddrKey is the key of a client address in a per-address limit. An IPv4
// address (mapped in IPv6 or not) is itself; an IPv6 address counts as its
// /64, the smallest network a provider gives one subscriber, who could
// otherwise take a fresh address for every request. Text that is not an
// address is returned as is (the server only passes addresses it parsed).
func AddrKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.WithZone("").Unmap()
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a, 64).Masked().String()
}
