package document

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func newTestSealer(t testing.TB) (*Sealer, []byte) {
	t.Helper()
	certPEM, keyPEM, err := GenerateSealKey("Horizon Courtage – cachet des documents", issued)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSealer(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	return s, certPEM
}

func sealedConditions(t testing.TB) ([]byte, []byte) {
	t.Helper()
	s, certPEM := newTestSealer(t)
	d, err := newTestRenderer(t).Conditions(conditionsInput())
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := d.PDF()
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := s.Seal(pdf, "Document émis par Horizon Courtage", issued)
	if err != nil {
		t.Fatal(err)
	}
	return sealed, certPEM
}

// pdfsig is poppler's verdict on pdf's signature: its « Signature
// Validation » line. pdfsig exits 0 whatever the verdict.
func pdfsig(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdfsig"); err != nil {
		t.Fatal("pdfsig is needed to verify the seal (apt-get install poppler-utils; .ci/run installs it)")
	}
	path := filepath.Join(t.TempDir(), "sealed.pdf") // pdfsig seeks: no pipe
	if err := os.WriteFile(path, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command("pdfsig", "-nocert", path).CombinedOutput()
	m := regexp.MustCompile(`Signature Validation: (.*)`).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("no verdict from pdfsig:\n%s", out)
	}
	return strings.TrimSpace(m[1])
}

// byteRange is the /ByteRange of the seal: the two signed spans.
func byteRange(t *testing.T, pdf []byte) [4]int {
	t.Helper()
	m := regexp.MustCompile(`/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]`).FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no /ByteRange")
	}
	var br [4]int
	for i := range br {
		br[i], _ = strconv.Atoi(string(m[i+1]))
	}
	return br
}

func TestSeal(t *testing.T) {
	sealed, certPEM := sealedConditions(t)
	br := byteRange(t, sealed)
	flip := func(at int) []byte {
		b := bytes.Clone(sealed)
		b[at] ^= 0x01
		return b
	}
	cases := []struct {
		name  string
		pdf   []byte
		valid bool
	}{
		{"as sealed", sealed, true},
		{"a byte of the first page's content", flip(br[1] / 2), false},
		{"a byte of the trailer, after the signature", flip(br[2] + br[3] - 10), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			verdict := pdfsig(t, c.pdf)
			if got := verdict == "Signature is Valid."; got != c.valid {
				t.Errorf("pdfsig says %q, want valid %t", verdict, c.valid)
			}
			if err := Verify(c.pdf, certPEM); (err == nil) != c.valid {
				t.Errorf("Verify: %v, want valid %t", err, c.valid)
			}
		})
	}
	if text := text(t, sealed); !strings.Contains(text, "HC-2026-000123") {
		t.Error("the sealed document does not read")
	}
}

func TestVerifyOtherKey(t *testing.T) {
	sealed, _ := sealedConditions(t)
	_, otherCert := newTestSealer(t)
	if err := Verify(sealed, otherCert); err == nil {
		t.Error("a seal is verified with another broker's certificate")
	}
	if err := Verify([]byte("%PDF-1.7\n"), otherCert); err == nil {
		t.Error("an unsealed file is verified")
	}
}

func TestNewSealerMismatch(t *testing.T) {
	certA, _, err := GenerateSealKey("A", issued)
	if err != nil {
		t.Fatal(err)
	}
	_, keyB, err := GenerateSealKey("B", issued)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewSealer(certA, keyB); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("a key with another's certificate: %v", err)
	}
	if _, err := NewSealer([]byte("not PEM"), keyB); err == nil {
		t.Error("a broken certificate is accepted")
	}
}

// TestSignedVersion follows the caller: render, hash, sign, render again
// with the « Signature électronique » page, seal.
func TestSignedVersion(t *testing.T) {
	r := newTestRenderer(t)
	d, err := r.Conditions(conditionsInput())
	if err != nil {
		t.Fatal(err)
	}
	shown, err := d.PDF()
	if err != nil {
		t.Fatal(err)
	}
	e := evidence(SignedDocument{d.Title(), Digest(shown)})
	if err := d.AddSignaturePage(e); err != nil {
		t.Fatal(err)
	}
	signed, err := d.PDF()
	if err != nil {
		t.Fatal(err)
	}
	s, certPEM := newTestSealer(t)
	sealed, err := s.Seal(signed, "Contrat signé électroniquement", e.SignedAt.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	saveSample(t, "conditions-particulieres-signees", sealed)
	if err := Verify(sealed, certPEM); err != nil {
		t.Fatal(err)
	}
	got := text(t, sealed)
	for _, w := range []string{"Page 3 sur 3", "Signature électronique", "signé électroniquement par Chloé Lefèvre-Dœuf",
		Digest(shown), "SIG-2026-000042", "203.0.113.42"} {
		if !strings.Contains(got, w) {
			t.Errorf("%q missing from the signed version", w)
		}
	}
	other := evidence(SignedDocument{"Mandat de prélèvement SEPA", Digest(shown)})
	if err := d.AddSignaturePage(other); err == nil {
		t.Error("a signature page for a document the evidence does not name")
	}
}
