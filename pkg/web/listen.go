package web

import (
	"fmt"
	"net"
)

func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("écoute sur %s impossible: %w", addr, err)
	}
	return ln, nil
}
