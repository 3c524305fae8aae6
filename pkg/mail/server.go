package mail

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Server is an SMTP server, from --smtp.
type Server struct {
	Host string
	Port int
	// Implicit is smtps://: TLS from the first byte. Otherwise STARTTLS is
	// used when the server offers it, and required when a password is given.
	Implicit bool
	User     string
	Password string
	// TLS overrides the TLS settings (tests trust their own certificate).
	TLS *tls.Config
	// Timeout bounds each exchange with the server.
	Timeout time.Duration
}

// DefaultTimeout bounds each exchange with the SMTP server.
const DefaultTimeout = 30 * time.Second

// ParseServer reads --smtp: smtp://[user:pass@]host:port or
// smtps://[user:pass@]host:port. Its errors are usage errors, in English
// like the rest of the command line's.
func ParseServer(s string) (*Server, error) {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return nil, fmt.Errorf("invalid --smtp %q: use smtp://[user:password@]host:port or smtps://…", redactURL(s))
	}
	srv := &Server{Timeout: DefaultTimeout}
	switch u.Scheme {
	case "smtp":
	case "smtps":
		srv.Implicit = true
	default:
		return nil, fmt.Errorf("invalid --smtp %q: the scheme is smtp:// or smtps://", redactURL(s))
	}
	if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("invalid --smtp %q: no path or parameters after host:port", redactURL(s))
	}
	host, port, err := net.SplitHostPort(u.Host)
	if err != nil {
		return nil, fmt.Errorf("invalid --smtp %q: the port is missing (host:port)", redactURL(s))
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < 1 || p > 65535 || host == "" {
		return nil, fmt.Errorf("invalid --smtp %q: bad host or port", redactURL(s))
	}
	srv.Host, srv.Port = host, p
	if u.User != nil {
		srv.User = u.User.Username()
		srv.Password, _ = u.User.Password()
		if srv.User == "" || srv.Password == "" {
			return nil, fmt.Errorf("invalid --smtp %q: give both user and password", redactURL(s))
		}
	}
	return srv, nil
}

// redactURL is s without its password, for messages and logs.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// String is the server's address without its password.
func (s *Server) String() string {
	scheme := "smtp"
	if s.Implicit {
		scheme = "smtps"
	}
	user := ""
	if s.User != "" {
		user = s.User + "@"
	}
	return fmt.Sprintf("%s://%s%s", scheme, user, net.JoinHostPort(s.Host, strconv.Itoa(s.Port)))
}

// client builds the go-mail client of s. A password is never sent in
// clear: with one, STARTTLS is mandatory on smtp:// (go-mail's PLAIN and
// LOGIN refuse an unencrypted connection besides).
func (s *Server) client() (*gomail.Client, error) {
	opts := []gomail.Option{gomail.WithPort(s.Port), gomail.WithTimeout(s.Timeout)}
	if s.TLS != nil {
		opts = append(opts, gomail.WithTLSConfig(s.TLS))
	} else {
		opts = append(opts, gomail.WithTLSConfig(&tls.Config{ServerName: s.Host, MinVersion: tls.VersionTLS12}))
	}
	switch {
	case s.Implicit:
		opts = append(opts, gomail.WithSSL())
	case s.User != "":
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	default:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if s.User != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(s.User), gomail.WithPassword(s.Password))
	}
	return gomail.NewClient(s.Host, opts...)
}
