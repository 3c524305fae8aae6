package upload

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"courtier/pkg/upload/uploadtest"
)

// FuzzCheck sends Check any bytes under any name: it must never panic,
// and whatever it accepts must be a consistent, cleaned file.
func FuzzCheck(f *testing.F) {
	f.Add("permis.pdf", simplePDF(""))
	f.Add("releve.pdf", objStmPDF("<< /S /JavaScript /JS (x) >>"))
	f.Add("photo.jpg", withExif(jpegOf(f, picture(16, 8)), 6, "N"))
	f.Add("photo.png", withChunk(pngOf(f, picture(8, 8)), "tEXt", []byte("k\x00v")))
	f.Add("bombe.png", pngBomb(100_000, 100_000))
	f.Add("../x.pdf", []byte("%PDF-1.4\n1 0 obj << /Length 3 >>\nstream\nx\x9c\x03\nendstream\n%%EOF"))
	for _, s := range append(uploadtest.Hostile(), uploadtest.Benign()...) {
		if !strings.Contains(s.Name, "bomb") {
			f.Add("releve.pdf", s.Data)
		}
	}
	// A small pixel budget keeps each run fast; the limits are the same code.
	policy := Policy{MaxBytes: 1 << 20, MaxPixels: 1 << 20}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		file, err := Check(name, data, policy)
		if err != nil {
			return
		}
		sum := sha256.Sum256(file.Data)
		if len(file.Data) == 0 || file.Size != int64(len(file.Data)) || file.SHA256 != hex.EncodeToString(sum[:]) {
			t.Fatalf("inconsistent file: %d bytes, size %d", len(file.Data), file.Size)
		}
		if file.Name == "" || len(file.Name) > maxNameBytes || strings.ContainsAny(file.Name, "/\\\x00") {
			t.Fatalf("name %q", file.Name)
		}
		if _, ok := sniff(file.Data); !ok {
			t.Fatalf("the cleaned data has no known type")
		}
	})
}
