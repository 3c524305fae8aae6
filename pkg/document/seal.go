package document

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/carlos7ags/folio/sign"
)

// GenerateSealKey makes the broker's sealing key, ECDSA P-256, and a
// self-signed certificate for it valid ten years from now. A broker with a
// qualified seal certificate uses that one instead.
func GenerateSealKey(commonName string, now time.Time) (certPEM, keyPEM []byte, err error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, fmt.Errorf("document: seal key: %w", err)
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	if err != nil {
		return nil, nil, fmt.Errorf("document: seal key: %w", err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: commonName, Country: []string{"FR"}},
		NotBefore:             now.Add(-time.Hour),
		NotAfter:              now.AddDate(10, 0, 0),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment | x509.KeyUsageCertSign,
		BasicConstraintsValid: true,
		IsCA:                  true, // its own root, so that Verify can trust it
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, nil, fmt.Errorf("document: seal certificate: %w", err)
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, nil, fmt.Errorf("document: seal key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}),
		pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), nil
}

// Sealer seals PDFs with the broker's key: a PAdES B-B signature that any
// reader (Acrobat, poppler's pdfsig) checks against the bytes it covers.
type Sealer struct {
	cert   *x509.Certificate
	signer *sign.LocalSigner
}

// NewSealer reads the broker's certificate and its private key (PKCS #8,
// EC or RSA), and checks that they belong together.
func NewSealer(certPEM, keyPEM []byte) (*Sealer, error) {
	cert, err := parseCert(certPEM)
	if err != nil {
		return nil, err
	}
	block, _ := pem.Decode(keyPEM)
	if block == nil {
		return nil, errors.New("document: seal key: no PEM block")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("document: seal key: %w", err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("document: seal key: %T cannot sign", key)
	}
	if pub, ok := signer.Public().(interface{ Equal(crypto.PublicKey) bool }); !ok || !pub.Equal(cert.PublicKey) {
		return nil, errors.New("document: seal key does not match the certificate")
	}
	ls, err := sign.NewLocalSigner(signer, []*x509.Certificate{cert})
	if err != nil {
		return nil, fmt.Errorf("document: seal: %w", err)
	}
	return &Sealer{cert: cert, signer: ls}, nil
}

// Seal signs pdf as it is, with reason shown by readers (« Document émis
// par Horizon Courtage »), at the given time. Seal last: the signature is
// an incremental update, and any byte changed after it breaks it.
func (s *Sealer) Seal(pdf []byte, reason string, at time.Time) ([]byte, error) {
	if at.IsZero() {
		return nil, fmt.Errorf("document: seal: %w", errNoIssueTime)
	}
	out, err := sign.SignPDF(pdf, sign.Options{
		Signer:      s.signer,
		Level:       sign.LevelBB,
		Name:        s.cert.Subject.CommonName,
		Reason:      reason,
		SigningTime: at,
	})
	if err != nil {
		return nil, fmt.Errorf("document: seal: %w", err)
	}
	return out, nil
}

// Verify checks that pdf carries a seal made with the key of certPEM, that
// the seal covers the whole file and that no byte it covers has changed.
func Verify(pdf []byte, certPEM []byte) error {
	cert, err := parseCert(certPEM)
	if err != nil {
		return err
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)
	report, err := sign.Verify(pdf, sign.VerifyOptions{Roots: roots})
	if err != nil {
		return fmt.Errorf("document: verify: %w", err)
	}
	for _, sig := range report.Signatures {
		if sig.SignerCertificate == nil || !sig.SignerCertificate.Equal(cert) {
			continue
		}
		if !sig.OK() {
			return fmt.Errorf("document: verify: seal broken (digest %t, signature %t, whole file %t, chain %s)",
				sig.DigestValid, sig.SignatureValid, sig.ByteRangeCoversFile, sig.ChainStatus)
		}
		return nil
	}
	return errors.New("document: verify: no seal made with this certificate")
}

func parseCert(certPEM []byte) (*x509.Certificate, error) {
	block, _ := pem.Decode(certPEM)
	if block == nil || block.Type != "CERTIFICATE" {
		return nil, errors.New("document: seal certificate: no PEM certificate")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("document: seal certificate: %w", err)
	}
	return cert, nil
}
