// Package upload checks and cleans the files clients send: the supporting
// documents of a contract (driving licence, registration certificate,
// relevé d'information) and, later, the photos of a claim.
//
// The type is read from the content, never from the name or the type the
// browser declared. Images are decoded and encoded again, so no metadata
// survives (EXIF with its GPS position, XMP, comments, text chunks, ICC
// profiles). PDFs with active content (JavaScript, launch actions,
// attachments, forms that send data, links to anything but a web page
// or an e-mail address, actions run at opening other than showing a
// page) or encryption are refused, wherever it hides: under any chain of
// the filters readers undo, in object streams, behind escaped names. The
// others are kept byte for byte. The package is pure: no database, no HTTP.
package upload

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
)

// Kind is a type of file the site accepts, written as its MIME type.
type Kind string

// The kinds the package recognises. WebP, HEIC and GIF are not among
// them: the standard library cannot encode them again to drop metadata.
const (
	PDF  Kind = "application/pdf"
	JPEG Kind = "image/jpeg"
	PNG  Kind = "image/png"
)

// allKinds returns every kind, in the order messages name them.
func allKinds() []Kind { return []Kind{PDF, JPEG, PNG} }

// Defaults of a zero Policy.
const (
	// DefaultMaxBytes is 10 Mo in binary units (10 Mio): a file any
	// system shows as « 10 Mo » or less passes.
	DefaultMaxBytes = 10 << 20
	// DefaultMaxPixels is 40 megapixels: ordinary phone photos (12 to
	// 24 MP) pass; the 48 or 50 MP of some phones' high modes do not.
	DefaultMaxPixels = 40_000_000
)

// Policy says what one form accepts. Zero fields take the defaults.
type Policy struct {
	// MaxBytes is the largest file accepted, in bytes (DefaultMaxBytes).
	MaxBytes int64
	// Kinds are the accepted kinds (all three when empty).
	Kinds []Kind
	// MaxPixels is the largest image accepted, width × height
	// (DefaultMaxPixels). It also bounds the memory a decode takes.
	MaxPixels int
}

func (p Policy) withDefaults() Policy {
	if p.MaxBytes <= 0 {
		p.MaxBytes = DefaultMaxBytes
	}
	if len(p.Kinds) == 0 {
		p.Kinds = allKinds()
	}
	if p.MaxPixels <= 0 {
		p.MaxPixels = DefaultMaxPixels
	}
	return p
}

// File is an accepted file, cleaned and ready to store by its hash.
type File struct {
	// Name is the base name the client gave, made safe to show and to
	// offer for download, with the extension of its content.
	Name string
	// MIME is the type read from the content, one of the Kind values.
	MIME string
	// Data are the bytes to store: images encoded again, PDFs as sent
	// (then Data is the slice given to Check, not a copy).
	Data []byte
	// SHA256 is the hex SHA-256 of Data, the key the file is stored under.
	SHA256 string
	// Size is len(Data).
	Size int64
}

// Check types data by its content, refuses what p does not accept and
// returns the cleaned file. A refusal is an *apperr.Error on the field
// "file" with a French message for the client; nothing is returned with it.
func Check(name string, data []byte, p Policy) (File, error) {
	p = p.withDefaults()
	if len(data) == 0 {
		return File{}, refuse(msgEmpty)
	}
	if int64(len(data)) > p.MaxBytes {
		return File{}, refuse(msgTooBig, bytesText(p.MaxBytes))
	}
	kind, ok := sniff(data)
	if !ok || !slices.Contains(p.Kinds, kind) {
		return File{}, notAccepted(p.Kinds)
	}
	var clean []byte
	var err error
	switch kind {
	case PDF:
		err = checkPDF(data)
		clean = data
	default:
		clean, err = cleanImage(kind, data, p.MaxPixels)
	}
	if err != nil {
		return File{}, err
	}
	sum := sha256.Sum256(clean)
	return File{
		Name:   cleanName(name, kind),
		MIME:   string(kind),
		Data:   clean,
		SHA256: hex.EncodeToString(sum[:]),
		Size:   int64(len(clean)),
	}, nil
}

// Read is Check for a body read from r: it reads at most MaxBytes+1
// bytes, so an oversized body is refused without being read whole. An
// error of r is returned wrapped (it is the connection's, not the file's).
func Read(name string, r io.Reader, p Policy) (File, error) {
	p = p.withDefaults()
	data, err := io.ReadAll(io.LimitReader(r, p.MaxBytes+1))
	if err != nil {
		return File{}, fmt.Errorf("upload: read %q: %w", name, err)
	}
	if int64(len(data)) > p.MaxBytes {
		return File{}, refuse(msgTooBig, bytesText(p.MaxBytes))
	}
	return Check(name, data, p)
}

// sniff reads the kind from the first bytes, the magic numbers. A PDF
// must start with its header: readers accept junk before it, but junk is
// how polyglot files (a ZIP that is also a PDF) are made.
func sniff(data []byte) (Kind, bool) {
	switch {
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return PDF, true
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return JPEG, true
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return PNG, true
	}
	return "", false
}
