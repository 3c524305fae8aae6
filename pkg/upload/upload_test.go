package upload

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"courtier/pkg/apperr"
)

const (
	wantType   = "Ce type de fichier n’est pas accepté\u00a0: envoyez un PDF, un JPEG ou un PNG."
	wantActive = "Ce PDF contient du contenu actif (JavaScript ou pièce jointe)\u00a0: envoyez une version simple, sans script."
	wantLocked = "Ce PDF est protégé par un mot de passe ou chiffré\u00a0: envoyez une version sans protection."
	wantBroken = "Cette image est illisible ou abîmée\u00a0: envoyez-la de nouveau ou prenez une autre photo."
	wantComplx = "Ce PDF est trop complexe pour être vérifié\u00a0: envoyez une version simple, par exemple en l’imprimant en PDF."
)

func zipOf(t *testing.T) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	f, err := w.Create("permis.exe")
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("MZ not really a program"))
	w.Close()
	return b.Bytes()
}

func TestCheckRefuses(t *testing.T) {
	jpg := jpegOf(t, picture(64, 48))
	page := pageObjects("")
	tests := []struct {
		name   string
		file   string
		data   []byte
		policy Policy
		want   string
	}{
		{"zip named as a PDF", "permis.pdf", zipOf(t), Policy{}, wantType},
		{"HTML named as a JPEG", "photo.jpg", []byte("<!DOCTYPE html><script>alert(1)</script>"), Policy{}, wantType},
		{"program named as a PDF", "carte-grise.pdf", []byte("MZ\x90\x00\x03\x00\x00\x00PE\x00\x00"), Policy{}, wantType},
		{"PDF header not at the start", "releve.pdf", append([]byte("PK\x03\x04"), simplePDF("")...), Policy{}, wantType},
		{"PDF where images only are taken", "sinistre.pdf", simplePDF(""), Policy{Kinds: []Kind{JPEG, PNG}},
			"Ce type de fichier n’est pas accepté\u00a0: envoyez un JPEG ou un PNG."},
		{"PNG where PDFs only are taken", "releve.png", pngOf(t, picture(8, 8)), Policy{Kinds: []Kind{PDF}},
			"Ce type de fichier n’est pas accepté\u00a0: envoyez un PDF."},
		{"empty", "permis.pdf", nil, Policy{}, "Le fichier est vide."},
		{"over the default 10 Mo", "permis.pdf", append(simplePDF(""), make([]byte, 10<<20)...), Policy{}, "Le fichier dépasse 10\u00a0Mo."},
		{"over a policy's 1,5 Mo", "photo.jpg", append(jpg, make([]byte, 3<<19)...), Policy{MaxBytes: 3 << 19}, "Le fichier dépasse 1,5\u00a0Mo."},
		{"PNG bomb of 100000 × 100000", "photo.png", pngBomb(100_000, 100_000), Policy{},
			"Cette image dépasse 20\u202f000\u00a0pixels de côté\u00a0: envoyez une photo plus petite."},
		{"PNG bomb of 8000 × 8000", "photo.png", pngBomb(8000, 8000), Policy{},
			"Cette image dépasse 40\u00a0mégapixels\u00a0: envoyez une photo plus petite."},
		{"PNG of 0 pixels wide", "photo.png", pngBomb(0, 10), Policy{}, wantBroken},
		{"PNG over a policy's 12,5 MP", "photo.png", pngBomb(5000, 3000), Policy{MaxPixels: 12_500_000},
			"Cette image dépasse 12,5\u00a0mégapixels\u00a0: envoyez une photo plus petite."},
		{"JPEG cut in half", "photo.jpg", jpg[:len(jpg)/2], Policy{}, wantBroken},
		{"JPEG of more than 100 scans", "photo.jpg", withSegment(jpg, 0xFE, strings.Repeat("\xff\xda", 101)), Policy{}, wantBroken},
		{"JPEG header only", "photo.jpg", []byte{0xFF, 0xD8, 0xFF, 0xE0}, Policy{}, wantBroken},
		{"PDF with /JavaScript", "releve.pdf", simplePDF("/OpenAction << /S /JavaScript /JS (app.alert(1)) >> "), Policy{}, wantActive},
		{"PDF with /J#61vaScript", "releve.pdf", simplePDF("/OpenAction << /S /J#61vaScript /J#53 (app.alert(1)) >> "), Policy{}, wantActive},
		{"PDF with /JavaScript in an object stream", "releve.pdf", objStmPDF("<< /S /JavaScript /JS (app.alert(1)) >>"), Policy{}, wantActive},
		{"PDF with /#4A#61vaScript in an object stream", "releve.pdf", objStmPDF("<</S/#4A#61vaScript/JS(x)>>"), Policy{}, wantActive},
		{"PDF with /Launch", "releve.pdf", simplePDF("/OpenAction << /S /Launch /F (C:\\\\Windows\\\\calc.exe) >> "), Policy{}, wantActive},
		{"PDF with /AA", "releve.pdf", simplePDF("/AA << /WC << /S /URI /URI (https://exemple.fr) >> >> "), Policy{}, wantActive},
		{"PDF with an attachment", "releve.pdf", simplePDF("/Names << /EmbeddedFiles << /Names [(a.exe) 9 0 R] >> >> "), Policy{}, wantActive},
		{"PDF with an XFA form", "releve.pdf", simplePDF("/AcroForm << /Fields [] /XFA 9 0 R >> "), Policy{}, wantActive},
		{"PDF with /RichMedia", "releve.pdf", objStmPDF("<< /Type /Annot /Subtype /RichMedia >>"), Policy{}, wantActive},
		{"encrypted PDF", "releve.pdf", pdfOf("/Encrypt << /Filter /Standard /V 2 /R 3 /P -4 /O <00> /U <00> >> ", page...), Policy{}, wantLocked},
		{"PDF cut short", "releve.pdf", simplePDF("")[:300], Policy{}, "Ce PDF est incomplet ou abîmé\u00a0: envoyez-le de nouveau."},
		{"PDF inflating beyond its budget", "releve.pdf",
			pdfOf("", append(page, streamObj("/Filter /FlateDecode ", deflate(make([]byte, 60<<20))))...), Policy{}, wantComplx},
		{"PDF with /JS in an ASCIIHex stream", "releve.pdf",
			pdfOf("", append(page, streamObj("/Filter /ASCIIHexDecode ", []byte("2F4A53>")))...), Policy{}, wantActive},
		{"PDF with an ASCIIHex stream holding junk", "releve.pdf",
			pdfOf("", append(page, streamObj("/Filter /ASCIIHexDecode ", []byte("20 x 20>")))...), Policy{}, wantComplx},
		{"PDF with a predicted object stream", "releve.pdf",
			pdfOf("", append(page, streamObj("/Type /ObjStm /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >> ", deflate([]byte("x"))))...), Policy{}, wantComplx},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Check(tt.file, tt.data, tt.policy)
			assertRefused(t, f, err, tt.want)
		})
	}
}

// assertRefused checks a refusal: a field error on "file" with the
// French message want, and no file.
func assertRefused(t *testing.T, f File, err error, want string) {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.EINVALID || e.Field != "file" {
		t.Fatalf("err = %v, want a field error on file", err)
	}
	if e.Message != want {
		t.Errorf("message\n got %q\nwant %q", e.Message, want)
	}
	if !reflect.DeepEqual(f, File{}) {
		t.Errorf("a refused file came back: %q, %d bytes", f.Name, len(f.Data))
	}
}

func TestCheckAccepts(t *testing.T) {
	pdf := simplePDF("/OpenAction [3 0 R /Fit] ")
	tests := []struct {
		name     string
		file     string
		data     []byte
		wantMIME string
		wantName string
		sameData bool // the bytes come back as sent
	}{
		{"PDF kept byte for byte", "Relevé d’information.PDF", pdf, "application/pdf", "Relevé d’information.pdf", true},
		{"PDF with a JPEG image", "scan.pdf", pdfOf("", append(pageObjects(""),
			streamObj("/Type /XObject /Subtype /Image /Width 64 /Height 48 /Filter /DCTDecode ", jpegOf(t, picture(64, 48))))...),
			"application/pdf", "scan.pdf", true},
		{"PDF under a path", "../../etc/passwd.pdf", pdf, "application/pdf", "passwd.pdf", true},
		{"JPEG", "permis.jpeg", jpegOf(t, picture(64, 48)), "image/jpeg", "permis.jpeg", false},
		{"JPEG named as a PNG", `C:\Users\léa\photo.png`, jpegOf(t, picture(64, 48)), "image/jpeg", "photo.jpg", false},
		{"PNG", "carte grise.png", pngOf(t, picture(64, 48)), "image/png", "carte grise.png", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Check(tt.file, tt.data, Policy{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			sum := sha256.Sum256(f.Data)
			if f.MIME != tt.wantMIME || f.Name != tt.wantName || f.Size != int64(len(f.Data)) || f.SHA256 != hex.EncodeToString(sum[:]) {
				t.Errorf("got %q %q size %d sha %s", f.MIME, f.Name, f.Size, f.SHA256)
			}
			// Images come back encoded again; the metadata tests check
			// what that drops.
			if tt.sameData && !bytes.Equal(f.Data, tt.data) {
				t.Error("the PDF was changed")
			}
		})
	}
}

// endless is a body that never ends, counting what was read of it.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	e.read += int64(len(p))
	return len(p), nil
}

func TestReadStopsAtTheLimit(t *testing.T) {
	body := &endless{}
	f, err := Read("photo.jpg", body, Policy{MaxBytes: 1 << 20})
	assertRefused(t, f, err, "Le fichier dépasse 1\u00a0Mo.")
	if body.read > 1<<20+64<<10 {
		t.Errorf("read %d bytes of an endless body", body.read)
	}

	f, err = Read("permis.pdf", bytes.NewReader(simplePDF("")), Policy{})
	if err != nil || f.MIME != "application/pdf" {
		t.Fatalf("a small PDF: %v", err)
	}

	broken := io.MultiReader(strings.NewReader("%PDF-"), iotestErr{})
	if _, err := Read("permis.pdf", broken, Policy{}); err == nil || apperr.CodeOf(err) != apperr.EINTERNAL {
		t.Fatalf("a failing body: %v, want an internal error", err)
	}
}

type iotestErr struct{}

func (iotestErr) Read([]byte) (int, error) { return 0, errors.New("connexion coupée") }
