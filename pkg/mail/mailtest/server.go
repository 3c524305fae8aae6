// Package mailtest runs a real SMTP server on loopback for the tests
// (github.com/emersion/go-smtp): the mails the code sends cross a TCP
// connection, STARTTLS, implicit TLS and authentication included, and the
// server keeps what it accepted. Only tests import it.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"log"
	"math/big"
	"net"
	"net/mail"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options shape the server.
type Options struct {
	// STARTTLS offers STARTTLS; Implicit speaks TLS from the first byte.
	STARTTLS, Implicit bool
	// User and Password, when set, are required (AUTH PLAIN, over TLS
	// only unless InsecureAuth: a server that would take a password in
	// clear, to show the client never gives one).
	User, Password string
	InsecureAuth   bool
	// Reply decides the answer to the n-th message's DATA (from 1): nil
	// accepts it, an *smtp.SMTPError refuses it with its code.
	Reply func(n int) error
	// MaxBytes is the largest message the server takes (1 MB when 0), as
	// a mail server's SIZE limit refuses a mail too heavy.
	MaxBytes int64
	// Addr is where to listen ("127.0.0.1:0" when empty): a test that
	// stops a server and starts another one on the same port gives it.
	Addr string
}

// Message is a mail the server accepted.
type Message struct {
	From      string
	To        []string
	Data      []byte
	MessageID string
	// TLS tells whether the connection was encrypted when the mail came.
	TLS bool
	// User is who authenticated, "" for nobody.
	User string
}

// Server is a running SMTP server.
type Server struct {
	Host string
	Port int
	// ClientTLS trusts the server's certificate.
	ClientTLS *tls.Config
	srv       *smtp.Server
	ln        net.Listener
	opts      Options

	closing  sync.Once
	mu       sync.Mutex
	accepted []Message
	tried    int
	plainPwd bool
	done     chan struct{}
}

// Start runs a server until the test ends (or Close).
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := start(opts)
	if err != nil {
		t.Fatalf("serveur SMTP de test: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

func start(opts Options) (*Server, error) {
	cert, pool, err := selfSigned()
	if err != nil {
		return nil, err
	}
	s := &Server{opts: opts, done: make(chan struct{}),
		ClientTLS: &tls.Config{RootCAs: pool, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) { return &session{s: s, c: c}, nil }))
	s.srv.Domain = "localhost"
	s.srv.ReadTimeout, s.srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv.MaxMessageBytes = 1 << 20
	if opts.MaxBytes > 0 {
		s.srv.MaxMessageBytes = opts.MaxBytes
	}
	s.srv.MaxRecipients = 10
	s.srv.AllowInsecureAuth = opts.InsecureAuth
	// A client killed mid-session (the kill tests) is expected, not news.
	s.srv.ErrorLog = log.New(io.Discard, "", 0)
	serverTLS := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	if opts.STARTTLS {
		s.srv.TLSConfig = serverTLS
	}
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	if opts.Implicit {
		s.ln, err = tls.Listen("tcp", addr, serverTLS)
	} else {
		s.ln, err = net.Listen("tcp", addr)
	}
	if err != nil {
		return nil, err
	}
	host, port, _ := net.SplitHostPort(s.ln.Addr().String())
	s.Host = host
	s.Port, _ = strconv.Atoi(port)
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(s.ln)
	}()
	return s, nil
}

// Addr is host:port.
func (s *Server) Addr() string { return net.JoinHostPort(s.Host, strconv.Itoa(s.Port)) }

// Close stops the server and waits for it; it may be called again.
func (s *Server) Close() {
	s.closing.Do(func() {
		// The listener is closed here too: go-smtp's Close knows it only
		// once Serve has started.
		_ = s.ln.Close()
		_ = s.srv.Close()
	})
	<-s.done
}

// Accepted is what the server accepted, in order.
func (s *Server) Accepted() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.accepted...)
}

// Tried is how many messages reached DATA, accepted or not.
func (s *Server) Tried() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tried
}

// WaitAccepted waits until the server accepted n messages, or fails t.
func (s *Server) WaitAccepted(t testing.TB, n int, within time.Duration) []Message {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		got := s.Accepted()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("le serveur SMTP a accepté %d messages en %v, %d attendus", len(got), within, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

type session struct {
	s    *Server
	c    *smtp.Conn
	user string
	from string
	to   []string
}

func (ss *session) AuthMechanisms() []string {
	if ss.s.opts.User == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if _, tls := ss.c.TLSConnectionState(); !tls {
			ss.s.mu.Lock()
			ss.s.plainPwd = true
			ss.s.mu.Unlock()
		}
		if user != ss.s.opts.User || pass != ss.s.opts.Password {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "Identifiants refusés"}
		}
		ss.user = user
		return nil
	}), nil
}

// PasswordInClear tells whether a password ever came over an unencrypted connection.
func (s *Server) PasswordInClear() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.plainPwd
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.s.opts.User != "" && ss.user == "" {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	ss.s.mu.Lock()
	defer ss.s.mu.Unlock()
	ss.s.tried++
	if ss.s.opts.Reply != nil {
		if err := ss.s.opts.Reply(ss.s.tried); err != nil {
			return err
		}
	}
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 6, 0}, Message: "Message illisible"}
	}
	_, isTLS := ss.c.TLSConnectionState()
	ss.s.accepted = append(ss.s.accepted, Message{
		From: ss.from, To: append([]string(nil), ss.to...), Data: data,
		MessageID: msg.Header.Get("Message-Id"), TLS: isTLS, User: ss.user,
	})
	return nil
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }

// Temporary and Permanent are refusals for Options.Reply.
var (
	Temporary = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Réessayez plus tard"}
	Permanent = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "Boîte inconnue"}
)

// selfSigned makes a certificate for 127.0.0.1 and the pool that trusts it.
func selfSigned() (tls.Certificate, *x509.CertPool, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA: true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		return tls.Certificate{}, nil, err
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool, nil
}
